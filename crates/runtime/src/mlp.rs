//! The policy-value network's forward pass in plain Rust, on CPU, one state at a time: the
//! residual MLP of `musashi-net` (`crates/net/src/model.rs`), read from its safetensors
//! weights. Linear layers are stored `[in, out]` and computed as `x · W + b`.
//!
//! ```text
//! x = relu(input(features))
//! for each block: x = x + second(relu(first(layer_norm(x))))
//! x = relu(x)
//! logits = policy(x)                       // NUM_ACTIONS
//! value  = tanh(value_out(relu(value_hidden(x))))
//! plies  = 100 · softplus(moves_left.out(relu(moves_left.hidden(x))))   // when the head exists
//! ```

use crate::WeightsError;
use crate::safetensors::{Tensor, parse};
use musashi_encoding::{NUM_FEATURES, PLIES_SCALE, encode};
use musashi_game::{NUM_ACTIONS, Snapshot};
use musashi_search::{Evaluations, Evaluator};
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// LayerNorm's epsilon (Burn's default, which the training model uses).
pub const LAYER_NORM_EPSILON: f32 = 1e-5;

/// The network's shape, as the manifest records it.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Architecture {
    /// Width of the residual trunk.
    pub hidden: usize,
    /// Residual blocks (two linear layers and a LayerNorm each).
    pub blocks: usize,
    /// Width of the value head's hidden layer.
    pub value_hidden: usize,
    /// Width of the moves-left head's hidden layer (0 or absent = no moves-left head).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub moves_left_hidden: usize,
}

fn is_zero(n: &usize) -> bool {
    *n == 0
}

/// One state's outputs besides the logits.
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct Outputs {
    /// The value for the side to move, in [-1, 1].
    pub value: f32,
    /// Predicted plies to the end, when the network has a moves-left head.
    pub plies: Option<f32>,
}

#[derive(Clone, Debug)]
struct Linear {
    inputs: usize,
    outputs: usize,
    /// `[inputs, outputs]`, row-major.
    weight: Vec<f32>,
    bias: Vec<f32>,
}

impl Linear {
    fn forward(&self, x: &[f32], out: &mut Vec<f32>) {
        debug_assert_eq!(x.len(), self.inputs);
        out.clear();
        out.extend_from_slice(&self.bias);
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
}

#[derive(Clone, Debug)]
struct Block {
    gamma: Vec<f32>,
    beta: Vec<f32>,
    first: Linear,
    second: Linear,
}

/// The network, ready to run.
#[derive(Clone, Debug)]
pub struct Mlp {
    architecture: Architecture,
    input: Linear,
    blocks: Vec<Block>,
    policy: Linear,
    value_hidden: Linear,
    value_out: Linear,
    moves_left: Option<(Linear, Linear)>,
}

fn relu(x: &mut [f32]) {
    for v in x {
        *v = v.max(0.0);
    }
}

/// ln(1 + e^x), as Burn computes it with beta 1 (large x: x itself).
fn softplus(x: f32) -> f32 {
    if x > 20.0 { x } else { x.exp().ln_1p() }
}

fn layer_norm(x: &[f32], gamma: &[f32], beta: &[f32], out: &mut Vec<f32>) {
    let n = x.len() as f32;
    let mean = x.iter().sum::<f32>() / n;
    let var = x.iter().map(|v| (v - mean) * (v - mean)).sum::<f32>() / n;
    let inv = 1.0 / (var + LAYER_NORM_EPSILON).sqrt();
    out.clear();
    out.extend(x.iter().zip(gamma).zip(beta).map(|((v, g), b)| (v - mean) * inv * g + b));
}

impl Mlp {
    /// Reads the weights (safetensors bytes) of a network of this shape; every tensor must be
    /// there with its exact shape, and no other.
    pub fn from_safetensors(bytes: &[u8], architecture: Architecture) -> Result<Mlp, WeightsError> {
        let mut tensors = parse(bytes)?;
        let a = architecture;
        let mut take = |name: &str, shape: &[usize]| -> Result<Vec<f32>, WeightsError> {
            let Tensor { shape: got, data } =
                tensors.remove(name).ok_or_else(|| WeightsError::Missing(name.to_string()))?;
            if got != shape {
                return Err(WeightsError::Shape { name: name.to_string(), got, want: shape.to_vec() });
            }
            // Subnormal weights (older bundles may hold some) make every product with them slow
            // and change no result: zero, as the training pipeline loads them.
            Ok(data.into_iter().map(|x| if x.is_subnormal() { 0.0 } else { x }).collect())
        };
        let mut linear = |name: &str, inputs: usize, outputs: usize| -> Result<Linear, WeightsError> {
            Ok(Linear {
                inputs,
                outputs,
                weight: take(&format!("{name}.weight"), &[inputs, outputs])?,
                bias: take(&format!("{name}.bias"), &[outputs])?,
            })
        };
        let input = linear("input", NUM_FEATURES, a.hidden)?;
        let mut blocks = Vec::new();
        for b in 0..a.blocks {
            let first = linear(&format!("blocks.{b}.first"), a.hidden, a.hidden)?;
            let second = linear(&format!("blocks.{b}.second"), a.hidden, a.hidden)?;
            blocks.push(Block { gamma: Vec::new(), beta: Vec::new(), first, second });
        }
        let policy = linear("policy", a.hidden, NUM_ACTIONS)?;
        let value_hidden = linear("value_hidden", a.hidden, a.value_hidden)?;
        let value_out = linear("value_out", a.value_hidden, 1)?;
        let moves_left = match a.moves_left_hidden {
            0 => None,
            h => Some((linear("moves_left.hidden", a.hidden, h)?, linear("moves_left.out", h, 1)?)),
        };
        for (b, block) in blocks.iter_mut().enumerate() {
            block.gamma = take(&format!("blocks.{b}.norm.gamma"), &[a.hidden])?;
            block.beta = take(&format!("blocks.{b}.norm.beta"), &[a.hidden])?;
        }
        if let Some(extra) = tensors.keys().next() {
            return Err(WeightsError::Extra(extra.clone()));
        }
        Ok(Mlp { architecture, input, blocks, policy, value_hidden, value_out, moves_left })
    }

    /// The shape.
    pub fn architecture(&self) -> Architecture {
        self.architecture
    }

    /// Runs one encoded state: writes `NUM_ACTIONS` logits and returns the value for the side
    /// to move and, with a moves-left head, the plies to the end.
    pub fn forward(&self, features: &[f32], logits: &mut Vec<f32>) -> Outputs {
        assert_eq!(features.len(), NUM_FEATURES, "features of the wrong length");
        let (mut x, mut a, mut b) = (Vec::new(), Vec::new(), Vec::new());
        self.input.forward(features, &mut x);
        relu(&mut x);
        for block in &self.blocks {
            layer_norm(&x, &block.gamma, &block.beta, &mut a);
            block.first.forward(&a, &mut b);
            relu(&mut b);
            block.second.forward(&b, &mut a);
            for (xi, ai) in x.iter_mut().zip(&a) {
                *xi += ai;
            }
        }
        relu(&mut x);
        self.policy.forward(&x, logits);
        self.value_hidden.forward(&x, &mut a);
        relu(&mut a);
        self.value_out.forward(&a, &mut b);
        let value = b[0].tanh();
        let plies = self.moves_left.as_ref().map(|(hidden, out)| {
            hidden.forward(&x, &mut a);
            relu(&mut a);
            out.forward(&a, &mut b);
            PLIES_SCALE * softplus(b[0])
        });
        Outputs { value, plies }
    }
}

/// The network as an MCTS evaluator.
#[derive(Clone, Debug)]
pub struct MlpEvaluator {
    mlp: Arc<Mlp>,
    features: Vec<f32>,
    row: Vec<f32>,
}

impl MlpEvaluator {
    /// An evaluator over a shared network.
    pub fn new(mlp: Arc<Mlp>) -> MlpEvaluator {
        MlpEvaluator { mlp, features: vec![0.0; NUM_FEATURES], row: Vec::new() }
    }
}

impl Evaluator for MlpEvaluator {
    fn evaluate(&mut self, batch: &[Snapshot], out: &mut Evaluations) {
        out.clear();
        for s in batch {
            encode(s, &mut self.features);
            let o = self.mlp.forward(&self.features, &mut self.row);
            out.values.push(o.value);
            out.plies.extend(o.plies);
            out.logits.extend_from_slice(&self.row);
        }
    }
}
