//! The value of a position in the solved form of the rules.

use musashi_game::Side;
use std::cmp::Ordering;
use std::fmt;

/// The byte stored for "the General wins" (any other byte is a distance to the trap in plies).
pub const GENERAL_WINS_BYTE: u8 = 255;
/// The longest distance to the trap the tables can store.
pub const MAX_DISTANCE: u32 = 254;

/// A position's value with perfect play, in the solved form of the rules (no repetition rule, no
/// move limit: endless play counts for the General).
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum Value {
    /// The soldiers force a trap in this many plies (the soldiers hurrying, the General delaying).
    /// 0 means the General is to move and trapped now.
    SoldiersWin(u32),
    /// The soldiers cannot force a trap.
    GeneralWins,
}

impl Value {
    /// Decodes a stored byte.
    #[inline]
    pub fn from_byte(b: u8) -> Value {
        if b == GENERAL_WINS_BYTE { Value::GeneralWins } else { Value::SoldiersWin(b as u32) }
    }

    /// Encodes as a stored byte (distances above [`MAX_DISTANCE`] cannot be stored).
    pub fn to_byte(self) -> Option<u8> {
        match self {
            Value::GeneralWins => Some(GENERAL_WINS_BYTE),
            Value::SoldiersWin(n) if n <= MAX_DISTANCE => Some(n as u8),
            Value::SoldiersWin(_) => None,
        }
    }

    /// The winner.
    pub fn winner(self) -> Side {
        match self {
            Value::SoldiersWin(_) => Side::Soldiers,
            Value::GeneralWins => Side::General,
        }
    }

    /// How good this value (of a position after a move) is for `side`: `Greater` means better.
    /// The soldiers prefer a win to a loss and a shorter win to a longer one; the General the
    /// opposite.
    pub fn compare_for(self, other: Value, side: Side) -> Ordering {
        // Soldiers' view: a lower key is better for them.
        let key = |v: Value| match v {
            Value::SoldiersWin(n) => n as u64,
            Value::GeneralWins => u64::MAX,
        };
        match side {
            Side::Soldiers => key(other).cmp(&key(self)),
            Side::General => key(self).cmp(&key(other)),
        }
    }
}

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Value::SoldiersWin(n) => write!(f, "soldiers-win {n}"),
            Value::GeneralWins => f.write_str("general-wins"),
        }
    }
}
