//! Model shapes by name: `KIND:WIDTHxBLOCKS[rREACH]`, e.g. `mlp:192x2`, `graph:32x4`,
//! `graph:32x4r1`. Heads: value 64 wide, moves-left 32 wide (those of the shipped configs).

use musashi_net::{ModelConfig, ModelKind};

/// Parses a model spec.
pub fn parse_model(spec: &str) -> Result<ModelConfig, String> {
    let bad = || format!("model '{spec}': expected KIND:WIDTHxBLOCKS[rREACH], e.g. mlp:192x2 or graph:32x4");
    let (kind, shape) = spec.split_once(':').ok_or_else(bad)?;
    let kind = match kind {
        "mlp" => ModelKind::Mlp,
        "graph" => ModelKind::Graph,
        _ => return Err(bad()),
    };
    let (shape, reach) = match shape.split_once('r') {
        Some((s, r)) => (s, r.parse().map_err(|_| bad())?),
        None => (shape, musashi_net::DEFAULT_REACH),
    };
    let (w, b) = shape.split_once('x').ok_or_else(bad)?;
    let (hidden, blocks) = (w.parse().map_err(|_| bad())?, b.parse().map_err(|_| bad())?);
    let config = ModelConfig { kind, reach, ..ModelConfig::mlp(hidden, blocks, 64, 32) };
    config.validate().map_err(|e| format!("model '{spec}': {e}"))?;
    Ok(config)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn specs_parse_and_refuse() {
        assert_eq!(parse_model("mlp:192x2").unwrap(), ModelConfig::mlp(192, 2, 64, 32));
        assert_eq!(parse_model("graph:32x4").unwrap(), ModelConfig::graph(32, 4, 64, 32));
        assert_eq!(parse_model("graph:32x4r1").unwrap().reach, 1);
        for bad in ["cnn:1x2", "mlp:192", "graph:32x4r3", "graph:4x1", "mlp192x2"] {
            assert!(parse_model(bad).is_err(), "{bad}");
        }
    }
}
