//! The interface through which a search can ask an exact source (endgame tables, the solver)
//! about a position. The search crate defines it; the crate that owns the tables implements it,
//! so the search never depends on the solver.

use crate::agent::Score;
use musashi_game::Position;

/// An exact oracle for positions under the game-theoretic form of the rules (no repetition
/// rule, no move limit; endless play counts for the General) with one board and threshold.
pub trait Oracle: Send + Sync {
    /// The exact result for the side to move: `Score::WinIn(n)` or `Score::LossIn(n)` with `n`
    /// the plies to the end under perfect play, or `None` when the position is not covered.
    /// A General win by endless play (the soldiers cannot force a trap) has no distance: give
    /// any large `n` (the search caps it). Never `Score::Value`.
    fn probe(&self, pos: &Position) -> Option<Score>;
}
