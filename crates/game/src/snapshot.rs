//! A position in its game context: what a searcher or a network needs to know about a state
//! beyond the pieces (the ruleset, how many moves the limit still allows, how often the
//! position has occurred).

use crate::game::Game;
use crate::position::Position;
use crate::rules::Ruleset;

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
}
