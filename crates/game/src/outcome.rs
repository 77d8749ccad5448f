//! How a game ended.

use crate::side::Side;
use serde::{Deserialize, Serialize};
use std::fmt;

/// Why a game ended.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum EndReason {
    /// The General, to move, had no legal move: the soldiers win.
    Trap,
    /// Right after a capture, the soldiers numbered at or below the threshold: the General wins.
    TooFewSoldiers,
    /// The soldiers, to move, had no legal move: the General wins.
    SoldiersStuck,
    /// A position occurred for the third time: the General wins.
    Repetition,
    /// The move limit was reached without a trap: the General wins.
    MoveLimit,
    /// A player resigned.
    Resignation,
}

impl EndReason {
    /// Every reason.
    pub const ALL: [EndReason; 6] = [
        EndReason::Trap,
        EndReason::TooFewSoldiers,
        EndReason::SoldiersStuck,
        EndReason::Repetition,
        EndReason::MoveLimit,
        EndReason::Resignation,
    ];

    /// The reason's name in files and output.
    pub fn name(self) -> &'static str {
        match self {
            EndReason::Trap => "trap",
            EndReason::TooFewSoldiers => "too-few-soldiers",
            EndReason::SoldiersStuck => "soldiers-stuck",
            EndReason::Repetition => "repetition",
            EndReason::MoveLimit => "move-limit",
            EndReason::Resignation => "resignation",
        }
    }

    /// A sentence for people.
    pub fn explain(self, winner: Side) -> &'static str {
        match (self, winner) {
            (EndReason::Trap, _) => "the General is trapped: it has no legal move",
            (EndReason::TooFewSoldiers, _) => "too few soldiers remain after the capture to trap the General",
            (EndReason::SoldiersStuck, _) => "the soldiers have no legal move",
            (EndReason::Repetition, _) => "the same position occurred for the third time",
            (EndReason::MoveLimit, _) => "the move limit was reached without a trap",
            (EndReason::Resignation, Side::General) => "the soldiers resigned",
            (EndReason::Resignation, Side::Soldiers) => "the General resigned",
        }
    }
}

impl fmt::Display for EndReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl std::str::FromStr for EndReason {
    type Err = String;
    fn from_str(s: &str) -> Result<EndReason, String> {
        EndReason::ALL.into_iter().find(|r| r.name() == s).ok_or_else(|| format!("unknown ending '{s}'"))
    }
}

/// The result of a finished game.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub struct Outcome {
    /// Who won.
    pub winner: Side,
    /// Why.
    pub reason: EndReason,
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // "the soldiers" are many: "soldiers win".
        let verb = if self.winner == Side::Soldiers { "win" } else { "wins" };
        write!(f, "{} {verb} ({})", self.winner, self.reason)
    }
}
