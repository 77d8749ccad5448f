//! A listwise ranking loss over the positions a move leads to ("siblings"), on the moves-left
//! head: each child's logit is its predicted plies to the end over a temperature, a softmax over a
//! parent's children, and cross-entropy against a target over them (for a lost General: the moves
//! that keep the longest delay). The moves-left head learns the order of its siblings' delays, not
//! only each one's scale, and its argmax over a position's children is a policy of its own.
//! Used by the trainer (`train.rank_siblings`) and the lab's probes (`musashi-lab distill
//! --rank-siblings`).

use crate::encoding::{NUM_FEATURES, PLIES_SCALE};
use crate::model::PolicyValueNet;
use burn::prelude::*;
use burn::tensor::TensorData;
use burn::tensor::activation::log_softmax;

/// The children of some positions (groups), as plain arrays, packed group after group: the
/// network runs on the children alone (no empty slots), and the softmax lays them out in
/// `slots` per group.
#[derive(Debug, Default, Clone)]
pub struct SiblingBatch {
    /// Children per group at most (the largest group's count, or more).
    pub slots: usize,
    /// `children × NUM_FEATURES` encoded children.
    pub features: Vec<f32>,
    /// Each child's share of its group's target distribution.
    pub target: Vec<f32>,
    /// Each group's number of children.
    pub sizes: Vec<usize>,
}

impl SiblingBatch {
    /// Empties the batch for groups of up to `slots` children.
    pub fn reset(&mut self, slots: usize) {
        self.slots = slots;
        self.features.clear();
        self.target.clear();
        self.sizes.clear();
    }

    /// Adds a group: each child's encoding (`NUM_FEATURES` floats, by `encode_child(i, row)`)
    /// and target. More children than `slots` is a caller's bug.
    pub fn push_group(&mut self, targets: &[f32], mut encode_child: impl FnMut(usize, &mut [f32])) {
        assert!(targets.len() <= self.slots, "{} children for {} slots", targets.len(), self.slots);
        let start = self.features.len();
        self.features.resize(start + targets.len() * NUM_FEATURES, 0.0);
        for (i, row) in self.features[start..].chunks_exact_mut(NUM_FEATURES).enumerate() {
            encode_child(i, row);
        }
        self.target.extend_from_slice(targets);
        self.sizes.push(targets.len());
    }

    /// Number of groups.
    pub fn groups(&self) -> usize {
        self.sizes.len()
    }

    /// Number of children, over all groups.
    pub fn children(&self) -> usize {
        self.target.len()
    }

    /// The children of group `g`: their range in `target` (rows of `features`).
    pub fn group(&self, g: usize) -> std::ops::Range<usize> {
        let start = self.sizes[..g].iter().sum();
        start..start + self.sizes[g]
    }

    /// The groups `range`, as a batch of their own (the same slots).
    pub(crate) fn part(&self, range: std::ops::Range<usize>) -> SiblingBatch {
        let first: usize = self.sizes[..range.start].iter().sum();
        let last = first + self.sizes[range.clone()].iter().sum::<usize>();
        SiblingBatch {
            slots: self.slots,
            features: self.features[first * NUM_FEATURES..last * NUM_FEATURES].to_vec(),
            target: self.target[first..last].to_vec(),
            sizes: self.sizes[range].to_vec(),
        }
    }

    /// The children laid out `groups × slots`: each slot's child (its row), or `None` where
    /// the slot is empty.
    fn layout(&self) -> impl Iterator<Item = Option<usize>> + '_ {
        self.sizes
            .iter()
            .scan(0, |next, &size| {
                let first = *next;
                *next += size;
                Some((first, size))
            })
            .flat_map(|(first, size)| (0..self.slots).map(move |s| (s < size).then_some(first + s)))
    }
}

/// The mean cross-entropy over `b`'s groups of the softmax of predicted plies / `temperature`
/// (plies) against their targets, summed over `b` and divided by `all_groups` (`b.groups()`, or
/// every group's count where `b` is a part of them); `None` when the model has no moves-left
/// head or `b` is empty.
pub(crate) fn sibling_loss(
    model: &PolicyValueNet,
    b: &SiblingBatch,
    temperature: f32,
    all_groups: usize,
    device: &Device,
) -> Option<Tensor<1>> {
    let (groups, slots, n) = (b.groups(), b.slots, b.children());
    if groups == 0 {
        return None;
    }
    let t2 = |v: Vec<f32>, rows: usize, cols: usize| Tensor::<2>::from_data(TensorData::new(v, [rows, cols]), device);
    let plies = model.forward(t2(b.features.clone(), n, NUM_FEATURES)).moves_left?.reshape([n]);
    // Row `n` of the padded column is the empty slots' zero (masked out below).
    let padded = Tensor::cat(vec![plies, Tensor::zeros([1], device)], 0);
    let rows: Vec<i64> = b.layout().map(|r| r.unwrap_or(n) as i64).collect();
    let present: Vec<f32> = b.layout().map(|r| if r.is_some() { 1.0 } else { 0.0 }).collect();
    let target: Vec<f32> = b.layout().map(|r| r.map_or(0.0, |i| b.target[i])).collect();
    let index = Tensor::<1, Int>::from_data(TensorData::new(rows, [groups * slots]), device);
    let logits = padded.select(0, index).reshape([groups, slots]) * (PLIES_SCALE / temperature);
    let masked = logits + (t2(present, groups, slots) - 1.0) * 1.0e4;
    let ce = (t2(target, groups, slots) * log_softmax(masked, 1)).sum_dim(1).neg();
    Some(ce.reshape([groups]).sum() / all_groups.max(1) as f32)
}
