//! The Gumbel root (Danihelka et al., "Policy improvement by planning with Gumbel", 2022):
//! sample m actions without replacement by Gumbel-top-k of logits + noise, then spend the
//! simulation budget by sequential halving, keeping the half with the best
//! g + logit + σ(q̂). The policy target is softmax(logits + σ(completed Q)).

use crate::mcts::config::GumbelRoot;

/// The σ transform: (c_visit + max visits) · c_scale · q̂, with q̂ = (q + 1) / 2 in [0, 1].
pub(crate) fn sigma(cfg: &GumbelRoot, max_visits: u32, q: f32) -> f32 {
    (cfg.c_visit + max_visits as f32) * cfg.c_scale * (q + 1.0) / 2.0
}

/// The sequential-halving schedule at one root.
#[derive(Clone, Debug)]
pub(crate) struct Halving {
    /// Root-child slots (0-based among the root's children) still in contention.
    pub remaining: Vec<usize>,
    /// Visits still to give in this phase, in order.
    queue: Vec<usize>,
    phases: u32,
    budget: u32,
}

impl Halving {
    /// Starts with the `considered` slots (already chosen by Gumbel-top-k) and a budget of
    /// simulations for the root's children.
    pub(crate) fn new(considered: Vec<usize>, budget: u32) -> Halving {
        let m = considered.len().max(1) as u32;
        let phases = 32 - (m - 1).leading_zeros();
        let mut h = Halving { remaining: considered, queue: Vec::new(), phases: phases.max(1), budget };
        h.fill();
        h
    }

    fn fill(&mut self) {
        let k = self.remaining.len() as u32;
        let per = (self.budget / (self.phases * k.max(1))).max(1);
        self.queue.clear();
        for _ in 0..per {
            self.queue.extend(self.remaining.iter().rev());
        }
    }

    /// The next root child to visit. `score(slot)` ranks the slots when a phase ends.
    pub(crate) fn next(&mut self, score: impl Fn(usize) -> f32) -> usize {
        if self.queue.is_empty() {
            if self.remaining.len() > 1 {
                let mut ranked: Vec<(f32, usize)> = self.remaining.iter().map(|&s| (score(s), s)).collect();
                ranked.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)));
                let keep = ranked.len().div_ceil(2);
                self.remaining = ranked[..keep].iter().map(|&(_, s)| s).collect();
            }
            self.fill();
        }
        self.queue.pop().expect("a filled queue")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn halving_keeps_the_best_half_each_phase() {
        // 4 actions, budget 16: 2 phases; phase 1 gives each 2 visits, then the best 2 remain.
        let mut h = Halving::new(vec![0, 1, 2, 3], 16);
        let score = |s: usize| s as f32; // slot 3 best
        let mut first: Vec<usize> = (0..8).map(|_| h.next(score)).collect();
        first.sort();
        assert_eq!(first, [0, 0, 1, 1, 2, 2, 3, 3]);
        let second: Vec<usize> = (0..8).map(|_| h.next(score)).collect();
        assert!(second.iter().all(|&s| s == 2 || s == 3), "{second:?}");
        assert_eq!(h.remaining, [3, 2]);
    }
}
