//! What MCTS asks of a network, without knowing one: the `Evaluator` trait.

use crate::alphabeta::{Weights, evaluate};
use musashi_game::{NUM_ACTIONS, Snapshot};

/// An evaluator's answers for a batch of states.
#[derive(Debug, Default, Clone, PartialEq)]
pub struct Evaluations {
    /// `NUM_ACTIONS` policy logits per state, row-major (values at illegal actions are ignored).
    pub logits: Vec<f32>,
    /// One value in [-1, 1] per state, for its side to move.
    pub values: Vec<f32>,
    /// Predicted plies to the end of the game per state; empty when the evaluator does not
    /// predict them (no moves-left head).
    pub plies: Vec<f32>,
}

impl Evaluations {
    /// Empties every vector (an evaluator calls this first).
    pub fn clear(&mut self) {
        self.logits.clear();
        self.values.clear();
        self.plies.clear();
    }

    /// State `i`'s logits.
    pub fn logits_of(&self, i: usize) -> &[f32] {
        &self.logits[i * NUM_ACTIONS..(i + 1) * NUM_ACTIONS]
    }

    /// State `i`'s predicted plies to the end, if the evaluator predicts them.
    pub fn plies_of(&self, i: usize) -> Option<f32> {
        self.plies.get(i).copied()
    }
}

/// Evaluates batches of states. Implemented by network adapters (outside this crate) and by
/// `UniformEvaluator`.
pub trait Evaluator: Send {
    /// Fills `out` for `batch`: clears it first, then writes `batch.len() * NUM_ACTIONS`
    /// logits, `batch.len()` values and either `batch.len()` plies-to-end predictions or none.
    fn evaluate(&mut self, batch: &[Snapshot], out: &mut Evaluations);
}

/// Uniform priors and a value of 0 everywhere: MCTS with it is plain UCT with exact terminal
/// values (the generation-0 player, and a network-free baseline).
#[derive(Debug, Default, Clone, Copy)]
pub struct UniformEvaluator;

impl Evaluator for UniformEvaluator {
    fn evaluate(&mut self, batch: &[Snapshot], out: &mut Evaluations) {
        out.clear();
        out.logits.resize(batch.len() * NUM_ACTIONS, 0.0);
        out.values.resize(batch.len(), 0.0);
    }
}

/// The hand-written evaluation's units per unit of `tanh` in a blend (one soldier = 100).
pub const HEURISTIC_SCALE: f32 = 300.0;

/// Blends the hand-written evaluation (`alphabeta::evaluate` with `Weights::legacy()`, whose
/// units `scale` was chosen for) into another evaluator's values:
/// `v = (1 - weight) * v_inner + weight * tanh(eval / scale)`. A bootstrap for self-play while
/// the value head knows little: the lopsided game otherwise gives it almost only General wins
/// to learn from. Priors pass through unchanged.
pub struct HeuristicBlend {
    inner: Box<dyn Evaluator>,
    weight: f32,
    scale: f32,
    weights: Weights,
}

impl std::fmt::Debug for HeuristicBlend {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("HeuristicBlend")
            .field("weight", &self.weight)
            .field("scale", &self.scale)
            .finish_non_exhaustive()
    }
}

impl HeuristicBlend {
    /// `weight` in [0, 1]; `scale` in evaluation units (one soldier = 100).
    pub fn new(inner: Box<dyn Evaluator>, weight: f32, scale: f32) -> HeuristicBlend {
        HeuristicBlend { inner, weight: weight.clamp(0.0, 1.0), scale: scale.max(1.0), weights: Weights::legacy() }
    }
}

impl Evaluator for HeuristicBlend {
    fn evaluate(&mut self, batch: &[Snapshot], out: &mut Evaluations) {
        self.inner.evaluate(batch, out);
        for (s, v) in batch.iter().zip(out.values.iter_mut()) {
            let h = (evaluate(&s.position, s.rules.threshold(), &self.weights) as f32 / self.scale).tanh();
            *v = (1.0 - self.weight) * *v + self.weight * h;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use musashi_game::{Game, Preset};

    #[test]
    fn blend_moves_values_towards_the_heuristic() {
        let g = Game::new(Preset::Classic.ruleset());
        let s = g.snapshot();
        let mut out = Evaluations::default();
        HeuristicBlend::new(Box::new(UniformEvaluator), 0.0, 300.0).evaluate(&[s], &mut out);
        assert_eq!(out.values, [0.0]);
        HeuristicBlend::new(Box::new(UniformEvaluator), 1.0, 300.0).evaluate(&[s], &mut out);
        let h = (evaluate(&s.position, 5, &Weights::legacy()) as f32 / 300.0).tanh();
        assert!((out.values[0] - h).abs() < 1e-6 && h != 0.0);
        assert_eq!(out.logits.len(), NUM_ACTIONS);
        assert!(out.plies.is_empty());
    }
}
