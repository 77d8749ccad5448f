//! What MCTS asks of a network, without knowing one: the `Evaluator` trait.

use crate::alphabeta::{Weights, evaluate};
use musashi_game::{NUM_ACTIONS, Snapshot};

/// Evaluates batches of states. Implemented by network adapters (outside this crate) and by
/// `UniformEvaluator`.
pub trait Evaluator: Send {
    /// For each state, writes `NUM_ACTIONS` policy logits (values at illegal actions are
    /// ignored) into `logits` and one value in [-1, 1] for the side to move into `values`.
    /// Both vectors are cleared first and end with `batch.len() * NUM_ACTIONS` and
    /// `batch.len()` entries.
    fn evaluate(&mut self, batch: &[Snapshot], logits: &mut Vec<f32>, values: &mut Vec<f32>);
}

/// Uniform priors and a value of 0 everywhere: MCTS with it is plain UCT with exact terminal
/// values (the generation-0 player, and a network-free baseline).
#[derive(Debug, Default, Clone, Copy)]
pub struct UniformEvaluator;

impl Evaluator for UniformEvaluator {
    fn evaluate(&mut self, batch: &[Snapshot], logits: &mut Vec<f32>, values: &mut Vec<f32>) {
        logits.clear();
        logits.resize(batch.len() * NUM_ACTIONS, 0.0);
        values.clear();
        values.resize(batch.len(), 0.0);
    }
}

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
    fn evaluate(&mut self, batch: &[Snapshot], logits: &mut Vec<f32>, values: &mut Vec<f32>) {
        self.inner.evaluate(batch, logits, values);
        for (s, v) in batch.iter().zip(values.iter_mut()) {
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
        let (mut l, mut v) = (Vec::new(), Vec::new());
        HeuristicBlend::new(Box::new(UniformEvaluator), 0.0, 300.0).evaluate(&[s], &mut l, &mut v);
        assert_eq!(v, [0.0]);
        HeuristicBlend::new(Box::new(UniformEvaluator), 1.0, 300.0).evaluate(&[s], &mut l, &mut v);
        let h = (evaluate(&s.position, 5, &Weights::legacy()) as f32 / 300.0).tanh();
        assert!((v[0] - h).abs() < 1e-6 && h != 0.0);
        assert_eq!(l.len(), NUM_ACTIONS);
    }
}
