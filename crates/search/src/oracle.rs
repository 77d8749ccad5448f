//! The interface through which a search (or a validation) asks an exact source (endgame
//! tables, the solver) about a position. The search crate defines it; the crate that owns the
//! tables implements it, so the search never depends on the solver.

use crate::agent::Score;
use musashi_game::{Move, MoveLimit, Position, Repetition, Side, Snapshot};

/// An exact oracle for positions under the game-theoretic form of the rules (no repetition
/// rule, no move limit; endless play counts for the General) with one board and threshold.
pub trait Oracle: Send + Sync {
    /// The exact result for the side to move: `Score::WinIn(n)` or `Score::LossIn(n)` with `n`
    /// the plies to the end under perfect play, or `None` when the position is not covered.
    /// A General win by endless play (the soldiers cannot force a trap) has no distance: give
    /// any large `n` (the search caps it). Never `Score::Value`.
    fn probe(&self, pos: &Position) -> Option<Score>;

    /// Every movement-legal move of `pos` (not itself an ended position) with the exact
    /// result it leads to, for the side to move in `pos`, under the capture `threshold`;
    /// `None` if a child that is not ended at once is not covered. The default asks `probe`
    /// about each child; an oracle that knows its moves directly may override it.
    fn move_values(&self, pos: &Position, threshold: u32) -> Option<Vec<(Move, Score)>> {
        let mut out = Vec::new();
        for &m in pos.moves().iter() {
            let (child, captured) = pos.play(m);
            // Too few soldiers after a capture, a trap, or soldiers left without a move: the
            // mover wins at once. (A trapped General is checked first, as the rules do; the
            // General's move can never trap itself.)
            let score = if (captured != 0 && child.num_soldiers() <= threshold) || !child.has_moves() {
                Score::WinIn(1)
            } else {
                match self.probe(&child)? {
                    Score::WinIn(n) => Score::LossIn(n.saturating_add(1)),
                    Score::LossIn(n) => Score::WinIn(n.saturating_add(1)),
                    Score::Value(_) => return None,
                }
            };
            out.push((m, score));
        }
        Some(out)
    }
}

/// Orders exact values for the side to move: wins before losses, shorter wins, longer losses
/// (`Score::Value`, which an oracle never gives, in between).
pub fn exact_rank(s: Score) -> (u8, i64) {
    match s {
        Score::WinIn(n) => (2, -(n as i64)),
        Score::Value(_) => (1, 0),
        Score::LossIn(n) => (0, n as i64),
    }
}

/// The moves of `values` (`Oracle::move_values`) with the best exact value: every shortest
/// win, or every longest loss.
pub fn best_moves(values: &[(Move, Score)]) -> Vec<Move> {
    let best = values.iter().map(|&(_, s)| exact_rank(s)).max();
    values.iter().filter(|&&(_, s)| Some(exact_rank(s)) == best).map(|&(m, _)| m).collect()
}

/// An oracle's solved-form result turned into a value for the side to move under the state's
/// own rules, where it still holds: a General win (the soldiers cannot force a trap) holds
/// under every move limit and repetition rule, which only help the General; a soldiers' forced
/// trap in n plies counts only when no repetition rule could break the forcing line and the
/// move limit leaves room for it. `None` otherwise.
pub fn oracle_value(state: &Snapshot, score: Score) -> Option<f32> {
    oracle_value_in_game(state, score, false)
}

/// `oracle_value`, knowing whether the game so far is unrepeated: every position before this
/// one is known and none occurred twice. Under `third-time-general-wins` a soldiers' forced trap
/// then holds too: along a line where the soldiers keep the shortest win, the distance falls by
/// one every ply, so the line's positions are all different, and each can meet at most its
/// second occurrence, never a third.
pub fn oracle_value_in_game(state: &Snapshot, score: Score, unrepeated: bool) -> Option<f32> {
    let mover = state.position.side_to_move();
    let (winner, plies) = match score {
        Score::WinIn(n) => (mover, n),
        Score::LossIn(n) => (mover.opponent(), n),
        Score::Value(_) => return None,
    };
    if winner == Side::Soldiers {
        let holds = match state.rules.repetition {
            Repetition::None => true,
            Repetition::ThirdTimeGeneralWins => unrepeated && state.repetition_count < 2,
            // A forcing move may recreate an earlier position, which this rule forbids.
            Repetition::SoldiersMayNotRepeat => false,
        };
        if !holds {
            return None;
        }
        let soldier_moves = if mover == Side::Soldiers { plies.div_ceil(2) } else { plies / 2 };
        let fits = match (state.rules.move_limit, state.moves_left) {
            (MoveLimit::Plies(_), Some(left)) => plies <= left,
            (MoveLimit::SoldierMoves(_), Some(left)) => soldier_moves <= left,
            _ => true,
        };
        if !fits {
            return None;
        }
    }
    Some(if winner == mover { 1.0 } else { -1.0 })
}

#[cfg(test)]
mod tests {
    use super::*;
    use musashi_game::{Game, Preset};

    #[test]
    fn a_soldiers_forced_trap_holds_under_the_repetition_rule_only_in_an_unrepeated_game() {
        let mut rules = Preset::Classic.ruleset();
        let soldiers_win = Score::LossIn(9); // the General to move at the start
        let at = |rules| Game::new(rules).snapshot();
        assert_eq!(rules.repetition, Repetition::ThirdTimeGeneralWins);
        assert_eq!(oracle_value(&at(rules), soldiers_win), None, "without the game's history");
        assert_eq!(oracle_value_in_game(&at(rules), soldiers_win, true), Some(-1.0));
        assert_eq!(oracle_value_in_game(&at(rules), soldiers_win, false), None);
        assert_eq!(oracle_value_in_game(&at(rules), Score::WinIn(9), false), Some(1.0), "a General win always holds");
        rules.repetition = Repetition::SoldiersMayNotRepeat;
        assert_eq!(oracle_value_in_game(&at(rules), soldiers_win, true), None);
        rules.repetition = Repetition::None;
        assert_eq!(oracle_value(&at(rules), soldiers_win), Some(-1.0));
    }
}
