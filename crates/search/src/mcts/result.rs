//! What a search found, and move selection from it.

use musashi_game::Move;

/// The root's statistics after a search.
#[derive(Clone, Debug, PartialEq)]
pub struct SearchResult {
    /// The root's legal moves.
    pub moves: Vec<Move>,
    /// Visits per move.
    pub visits: Vec<u32>,
    /// The network's priors per move (no noise).
    pub priors: Vec<f32>,
    /// The policy training target per move (visit distribution, pruned; or the Gumbel
    /// improved policy).
    pub policy_target: Vec<f32>,
    /// The root's value for the side to move.
    pub value: f32,
    /// Whether this was a full search (a policy target worth training on).
    pub full: bool,
    /// Simulations run in this search.
    pub sims: u32,
    /// The Gumbel root's chosen move, when the Gumbel root is on.
    pub gumbel_choice: Option<Move>,
}

impl SearchResult {
    /// Picks the move to play. With the Gumbel root, its choice. Otherwise visit counts raised
    /// to 1/temperature (priors when nothing was visited); temperature 0 takes the most
    /// visited move (ties to the higher prior). `unit` is a uniform number in [0, 1).
    pub fn choose(&self, temperature: f32, unit: f32) -> Move {
        if let Some(m) = self.gumbel_choice {
            return m;
        }
        let visited = self.visits.iter().any(|&v| v > 0);
        let weight = |i: usize| if visited { self.visits[i] as f32 } else { self.priors[i] };
        if temperature <= 1e-3 {
            let best = (0..self.moves.len())
                .max_by(|&a, &b| weight(a).total_cmp(&weight(b)).then(self.priors[a].total_cmp(&self.priors[b])))
                .expect("a legal move");
            return self.moves[best];
        }
        let w: Vec<f64> = (0..self.moves.len()).map(|i| (weight(i) as f64).powf(1.0 / temperature as f64)).collect();
        let total: f64 = w.iter().sum();
        let mut x = unit as f64 * total;
        for (i, wi) in w.iter().enumerate() {
            if x < *wi {
                return self.moves[i];
            }
            x -= wi;
        }
        *self.moves.last().expect("a legal move")
    }
}
