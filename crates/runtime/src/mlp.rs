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
//!
//! With per-role heads (`role_heads`, bundle format 6) the heads above serve positions with the
//! General to move, and a second set of the same shapes under `soldiers.` (`soldiers.policy`,
//! `soldiers.value_hidden`, `soldiers.value_out`, `soldiers.moves_left.*`) serves positions with
//! the soldiers to move (feature `GENERAL_TO_MOVE` is 0).

use crate::WeightsError;
use crate::layers::{Linear, Norm, Weights, relu, softplus};
use musashi_encoding::{GENERAL_TO_MOVE, NUM_FEATURES, PLIES_SCALE};
use musashi_game::NUM_ACTIONS;
use serde::{Deserialize, Serialize};

pub use crate::layers::LAYER_NORM_EPSILON;

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
    /// A second set of heads for the soldiers to move (bundle format 6; absent = false).
    #[serde(default, skip_serializing_if = "crate::manifest::is_false")]
    pub role_heads: bool,
}

pub(crate) fn is_zero(n: &usize) -> bool {
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
struct Block {
    norm: Norm,
    first: Linear,
    second: Linear,
}

/// One set of heads over the trunk.
#[derive(Clone, Debug)]
struct Heads {
    policy: Linear,
    value_hidden: Linear,
    value_out: Linear,
    moves_left: Option<(Linear, Linear)>,
}

impl Heads {
    /// The heads named `{prefix}policy`, ... in the weights.
    fn read(w: &mut Weights, prefix: &str, a: &Architecture) -> Result<Heads, WeightsError> {
        let policy = w.linear(&format!("{prefix}policy"), a.hidden, NUM_ACTIONS)?;
        let value_hidden = w.linear(&format!("{prefix}value_hidden"), a.hidden, a.value_hidden)?;
        let value_out = w.linear(&format!("{prefix}value_out"), a.value_hidden, 1)?;
        let moves_left = match a.moves_left_hidden {
            0 => None,
            h => Some((
                w.linear(&format!("{prefix}moves_left.hidden"), a.hidden, h)?,
                w.linear(&format!("{prefix}moves_left.out"), h, 1)?,
            )),
        };
        Ok(Heads { policy, value_hidden, value_out, moves_left })
    }

    /// The logits into `logits` and the other outputs, from the trunk's `x`; `a` and `b` are
    /// scratch.
    fn forward(&self, x: &[f32], logits: &mut Vec<f32>, a: &mut Vec<f32>, b: &mut Vec<f32>) -> Outputs {
        self.policy.forward(x, logits);
        self.value_hidden.forward(x, a);
        relu(a);
        self.value_out.forward(a, b);
        let value = b[0].tanh();
        let plies = self.moves_left.as_ref().map(|(hidden, out)| {
            hidden.forward(x, a);
            relu(a);
            out.forward(a, b);
            PLIES_SCALE * softplus(b[0])
        });
        Outputs { value, plies }
    }
}

/// The network, ready to run.
#[derive(Clone, Debug)]
pub struct Mlp {
    architecture: Architecture,
    input: Linear,
    blocks: Vec<Block>,
    /// The only heads, or the General's with per-role heads.
    heads: Heads,
    /// The soldiers' heads, with per-role heads.
    soldiers: Option<Heads>,
}

impl Mlp {
    /// Reads the weights (safetensors bytes) of a network of this shape; every tensor must be
    /// there with its exact shape, and no other.
    pub fn from_safetensors(bytes: &[u8], architecture: Architecture) -> Result<Mlp, WeightsError> {
        let mut w = Weights::parse(bytes)?;
        let a = architecture;
        let input = w.linear("input", NUM_FEATURES, a.hidden)?;
        let mut blocks = Vec::new();
        for b in 0..a.blocks {
            let first = w.linear(&format!("blocks.{b}.first"), a.hidden, a.hidden)?;
            let second = w.linear(&format!("blocks.{b}.second"), a.hidden, a.hidden)?;
            let norm = w.norm(&format!("blocks.{b}.norm"), a.hidden)?;
            blocks.push(Block { norm, first, second });
        }
        let heads = Heads::read(&mut w, "", &a)?;
        let soldiers = if a.role_heads { Some(Heads::read(&mut w, "soldiers.", &a)?) } else { None };
        w.finish()?;
        Ok(Mlp { architecture, input, blocks, heads, soldiers })
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
            a.clear();
            block.norm.forward(&x, &mut a);
            block.first.forward(&a, &mut b);
            relu(&mut b);
            block.second.forward(&b, &mut a);
            for (xi, ai) in x.iter_mut().zip(&a) {
                *xi += ai;
            }
        }
        relu(&mut x);
        let heads = match &self.soldiers {
            Some(soldiers) if features[GENERAL_TO_MOVE] == 0.0 => soldiers,
            _ => &self.heads,
        };
        heads.forward(&x, logits, &mut a, &mut b)
    }
}
