//! Weight averaging: checkpoints of one run averaged tensor by tensor (as KataGo plays with an
//! average of its recent snapshots), to smooth the swings between consecutive checkpoints.

use musashi_net::{Network, network_from_bytes, weights_bytes};
use std::ops::Range;

/// The element-wise mean of `networks`' weights, as a network of their shape on the first's
/// device. Every network must have the same shape.
pub fn average(networks: &[&Network]) -> Result<Network, String> {
    let first = networks.first().ok_or("no networks to average")?;
    let config = first.config();
    if let Some(other) = networks.iter().find(|n| n.config() != config) {
        return Err(format!("networks of different shapes: {config:?} and {:?}", other.config()));
    }
    let bytes: Vec<Vec<u8>> =
        networks.iter().map(|n| weights_bytes(n).map_err(|e| e.to_string())).collect::<Result<_, _>>()?;
    let (data_start, tensors) = f32_tensors(&bytes[0])?;
    if bytes.iter().any(|b| b.len() != bytes[0].len() || b[..data_start] != bytes[0][..data_start]) {
        return Err("the networks' weights are not laid out alike".into());
    }
    let mut out = bytes[0].clone();
    let n = bytes.len() as f64;
    for range in tensors {
        for k in range.step_by(4) {
            let sum: f64 = bytes.iter().map(|b| f32::from_le_bytes([b[k], b[k + 1], b[k + 2], b[k + 3]]) as f64).sum();
            out[k..k + 4].copy_from_slice(&((sum / n) as f32).to_le_bytes());
        }
    }
    network_from_bytes(out, config, first.device()).map_err(|e| e.to_string())
}

/// Where the data of safetensors `bytes` starts, and each tensor's byte range; an error for a
/// tensor that is not 32-bit float.
fn f32_tensors(bytes: &[u8]) -> Result<(usize, Vec<Range<usize>>), String> {
    let bad = |what: &str| format!("not safetensors bytes: {what}");
    let len: [u8; 8] = bytes.get(..8).and_then(|b| b.try_into().ok()).ok_or_else(|| bad("no header length"))?;
    let start = usize::try_from(u64::from_le_bytes(len))
        .ok()
        .and_then(|n| n.checked_add(8))
        .ok_or_else(|| bad("header length"))?;
    let header: serde_json::Map<String, serde_json::Value> =
        serde_json::from_slice(bytes.get(8..start).ok_or_else(|| bad("short header"))?)
            .map_err(|e| bad(&e.to_string()))?;
    let mut tensors = Vec::new();
    for (name, t) in header.iter().filter(|(name, _)| *name != "__metadata__") {
        if t["dtype"] != "F32" {
            return Err(format!("tensor {name} is {}, not F32", t["dtype"]));
        }
        let offset = |i: usize| t["data_offsets"][i].as_u64().and_then(|o| usize::try_from(o).ok()?.checked_add(start));
        let (a, b) = offset(0).zip(offset(1)).ok_or_else(|| bad(&format!("no data offsets for {name}")))?;
        if b < a || b > bytes.len() || (b - a) % 4 != 0 {
            return Err(bad(&format!("tensor {name}'s offsets")));
        }
        tensors.push(a..b);
    }
    Ok((start, tensors))
}

#[cfg(test)]
mod tests {
    use super::*;
    use musashi_net::{DeviceKind, ModelConfig, NUM_FEATURES, Prediction};

    fn predict(net: &Network) -> Vec<f32> {
        let x: Vec<f32> = (0..2 * NUM_FEATURES).map(|i| ((i * 7) % 3) as f32 * 0.5).collect();
        let mut p = Prediction::default();
        net.predict(&x, &mut p);
        p.logits.iter().chain(&p.values).copied().collect()
    }

    #[test]
    fn the_mean_of_a_network_with_itself_is_itself_and_of_two_lies_between() {
        let device = DeviceKind::Cpu.device().unwrap();
        let config = ModelConfig::mlp(16, 1, 8, 4);
        let (a, b) = (Network::init(config, &device, 1), Network::init(config, &device, 2));
        assert_eq!(weights_bytes(&average(&[&a, &a]).unwrap()).unwrap(), weights_bytes(&a).unwrap());
        let mean = average(&[&a, &b]).unwrap();
        let (wa, wb, wm) = (weights_bytes(&a).unwrap(), weights_bytes(&b).unwrap(), weights_bytes(&mean).unwrap());
        let (start, tensors) = f32_tensors(&wm).unwrap();
        assert!(start > 8 && !tensors.is_empty());
        let f = |w: &[u8], k: usize| f32::from_le_bytes([w[k], w[k + 1], w[k + 2], w[k + 3]]);
        let mut checked = 0;
        for k in tensors.into_iter().flat_map(|r| r.step_by(4)) {
            assert!((f(&wm, k) - (f(&wa, k) + f(&wb, k)) / 2.0).abs() <= 1e-7, "at byte {k}");
            checked += 1;
        }
        assert!(checked > 100, "{checked} weights checked");
        assert_ne!(predict(&mean), predict(&a));
        let other = Network::init(ModelConfig::mlp(32, 1, 8, 4), &device, 1);
        assert!(average(&[&a, &other]).unwrap_err().contains("different shapes"));
        assert!(average(&[]).is_err());
    }
}
