//! The greedy player: looks one move ahead. It takes a move that wins at once, avoids moves
//! that lose at once, and otherwise plays the move whose resulting position the evaluation
//! (`alphabeta::Weights::legacy()`, the hand-set weights, kept so that this baseline does not
//! move with the alpha-beta's tuning) likes best for it, breaking ties with its seed.

use crate::agent::{Agent, Analysis, Choice, Score};
use crate::alphabeta::{Weights, evaluate_for_mover};
use musashi_game::Game;
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

/// One-ply greedy player.
#[derive(Debug)]
pub struct GreedyAgent {
    rng: SmallRng,
    weights: Weights,
}

impl GreedyAgent {
    /// A greedy agent with this seed.
    pub fn new(seed: u64) -> GreedyAgent {
        GreedyAgent { rng: SmallRng::seed_from_u64(seed), weights: Weights::legacy() }
    }
}

impl Agent for GreedyAgent {
    fn name(&self) -> String {
        "greedy".to_string()
    }

    fn new_game(&mut self, seed: u64) {
        self.rng = SmallRng::seed_from_u64(seed);
    }

    fn choose(&mut self, game: &Game) -> Choice {
        let moves = game.legal_moves();
        assert!(!moves.is_empty(), "choose called on a finished game");
        let me = game.position().side_to_move();
        let threshold = game.rules().threshold();
        let mut best = Vec::new();
        let mut best_score = i32::MIN;
        let mut g = game.clone();
        for &m in moves.iter() {
            g.play(m).expect("a legal move");
            let score = match g.outcome() {
                Some(o) if o.winner == me => i32::MAX,
                Some(_) => i32::MIN + 1,
                None => -evaluate_for_mover(g.position(), threshold, &self.weights),
            };
            g.undo();
            if score > best_score {
                best_score = score;
                best.clear();
            }
            if score == best_score {
                best.push(m);
            }
        }
        let mv = best[self.rng.random_range(0..best.len())];
        let score = match best_score {
            i32::MAX => Score::WinIn(1),
            s if s == i32::MIN + 1 => Score::LossIn(1),
            s => Score::Value((s as f32 / 300.0).tanh()),
        };
        Choice {
            mv,
            analysis: Analysis { score: Some(score), pv: vec![mv], nodes: moves.len() as u64, depth: Some(1) },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use musashi_game::{Position, Preset};

    #[test]
    fn takes_a_win_and_plays_legal_games() {
        let pos: Position = "G.S../SS.../...../...../....S s".parse().unwrap();
        let game = Game::from_position(Preset::NoSetchin.ruleset(), pos).unwrap();
        let c = GreedyAgent::new(0).choose(&game);
        assert_eq!(c.mv.to_string(), "c1-b1");
        assert_eq!(c.analysis.score, Some(Score::WinIn(1)));
        for preset in Preset::ALL {
            let mut a = GreedyAgent::new(3);
            let mut game = Game::new(preset.ruleset());
            let mut n = 0;
            while !game.is_over() && n < 400 {
                game.play(a.choose(&game).mv).unwrap();
                n += 1;
            }
        }
    }
}
