//! The two boards (with and without the setchin) and their precomputed tables: neighbour masks,
//! capture pairs and straight-line triples.

use crate::point::{MAX_POINTS, Point, coords_of, index_at};
use serde::{Deserialize, Serialize};
use std::fmt;

/// Which board a game is played on.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Serialize, Deserialize, Default)]
pub enum Board {
    /// The 33-point board: the 5×5 square plus the setchin below `c5`.
    #[default]
    #[serde(rename = "33")]
    Setchin33,
    /// The 25-point board: the square alone ("no setchin").
    #[serde(rename = "25")]
    Square25,
}

/// The eight step directions, clockwise from north: N, NE, E, SE, S, SW, W, NW, as
/// (column, row) offsets (rows grow downwards).
pub const DIRECTIONS: [(i8, i8); 8] = [(0, -1), (1, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1)];

/// The setchin's 16 lines, as written in the rules (`c5-b6 b6-a7 c5-d6 d6-e7 c5-c6 c6-c7 b6-c6
/// c6-d6 b6-b7 d6-d7 b6-c7 d6-c7 a7-b7 b7-c7 c7-d7 d7-e7`).
const SETCHIN_LINES: [(u8, u8); 16] = [
    (22, 25),
    (25, 28),
    (22, 27),
    (27, 32),
    (22, 26),
    (26, 30),
    (25, 26),
    (26, 27),
    (25, 29),
    (27, 31),
    (25, 30),
    (27, 30),
    (28, 29),
    (29, 30),
    (30, 31),
    (31, 32),
];

/// Mask of the square's 25 points.
pub const SQUARE_MASK: u64 = (1u64 << 25) - 1;
/// Mask of all 33 points.
pub const FULL_MASK: u64 = (1u64 << 33) - 1;

/// Whether `a` and `b` (indices on the 33-point board) are joined by a line.
const fn joined(a: u8, b: u8) -> bool {
    if a < 25 && b < 25 {
        let (ac, ar) = coords_of(a);
        let (bc, br) = coords_of(b);
        let dc = bc - ac;
        let dr = br - ar;
        if dc == 0 && dr == 0 || dc < -1 || dc > 1 || dr < -1 || dr > 1 {
            return false;
        }
        if dc == 0 || dr == 0 {
            return true;
        }
        // Diagonals only from points whose column + row is even (then the other end is even too).
        (ac + ar) % 2 == 0
    } else {
        let mut i = 0;
        while i < SETCHIN_LINES.len() {
            let (x, y) = SETCHIN_LINES[i];
            if (x == a && y == b) || (x == b && y == a) {
                return true;
            }
            i += 1;
        }
        false
    }
}

/// The step from `p` in direction `d` along a line of the 33-point board, if any.
pub(crate) const fn step(p: u8, d: usize) -> Option<u8> {
    let (c, r) = coords_of(p);
    match index_at(c + DIRECTIONS[d].0, r + DIRECTIONS[d].1) {
        Some(q) if joined(p, q) => Some(q),
        _ => None,
    }
}

/// Precomputed tables for one board.
#[derive(Debug)]
pub struct Topology {
    /// Mask of the board's points.
    pub mask: u64,
    /// Number of points (33 or 25).
    pub num_points: usize,
    /// Per point, the mask of points joined to it by a line on this board.
    pub neighbours: [u64; MAX_POINTS],
    /// Per point `p`, up to four masks of soldier pairs `a`, `b` such that `a p b` is a straight
    /// line (unused entries are 0, which never captures anything).
    pub capture_pairs: [[u64; 4]; MAX_POINTS],
    /// Number of lines (72 or 56).
    pub num_lines: usize,
    /// Number of straight-line triples `a p b` (capture triples).
    pub num_triples: usize,
    /// The smallest number of neighbours of any point (2 or 3).
    pub min_degree: u32,
}

const fn build(mask: u64) -> Topology {
    let mut neighbours = [0u64; MAX_POINTS];
    let mut capture_pairs = [[0u64; 4]; MAX_POINTS];
    let mut num_lines = 0;
    let mut num_triples = 0;
    let mut min_degree = u32::MAX;
    let mut p = 0u8;
    while (p as usize) < MAX_POINTS {
        if mask & (1u64 << p) != 0 {
            let mut d = 0;
            let mut pairs = 0;
            while d < 8 {
                if let Some(q) = step(p, d)
                    && mask & (1u64 << q) != 0
                {
                    neighbours[p as usize] |= 1u64 << q;
                    if q > p {
                        num_lines += 1;
                    }
                    // The opposite direction is d + 4; count each straight pair once (d < 4).
                    if d < 4
                        && let Some(o) = step(p, d + 4)
                        && mask & (1u64 << o) != 0
                    {
                        capture_pairs[p as usize][pairs] = (1u64 << q) | (1u64 << o);
                        pairs += 1;
                        num_triples += 1;
                    }
                }
                d += 1;
            }
            let deg = neighbours[p as usize].count_ones();
            if deg < min_degree {
                min_degree = deg;
            }
        }
        p += 1;
    }
    Topology {
        mask,
        num_points: mask.count_ones() as usize,
        neighbours,
        capture_pairs,
        num_lines,
        num_triples,
        min_degree,
    }
}

static TOPOLOGY_33: Topology = build(FULL_MASK);
static TOPOLOGY_25: Topology = build(SQUARE_MASK);

impl Board {
    /// Both boards.
    pub const ALL: [Board; 2] = [Board::Setchin33, Board::Square25];

    /// The board's precomputed tables.
    #[inline]
    pub fn topology(self) -> &'static Topology {
        match self {
            Board::Setchin33 => &TOPOLOGY_33,
            Board::Square25 => &TOPOLOGY_25,
        }
    }

    /// Mask of the board's points.
    #[inline]
    pub fn mask(self) -> u64 {
        match self {
            Board::Setchin33 => FULL_MASK,
            Board::Square25 => SQUARE_MASK,
        }
    }

    /// Number of points.
    pub fn num_points(self) -> usize {
        self.mask().count_ones() as usize
    }

    /// Whether the point exists on this board.
    #[inline]
    pub fn contains(self, p: Point) -> bool {
        self.mask() & p.bit() != 0
    }

    /// Points of this board in order.
    pub fn points(self) -> impl Iterator<Item = Point> {
        Point::all().filter(move |&p| self.contains(p))
    }

    /// Points joined to `p` by a line.
    #[inline]
    pub fn neighbours(self, p: Point) -> u64 {
        self.topology().neighbours[p.index()]
    }

    /// Whether `a` and `b` are joined by a line on this board.
    pub fn is_line(self, a: Point, b: Point) -> bool {
        self.contains(a) && self.neighbours(a) & b.bit() != 0
    }

    /// The point one step from `p` in direction `direction` (an index into `DIRECTIONS`) along a
    /// line of this board, if there is one. Two steps in one direction stay on one straight line.
    pub fn step(self, p: Point, direction: usize) -> Option<Point> {
        let q = Point::new(step(p.index() as u8, direction % 8)? as usize)?;
        (self.contains(p) && self.contains(q)).then_some(q)
    }

    /// Number of rows in the position notation (7 or 5).
    pub fn rows(self) -> usize {
        match self {
            Board::Setchin33 => 7,
            Board::Square25 => 5,
        }
    }

    /// The board's name in options and files: `33` or `25`.
    pub fn name(self) -> &'static str {
        match self {
            Board::Setchin33 => "33",
            Board::Square25 => "25",
        }
    }
}

impl fmt::Display for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl std::str::FromStr for Board {
    type Err = String;
    fn from_str(s: &str) -> Result<Board, String> {
        match s {
            "33" => Ok(Board::Setchin33),
            "25" => Ok(Board::Square25),
            _ => Err(format!("unknown board '{s}' (expected 33 or 25)")),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(name: &str) -> Point {
        Point::parse(name).unwrap()
    }

    #[test]
    fn counts_from_the_rules() {
        let t = Board::Setchin33.topology();
        assert_eq!(t.num_lines, 72);
        assert_eq!(t.num_triples, 50);
        assert_eq!(t.min_degree, 2);
        assert_eq!(t.num_points, 33);
        let s = Board::Square25.topology();
        assert_eq!(s.num_lines, 56);
        assert_eq!(s.min_degree, 3);
        assert_eq!(s.num_points, 25);
    }

    #[test]
    fn degrees_from_the_rules() {
        let b = Board::Setchin33;
        for corner in ["a1", "e1", "a5", "e5"] {
            assert_eq!(b.neighbours(p(corner)).count_ones(), 3, "{corner}");
        }
        assert_eq!(b.neighbours(p("c3")).count_ones(), 8);
        assert_eq!(b.neighbours(p("c5")).count_ones(), 8);
        assert_eq!(b.neighbours(p("a7")).count_ones(), 2);
        assert_eq!(b.neighbours(p("e7")).count_ones(), 2);
        assert!(!b.is_line(p("b5"), p("b6")));
        assert!(!b.is_line(p("d5"), p("d6")));
        assert!(b.is_line(p("c5"), p("b6")));
        assert!(!Board::Square25.is_line(p("c5"), p("c6")));
        assert_eq!(Board::Square25.neighbours(p("c5")).count_ones(), 5);
    }

    #[test]
    fn bent_line_at_c1_is_not_a_capture_triple() {
        let t = Board::Setchin33.topology();
        let pair = p("b2").bit() | p("d2").bit();
        assert!(!t.capture_pairs[p("c1").index()].contains(&pair));
        let straight = p("b1").bit() | p("d1").bit();
        assert!(t.capture_pairs[p("c1").index()].contains(&straight));
    }

    #[test]
    fn steps_are_the_lines_and_two_steps_a_capture_triple() {
        for board in Board::ALL {
            for a in board.points() {
                let by_step: u64 = (0..8).filter_map(|d| board.step(a, d)).map(|q| q.bit()).sum();
                assert_eq!(by_step, board.neighbours(a), "{a}");
                for d in 0..4 {
                    if let (Some(x), Some(y)) = (board.step(a, d), board.step(a, d + 4)) {
                        assert!(board.topology().capture_pairs[a.index()].contains(&(x.bit() | y.bit())), "{a} {d}");
                    }
                }
            }
        }
        assert_eq!(Board::Square25.step(p("c5"), 4), None);
        assert_eq!(Board::Setchin33.step(p("c5"), 4), Some(p("c6")));
    }
}
