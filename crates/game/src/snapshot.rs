//! A position in its game context: what a searcher or a network needs to know about a state
//! beyond the pieces (the ruleset, how many moves the limit still allows, how often the
//! position has occurred).

use crate::game::{BoardMismatch, Game};
use crate::position::Position;
use crate::rules::{MoveLimit, Ruleset};

/// A position with the parts of its game's history that affect play.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct Snapshot {
    /// The pieces and the side to move.
    pub position: Position,
    /// The ruleset.
    pub rules: Ruleset,
    /// Moves the limit still allows, in its unit (plies or soldier moves), if there is a limit.
    pub moves_left: Option<u32>,
    /// How many times this position has occurred in the game (1 the first time).
    pub repetition_count: u32,
}

impl Game {
    /// The current state in context.
    pub fn snapshot(&self) -> Snapshot {
        Snapshot {
            position: *self.position(),
            rules: *self.rules(),
            moves_left: self.moves_left(),
            repetition_count: self.repetition_count(),
        }
    }

    /// A game at `s`'s position whose move limit allows `s.moves_left` more moves. The moves
    /// before it are not known, so repetitions count from here: its positions after moves
    /// occur for the first time unless they repeat one of its own (what a training sample's
    /// children need, whose game is not stored).
    pub fn from_snapshot(s: &Snapshot) -> Result<Game, BoardMismatch> {
        let used = |limit: u32| limit.saturating_sub(s.moves_left.unwrap_or(limit));
        let (plies, soldier_moves) = match s.rules.move_limit {
            MoveLimit::Plies(n) => (used(n), 0),
            MoveLimit::SoldierMoves(n) => (0, used(n)),
            MoveLimit::None => (0, 0),
        };
        Game::with_counters(s.rules, s.position, plies, soldier_moves)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Preset;

    #[test]
    fn a_game_rebuilt_from_a_snapshot_counts_the_same_moves_left_after_every_move() {
        for preset in Preset::ALL {
            let mut g = Game::new(preset.ruleset());
            for _ in 0..12 {
                let Some(&m) = g.legal_moves().iter().last() else { break };
                g.play(m).unwrap();
                if g.is_over() {
                    break;
                }
            }
            let mut rebuilt = Game::from_snapshot(&g.snapshot()).unwrap();
            assert_eq!(rebuilt.snapshot(), Snapshot { repetition_count: 1, ..g.snapshot() }, "{preset:?}");
            for m in g.legal_moves().iter().take(4) {
                let (mut a, mut b) = (g.clone(), rebuilt.clone());
                a.play(*m).unwrap();
                b.play(*m).unwrap();
                assert_eq!(a.moves_left(), b.moves_left(), "{preset:?} {m:?}");
                assert_eq!(a.position(), b.position());
                assert_eq!(a.outcome(), b.outcome());
            }
            rebuilt.play(g.legal_moves()[0]).unwrap();
        }
    }
}
