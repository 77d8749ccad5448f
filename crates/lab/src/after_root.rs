//! An evaluator that gives a search's root the moves-left head's ranking of its children: where
//! the root's value says the game is decided, each root move's logit gains its child's predicted
//! plies to the end over a temperature — more for the side that loses (the longest resistance),
//! less for the side that wins (the quickest win) — so that the search starts from the policy
//! times the ranking's softmax (the lab's `combined` pick at 0 simulations). The children are
//! evaluated by the same network, once per root; a search that later visits them evaluates them
//! again. For the probes only (`musashi-lab agentprobe --after-root`): the search itself does
//! not know it.

use musashi_game::{Move, NUM_ACTIONS, Snapshot};
use musashi_search::{Evaluations, Evaluator};
use std::sync::{Arc, Mutex};

/// The root a search is about to start from, and the position after each of its moves.
#[derive(Debug, Clone)]
pub struct RootChildren {
    /// The root.
    pub root: Snapshot,
    /// Each legal move of the root and the position after it (its game's counters kept).
    pub children: Vec<(Move, Snapshot)>,
}

/// Where the prober tells an `AfterRoot` the root of the search it is about to run (or none).
pub type RootHandle = Arc<Mutex<Option<RootChildren>>>;

/// Wraps an evaluator; the root to adjust is set through the shared handle (`root`).
pub struct AfterRoot {
    inner: Box<dyn Evaluator>,
    temperature: f32,
    /// |value| from which the root counts as decided.
    decided: f32,
    root: RootHandle,
    scratch: Evaluations,
}

impl std::fmt::Debug for AfterRoot {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("AfterRoot").field("temperature", &self.temperature).field("decided", &self.decided).finish()
    }
}

impl AfterRoot {
    /// `inner` with the ranking at `temperature` plies per nat, from |value| ≥ `decided`; the
    /// handle sets the root (or none).
    pub fn new(inner: Box<dyn Evaluator>, temperature: f32, decided: f32) -> (AfterRoot, RootHandle) {
        let root = Arc::new(Mutex::new(None));
        let me = AfterRoot { inner, temperature, decided, root: root.clone(), scratch: Evaluations::default() };
        (me, root)
    }
}

impl Evaluator for AfterRoot {
    fn evaluate(&mut self, batch: &[Snapshot], out: &mut Evaluations) {
        self.inner.evaluate(batch, out);
        let guard = self.root.lock().expect("the root's lock");
        let Some(rc) = guard.as_ref() else { return };
        for (i, s) in batch.iter().enumerate() {
            if *s != rc.root || out.plies.is_empty() || out.values[i].abs() < self.decided {
                continue;
            }
            let children: Vec<Snapshot> = rc.children.iter().map(|c| c.1).collect();
            self.inner.evaluate(&children, &mut self.scratch);
            if self.scratch.plies.len() != children.len() {
                continue;
            }
            // The losing side wants the most plies, the winning side the fewest.
            let sign = -out.values[i].signum();
            for ((mv, _), plies) in rc.children.iter().zip(&self.scratch.plies) {
                out.logits[i * NUM_ACTIONS + mv.action()] += sign * plies / self.temperature;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use musashi_game::{Game, Preset, Side};

    /// Logits 0 everywhere; value −0.9 for the General to move and 0.9 for the soldiers; plies
    /// from the position's hash.
    struct Fixed;

    impl Evaluator for Fixed {
        fn evaluate(&mut self, batch: &[Snapshot], out: &mut Evaluations) {
            out.clear();
            out.logits.resize(batch.len() * NUM_ACTIONS, 0.0);
            for s in batch {
                out.values.push(if s.position.side_to_move() == Side::General { -0.9 } else { 0.9 });
                out.plies.push((s.position.hash() % 40) as f32);
            }
        }
    }

    #[test]
    fn a_lost_roots_moves_gain_their_childrens_plies_and_nothing_else_changes() {
        let g = Game::new(Preset::Classic.ruleset());
        let children: Vec<(Move, Snapshot)> = g
            .legal_moves()
            .iter()
            .map(|&m| {
                let mut c = g.clone();
                c.play(m).unwrap();
                (m, c.snapshot())
            })
            .collect();
        let (mut e, handle) = AfterRoot::new(Box::new(Fixed), 2.0, 0.5);
        let other = children[0].1;
        let mut plain = Evaluations::default();
        Fixed.evaluate(&[g.snapshot(), other], &mut plain);
        let mut out = Evaluations::default();
        e.evaluate(&[g.snapshot(), other], &mut out);
        assert_eq!(out, plain, "no root set: the inner evaluator's answers");
        *handle.lock().unwrap() = Some(RootChildren { root: g.snapshot(), children: children.clone() });
        e.evaluate(&[other, g.snapshot()], &mut out);
        assert_eq!((out.values[0], out.values[1]), (plain.values[1], plain.values[0]));
        assert_eq!(out.logits_of(0), plain.logits_of(1), "another position keeps its logits");
        // The side that loses wants the most plies, the side that wins the fewest.
        let sign = if g.position().side_to_move() == Side::General { 1.0 } else { -1.0 };
        for (mv, child) in &children {
            let expected = sign * (child.position.hash() % 40) as f32 / 2.0;
            assert_eq!(out.logits_of(1)[mv.action()], expected);
        }
        let moved: usize = out.logits_of(1).iter().filter(|&&l| l != 0.0).count();
        assert!(moved <= children.len());
    }
}
