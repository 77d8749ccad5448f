//! What MCTS asks of a network, without knowing one: the `Evaluator` trait.

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
