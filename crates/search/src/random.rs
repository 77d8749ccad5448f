//! The uniformly random player.

use crate::agent::{Agent, Choice};
use musashi_game::Game;
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

/// Plays a uniformly random legal move.
#[derive(Debug)]
pub struct RandomAgent {
    rng: SmallRng,
}

impl RandomAgent {
    /// A random agent with this seed.
    pub fn new(seed: u64) -> RandomAgent {
        RandomAgent { rng: SmallRng::seed_from_u64(seed) }
    }
}

impl Agent for RandomAgent {
    fn name(&self) -> String {
        "random".to_string()
    }

    fn new_game(&mut self, seed: u64) {
        self.rng = SmallRng::seed_from_u64(seed);
    }

    fn choose(&mut self, game: &Game) -> Choice {
        let moves = game.legal_moves();
        assert!(!moves.is_empty(), "choose called on a finished game");
        Choice::plain(moves[self.rng.random_range(0..moves.len())])
    }
}
