//! The principal line of a position the soldiers win: from it, each side plays a move that keeps
//! its best value (the soldiers the shortest win, the General the longest delay), the first such
//! in move order, until the General is trapped.

use crate::table::Tables;
use crate::table_error::TableError;
use crate::value::Value;
use musashi_game::{Move, Position};

/// The moves of the principal line from `pos`, each with the value of the position it leads to:
/// as many moves as the soldiers' win is long, the last one trapping the General. Empty when the
/// General wins (in the solved form endless play is his, so no line ends) or the side to move
/// has no move.
pub fn principal_line(tables: &Tables, pos: &Position) -> Result<Vec<(Move, Value)>, TableError> {
    let mut line = Vec::new();
    let mut pos = *pos;
    while let Value::SoldiersWin(left) = tables.probe(&pos)? {
        let best = tables.best_moves(&pos)?;
        let Some(&(m, value)) = best.first() else { break };
        debug_assert_eq!(value, Value::SoldiersWin(left.saturating_sub(1)), "a best move keeps the value");
        line.push((m, value));
        pos = pos.play(m).0;
    }
    Ok(line)
}

/// A line's moves in notation, separated by spaces.
pub fn line_text(line: &[(Move, Value)]) -> String {
    line.iter().map(|(m, _)| m.to_string()).collect::<Vec<_>>().join(" ")
}
