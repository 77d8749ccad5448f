//! The policy-value model: a residual MLP over the feature encoding, a policy head over the
//! action space (144 directed lines), a value head in [-1, 1] for the side to move and,
//! optionally, a moves-left head: the plies to the end of the game (lc0's moves-left head),
//! which lets the search tell a long resistance from a quick collapse when every move loses.

use crate::NetError;
use crate::encoding::NUM_FEATURES;
use burn::nn::{LayerNorm, LayerNormConfig, Linear, LinearConfig};
use burn::prelude::*;
use burn::tensor::activation::{relu, softplus};
use musashi_game::NUM_ACTIONS;
use serde::{Deserialize, Serialize};

/// The model's shape (recorded in checkpoints; a checkpoint only loads into the same shape).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct ModelConfig {
    /// Width of the residual trunk.
    pub hidden: usize,
    /// Number of residual blocks (two linear layers each).
    pub blocks: usize,
    /// Width of the value head's hidden layer.
    pub value_hidden: usize,
    /// Width of the moves-left head's hidden layer; 0 = no moves-left head. Left out of the
    /// serialised form when 0, so checkpoints without the head keep their recorded digests.
    #[serde(skip_serializing_if = "is_zero")]
    pub moves_left_hidden: usize,
}

fn is_zero(n: &usize) -> bool {
    *n == 0
}

impl Default for ModelConfig {
    fn default() -> Self {
        ModelConfig { hidden: 256, blocks: 2, value_hidden: 64, moves_left_hidden: 32 }
    }
}

impl ModelConfig {
    /// Checks the shape is sensible.
    pub fn validate(&self) -> Result<(), NetError> {
        let shape = |field, range, value| Err(NetError::Shape { field, range, value });
        if !(8..=4096).contains(&self.hidden) {
            return shape("hidden", "8..=4096", self.hidden);
        }
        if self.blocks > 32 {
            return shape("blocks", "0..=32", self.blocks);
        }
        if !(1..=4096).contains(&self.value_hidden) {
            return shape("value_hidden", "1..=4096", self.value_hidden);
        }
        if self.moves_left_hidden > 4096 {
            return shape("moves_left_hidden", "0..=4096", self.moves_left_hidden);
        }
        Ok(())
    }

    /// Whether the model has a moves-left head.
    pub fn has_moves_left(&self) -> bool {
        self.moves_left_hidden > 0
    }

    /// Number of trainable parameters.
    pub fn num_params(&self) -> usize {
        let lin = |i: usize, o: usize| i * o + o;
        lin(NUM_FEATURES, self.hidden)
            + self.blocks * (2 * lin(self.hidden, self.hidden) + 2 * self.hidden)
            + lin(self.hidden, NUM_ACTIONS)
            + lin(self.hidden, self.value_hidden)
            + lin(self.value_hidden, 1)
            + if self.has_moves_left() {
                lin(self.hidden, self.moves_left_hidden) + lin(self.moves_left_hidden, 1)
            } else {
                0
            }
    }

    /// A freshly initialised model on `device` (Burn's seeded initialisers).
    pub fn init(&self, device: &Device) -> PolicyValueNet {
        PolicyValueNet {
            input: LinearConfig::new(NUM_FEATURES, self.hidden).init(device),
            blocks: (0..self.blocks)
                .map(|_| ResidualBlock {
                    norm: LayerNormConfig::new(self.hidden).init(device),
                    first: LinearConfig::new(self.hidden, self.hidden).init(device),
                    second: LinearConfig::new(self.hidden, self.hidden).init(device),
                })
                .collect(),
            policy: LinearConfig::new(self.hidden, NUM_ACTIONS).init(device),
            value_hidden: LinearConfig::new(self.hidden, self.value_hidden).init(device),
            value_out: LinearConfig::new(self.value_hidden, 1).init(device),
            moves_left: self.has_moves_left().then(|| MovesLeftHead {
                hidden: LinearConfig::new(self.hidden, self.moves_left_hidden).init(device),
                out: LinearConfig::new(self.moves_left_hidden, 1).init(device),
            }),
        }
    }
}

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

/// The moves-left head: plies to the end / `PLIES_SCALE`, non-negative (softplus).
#[derive(Module, Debug)]
pub(crate) struct MovesLeftHead {
    hidden: Linear,
    out: Linear,
}

/// The policy-value network.
#[derive(Module, Debug)]
pub struct PolicyValueNet {
    input: Linear,
    blocks: Vec<ResidualBlock>,
    policy: Linear,
    value_hidden: Linear,
    value_out: Linear,
    moves_left: Option<MovesLeftHead>,
}

/// What the model computes for a batch.
#[derive(Debug, Clone)]
pub struct Heads {
    /// Policy logits `[batch, 144]`.
    pub logits: Tensor<2>,
    /// Values `[batch, 1]` in [-1, 1] for the side to move.
    pub value: Tensor<2>,
    /// Plies to the end / `PLIES_SCALE`, `[batch, 1]`, when the model has the head.
    pub moves_left: Option<Tensor<2>>,
}

impl PolicyValueNet {
    /// Every head's output for a batch of encoded positions.
    pub fn forward(&self, features: Tensor<2>) -> Heads {
        let mut x = relu(self.input.forward(features));
        for block in &self.blocks {
            x = block.forward(x);
        }
        let x = relu(x);
        let logits = self.policy.forward(x.clone());
        let moves_left =
            self.moves_left.as_ref().map(|h| softplus(h.out.forward(relu(h.hidden.forward(x.clone()))), 1.0));
        let value = self.value_out.forward(relu(self.value_hidden.forward(x))).tanh();
        Heads { logits, value, moves_left }
    }
}
