//! A position: where the pieces stand, on which board, and who is to move. Positions are small
//! `Copy` values; playing a move returns a new one. They know the movement and capture rules but
//! nothing of the game's history (see `Game` for endings that need it).

use crate::board::Board;
use crate::moves::{Move, MoveList};
use crate::point::{Bits, Point};
use crate::side::Side;
use crate::zobrist;

/// The most soldiers a position may hold.
pub const MAX_SOLDIERS: u32 = 16;

/// Pieces on the points plus the side to move.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct Position {
    soldiers: u64,
    hash: u64,
    general: Point,
    side: Side,
    board: Board,
}

/// Why a set of pieces is not a position.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum PieceError {
    /// A piece on a point the board does not have.
    OffBoard(Point),
    /// The General and a soldier on the same point.
    Overlap(Point),
    /// More than sixteen soldiers.
    TooManySoldiers(u32),
}

impl std::fmt::Display for PieceError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            PieceError::OffBoard(p) => write!(f, "a piece stands on {p}, which is not on this board"),
            PieceError::Overlap(p) => write!(f, "the General and a soldier both stand on {p}"),
            PieceError::TooManySoldiers(n) => write!(f, "{n} soldiers; a position holds at most {MAX_SOLDIERS}"),
        }
    }
}

impl std::error::Error for PieceError {}

/// The points of the starting soldiers: the square's 16 edge points.
pub const START_SOLDIERS: u64 = 0b11111_10001_10001_10001_11111;

impl Position {
    /// A position from its pieces, checked.
    pub fn new(board: Board, general: Point, soldiers: u64, side: Side) -> Result<Position, PieceError> {
        if !board.contains(general) {
            return Err(PieceError::OffBoard(general));
        }
        if let Some(p) = Bits(soldiers & !board.mask()).next() {
            return Err(PieceError::OffBoard(p));
        }
        if soldiers & general.bit() != 0 {
            return Err(PieceError::Overlap(general));
        }
        let n = soldiers.count_ones();
        if n > MAX_SOLDIERS {
            return Err(PieceError::TooManySoldiers(n));
        }
        let hash = zobrist::hash_from_scratch(board, general.index(), soldiers, side);
        Ok(Position { soldiers, hash, general, side, board })
    }

    /// The starting position: General on `c3`, soldiers on the square's edge.
    pub fn start(board: Board, side_to_move: Side) -> Position {
        let c3 = Point::new(12).expect("c3 exists");
        Position::new(board, c3, START_SOLDIERS, side_to_move).expect("the start is a valid position")
    }

    /// The board.
    #[inline]
    pub fn board(&self) -> Board {
        self.board
    }
    /// The General's point.
    #[inline]
    pub fn general(&self) -> Point {
        self.general
    }
    /// Mask of the soldiers' points.
    #[inline]
    pub fn soldiers(&self) -> u64 {
        self.soldiers
    }
    /// Number of soldiers.
    #[inline]
    pub fn num_soldiers(&self) -> u32 {
        self.soldiers.count_ones()
    }
    /// The side to move.
    #[inline]
    pub fn side_to_move(&self) -> Side {
        self.side
    }
    /// The Zobrist key, kept up to date by `play`.
    #[inline]
    pub fn hash(&self) -> u64 {
        self.hash
    }
    /// Mask of the empty points.
    #[inline]
    pub fn empty(&self) -> u64 {
        self.board.mask() & !(self.soldiers | self.general.bit())
    }

    /// The same pieces with the other side to move.
    pub fn with_side_to_move(&self, side: Side) -> Position {
        let mut p = *self;
        if side != p.side {
            p.side = side;
            p.hash ^= zobrist::side_key();
        }
        p
    }

    /// Mask of the points the General can step to.
    #[inline]
    pub fn general_destinations(&self) -> u64 {
        self.board.neighbours(self.general) & self.empty()
    }

    /// The soldiers the General captures by arriving at `to` (every straight pair through `to`).
    #[inline]
    pub fn captures_at(&self, to: Point) -> u64 {
        let s = self.soldiers;
        let mut captured = 0;
        // Unused pair slots are 0 and add nothing.
        for &pair in &self.board.topology().capture_pairs[to.index()] {
            if s & pair == pair {
                captured |= pair;
            }
        }
        captured
    }

    /// The movement-legal moves of the side to move (no history-dependent rule applied).
    pub fn moves(&self) -> MoveList {
        let mut list = MoveList::new();
        let empty = self.empty();
        let nbr = &self.board.topology().neighbours;
        match self.side {
            Side::General => {
                for to in Bits(nbr[self.general.index()] & empty) {
                    list.push(Move::new_unchecked(self.general, to));
                }
            }
            Side::Soldiers => {
                for from in Bits(self.soldiers) {
                    for to in Bits(nbr[from.index()] & empty) {
                        list.push(Move::new_unchecked(from, to));
                    }
                }
            }
        }
        list
    }

    /// The number of movement-legal moves, without listing them.
    #[inline]
    pub fn count_moves(&self) -> u32 {
        let empty = self.empty();
        let nbr = &self.board.topology().neighbours;
        match self.side {
            Side::General => (nbr[self.general.index()] & empty).count_ones(),
            Side::Soldiers => Bits(self.soldiers).map(|s| (nbr[s.index()] & empty).count_ones()).sum(),
        }
    }

    /// Whether the side to move has any movement-legal move.
    #[inline]
    pub fn has_moves(&self) -> bool {
        let empty = self.empty();
        let nbr = &self.board.topology().neighbours;
        match self.side {
            Side::General => nbr[self.general.index()] & empty != 0,
            Side::Soldiers => Bits(self.soldiers).any(|s| nbr[s.index()] & empty != 0),
        }
    }

    /// Whether `m` is a movement-legal move here.
    pub fn is_legal(&self, m: Move) -> bool {
        let own = match self.side {
            Side::General => self.general.bit(),
            Side::Soldiers => self.soldiers,
        };
        own & m.from.bit() != 0 && self.board.is_line(m.from, m.to) && self.empty() & m.to.bit() != 0
    }

    /// Plays a move (which must be legal: checked in debug builds) and returns the new position
    /// and the mask of captured soldiers.
    #[inline]
    pub fn play(&self, m: Move) -> (Position, u64) {
        debug_assert!(self.is_legal(m), "illegal move {m} in {self}");
        let mut next = *self;
        let mut captured = 0;
        match self.side {
            Side::General => {
                captured = self.captures_at(m.to);
                next.general = m.to;
                next.soldiers &= !captured;
                next.hash ^= zobrist::general_key(m.from.index())
                    ^ zobrist::general_key(m.to.index())
                    ^ zobrist::soldiers_key(captured);
            }
            Side::Soldiers => {
                next.soldiers ^= m.from.bit() | m.to.bit();
                next.hash ^= zobrist::soldier_key(m.from.index()) ^ zobrist::soldier_key(m.to.index());
            }
        }
        next.side = self.side.opponent();
        next.hash ^= zobrist::side_key();
        (next, captured)
    }

    /// The key recomputed from scratch (equal to `hash()`; for tests and checks).
    pub fn hash_from_scratch(&self) -> u64 {
        zobrist::hash_from_scratch(self.board, self.general.index(), self.soldiers, self.side)
    }
}
