//! Training steps: the loss (policy cross-entropy against search targets + value MSE + the
//! moves-left head's MSE on plies to the end, scaled) and the optimizer. The trainer crate feeds plain arrays; Burn stays inside this crate.

use crate::NetError;
use crate::encoding::{NUM_FEATURES, PLIES_SCALE};
use crate::model::{ModelConfig, PolicyValueNet};
use crate::network::Network;
use crate::siblings::{SiblingBatch, sibling_loss};
use crate::split_step::{Norm, SPLIT_FROM, add_grads, part, replica};
use crate::subnormal::flush_subnormals;
use burn::optim::{
    AdamConfig, AdamWConfig, GradientsParams, ModuleOptimizer, SgdConfig, decay::WeightDecayConfig,
    momentum::MomentumConfig,
};
use burn::prelude::*;
use burn::store::ModuleRecord;
use burn::tensor::Bytes;
use burn::tensor::TensorData;
use burn::tensor::activation::log_softmax;
use musashi_game::NUM_ACTIONS;
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// The optimizer and its settings.
#[derive(Clone, Copy, PartialEq, Debug, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum OptimizerKind {
    /// Adam with L2 weight decay.
    Adam,
    /// AdamW (decoupled weight decay).
    #[serde(rename = "adamw")]
    AdamW,
    /// SGD with Nesterov-free momentum 0.9 and L2 weight decay.
    SgdMomentum,
}

impl std::str::FromStr for OptimizerKind {
    type Err = NetError;
    fn from_str(s: &str) -> Result<OptimizerKind, NetError> {
        match s {
            "adam" => Ok(OptimizerKind::Adam),
            "adam-w" | "adamw" => Ok(OptimizerKind::AdamW),
            "sgd-momentum" => Ok(OptimizerKind::SgdMomentum),
            _ => Err(NetError::UnknownOptimizer(s.to_string())),
        }
    }
}

/// A minibatch as plain arrays.
#[derive(Debug, Default, Clone)]
pub struct TrainBatch {
    /// `batch × NUM_FEATURES` encoded positions.
    pub features: Vec<f32>,
    /// `batch × NUM_ACTIONS` policy targets (a distribution over legal actions, 0 elsewhere).
    pub policy: Vec<f32>,
    /// `batch × NUM_ACTIONS`: 1 for legal actions, 0 otherwise.
    pub legal: Vec<f32>,
    /// `batch` value targets in [-1, 1] for the side to move.
    pub value: Vec<f32>,
    /// `batch` weights of the policy loss (0 for positions without a full search).
    pub policy_weight: Vec<f32>,
    /// `batch` plies from each position to the end of its game (the moves-left target).
    pub plies: Vec<f32>,
}

impl TrainBatch {
    /// Empties the batch and sizes its per-position arrays for `n` positions: features, policy
    /// targets and legal masks all zero; the per-position lists empty, to be pushed.
    pub fn reset(&mut self, n: usize) {
        for (v, width) in
            [(&mut self.features, NUM_FEATURES), (&mut self.policy, NUM_ACTIONS), (&mut self.legal, NUM_ACTIONS)]
        {
            v.clear();
            v.resize(n * width, 0.0);
        }
        self.value.clear();
        self.policy_weight.clear();
        self.plies.clear();
    }

    /// Number of positions.
    pub fn len(&self) -> usize {
        self.value.len()
    }

    /// Whether the batch is empty.
    pub fn is_empty(&self) -> bool {
        self.value.is_empty()
    }
}

/// The losses of one step (batch means).
#[derive(Debug, Default, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Losses {
    /// Policy cross-entropy (weighted mean over positions with a policy target).
    pub policy: f32,
    /// Value mean squared error.
    pub value: f32,
    /// Moves-left mean squared error, in units of `PLIES_SCALE` plies (0 without the head).
    #[serde(default)]
    pub moves_left: f32,
    /// The optimised total: policy + value_weight × value + moves_left_weight × moves_left.
    pub total: f32,
}

/// How much each head's loss counts against the policy's.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct LossWeights {
    /// Weight of the value loss.
    pub value: f32,
    /// Weight of the moves-left loss (ignored without the head).
    pub moves_left: f32,
}

/// A model being trained with its optimizer state.
pub struct Learner {
    model: PolicyValueNet,
    optim: ModuleOptimizer,
    config: ModelConfig,
    /// The autodiff device training runs on.
    device: Device,
    /// The same device without autodiff, for inference copies.
    base: Device,
    weights: LossWeights,
    /// The threads its steps' matrix products use, when not every core's.
    pool: Option<Arc<rayon::ThreadPool>>,
    /// Whether a step cuts its batch in two halves that run side by side (`split_step.rs`):
    /// unless it was given one thread. Decided by the setting, not by the machine's cores, so
    /// that a run's weights are the same on any machine.
    split: bool,
}

impl std::fmt::Debug for Learner {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Learner").field("config", &self.config).field("device", &self.device).finish_non_exhaustive()
    }
}

impl Learner {
    /// Starts training `network`'s weights with a fresh optimizer.
    pub fn new(network: &Network, kind: OptimizerKind, weight_decay: f32, weights: LossWeights) -> Learner {
        let device = network.device().clone().autodiff();
        let model = network.model().clone().to_device(&device).train();
        let decay = (weight_decay > 0.0).then(|| WeightDecayConfig::new(weight_decay));
        let optim = match kind {
            OptimizerKind::Adam => AdamConfig::new().with_weight_decay(decay).init(),
            OptimizerKind::AdamW => AdamWConfig::new().with_weight_decay(weight_decay).init(),
            OptimizerKind::SgdMomentum => SgdConfig::new()
                .with_momentum(Some(MomentumConfig::new().with_momentum(0.9)))
                .with_weight_decay(decay)
                .init(),
        };
        let base = network.device().clone();
        Learner { model, optim, config: network.config(), device, base, weights, pool: None, split: true }
    }

    /// One optimizer step on `batch` with learning rate `lr`.
    pub fn step(&mut self, batch: &TrainBatch, lr: f64) -> Losses {
        self.on_pool(|me| me.step_here(batch, lr))
    }

    /// Runs `f` on the learner's thread pool, where it has one of its own.
    fn on_pool<R: Send>(&mut self, f: impl FnOnce(&mut Learner) -> R + Send) -> R {
        match self.pool.clone() {
            Some(pool) => pool.install(|| f(self)),
            None => f(self),
        }
    }

    /// Applies `grads` with learning rate `lr`.
    fn apply(&mut self, grads: GradientsParams, lr: f64) {
        self.model = flush_subnormals(self.optim.step(lr, self.model.clone(), grads));
    }

    /// Runs its steps on `threads` threads (0 = every core, the default). With one thread a step
    /// takes its batch whole; otherwise in two halves side by side (the same halves on any
    /// number of cores).
    pub fn with_threads(mut self, threads: usize) -> Result<Learner, NetError> {
        self.split = threads != 1;
        self.pool = match threads {
            0 => None,
            n => Some(Arc::new(
                rayon::ThreadPoolBuilder::new()
                    .num_threads(n)
                    .build()
                    .map_err(|e| NetError::Threads { threads: n, message: e.to_string() })?,
            )),
        };
        Ok(self)
    }

    fn step_here(&mut self, batch: &TrainBatch, lr: f64) -> Losses {
        let (grads, losses, _) = self.ranked_grads(batch, None);
        self.apply(grads, lr);
        losses
    }

    /// One optimizer step on `batch` plus `weight` × the ranking loss of `siblings` at
    /// `temperature` plies (`siblings.rs`), cut in halves as `step` cuts its batch (each half
    /// with half the groups); the losses (their `total` including the weighted ranking loss),
    /// and the ranking loss (0 without groups). Refused for a model without a moves-left head.
    pub fn step_ranked(
        &mut self,
        batch: &TrainBatch,
        siblings: &SiblingBatch,
        temperature: f32,
        weight: f32,
        lr: f64,
    ) -> Result<(Losses, f32), NetError> {
        if !self.config.has_moves_left() {
            return Err(NetError::NoMovesLeftHead);
        }
        let ranking = Ranking { siblings, temperature, weight };
        Ok(self.on_pool(|me| {
            let (grads, losses, rank) = me.ranked_grads(batch, Some(ranking));
            me.apply(grads, lr);
            (losses, rank)
        }))
    }

    /// The gradients, losses and ranking loss of `batch` (and `ranking`): in one pass, or from
    /// two halves side by side where the pool has two threads (`split_step.rs`).
    fn ranked_grads(&self, batch: &TrainBatch, ranking: Option<Ranking>) -> (GradientsParams, Losses, f32) {
        if !(self.split && batch.len() >= SPLIT_FROM) {
            return self.pass(&self.model, batch, ranking, None);
        }
        let norm = Norm::of(batch);
        let half = batch.len() / 2;
        let (a, b) = (part(batch, 0..half), part(batch, half..batch.len()));
        let groups = ranking.map_or(0, |r| r.siblings.groups());
        let (ra, rb) =
            (ranking.map(|r| r.siblings.part(0..groups / 2)), ranking.map(|r| r.siblings.part(groups / 2..groups)));
        let (ka, kb) = (with_groups(ranking, ra.as_ref()), with_groups(ranking, rb.as_ref()));
        let pass =
            |model: &PolicyValueNet, part: &TrainBatch, ranking| self.pass(model, part, ranking, Some((norm, groups)));
        // On one thread the halves run one after the other on the model itself (the same
        // arithmetic: a copy only lets the second half's graph run beside the first's).
        let ((ga, la, rank_a), (gb, lb, rank_b)) = if rayon::current_num_threads() > 1 {
            let other = replica(&self.model, &self.device);
            rayon::join(|| pass(&self.model, &a, ka), || pass(&other, &b, kb))
        } else {
            (pass(&self.model, &a, ka), pass(&self.model, &b, kb))
        };
        let losses = Losses {
            policy: la.policy + lb.policy,
            value: la.value + lb.value,
            moves_left: la.moves_left + lb.moves_left,
            total: la.total + lb.total,
        };
        (add_grads(&self.model, ga, gb), losses, rank_a + rank_b)
    }

    /// One pass of `model` over `batch` (and `ranking`): gradients, losses, ranking loss. A part
    /// divides its losses by the whole batch's counts and its groups' loss by all the groups.
    fn pass(
        &self,
        model: &PolicyValueNet,
        batch: &TrainBatch,
        ranking: Option<Ranking>,
        whole: Option<(Norm, usize)>,
    ) -> (GradientsParams, Losses, f32) {
        let (loss, mut losses) = loss_of(model, batch, self.weights, &self.device, whole.map(|w| w.0));
        let ranked = ranking.and_then(|r| {
            let groups = whole.map_or(r.siblings.groups(), |w| w.1);
            sibling_loss(model, r.siblings, r.temperature, groups, &self.device).map(|l| (l, r.weight))
        });
        let (loss, rank) = match ranked {
            Some((r, weight)) => {
                let value = scalar(&r);
                losses.total += weight * value;
                (loss + r * weight, value)
            }
            None => (loss, 0.0),
        };
        (GradientsParams::from_grads(loss.backward(), model), losses, rank)
    }

    /// The losses on `batch` without changing anything.
    pub fn evaluate(&self, batch: &TrainBatch) -> Losses {
        let plain = self.model.valid();
        loss_of(&plain, batch, self.weights, &self.base, None).1
    }

    /// An inference copy of the current weights.
    pub fn network(&self) -> Network {
        Network::from_model(&self.model, self.config, &self.base)
    }

    /// The exact training state: the model in Burn's native format (which keeps the parameter
    /// identities the optimizer state refers to) and the optimizer state.
    pub fn state(&self) -> Result<TrainingState, NetError> {
        let fail = |what, e: &dyn std::fmt::Debug| NetError::Serialise { what, message: format!("{e:?}") };
        let model = self.model.clone().into_record().into_bytes().map_err(|e| fail("the model state", &e))?.to_vec();
        let optimizer = self.optim.into_bytes().map_err(|e| fail("the optimizer", &e))?.to_vec();
        Ok(TrainingState { model, optimizer })
    }

    /// Resumes training exactly where `state` was taken, on `network`'s device.
    pub fn resume(
        network: &Network,
        kind: OptimizerKind,
        weight_decay: f32,
        weights: LossWeights,
        state: TrainingState,
    ) -> Result<Learner, NetError> {
        let fail = |what, e: &dyn std::fmt::Debug| NetError::Restore { what, message: format!("{e:?}") };
        let mut learner = Learner::new(network, kind, weight_decay, weights);
        let record =
            ModuleRecord::from_bytes(Bytes::from_bytes_vec(state.model)).map_err(|e| fail("the model state", &e))?;
        let model = learner.config.init(&learner.device);
        learner.model =
            model.try_load_record(record).map_err(|e| fail("the model state (another shape?)", &e))?.train();
        let optim = std::mem::replace(&mut learner.optim, AdamConfig::new().init());
        learner.optim =
            optim.from_bytes(Bytes::from_bytes_vec(state.optimizer)).map_err(|e| fail("the optimizer state", &e))?;
        Ok(learner)
    }
}

/// What resuming training needs besides the weights: see `Learner::state`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TrainingState {
    /// The model in Burn's native record format.
    pub model: Vec<u8>,
    /// The optimizer state.
    pub optimizer: Vec<u8>,
}

/// The loss of `b` and its parts. With `norm` (a part of a batch), sums divided by the whole
/// batch's counts, so that the parts' losses add up to the batch's; without, `b`'s own means.
fn loss_of(
    model: &PolicyValueNet,
    b: &TrainBatch,
    weights: LossWeights,
    device: &Device,
    norm: Option<Norm>,
) -> (Tensor<1>, Losses) {
    let n = b.len();
    assert!(n > 0, "empty batch");
    assert_eq!(b.features.len(), n * NUM_FEATURES);
    assert_eq!(b.policy.len(), n * NUM_ACTIONS);
    assert_eq!(b.legal.len(), n * NUM_ACTIONS);
    let t2 = |v: &[f32], cols: usize| Tensor::<2>::from_data(TensorData::new(v.to_vec(), [n, cols]), device);
    let heads = model.forward(t2(&b.features, NUM_FEATURES));
    let (logits, value) = (heads.logits, heads.value);
    // Illegal actions get a large negative logit, so the softmax is over legal moves only.
    let masked = logits + (t2(&b.legal, NUM_ACTIONS) - 1.0) * 1.0e4;
    let logp = log_softmax(masked, 1);
    let ce = (t2(&b.policy, NUM_ACTIONS) * logp).sum_dim(1).neg().reshape([n]);
    let w = Tensor::<1>::from_data(TensorData::new(b.policy_weight.clone(), [n]), device);
    let wsum = norm.unwrap_or_else(|| Norm::of(b)).policy_weight;
    let mean = |t: Tensor<1>| match norm {
        None => t.mean(),
        Some(norm) => t.sum() / norm.positions,
    };
    let policy = (ce * w).sum() / wsum;
    let target = Tensor::<1>::from_data(TensorData::new(b.value.clone(), [n]), device);
    let diff = value.reshape([n]) - target;
    let value_loss = mean(diff.clone() * diff);
    let mut total = policy.clone() + value_loss.clone() * weights.value;
    let mut moves_left = 0.0;
    if let Some(m) = heads.moves_left {
        assert_eq!(b.plies.len(), n, "a moves-left target per position");
        let scaled: Vec<f32> = b.plies.iter().map(|p| p / PLIES_SCALE).collect();
        let d = m.reshape([n]) - Tensor::<1>::from_data(TensorData::new(scaled, [n]), device);
        let loss = mean(d.clone() * d);
        moves_left = scalar(&loss);
        total = total + loss * weights.moves_left;
    }
    let losses = Losses { policy: scalar(&policy), value: scalar(&value_loss), moves_left, total: scalar(&total) };
    (total, losses)
}

/// A one-element tensor's value.
/// The sibling ranking of a ranked step: the groups, the softmax's plies per nat, the loss's
/// weight.
#[derive(Clone, Copy)]
struct Ranking<'a> {
    siblings: &'a SiblingBatch,
    temperature: f32,
    weight: f32,
}

/// `ranking` with `siblings` (a part of its groups) as its groups.
fn with_groups<'a>(ranking: Option<Ranking<'a>>, siblings: Option<&'a SiblingBatch>) -> Option<Ranking<'a>> {
    ranking.zip(siblings).map(|(r, siblings)| Ranking { siblings, ..r })
}

fn scalar(t: &Tensor<1>) -> f32 {
    t.clone().into_data().try_into_vec::<f32>().expect("f32")[0]
}
