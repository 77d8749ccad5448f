//! A reader for the safetensors format (F32 tensors only): an 8-byte little-endian header
//! length, a JSON header naming each tensor's dtype, shape and byte range, then the data.

use crate::WeightsError;
use std::collections::BTreeMap;

/// One tensor: its shape and its values, row-major.
#[derive(Clone, PartialEq, Debug)]
pub struct Tensor {
    /// Dimensions, outermost first.
    pub shape: Vec<usize>,
    /// Values, row-major.
    pub data: Vec<f32>,
}

/// Parses a safetensors file into its tensors by name.
pub fn parse(bytes: &[u8]) -> Result<BTreeMap<String, Tensor>, WeightsError> {
    let head: [u8; 8] =
        bytes.get(..8).and_then(|h| h.try_into().ok()).ok_or(WeightsError::NotSafetensors("shorter than 8 bytes"))?;
    let n = u64::from_le_bytes(head);
    let end = 8u64
        .checked_add(n)
        .filter(|&e| e <= bytes.len() as u64)
        .ok_or(WeightsError::NotSafetensors("bad header length"))? as usize;
    let header: serde_json::Value =
        serde_json::from_slice(&bytes[8..end]).map_err(|e| WeightsError::Header(e.to_string()))?;
    let data = &bytes[end..];
    let map = header.as_object().ok_or_else(|| WeightsError::Header("not an object".into()))?;
    let mut out = BTreeMap::new();
    for (name, info) in map {
        if name != "__metadata__" {
            let tensor =
                read_tensor(info, data).map_err(|problem| WeightsError::Tensor { name: name.clone(), problem })?;
            out.insert(name.clone(), tensor);
        }
    }
    Ok(out)
}

/// One tensor from its header entry and the data section.
fn read_tensor(info: &serde_json::Value, data: &[u8]) -> Result<Tensor, String> {
    let dtype = info["dtype"].as_str().unwrap_or("");
    if dtype != "F32" {
        return Err(format!("dtype {dtype}, only F32 is supported"));
    }
    let shape: Vec<usize> = info["shape"]
        .as_array()
        .ok_or("no shape")?
        .iter()
        .map(|d| d.as_u64().map(|d| d as usize).ok_or("bad shape"))
        .collect::<Result<_, _>>()?;
    let offsets = info["data_offsets"].as_array().ok_or("no data_offsets")?;
    let (from, to) = match (offsets.first().and_then(|v| v.as_u64()), offsets.get(1).and_then(|v| v.as_u64())) {
        (Some(a), Some(b)) if a <= b && b as usize <= data.len() => (a as usize, b as usize),
        _ => return Err("bad data_offsets".into()),
    };
    let count = shape.iter().try_fold(1usize, |n, &d| n.checked_mul(d)).ok_or("shape too large")?;
    if Some(to - from) != count.checked_mul(4) {
        return Err(format!("{} bytes for shape {shape:?}", to - from));
    }
    let values: Vec<f32> =
        data[from..to].chunks_exact(4).map(|c| f32::from_le_bytes([c[0], c[1], c[2], c[3]])).collect();
    let broken = values.iter().filter(|x| !x.is_finite()).count();
    if broken > 0 {
        return Err(format!("{broken} values are NaN or infinite (weights of a diverged training run)"));
    }
    Ok(Tensor { shape, data: values })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn file(header: &str, data: &[f32]) -> Vec<u8> {
        let mut b = (header.len() as u64).to_le_bytes().to_vec();
        b.extend_from_slice(header.as_bytes());
        for x in data {
            b.extend_from_slice(&x.to_le_bytes());
        }
        b
    }

    #[test]
    fn reads_tensors_and_refuses_bad_files() {
        let h = r#"{"__metadata__":{},"a":{"dtype":"F32","shape":[2,2],"data_offsets":[0,16]},"b":{"dtype":"F32","shape":[1],"data_offsets":[16,20]}}"#;
        let t = parse(&file(h, &[1.0, 2.0, 3.0, 4.0, -5.5])).unwrap();
        assert_eq!(t["a"], Tensor { shape: vec![2, 2], data: vec![1.0, 2.0, 3.0, 4.0] });
        assert_eq!(t["b"].data, [-5.5]);
        assert!(parse(&[1, 2]).is_err());
        assert!(parse(&file(h, &[1.0])).unwrap_err().to_string().contains("data_offsets"));
        let f16 = r#"{"a":{"dtype":"F16","shape":[1],"data_offsets":[0,2]}}"#;
        assert!(parse(&file(f16, &[0.0])).unwrap_err().to_string().contains("F16"));
        for broken in [f32::NAN, f32::INFINITY] {
            let e = parse(&file(h, &[1.0, broken, 3.0, 4.0, -5.5])).unwrap_err().to_string();
            assert!(e.contains("NaN or infinite"), "{e}");
        }
    }
}
