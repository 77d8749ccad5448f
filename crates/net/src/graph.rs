//! The graph network: the board's 33 points as a graph joined by its lines, with the same
//! weights at every point.
//!
//! - **Input.** Each point gets its five planes of the encoding (General, soldier, empty,
//!   destination, threatened), whether it exists on this board (the sum of the first three) and
//!   the position's 15 global features; one dense layer makes `hidden` channels of them.
//! - **Blocks** (pre-norm, residual). Each point reads its own normalised channels and those of
//!   the points one and two steps along each of the eight directions (`reach`): every such slot
//!   (direction and distance) has its own weight per channel, the same at every point, and a
//!   missing neighbour reads zeros (a depthwise step along the lines). A dense layer mixes the
//!   channels (the message), a global pooling path (mean and max over the board's points, one
//!   dense layer: KataGo's global pooling bias) adds the whole board's context to every point,
//!   and a second dense layer writes the residual. Points absent from the board stay at zero.
//! - **Heads**, after a last normalisation of the trunk. The policy scores the action
//!   `from → to` in direction `d` as `start(from)[d] + end(to)[d]`, two dense layers over the
//!   points' channels. The value and moves-left heads read, as AlphaZero's value head does, a
//!   few channels of every point side by side (`HEAD_CHANNELS` per point, one dense layer
//!   shared by the points), with the trunk's mean and max over the points and the global
//!   features.
//!
//! Per-point tensors are kept as `[batch × 33, channels]` so that every dense layer is one
//! matrix product and every gather one row selection.

use crate::encoding::NUM_FEATURES;
use crate::mlp::MovesLeftHead;
use crate::model::{Heads, ModelConfig};
use burn::nn::{LayerNorm, LayerNormConfig, Linear, LinearConfig};
use burn::prelude::*;
use burn::tensor::TensorData;
use burn::tensor::activation::relu;
use musashi_encoding::board_graph::{
    DIRECTIONS, GLOBALS, NO_POINT, POINT_PLANES, POINTS, action_ends, neighbour_index,
};
use musashi_game::NUM_ACTIONS;
use std::sync::OnceLock;

/// Per-point inputs: the planes and the point's existence.
const POINT_INPUTS: usize = POINT_PLANES + 1;
/// Channels per point that the value and moves-left heads read side by side.
const HEAD_CHANNELS: usize = 4;

/// One residual block of message passing.
#[derive(Module, Debug)]
struct GraphBlock {
    norm: LayerNorm,
    /// Reads the slots side by side (the point itself, then each direction and distance in
    /// neighbour-table order): `slots × c` to `c`.
    message: Linear,
    pool: Linear,
    out: Linear,
}

/// The graph network.
#[derive(Module, Debug)]
pub struct GraphNet {
    embed: Linear,
    blocks: Vec<GraphBlock>,
    final_norm: LayerNorm,
    head_points: Linear,
    policy_start: Linear,
    policy_end: Linear,
    value_hidden: Linear,
    value_out: Linear,
    moves_left: Option<MovesLeftHead>,
    #[module(skip)]
    reach: usize,
}

/// Slots a point reads: itself and `reach` points along each direction.
fn slots(reach: usize) -> usize {
    1 + DIRECTIONS * reach
}

/// The graph network's parameter count for a shape.
pub(crate) fn num_params(c: &ModelConfig) -> usize {
    let lin = |i: usize, o: usize| i * o + o;
    let h = c.hidden;
    let pooled = head_inputs(h);
    lin(POINT_INPUTS + GLOBALS, h)
        + c.blocks * (2 * h + lin(slots(c.reach) * h, h) + lin(2 * h, h) + lin(h, h))
        + 2 * h
        + lin(h, HEAD_CHANNELS)
        + 2 * lin(h, DIRECTIONS)
        + lin(pooled, c.value_hidden)
        + lin(c.value_hidden, 1)
        + if c.has_moves_left() { lin(pooled, c.moves_left_hidden) + lin(c.moves_left_hidden, 1) } else { 0 }
}

/// What the value and moves-left heads read: every point's head channels, the mean and max of
/// the trunk over the points, and the global features.
fn head_inputs(h: usize) -> usize {
    POINTS * HEAD_CHANNELS + 2 * h + GLOBALS
}

impl GraphNet {
    pub(crate) fn init(c: &ModelConfig, device: &Device) -> GraphNet {
        let h = c.hidden;
        let pooled = head_inputs(h);
        let k = slots(c.reach);
        GraphNet {
            embed: LinearConfig::new(POINT_INPUTS + GLOBALS, h).init(device),
            blocks: (0..c.blocks)
                .map(|_| GraphBlock {
                    norm: LayerNormConfig::new(h).init(device),
                    message: LinearConfig::new(k * h, h).init(device),
                    pool: LinearConfig::new(2 * h, h).init(device),
                    out: LinearConfig::new(h, h).init(device),
                })
                .collect(),
            final_norm: LayerNormConfig::new(h).init(device),
            head_points: LinearConfig::new(h, HEAD_CHANNELS).init(device),
            policy_start: LinearConfig::new(h, DIRECTIONS).init(device),
            policy_end: LinearConfig::new(h, DIRECTIONS).init(device),
            value_hidden: LinearConfig::new(pooled, c.value_hidden).init(device),
            value_out: LinearConfig::new(c.value_hidden, 1).init(device),
            moves_left: c.has_moves_left().then(|| MovesLeftHead::init(pooled, c.moves_left_hidden, device)),
            reach: c.reach,
        }
    }

    /// Every head's output for a batch of encoded positions `[batch, NUM_FEATURES]`.
    pub fn forward(&self, features: Tensor<2>) -> Heads {
        let [b, _] = features.dims();
        let device = features.device();
        let split = POINT_PLANES * POINTS;
        let planes = features.clone().slice([0..b, 0..split]).reshape([b, POINT_PLANES, POINTS]).swap_dims(1, 2);
        let planes = planes.reshape([b * POINTS, POINT_PLANES]);
        let exists = planes.clone().slice([0..b * POINTS, 0..3]).sum_dim(1);
        let globals = features.slice([0..b, split..NUM_FEATURES]);
        let spread =
            globals.clone().reshape([b, 1, GLOBALS]).expand([b, POINTS, GLOBALS]).reshape([b * POINTS, GLOBALS]);
        let input = Tensor::cat(vec![planes, exists.clone(), spread], 1);
        let board = Board::new(exists, b, self.reach, &device);
        let mut x = relu(self.embed.forward(input)) * board.exists.clone();
        for block in &self.blocks {
            x = block.forward(x, &board);
        }
        let x = relu(self.final_norm.forward(x)) * board.exists.clone();
        let t = tables(self.reach);
        let start = self.policy_start.forward(x.clone()).reshape([b, POINTS * DIRECTIONS]);
        let end = self.policy_end.forward(x.clone()).reshape([b, POINTS * DIRECTIONS]);
        let logits = start.select(1, index(&t.starts, &device)) + end.select(1, index(&t.ends, &device));
        debug_assert_eq!(logits.dims(), [b, NUM_ACTIONS]);
        let points = (self.head_points.forward(x.clone()) * board.exists.clone()).reshape([b, POINTS * HEAD_CHANNELS]);
        let pooled = Tensor::cat(vec![points, board.pool(x), globals], 1);
        let moves_left = self.moves_left.as_ref().map(|h| h.forward(pooled.clone()));
        let value = self.value_out.forward(relu(self.value_hidden.forward(pooled))).tanh();
        Heads { logits, value, moves_left }
    }
}

/// What every block needs of the board: which points exist `[b × 33, 1]`, how many per position
/// `[b, 1]`, and the rows each point reads.
struct Board {
    batch: usize,
    exists: Tensor<2>,
    count: Tensor<2>,
    /// For each point of each position, its slots' rows in the `[b × 33 + 1, c]` tensor whose
    /// last row is zero.
    rows: Tensor<1, Int>,
    slots: usize,
}

impl Board {
    fn new(exists: Tensor<2>, batch: usize, reach: usize, device: &Device) -> Board {
        let t = tables(reach);
        let per_point = t.neighbours.len() / POINTS;
        let zero = (batch * POINTS) as i64;
        let mut rows = Vec::with_capacity(batch * POINTS * (1 + per_point));
        for i in 0..batch {
            let base = (i * POINTS) as i64;
            for p in 0..POINTS {
                rows.push(base + p as i64);
                for &q in &t.neighbours[p * per_point..(p + 1) * per_point] {
                    rows.push(if q == NO_POINT { zero } else { base + q as i64 });
                }
            }
        }
        let n = rows.len();
        let count = exists.clone().reshape([batch, POINTS]).sum_dim(1);
        Board {
            batch,
            exists,
            count,
            rows: Tensor::from_data(TensorData::new(rows, [n]), device),
            slots: 1 + per_point,
        }
    }

    /// Mean and max over the existing points: `[b × 33, c]` (zero on absent points, and
    /// non-negative, so absent points never win the max) to `[b, 2c]`.
    fn pool(&self, x: Tensor<2>) -> Tensor<2> {
        let [_, c] = x.dims();
        let x = x.reshape([self.batch, POINTS, c]);
        let mean = x.clone().sum_dim(1).reshape([self.batch, c]) / self.count.clone();
        let max = x.max_dim(1).reshape([self.batch, c]);
        Tensor::cat(vec![mean, max], 1)
    }

    /// Each point's slots side by side: `[b × 33, c]` to `[b × 33, slots × c]`.
    fn along_lines(&self, x: Tensor<2>) -> Tensor<2> {
        let [n, c] = x.dims();
        let padded = Tensor::cat(vec![x.clone(), Tensor::zeros([1, c], &x.device())], 0);
        padded.select(0, self.rows.clone()).reshape([n, self.slots * c])
    }
}

impl GraphBlock {
    fn forward(&self, x: Tensor<2>, board: &Board) -> Tensor<2> {
        let [_, c] = x.dims();
        let read = board.along_lines(self.norm.forward(x.clone()));
        let message = relu(self.message.forward(read)) * board.exists.clone();
        let context = self.pool.forward(board.pool(message.clone()));
        let context =
            context.reshape([board.batch, 1, c]).expand([board.batch, POINTS, c]).reshape([board.batch * POINTS, c]);
        let y = self.out.forward(relu(message + context));
        (x + y) * board.exists.clone()
    }
}

/// The board's index tables, computed once per reach.
struct Tables {
    neighbours: Vec<usize>,
    starts: Vec<usize>,
    ends: Vec<usize>,
}

fn tables(reach: usize) -> &'static Tables {
    static TABLES: [OnceLock<Tables>; 3] = [OnceLock::new(), OnceLock::new(), OnceLock::new()];
    TABLES[reach.min(2)].get_or_init(|| {
        let (starts, ends) = action_ends().into_iter().unzip();
        Tables { neighbours: neighbour_index(reach), starts, ends }
    })
}

fn index(values: &[usize], device: &Device) -> Tensor<1, Int> {
    let ints: Vec<i64> = values.iter().map(|&v| v as i64).collect();
    Tensor::from_data(TensorData::new(ints, [values.len()]), device)
}
