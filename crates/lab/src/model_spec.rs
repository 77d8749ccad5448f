//! Model shapes by name (`ModelConfig::from_spec`): `KIND:WIDTHxBLOCKS[rREACH][+roles]`, e.g.
//! `mlp:192x2`, `graph:32x4`, `graph:32x4r1`, `mlp:192x2+roles`, with the shipped configs' heads (value 64 wide,
//! moves-left 32 wide).

use musashi_net::ModelConfig;

/// Parses a model spec with the probes' head widths.
pub fn parse_model(spec: &str) -> Result<ModelConfig, String> {
    ModelConfig::from_spec(spec, 64, 32)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn specs_parse_and_refuse() {
        assert_eq!(parse_model("mlp:192x2").unwrap(), ModelConfig::mlp(192, 2, 64, 32));
        assert_eq!(parse_model("graph:32x4").unwrap(), ModelConfig::graph(32, 4, 64, 32));
        assert_eq!(parse_model("graph:32x4r1").unwrap().reach, 1);
        let roles = parse_model("mlp:192x2+roles").unwrap();
        assert_eq!(roles, ModelConfig { role_heads: true, ..ModelConfig::mlp(192, 2, 64, 32) });
        let bad = ["cnn:1x2", "mlp:192", "graph:32x4r3", "graph:4x1", "mlp192x2", "graph:600x2", "graph:32x4+roles"];
        for bad in bad {
            assert!(parse_model(bad).is_err(), "{bad}");
        }
    }
}
