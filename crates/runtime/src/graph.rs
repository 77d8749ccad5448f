//! The graph network's forward pass in plain Rust, one state at a time: the network of
//! `musashi-net` (`crates/net/src/graph.rs`, `docs/export.md`), read from its safetensors
//! weights. Per-point values are kept as `[33, channels]` rows; every dense layer runs over all
//! the rows at once.
//!
//! ```text
//! point p's input = its 5 planes, exists(p) = planes 0..3 summed, the 15 global features
//! x = relu(embed(input)) · exists
//! for each block:
//!     n = layer_norm(x)                                    // every point, absent ones too
//!     read(p) = n(p), then n(q) for q 1..=reach steps along each of the 8 directions (0 if off the board)
//!     m = relu(message(read)) · exists
//!     pooled = mean over the existing points of m, max over all points of m
//!     x = (x + out(relu(m + pool(pooled)))) · exists
//! x = relu(final_norm(x)) · exists
//! logits(from → to along d) = policy_start(x(from))[d] + policy_end(x(to))[d]
//! heads = [head_points(x) · exists for every point, mean and max of x, the globals]
//! value = tanh(value_out(relu(value_hidden(heads))))
//! plies = 100 · softplus(moves_left.out(relu(moves_left.hidden(heads))))   // when the head exists
//! ```

use crate::WeightsError;
use crate::layers::{Linear, Norm, Weights, relu, softplus};
use crate::mlp::Outputs;
use musashi_encoding::NUM_FEATURES;
use musashi_encoding::PLIES_SCALE;
use musashi_encoding::board_graph::{
    DIRECTIONS, GLOBALS, NO_POINT, POINT_PLANES, POINTS, action_ends, neighbour_index,
};
use musashi_game::NUM_ACTIONS;

/// Per-point inputs: the planes and the point's existence.
const POINT_INPUTS: usize = POINT_PLANES + 1;
/// Channels per point that the value and moves-left heads read side by side.
const HEAD_CHANNELS: usize = 4;

/// The graph network's shape, as the manifest records it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct GraphShape {
    /// Channels per point.
    pub hidden: usize,
    /// Message-passing blocks.
    pub blocks: usize,
    /// How many steps along each line a point reads in a block (1 or 2).
    pub reach: usize,
    /// Width of the value head's hidden layer.
    pub value_hidden: usize,
    /// Width of the moves-left head's hidden layer (0 = no moves-left head).
    pub moves_left_hidden: usize,
}

#[derive(Clone, Debug)]
struct Block {
    norm: Norm,
    message: Linear,
    pool: Linear,
    out: Linear,
}

/// The graph network, ready to run.
#[derive(Clone, Debug)]
pub struct GraphNetwork {
    shape: GraphShape,
    embed: Linear,
    blocks: Vec<Block>,
    final_norm: Norm,
    head_points: Linear,
    policy_start: Linear,
    policy_end: Linear,
    value_hidden: Linear,
    value_out: Linear,
    moves_left: Option<(Linear, Linear)>,
    /// `[p][d][s]`: the point `s + 1` steps from `p` along `d`, or `NO_POINT`.
    neighbours: Vec<usize>,
    /// Per action: the indices of its start and end in a `[points × directions]` table.
    ends: Vec<(usize, usize)>,
}

impl GraphNetwork {
    /// Reads the weights (safetensors bytes) of a network of this shape; every tensor must be
    /// there with its exact shape, and no other.
    pub fn from_safetensors(bytes: &[u8], shape: GraphShape) -> Result<GraphNetwork, WeightsError> {
        let mut w = Weights::parse(bytes)?;
        let h = shape.hidden;
        let slots = 1 + DIRECTIONS * shape.reach;
        let heads = POINTS * HEAD_CHANNELS + 2 * h + GLOBALS;
        let embed = w.linear("embed", POINT_INPUTS + GLOBALS, h)?;
        let mut blocks = Vec::new();
        for b in 0..shape.blocks {
            blocks.push(Block {
                norm: w.norm(&format!("blocks.{b}.norm"), h)?,
                message: w.linear(&format!("blocks.{b}.message"), slots * h, h)?,
                pool: w.linear(&format!("blocks.{b}.pool"), 2 * h, h)?,
                out: w.linear(&format!("blocks.{b}.out"), h, h)?,
            });
        }
        let net = GraphNetwork {
            shape,
            embed,
            blocks,
            final_norm: w.norm("final_norm", h)?,
            head_points: w.linear("head_points", h, HEAD_CHANNELS)?,
            policy_start: w.linear("policy_start", h, DIRECTIONS)?,
            policy_end: w.linear("policy_end", h, DIRECTIONS)?,
            value_hidden: w.linear("value_hidden", heads, shape.value_hidden)?,
            value_out: w.linear("value_out", shape.value_hidden, 1)?,
            moves_left: match shape.moves_left_hidden {
                0 => None,
                m => Some((w.linear("moves_left.hidden", heads, m)?, w.linear("moves_left.out", m, 1)?)),
            },
            neighbours: neighbour_index(shape.reach),
            ends: action_ends(),
        };
        w.finish()?;
        Ok(net)
    }

    /// The shape.
    pub fn shape(&self) -> GraphShape {
        self.shape
    }

    /// Runs one encoded state: writes `NUM_ACTIONS` logits and returns the value for the side
    /// to move and, with a moves-left head, the plies to the end.
    pub fn forward(&self, features: &[f32], logits: &mut Vec<f32>) -> Outputs {
        assert_eq!(features.len(), NUM_FEATURES, "features of the wrong length");
        let h = self.shape.hidden;
        let globals = &features[POINT_PLANES * POINTS..];
        let exists: Vec<f32> = (0..POINTS).map(|p| (0..3).map(|k| features[k * POINTS + p]).sum()).collect();
        let mut input = Vec::with_capacity(POINTS * (POINT_INPUTS + GLOBALS));
        for p in 0..POINTS {
            input.extend((0..POINT_PLANES).map(|k| features[k * POINTS + p]));
            input.push(exists[p]);
            input.extend_from_slice(globals);
        }
        let mut x = Vec::new();
        self.embed.forward_rows(&input, &mut x);
        relu(&mut x);
        mask(&mut x, &exists, h);
        let mut scratch = Scratch::default();
        for block in &self.blocks {
            self.block(block, &mut x, &exists, &mut scratch);
        }
        let mut normed = Vec::with_capacity(x.len());
        for row in x.chunks_exact(h) {
            self.final_norm.forward(row, &mut normed);
        }
        relu(&mut normed);
        mask(&mut normed, &exists, h);
        self.policy(&normed, logits, &mut scratch);
        self.heads(&normed, &exists, globals, &mut scratch)
    }

    /// One residual block, in place on `x` (`[33, h]`).
    fn block(&self, block: &Block, x: &mut [f32], exists: &[f32], s: &mut Scratch) {
        let h = self.shape.hidden;
        s.a.clear();
        for row in x.chunks_exact(h) {
            block.norm.forward(row, &mut s.a);
        }
        let per_point = DIRECTIONS * self.shape.reach;
        s.b.clear();
        for p in 0..POINTS {
            s.b.extend_from_slice(&s.a[p * h..(p + 1) * h]);
            for &q in &self.neighbours[p * per_point..(p + 1) * per_point] {
                if q == NO_POINT {
                    s.b.extend(std::iter::repeat_n(0.0, h));
                } else {
                    s.b.extend_from_slice(&s.a[q * h..(q + 1) * h]);
                }
            }
        }
        block.message.forward_rows(&s.b, &mut s.a);
        relu(&mut s.a);
        mask(&mut s.a, exists, h);
        pool(&s.a, exists, h, &mut s.b);
        let mut context = Vec::new();
        block.pool.forward(&s.b, &mut context);
        for row in s.a.chunks_exact_mut(h) {
            for (v, c) in row.iter_mut().zip(&context) {
                *v = (*v + c).max(0.0);
            }
        }
        block.out.forward_rows(&s.a, &mut s.b);
        for ((xi, yi), e) in x.iter_mut().zip(&s.b).zip(exists.iter().flat_map(|&e| std::iter::repeat_n(e, h))) {
            *xi = (*xi + yi) * e;
        }
    }

    fn policy(&self, x: &[f32], logits: &mut Vec<f32>, s: &mut Scratch) {
        self.policy_start.forward_rows(x, &mut s.a);
        self.policy_end.forward_rows(x, &mut s.b);
        logits.clear();
        logits.extend(self.ends.iter().map(|&(from, to)| s.a[from] + s.b[to]));
        debug_assert_eq!(logits.len(), NUM_ACTIONS);
    }

    fn heads(&self, x: &[f32], exists: &[f32], globals: &[f32], s: &mut Scratch) -> Outputs {
        let h = self.shape.hidden;
        self.head_points.forward_rows(x, &mut s.a);
        mask(&mut s.a, exists, HEAD_CHANNELS);
        pool(x, exists, h, &mut s.b);
        s.a.extend_from_slice(&s.b);
        s.a.extend_from_slice(globals);
        let (mut hidden, mut out) = (Vec::new(), Vec::new());
        self.value_hidden.forward(&s.a, &mut hidden);
        relu(&mut hidden);
        self.value_out.forward(&hidden, &mut out);
        let value = out[0].tanh();
        let plies = self.moves_left.as_ref().map(|(first, last)| {
            first.forward(&s.a, &mut hidden);
            relu(&mut hidden);
            last.forward(&hidden, &mut out);
            PLIES_SCALE * softplus(out[0])
        });
        Outputs { value, plies }
    }
}

/// Reusable buffers of one forward pass.
#[derive(Default)]
struct Scratch {
    a: Vec<f32>,
    b: Vec<f32>,
}

/// Zeroes the rows (of `width` values) of absent points.
fn mask(x: &mut [f32], exists: &[f32], width: usize) {
    for (row, &e) in x.chunks_exact_mut(width).zip(exists) {
        for v in row {
            *v *= e;
        }
    }
}

/// Mean over the existing points and max over all points (absent ones are zero and every value
/// is non-negative) of `x` (`[33, width]`), side by side into `out`.
fn pool(x: &[f32], exists: &[f32], width: usize, out: &mut Vec<f32>) {
    let count: f32 = exists.iter().sum();
    out.clear();
    out.resize(2 * width, 0.0);
    let (mean, max) = out.split_at_mut(width);
    max.fill(f32::NEG_INFINITY);
    for row in x.chunks_exact(width) {
        for ((m, x_max), &v) in mean.iter_mut().zip(max.iter_mut()).zip(row) {
            *m += v;
            *x_max = x_max.max(v);
        }
    }
    for m in mean {
        *m /= count;
    }
}
