//! Moves (`from-to`) and the allocation-free move list.

use crate::board::Board;
use crate::point::Point;
use std::fmt;

/// One step of one piece along a line, written `from-to` (for example `c3-b2`).
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct Move {
    /// Where the piece stands.
    pub from: Point,
    /// Where it goes (an adjacent empty point).
    pub to: Point,
}

/// Why a move string was refused.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum MoveParseError {
    /// Not of the form `from-to`.
    Syntax(String),
    /// A point name that does not exist (on this board).
    Point(String),
    /// Both points exist but no line joins them.
    NotALine(String),
}

impl fmt::Display for MoveParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveParseError::Syntax(s) => {
                write!(f, "'{}' is not a move: expected from-to, for example c3-b2", crate::notation::excerpt(s))
            }
            MoveParseError::Point(msg) => f.write_str(msg),
            MoveParseError::NotALine(s) => {
                write!(f, "no line joins the two points of '{}'", crate::notation::excerpt(s))
            }
        }
    }
}

impl std::error::Error for MoveParseError {}

impl Move {
    /// A move between two points, without checking that a line joins them.
    #[inline]
    pub const fn new_unchecked(from: Point, to: Point) -> Move {
        Move { from, to }
    }

    /// Parses `from-to` on `board`: both points must exist there and be joined by a line.
    /// Whether the move is legal in a position is a separate question.
    /// Point names may be given in either case (`C3-B2` is `c3-b2`).
    pub fn parse(board: Board, s: &str) -> Result<Move, MoveParseError> {
        let lower = s.to_ascii_lowercase();
        let (a, b) = lower.split_once('-').ok_or_else(|| MoveParseError::Syntax(s.to_string()))?;
        let point = |name: &str| -> Result<Point, MoveParseError> {
            let p = Point::parse(name).map_err(MoveParseError::Point)?;
            if !board.contains(p) {
                return Err(MoveParseError::Point(format!("{p} is not on the {board}-point board")));
            }
            Ok(p)
        };
        let (from, to) = (point(a)?, point(b)?);
        if !board.is_line(from, to) {
            return Err(MoveParseError::NotALine(s.to_string()));
        }
        Ok(Move { from, to })
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}", self.from, self.to)
    }
}

/// Upper bound on the number of legal moves: every move uses one line, and one line can carry
/// at most one move (one end must hold the mover's piece, the other must be empty). 72 lines.
pub const MAX_MOVES: usize = 72;

/// A fixed-capacity list of moves; generating moves never allocates.
#[derive(Clone)]
pub struct MoveList {
    moves: [Move; MAX_MOVES],
    len: usize,
}

impl MoveList {
    /// An empty list.
    #[inline]
    pub fn new() -> MoveList {
        let p = Point::new(0).expect("point 0 exists");
        MoveList { moves: [Move::new_unchecked(p, p); MAX_MOVES], len: 0 }
    }

    /// Appends a move.
    #[inline]
    pub fn push(&mut self, m: Move) {
        self.moves[self.len] = m;
        self.len += 1;
    }

    /// Keeps only the moves for which `keep` is true.
    pub fn retain(&mut self, mut keep: impl FnMut(Move) -> bool) {
        let mut j = 0;
        for i in 0..self.len {
            if keep(self.moves[i]) {
                self.moves[j] = self.moves[i];
                j += 1;
            }
        }
        self.len = j;
    }
}

impl Default for MoveList {
    fn default() -> Self {
        MoveList::new()
    }
}

impl std::ops::Deref for MoveList {
    type Target = [Move];
    #[inline]
    fn deref(&self) -> &[Move] {
        &self.moves[..self.len]
    }
}

impl std::ops::DerefMut for MoveList {
    #[inline]
    fn deref_mut(&mut self) -> &mut [Move] {
        &mut self.moves[..self.len]
    }
}

impl fmt::Debug for MoveList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter().map(|m| m.to_string())).finish()
    }
}

impl<'a> IntoIterator for &'a MoveList {
    type Item = &'a Move;
    type IntoIter = std::slice::Iter<'a, Move>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}
