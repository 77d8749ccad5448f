//! A training step on a batch (and a ranked step's groups of children) cut into parts that run
//! side by side. Burn's CPU backend runs the step's small matrix products and every element-wise
//! operation on one thread, so a second core idles; a batch cut in two, each half's forward and
//! backward pass on its own thread, keeps both busy. Each part runs on its own copy of the model
//! (autodiff keeps a graph per set of leaves and runs each graph's backward pass under its lock:
//! parts sharing the leaves would wait for each other), its losses divided by the whole batch's
//! counts (and its groups' ranking loss by all the groups) so that the parts' gradients add up to
//! the whole batch's. The cut is the same whatever the number of threads, so a run's weights do
//! not depend on the machine's cores.

use crate::encoding::NUM_FEATURES;
use crate::model::PolicyValueNet;
use crate::training::TrainBatch;
use burn::module::{Module, ModuleVisitor, Param};
use burn::optim::GradientsParams;
use burn::prelude::*;
use musashi_game::NUM_ACTIONS;

/// Parts of a batch: a batch this large or larger is cut in two.
pub(crate) const SPLIT_FROM: usize = 64;

/// What a part's losses are divided by: the whole batch's counts.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Norm {
    /// The sum of the whole batch's policy weights (at least 1e-6).
    pub policy_weight: f32,
    /// The whole batch's positions.
    pub positions: f32,
}

impl Norm {
    pub(crate) fn of(b: &TrainBatch) -> Norm {
        Norm { policy_weight: b.policy_weight.iter().sum::<f32>().max(1e-6), positions: b.len() as f32 }
    }
}

/// The batch's positions `range`, as a batch of their own.
pub(crate) fn part(b: &TrainBatch, range: std::ops::Range<usize>) -> TrainBatch {
    let rows = |v: &[f32], width: usize| v[range.start * width..range.end * width].to_vec();
    TrainBatch {
        features: rows(&b.features, NUM_FEATURES),
        policy: rows(&b.policy, NUM_ACTIONS),
        legal: rows(&b.legal, NUM_ACTIONS),
        value: rows(&b.value, 1),
        policy_weight: rows(&b.policy_weight, 1),
        plies: if b.plies.is_empty() { Vec::new() } else { rows(&b.plies, 1) },
    }
}

/// A copy of `model` with leaves of its own (the same weights and parameter ids).
pub(crate) fn replica(model: &PolicyValueNet, device: &Device) -> PolicyValueNet {
    model.valid().to_device(device).train()
}

/// Adds `other`'s gradient to `into`'s for every parameter of the model it visits.
struct AddGrads<'a> {
    into: &'a mut GradientsParams,
    other: &'a mut GradientsParams,
}

impl ModuleVisitor for AddGrads<'_> {
    fn visit_float<const D: usize>(&mut self, param: &Param<Tensor<D>>) {
        let sum = match (self.into.remove::<D>(param.id), self.other.remove::<D>(param.id)) {
            (Some(a), Some(b)) => a + b,
            (Some(g), None) | (None, Some(g)) => g,
            (None, None) => return,
        };
        self.into.register(param.id, sum);
    }
}

/// `a`'s and `b`'s gradients added, for every parameter of `model`.
pub(crate) fn add_grads(model: &PolicyValueNet, mut a: GradientsParams, mut b: GradientsParams) -> GradientsParams {
    model.visit(&mut AddGrads { into: &mut a, other: &mut b });
    a
}
