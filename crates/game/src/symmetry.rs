//! Board symmetries: the left–right mirror of the 33-point board, and the 8 symmetries of the
//! square for the 25-point board, applied to points, positions and action indices.

use crate::board::Board;
use crate::moves::Move;
use crate::point::{Bits, MAX_POINTS, Point, coords_of, index_at};
use crate::position::Position;

/// A symmetry of the square (the dihedral group of order 8).
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum Symmetry {
    /// Leaves every point in place.
    Identity,
    /// Quarter turn clockwise.
    Rotate90,
    /// Half turn.
    Rotate180,
    /// Quarter turn anticlockwise.
    Rotate270,
    /// Left–right mirror (files a↔e); the only non-trivial symmetry of the 33-point board.
    MirrorLeftRight,
    /// Top–bottom mirror (ranks 1↔5).
    MirrorTopBottom,
    /// Mirror in the diagonal a1–e5.
    Transpose,
    /// Mirror in the diagonal e1–a5.
    AntiTranspose,
}

const ALL: [Symmetry; 8] = [
    Symmetry::Identity,
    Symmetry::Rotate90,
    Symmetry::Rotate180,
    Symmetry::Rotate270,
    Symmetry::MirrorLeftRight,
    Symmetry::MirrorTopBottom,
    Symmetry::Transpose,
    Symmetry::AntiTranspose,
];

const SETCHIN_SYMMETRIES: [Symmetry; 2] = [Symmetry::Identity, Symmetry::MirrorLeftRight];

const fn map_coords(s: usize, c: i8, r: i8) -> (i8, i8) {
    match s {
        0 => (c, r),
        1 => (4 - r, c),
        2 => (4 - c, 4 - r),
        3 => (r, 4 - c),
        4 => (4 - c, r),
        5 => (c, 4 - r),
        6 => (r, c),
        _ => (4 - r, 4 - c),
    }
}

const fn build() -> [[u8; MAX_POINTS]; 8] {
    let mut t = [[0u8; MAX_POINTS]; 8];
    let mut s = 0;
    while s < 8 {
        let mut p = 0u8;
        while (p as usize) < MAX_POINTS {
            let (c, r) = coords_of(p);
            // Setchin points are only moved by the identity and the left-right mirror.
            let mapped = if p < 25 || s == 0 || s == 4 {
                let (mc, mr) = map_coords(s, c, r);
                match index_at(mc, mr) {
                    Some(q) => q,
                    None => panic!("symmetry leaves the board"),
                }
            } else {
                p
            };
            t[s][p as usize] = mapped;
            p += 1;
        }
        s += 1;
    }
    t
}

static POINT_MAP: [[u8; MAX_POINTS]; 8] = build();

impl Board {
    /// The symmetries of this board (identity first).
    pub fn symmetries(self) -> &'static [Symmetry] {
        match self {
            Board::Setchin33 => &SETCHIN_SYMMETRIES,
            Board::Square25 => &ALL,
        }
    }
}

impl Symmetry {
    /// Whether this symmetry maps `board` onto itself.
    pub fn applies_to(self, board: Board) -> bool {
        board.symmetries().contains(&self)
    }

    /// The symmetry that undoes this one.
    pub fn inverse(self) -> Symmetry {
        match self {
            Symmetry::Rotate90 => Symmetry::Rotate270,
            Symmetry::Rotate270 => Symmetry::Rotate90,
            s => s,
        }
    }

    /// The image of a point. On the 33-point board only the identity and the left-right mirror
    /// are symmetries; others leave setchin points in place and must not be used there.
    #[inline]
    pub fn point(self, p: Point) -> Point {
        Point::new(POINT_MAP[self as usize][p.index()] as usize).expect("maps onto points")
    }

    /// The image of a mask of points.
    pub fn mask(self, m: u64) -> u64 {
        Bits(m).fold(0, |acc, p| acc | self.point(p).bit())
    }

    /// The image of a move.
    pub fn apply_move(self, m: Move) -> Move {
        Move::new_unchecked(self.point(m.from), self.point(m.to))
    }

    /// The image of an action index (on a board this symmetry applies to).
    pub fn action(self, a: usize) -> usize {
        let m = Move::from_action(Board::Setchin33, a).expect("valid action index");
        self.apply_move(m).action()
    }

    /// The image of a position.
    ///
    /// # Panics
    /// If the symmetry does not apply to the position's board.
    pub fn position(self, pos: &Position) -> Position {
        assert!(self.applies_to(pos.board()), "{self:?} is not a symmetry of the {}-point board", pos.board());
        Position::new(pos.board(), self.point(pos.general()), self.mask(pos.soldiers()), pos.side_to_move())
            .expect("a symmetry maps a valid position to a valid position")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn symmetries_preserve_lines_and_invert() {
        for board in Board::ALL {
            for &s in board.symmetries() {
                for a in board.points() {
                    assert!(board.contains(s.point(a)));
                    assert_eq!(s.inverse().point(s.point(a)), a);
                    for b in board.points() {
                        assert_eq!(board.is_line(a, b), board.is_line(s.point(a), s.point(b)), "{s:?} {a} {b}");
                    }
                }
                for a in 0..board.num_actions() {
                    let img = s.action(a);
                    assert!(img < board.num_actions());
                    assert_eq!(s.inverse().action(img), a);
                }
            }
        }
    }
}
