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

/// The children of some positions (groups), as plain arrays: `slots` per group, empty ones
/// absent. A group's target is a distribution over its present children.
#[derive(Debug, Default, Clone)]
pub struct SiblingBatch {
    /// Children per group (the largest group's count).
    pub slots: usize,
    /// `groups × slots × NUM_FEATURES` encoded children (zeros in empty slots).
    pub features: Vec<f32>,
    /// `groups × slots`: each group's target distribution over its children (0 in empty slots).
    pub target: Vec<f32>,
    /// `groups × slots`: 1 for a child, 0 for an empty slot.
    pub present: Vec<f32>,
}

impl SiblingBatch {
    /// Empties the batch for groups of up to `slots` children.
    pub fn reset(&mut self, slots: usize) {
        self.slots = slots;
        self.features.clear();
        self.target.clear();
        self.present.clear();
    }

    /// Adds a group: each child's encoding (`NUM_FEATURES` floats, by `encode_child(i, row)`)
    /// and target, the rest of its slots empty. More children than `slots` is a caller's bug.
    pub fn push_group(&mut self, targets: &[f32], mut encode_child: impl FnMut(usize, &mut [f32])) {
        assert!(targets.len() <= self.slots, "{} children for {} slots", targets.len(), self.slots);
        let start = self.features.len();
        self.features.resize(start + self.slots * NUM_FEATURES, 0.0);
        for (i, row) in self.features[start..].chunks_exact_mut(NUM_FEATURES).take(targets.len()).enumerate() {
            encode_child(i, row);
        }
        for i in 0..self.slots {
            self.target.push(targets.get(i).copied().unwrap_or(0.0));
            self.present.push(if i < targets.len() { 1.0 } else { 0.0 });
        }
    }

    /// Number of groups.
    pub fn groups(&self) -> usize {
        self.present.len().checked_div(self.slots).unwrap_or(0)
    }

    /// The groups `range`, as a batch of their own (the same slots).
    pub(crate) fn part(&self, range: std::ops::Range<usize>) -> SiblingBatch {
        let rows = |v: &[f32], width: usize| v[range.start * width..range.end * width].to_vec();
        SiblingBatch {
            slots: self.slots,
            features: rows(&self.features, self.slots * NUM_FEATURES),
            target: rows(&self.target, self.slots),
            present: rows(&self.present, self.slots),
        }
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
    let (groups, slots) = (b.groups(), b.slots);
    if groups == 0 {
        return None;
    }
    let t2 =
        |v: &[f32], rows: usize, cols: usize| Tensor::<2>::from_data(TensorData::new(v.to_vec(), [rows, cols]), device);
    let plies = model.forward(t2(&b.features, groups * slots, NUM_FEATURES)).moves_left?;
    let logits = plies.reshape([groups, slots]) * (PLIES_SCALE / temperature);
    let masked = logits + (t2(&b.present, groups, slots) - 1.0) * 1.0e4;
    let ce = (t2(&b.target, groups, slots) * log_softmax(masked, 1)).sum_dim(1).neg();
    Some(ce.reshape([groups]).sum() / all_groups.max(1) as f32)
}
