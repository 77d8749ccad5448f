//! The residual MLP: the feature vector through a dense trunk, one dense layer per head. Its
//! parameter names (`input`, `blocks.N.first`, ...) are those of every checkpoint and bundle
//! written before the graph network existed, and stay so.

use crate::encoding::NUM_FEATURES;
use crate::model::{Heads, ModelConfig};
use burn::nn::{LayerNorm, LayerNormConfig, Linear, LinearConfig};
use burn::prelude::*;
use burn::tensor::activation::{relu, softplus};
use musashi_game::NUM_ACTIONS;

/// One pre-norm residual block: x + W2 relu(W1 norm(x)).
#[derive(Module, Debug)]
pub(crate) struct ResidualBlock {
    norm: LayerNorm,
    first: Linear,
    second: Linear,
}

impl ResidualBlock {
    fn forward(&self, x: Tensor<2>) -> Tensor<2> {
        let y = self.second.forward(relu(self.first.forward(self.norm.forward(x.clone()))));
        x + y
    }
}

/// A moves-left head: plies to the end / `PLIES_SCALE`, non-negative (softplus).
#[derive(Module, Debug)]
pub(crate) struct MovesLeftHead {
    hidden: Linear,
    out: Linear,
}

impl MovesLeftHead {
    pub(crate) fn init(input: usize, hidden: usize, device: &Device) -> MovesLeftHead {
        MovesLeftHead {
            hidden: LinearConfig::new(input, hidden).init(device),
            out: LinearConfig::new(hidden, 1).init(device),
        }
    }

    pub(crate) fn forward(&self, x: Tensor<2>) -> Tensor<2> {
        softplus(self.out.forward(relu(self.hidden.forward(x))), 1.0)
    }
}

/// The residual MLP.
#[derive(Module, Debug)]
pub struct MlpNet {
    input: Linear,
    blocks: Vec<ResidualBlock>,
    policy: Linear,
    value_hidden: Linear,
    value_out: Linear,
    moves_left: Option<MovesLeftHead>,
}

/// The MLP's parameter count for a shape.
pub(crate) fn num_params(c: &ModelConfig) -> usize {
    let lin = |i: usize, o: usize| i * o + o;
    lin(NUM_FEATURES, c.hidden)
        + c.blocks * (2 * lin(c.hidden, c.hidden) + 2 * c.hidden)
        + lin(c.hidden, NUM_ACTIONS)
        + lin(c.hidden, c.value_hidden)
        + lin(c.value_hidden, 1)
        + if c.has_moves_left() { lin(c.hidden, c.moves_left_hidden) + lin(c.moves_left_hidden, 1) } else { 0 }
}

impl MlpNet {
    pub(crate) fn init(c: &ModelConfig, device: &Device) -> MlpNet {
        MlpNet {
            input: LinearConfig::new(NUM_FEATURES, c.hidden).init(device),
            blocks: (0..c.blocks)
                .map(|_| ResidualBlock {
                    norm: LayerNormConfig::new(c.hidden).init(device),
                    first: LinearConfig::new(c.hidden, c.hidden).init(device),
                    second: LinearConfig::new(c.hidden, c.hidden).init(device),
                })
                .collect(),
            policy: LinearConfig::new(c.hidden, NUM_ACTIONS).init(device),
            value_hidden: LinearConfig::new(c.hidden, c.value_hidden).init(device),
            value_out: LinearConfig::new(c.value_hidden, 1).init(device),
            moves_left: c.has_moves_left().then(|| MovesLeftHead::init(c.hidden, c.moves_left_hidden, device)),
        }
    }

    /// Every head's output for a batch of encoded positions.
    pub fn forward(&self, features: Tensor<2>) -> Heads {
        let mut x = relu(self.input.forward(features));
        for block in &self.blocks {
            x = block.forward(x);
        }
        let x = relu(x);
        let logits = self.policy.forward(x.clone());
        let moves_left = self.moves_left.as_ref().map(|h| h.forward(x.clone()));
        let value = self.value_out.forward(relu(self.value_hidden.forward(x))).tanh();
        Heads { logits, value, moves_left }
    }
}
