//! The action space: directed lines. Every move is one step along a line, so a move is a
//! directed line `from → to`. The 33-point board has 144 of them, the 25-point board 112.
//!
//! Stable order (documented in `docs/actions.md`): first the square's directed lines, by `from`
//! point in point order, then by direction clockwise from north (N, NE, E, SE, S, SW, W, NW);
//! then the directed lines that touch the setchin, ordered the same way. The 25-point board's
//! actions are thus exactly the first 112 actions of the 33-point board, with the same indices.

use crate::board::{Board, step};
use crate::moves::Move;
use crate::point::{MAX_POINTS, Point};

/// Number of actions on the 33-point board.
pub const NUM_ACTIONS: usize = 144;
/// Number of actions on the 25-point board (a prefix of the 33-point board's).
pub const NUM_ACTIONS_SQUARE: usize = 112;

const NONE: u8 = u8::MAX;

struct Table {
    from: [u8; NUM_ACTIONS],
    to: [u8; NUM_ACTIONS],
    index: [[u8; MAX_POINTS]; MAX_POINTS],
}

const fn build() -> Table {
    let mut t = Table { from: [0; NUM_ACTIONS], to: [0; NUM_ACTIONS], index: [[NONE; MAX_POINTS]; MAX_POINTS] };
    let mut n = 0;
    let mut pass = 0;
    while pass < 2 {
        let mut from = 0u8;
        while (from as usize) < MAX_POINTS {
            let mut d = 0;
            while d < 8 {
                if let Some(to) = step(from, d) {
                    let in_square = from < 25 && to < 25;
                    if in_square == (pass == 0) {
                        t.from[n] = from;
                        t.to[n] = to;
                        t.index[from as usize][to as usize] = n as u8;
                        n += 1;
                    }
                }
                d += 1;
            }
            from += 1;
        }
        pass += 1;
    }
    assert!(n == NUM_ACTIONS);
    t
}

static TABLE: Table = build();

impl Board {
    /// Size of this board's action space (144 or 112).
    pub fn num_actions(self) -> usize {
        match self {
            Board::Setchin33 => NUM_ACTIONS,
            Board::Square25 => NUM_ACTIONS_SQUARE,
        }
    }
}

impl Move {
    /// The move's action index (valid on every board on which the move exists).
    #[inline]
    pub fn action(self) -> usize {
        TABLE.index[self.from.index()][self.to.index()] as usize
    }

    /// The move of an action index, if the index exists on the board.
    #[inline]
    pub fn from_action(board: Board, action: usize) -> Option<Move> {
        if action >= board.num_actions() {
            return None;
        }
        Some(Move::new_unchecked(Point::new(TABLE.from[action] as usize)?, Point::new(TABLE.to[action] as usize)?))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_line_twice_and_round_trip() {
        for board in Board::ALL {
            assert_eq!(board.num_actions(), 2 * board.topology().num_lines);
            for a in 0..board.num_actions() {
                let m = Move::from_action(board, a).unwrap();
                assert!(board.is_line(m.from, m.to), "{m}");
                assert_eq!(m.action(), a);
            }
            assert_eq!(Move::from_action(board, board.num_actions()), None);
        }
        let first = Move::from_action(Board::Setchin33, 0).unwrap();
        assert_eq!(first.to_string(), "a1-b1");
    }
}

#[cfg(test)]
mod docs_tests {
    use super::*;

    #[test]
    fn action_table_in_docs_matches_the_engine() {
        let doc = include_str!("../../../docs/actions.md");
        let rows: Vec<(usize, String)> = doc
            .lines()
            .filter_map(|l| {
                let f: Vec<&str> = l.split('|').map(str::trim).collect();
                Some((f.get(1)?.parse().ok()?, f.get(2)?.to_string()))
            })
            .collect();
        assert_eq!(rows.len(), NUM_ACTIONS);
        for (i, name) in rows {
            assert_eq!(Move::from_action(Board::Setchin33, i).unwrap().to_string(), name, "action {i}");
        }
    }
}
