//! Perfect play from an exact oracle: among the moves with the best exact value (the shortest
//! win, else the longest resistance), a seeded random one. Positions the oracle does not cover
//! are played by a fallback agent.

use crate::agent::{Agent, Analysis, Choice, Score};
use crate::oracle::Oracle;
use musashi_game::Game;
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use std::sync::Arc;

/// Plays the oracle's best moves.
pub struct PerfectAgent {
    name: String,
    oracle: Arc<dyn Oracle>,
    fallback: Box<dyn Agent>,
    rng: SmallRng,
}

impl std::fmt::Debug for PerfectAgent {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PerfectAgent").field("name", &self.name).finish_non_exhaustive()
    }
}

impl PerfectAgent {
    /// Perfect play from `oracle`, `fallback` where it does not cover a position.
    pub fn new(name: impl Into<String>, oracle: Arc<dyn Oracle>, fallback: Box<dyn Agent>) -> PerfectAgent {
        PerfectAgent { name: name.into(), oracle, fallback, rng: SmallRng::seed_from_u64(0) }
    }
}

/// Orders scores for the side to move: wins before losses, shorter wins, longer losses.
fn key(s: Score) -> (u8, i64) {
    match s {
        Score::WinIn(n) => (2, -(n as i64)),
        Score::Value(_) => (1, 0),
        Score::LossIn(n) => (0, n as i64),
    }
}

impl Agent for PerfectAgent {
    fn name(&self) -> String {
        self.name.clone()
    }

    fn new_game(&mut self, seed: u64) {
        self.rng = SmallRng::seed_from_u64(seed);
        self.fallback.new_game(seed ^ 0x5eed);
    }

    fn choose(&mut self, game: &Game) -> Choice {
        let legal = game.legal_moves();
        let threshold = game.rules().threshold();
        let scored = self
            .oracle
            .move_values(game.position(), threshold)
            .map(|all| all.into_iter().filter(|(m, _)| legal.contains(m)).collect::<Vec<_>>());
        match scored {
            Some(moves) if !moves.is_empty() => {
                let best = moves.iter().map(|&(_, s)| key(s)).max().expect("non-empty");
                let top: Vec<_> = moves.iter().filter(|&&(_, s)| key(s) == best).collect();
                let &(mv, score) = top[self.rng.random_range(0..top.len())];
                Choice { mv, analysis: Analysis { score: Some(score), pv: vec![mv], nodes: 0, depth: None } }
            }
            _ => self.fallback.choose(game),
        }
    }
}
