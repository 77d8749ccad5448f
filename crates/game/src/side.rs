//! The two sides.

use serde::{Deserialize, Serialize};
use std::fmt;

/// One of the two players.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Side {
    /// The General (oya), who captures.
    General,
    /// The sixteen soldiers (ko), who trap.
    Soldiers,
}

impl Side {
    /// Both sides, General first.
    pub const BOTH: [Side; 2] = [Side::General, Side::Soldiers];

    /// The other side.
    #[inline]
    pub const fn opponent(self) -> Side {
        match self {
            Side::General => Side::Soldiers,
            Side::Soldiers => Side::General,
        }
    }

    /// The letter used for the side to move in the position notation.
    pub const fn letter(self) -> char {
        match self {
            Side::General => 'g',
            Side::Soldiers => 's',
        }
    }

    /// The side's name in options and files: `general` or `soldiers`.
    pub const fn name(self) -> &'static str {
        match self {
            Side::General => "general",
            Side::Soldiers => "soldiers",
        }
    }

    /// 0 for the General, 1 for the soldiers.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl std::str::FromStr for Side {
    type Err = String;
    fn from_str(s: &str) -> Result<Side, String> {
        match s {
            "general" | "g" => Ok(Side::General),
            "soldiers" | "s" => Ok(Side::Soldiers),
            _ => Err(format!("unknown side '{s}' (expected general or soldiers)")),
        }
    }
}
