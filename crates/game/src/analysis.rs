//! What the game's interface shows: threatened soldiers, the General's capture destinations
//! with counts, and unsafe soldier moves.

use crate::moves::Move;
use crate::point::{Bits, Point};
use crate::position::Position;
use crate::side::Side;

/// Soldiers the General could capture with its next move (whoever is to move now).
pub fn threatened_soldiers(pos: &Position) -> u64 {
    Bits(pos.general_destinations()).fold(0, |acc, to| acc | pos.captures_at(to))
}

/// The General's destinations that capture, with how many soldiers each takes.
pub fn capture_destinations(pos: &Position) -> Vec<(Point, u32)> {
    Bits(pos.general_destinations()).map(|to| (to, pos.captures_at(to).count_ones())).filter(|&(_, n)| n > 0).collect()
}

/// With the soldiers to move: the moves after which the General could capture the soldier that
/// moved. Empty when the General is to move.
pub fn unsafe_soldier_moves(pos: &Position) -> Vec<Move> {
    if pos.side_to_move() != Side::Soldiers {
        return Vec::new();
    }
    pos.moves().iter().copied().filter(|&m| is_unsafe_soldier_move(pos, m)).collect()
}

/// Whether the soldier move `m` (legal, the soldiers to move in `pos`) lets the General capture
/// the soldier that moved.
pub fn is_unsafe_soldier_move(pos: &Position, m: Move) -> bool {
    threatened_soldiers(&pos.play(m).0) & m.to.bit() != 0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_threats() {
        let pos: Position = "SSSSS/S...S/S.G.S/S...S/SSSSS/.../..... g".parse().unwrap();
        let names = |m: u64| Bits(m).map(|p| p.to_string()).collect::<Vec<_>>();
        // b2 captures c1+a3, d2 c1+e3, b4 a3+c5, d4 e3+c5. c2, b3, d3 and c4 capture nothing:
        // their straight pairs run through c3, which the General leaves empty, or through
        // empty points.
        let t = threatened_soldiers(&pos);
        assert_eq!(names(t), ["c1", "a3", "e3", "c5"]);
        let dest: Vec<(String, u32)> =
            capture_destinations(&pos).into_iter().map(|(p, n)| (p.to_string(), n)).collect();
        assert_eq!(dest, [("b2".into(), 2), ("d2".into(), 2), ("b4".into(), 2), ("d4".into(), 2)]);
    }
}
