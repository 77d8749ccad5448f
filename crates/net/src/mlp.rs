//! The residual MLP: the feature vector through a dense trunk, one dense layer per head. Its
//! parameter names (`input`, `blocks.N.first`, ...) are those of every checkpoint and bundle
//! written before the graph network existed, and stay so. With per-role heads
//! (`ModelConfig::role_heads`) those heads serve the General to move, and a second set under
//! `soldiers.` (`soldiers.policy`, `soldiers.value_hidden`, ...) serves the soldiers to move.

use crate::model::{Heads, ModelConfig};
use burn::nn::{LayerNorm, LayerNormConfig, Linear, LinearConfig};
use burn::prelude::*;
use burn::tensor::activation::{relu, softplus};
use musashi_encoding::{GENERAL_TO_MOVE, NUM_FEATURES};
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

/// One set of heads: the only set, the General's (kept at the top level of `MlpNet`, where
/// every older file has them) or the soldiers'.
#[derive(Module, Debug)]
pub(crate) struct RoleHeads {
    policy: Linear,
    value_hidden: Linear,
    value_out: Linear,
    moves_left: Option<MovesLeftHead>,
}

impl RoleHeads {
    fn init(c: &ModelConfig, device: &Device) -> RoleHeads {
        RoleHeads {
            policy: LinearConfig::new(c.hidden, NUM_ACTIONS).init(device),
            value_hidden: LinearConfig::new(c.hidden, c.value_hidden).init(device),
            value_out: LinearConfig::new(c.value_hidden, 1).init(device),
            moves_left: c.has_moves_left().then(|| MovesLeftHead::init(c.hidden, c.moves_left_hidden, device)),
        }
    }

    fn forward(&self, x: Tensor<2>) -> Heads {
        heads(&self.policy, &self.value_hidden, &self.value_out, self.moves_left.as_ref(), x)
    }
}

/// One set of heads over the trunk's output.
fn heads(
    policy: &Linear,
    value_hidden: &Linear,
    value_out: &Linear,
    moves_left: Option<&MovesLeftHead>,
    x: Tensor<2>,
) -> Heads {
    let logits = policy.forward(x.clone());
    let moves_left = moves_left.map(|h| h.forward(x.clone()));
    let value = value_out.forward(relu(value_hidden.forward(x))).tanh();
    Heads { logits, value, moves_left }
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
    /// The soldiers' heads, with per-role heads (the ones above are then the General's).
    soldiers: Option<RoleHeads>,
}

/// The MLP's parameter count for a shape.
pub(crate) fn num_params(c: &ModelConfig) -> usize {
    let lin = |i: usize, o: usize| i * o + o;
    let trunk = lin(NUM_FEATURES, c.hidden) + c.blocks * (2 * lin(c.hidden, c.hidden) + 2 * c.hidden);
    let moves_left =
        if c.has_moves_left() { lin(c.hidden, c.moves_left_hidden) + lin(c.moves_left_hidden, 1) } else { 0 };
    let heads = lin(c.hidden, NUM_ACTIONS) + lin(c.hidden, c.value_hidden) + lin(c.value_hidden, 1) + moves_left;
    trunk + if c.role_heads { 2 * heads } else { heads }
}

impl MlpNet {
    pub(crate) fn init(c: &ModelConfig, device: &Device) -> MlpNet {
        // In the order the layers have always been made, so that a seed gives the weights it
        // gave before per-role heads existed.
        let input = LinearConfig::new(NUM_FEATURES, c.hidden).init(device);
        let blocks = (0..c.blocks)
            .map(|_| ResidualBlock {
                norm: LayerNormConfig::new(c.hidden).init(device),
                first: LinearConfig::new(c.hidden, c.hidden).init(device),
                second: LinearConfig::new(c.hidden, c.hidden).init(device),
            })
            .collect();
        let general = RoleHeads::init(c, device);
        MlpNet {
            input,
            blocks,
            policy: general.policy,
            value_hidden: general.value_hidden,
            value_out: general.value_out,
            moves_left: general.moves_left,
            soldiers: c.role_heads.then(|| RoleHeads::init(c, device)),
        }
    }

    /// Every head's output for a batch of encoded positions.
    pub fn forward(&self, features: Tensor<2>) -> Heads {
        let mut x = relu(self.input.forward(features.clone()));
        for block in &self.blocks {
            x = block.forward(x);
        }
        let x = relu(x);
        let general = heads(&self.policy, &self.value_hidden, &self.value_out, self.moves_left.as_ref(), x.clone());
        match &self.soldiers {
            None => general,
            Some(soldiers) => by_role(general, soldiers.forward(x), features_side(&features)),
        }
    }
}

/// `[batch, 1]`: 1 where the General is to move, 0 where the soldiers are.
fn features_side(features: &Tensor<2>) -> Tensor<2> {
    let [b, _] = features.dims();
    features.clone().slice([0..b, GENERAL_TO_MOVE..GENERAL_TO_MOVE + 1])
}

/// Each row's heads from the set of its side to move (`general` is 1 or 0 per row); only the
/// chosen set's outputs reach the loss, so each set learns from its own side's positions.
fn by_role(general: Heads, soldiers: Heads, side: Tensor<2>) -> Heads {
    let other = side.clone().neg() + 1.0;
    let pick = |g: Tensor<2>, s: Tensor<2>| g * side.clone() + s * other.clone();
    Heads {
        logits: pick(general.logits, soldiers.logits),
        value: pick(general.value, soldiers.value),
        moves_left: match (general.moves_left, soldiers.moves_left) {
            (Some(g), Some(s)) => Some(pick(g, s)),
            _ => None,
        },
    }
}
