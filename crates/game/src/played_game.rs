//! `PlayedGame`: a finished game as every part of the pipeline records it (a match game, a
//! stored self-play game). The wrappers around it add only what their context knows: a match's
//! index and opening plies, a run's game id, generation and players.

use crate::{Game, Move, Outcome, Position, Ruleset};

/// A finished game: its rules, where it started, its seed, every move and how it ended.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct PlayedGame {
    /// The ruleset it was played under.
    pub rules: Ruleset,
    /// The position it started from.
    pub start: Position,
    /// The seed it was played with.
    pub seed: u64,
    /// Every move, in order.
    pub moves: Vec<Move>,
    /// How it ended.
    pub outcome: Outcome,
}

impl PlayedGame {
    /// The record of `game`, ended with `outcome` (its own, or the endless-play adjudication of
    /// `Game::outcome_or_endless`).
    pub fn of(game: &Game, seed: u64, outcome: Outcome) -> PlayedGame {
        PlayedGame { rules: *game.rules(), start: *game.start_position(), seed, moves: game.moves().collect(), outcome }
    }

    /// Moves played.
    pub fn length(&self) -> usize {
        self.moves.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{EndReason, Preset, Side};

    #[test]
    fn a_record_keeps_the_start_the_moves_and_the_outcome() {
        let rules = Preset::Classic.ruleset();
        let mut game = Game::new(rules);
        let first = game.legal_moves()[0];
        game.play(first).expect("a legal move");
        game.resign(Side::Soldiers);
        let outcome = game.outcome().expect("resigned");
        let record = PlayedGame::of(&game, 9, outcome);
        assert_eq!(record.start, Position::start(rules.board, rules.first));
        assert_eq!(record.moves, vec![first]);
        assert_eq!(record.length(), 1);
        assert_eq!(record.seed, 9);
        assert_eq!(record.outcome, Outcome { winner: Side::General, reason: EndReason::Resignation });
    }
}
