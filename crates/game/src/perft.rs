//! Perft: the number of move sequences of a given length, for testing move generation and
//! measuring its speed. It applies the capture threshold and the trap / soldiers-stuck endings
//! (positions without moves have no children), and no repetition rule or move limit.

use crate::moves::Move;
use crate::position::Position;

/// Leaves at `depth` plies below `pos`. A position reached by a capture that leaves `threshold`
/// or fewer soldiers is terminal. Uses bulk counting at the last ply.
pub fn perft(pos: &Position, threshold: u32, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    count(pos, threshold, depth)
}

/// Perft split by first move: `(move, leaves)` for each legal move of `pos`.
pub fn perft_divide(pos: &Position, threshold: u32, depth: u32) -> Vec<(Move, u64)> {
    assert!(depth >= 1, "divide needs depth >= 1");
    pos.moves()
        .iter()
        .map(|&m| {
            let (next, captured) = pos.play(m);
            let n = if depth == 1 {
                1
            } else if captured != 0 && next.num_soldiers() <= threshold {
                0
            } else {
                count(&next, threshold, depth - 1)
            };
            (m, n)
        })
        .collect()
}

fn count(pos: &Position, threshold: u32, depth: u32) -> u64 {
    if depth == 1 {
        return pos.count_moves() as u64;
    }
    let mut n = 0;
    for &m in pos.moves().iter() {
        let (next, captured) = pos.play(m);
        if captured != 0 && next.num_soldiers() <= threshold {
            continue;
        }
        n += count(&next, threshold, depth - 1);
    }
    n
}
