//! The building blocks both networks share: a dense layer, LayerNorm, the activations, and the
//! reader that takes each named tensor out of a safetensors file with its exact shape.

use crate::WeightsError;
use crate::safetensors::{Tensor, parse};
use std::collections::BTreeMap;

/// LayerNorm's epsilon (Burn's default, which the training model uses).
pub const LAYER_NORM_EPSILON: f32 = 1e-5;

/// A dense layer, stored `[inputs, outputs]` and computed as `x · W + b`.
#[derive(Clone, Debug)]
pub(crate) struct Linear {
    pub(crate) inputs: usize,
    pub(crate) outputs: usize,
    /// `[inputs, outputs]`, row-major.
    weight: Vec<f32>,
    bias: Vec<f32>,
}

impl Linear {
    /// `out = x · W + b` for one row `x`.
    pub(crate) fn forward(&self, x: &[f32], out: &mut Vec<f32>) {
        out.clear();
        out.extend_from_slice(&self.bias);
        self.accumulate(x, out);
    }

    /// `out += x · W` for one row `x` (`out` holds `outputs` values).
    pub(crate) fn accumulate(&self, x: &[f32], out: &mut [f32]) {
        debug_assert_eq!(x.len(), self.inputs);
        debug_assert_eq!(out.len(), self.outputs);
        for (i, &xi) in x.iter().enumerate() {
            if xi == 0.0 {
                continue;
            }
            let row = &self.weight[i * self.outputs..(i + 1) * self.outputs];
            for (o, w) in out.iter_mut().zip(row) {
                *o += xi * w;
            }
        }
    }

    /// `x · W + b` for each of the rows of `x` (`rows × inputs`), into `out` (`rows × outputs`).
    pub(crate) fn forward_rows(&self, x: &[f32], out: &mut Vec<f32>) {
        let rows = x.len() / self.inputs;
        out.clear();
        for _ in 0..rows {
            out.extend_from_slice(&self.bias);
        }
        for (xr, or) in x.chunks_exact(self.inputs).zip(out.chunks_exact_mut(self.outputs)) {
            self.accumulate(xr, or);
        }
    }
}

/// A LayerNorm's scale and shift.
#[derive(Clone, Debug)]
pub(crate) struct Norm {
    gamma: Vec<f32>,
    beta: Vec<f32>,
}

impl Norm {
    /// Normalises one row `x` into `out` (cleared first, then extended).
    pub(crate) fn forward(&self, x: &[f32], out: &mut Vec<f32>) {
        let n = x.len() as f32;
        let mean = x.iter().sum::<f32>() / n;
        let var = x.iter().map(|v| (v - mean) * (v - mean)).sum::<f32>() / n;
        let inv = 1.0 / (var + LAYER_NORM_EPSILON).sqrt();
        out.extend(x.iter().zip(&self.gamma).zip(&self.beta).map(|((v, g), b)| (v - mean) * inv * g + b));
    }
}

pub(crate) fn relu(x: &mut [f32]) {
    for v in x {
        *v = v.max(0.0);
    }
}

/// ln(1 + e^x), as Burn computes it with beta 1 (large x: x itself).
pub(crate) fn softplus(x: f32) -> f32 {
    if x > 20.0 { x } else { x.exp().ln_1p() }
}

/// The tensors of a safetensors file, taken out one by one by name and shape; what is left
/// at the end is an error.
pub(crate) struct Weights {
    tensors: BTreeMap<String, Tensor>,
}

impl Weights {
    pub(crate) fn parse(bytes: &[u8]) -> Result<Weights, WeightsError> {
        Ok(Weights { tensors: parse(bytes)? })
    }

    /// The tensor `name`, which must have `shape`.
    pub(crate) fn take(&mut self, name: &str, shape: &[usize]) -> Result<Vec<f32>, WeightsError> {
        let Tensor { shape: got, data } =
            self.tensors.remove(name).ok_or_else(|| WeightsError::Missing(name.to_string()))?;
        if got != shape {
            return Err(WeightsError::Shape { name: name.to_string(), got, want: shape.to_vec() });
        }
        // Subnormal weights (older bundles may hold some) make every product with them slow and
        // change no result: zero, as the training pipeline loads them.
        Ok(data.into_iter().map(|x| if x.is_subnormal() { 0.0 } else { x }).collect())
    }

    /// The dense layer `name` (`name.weight`, `name.bias`).
    pub(crate) fn linear(&mut self, name: &str, inputs: usize, outputs: usize) -> Result<Linear, WeightsError> {
        Ok(Linear {
            inputs,
            outputs,
            weight: self.take(&format!("{name}.weight"), &[inputs, outputs])?,
            bias: self.take(&format!("{name}.bias"), &[outputs])?,
        })
    }

    /// The LayerNorm `name` (`name.gamma`, `name.beta`) over `width` values.
    pub(crate) fn norm(&mut self, name: &str, width: usize) -> Result<Norm, WeightsError> {
        Ok(Norm {
            gamma: self.take(&format!("{name}.gamma"), &[width])?,
            beta: self.take(&format!("{name}.beta"), &[width])?,
        })
    }

    /// Fails if a tensor was not taken.
    pub(crate) fn finish(self) -> Result<(), WeightsError> {
        match self.tensors.into_keys().next() {
            Some(extra) => Err(WeightsError::Extra(extra)),
            None => Ok(()),
        }
    }
}
