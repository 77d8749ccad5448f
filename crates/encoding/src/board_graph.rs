//! The board as a graph, for networks that share their weights across points: which point lies
//! one or two steps from each point along each line, and which two points and direction each
//! action joins. The tables are of the 33-point board; on the 25-point board the setchin's
//! points are absent from the input (their point planes are all zero), so a network masks them.

use crate::NUM_FEATURES;
use musashi_game::{Board, Move, NUM_ACTIONS, Point};

/// Points of the largest board: the rows of a per-point tensor.
pub const POINTS: usize = 33;
/// Step directions (N, NE, E, SE, S, SW, W, NW).
pub const DIRECTIONS: usize = 8;
/// The encoding's per-point planes (General, soldiers, empty, destinations, threatened), which
/// open the feature vector, plane after plane, 33 floats each.
pub const POINT_PLANES: usize = 5;
/// The encoding's global features, after the point planes.
pub const GLOBALS: usize = NUM_FEATURES - POINT_PLANES * POINTS;
/// The row that stands for "no point" in a neighbour table: a per-point tensor gets a zero row
/// appended at this index before it is gathered.
pub const NO_POINT: usize = POINTS;

/// For each point `p`, each direction `d` and each step `s` in `1..=reach`, the point `s` steps
/// from `p` along `d`, or `NO_POINT`; laid out `[p][d][s - 1]`, so that gathering a
/// `[points + 1, channels]` tensor with it and reshaping gives each point its neighbours'
/// channels side by side.
pub fn neighbour_index(reach: usize) -> Vec<usize> {
    let board = Board::Setchin33;
    let mut out = Vec::with_capacity(POINTS * DIRECTIONS * reach);
    for p in 0..POINTS {
        for d in 0..DIRECTIONS {
            let mut at = Point::new(p);
            for _ in 0..reach {
                at = at.and_then(|q| board.step(q, d));
                out.push(at.map_or(NO_POINT, |q| q.index()));
            }
        }
    }
    out
}

/// For each action, in action order: `from * DIRECTIONS + d` and `to * DIRECTIONS + d`, where
/// `d` is the direction of the step from `from` to `to`. A policy head scores an action from a
/// `[points, directions]` table of its start and one of its end.
pub fn action_ends() -> Vec<(usize, usize)> {
    let board = Board::Setchin33;
    (0..NUM_ACTIONS)
        .map(|a| {
            let m = Move::from_action(board, a).expect("every action exists on the 33-point board");
            let d = (0..DIRECTIONS).find(|&d| board.step(m.from, d) == Some(m.to)).expect("an action is a step");
            (m.from.index() * DIRECTIONS + d, m.to.index() * DIRECTIONS + d)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn neighbours_are_the_board_lines() {
        let one = neighbour_index(1);
        let two = neighbour_index(2);
        assert_eq!(one.len(), POINTS * DIRECTIONS);
        for p in 0..POINTS {
            let point = Point::new(p).unwrap();
            let mask: u64 =
                one[p * DIRECTIONS..(p + 1) * DIRECTIONS].iter().filter(|&&q| q != NO_POINT).map(|&q| 1u64 << q).sum();
            assert_eq!(mask, Board::Setchin33.neighbours(point), "point {p}");
            for d in 0..DIRECTIONS {
                assert_eq!(two[(p * DIRECTIONS + d) * 2], one[p * DIRECTIONS + d]);
                let far = two[(p * DIRECTIONS + d) * 2 + 1];
                if far != NO_POINT {
                    // The middle point sees both ends on one straight line: a capture triple.
                    let mid = one[p * DIRECTIONS + d];
                    let pair = (1u64 << p) | (1u64 << far);
                    assert!(Board::Setchin33.topology().capture_pairs[mid].contains(&pair), "{p} {d}");
                }
            }
        }
    }

    #[test]
    fn action_ends_name_the_move() {
        for (a, (from, to)) in action_ends().into_iter().enumerate() {
            let m = Move::from_action(Board::Setchin33, a).unwrap();
            assert_eq!((from / DIRECTIONS, to / DIRECTIONS), (m.from.index(), m.to.index()));
            assert_eq!(from % DIRECTIONS, to % DIRECTIONS);
        }
    }
}
