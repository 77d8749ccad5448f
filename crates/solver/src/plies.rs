//! The ply loop both passes share, and what a level's pass produces.

use crate::block_pass::Found;
use crate::soldier_wins::{ScratchError, WinLog};
use crate::value::MAX_DISTANCE;

/// One side's values of a solved level: the bytes, or the log of its wins they are built from.
pub(crate) enum SideValues {
    /// The value bytes (the orbit pass).
    Bytes(Vec<u8>),
    /// The wins by ply (the block pass): [`WinLog::values`] of `positions` positions, `e` per set.
    Log { log: WinLog, positions: usize, e: usize },
}

impl SideValues {
    /// The value bytes, built from the log (and its scratch files removed) if need be.
    pub(crate) fn into_bytes(self) -> Result<Vec<u8>, ScratchError> {
        match self {
            SideValues::Bytes(v) => Ok(v),
            SideValues::Log { log, positions, e } => log.values(positions, e),
        }
    }
}

/// What a level's pass produces: both sides' values for every position of the level, each
/// built only when it is asked for, so that a level can be written one side at a time.
pub(crate) struct SolvedLevel {
    pub general: SideValues,
    pub soldiers: SideValues,
    /// Plies the pass ran.
    pub steps: u32,
    /// Bytes the pass held during its plies (working words, per-block flags and, unless they are
    /// in a scratch file, the capture bounds; the values are built afterwards).
    pub working_bytes: u64,
}

/// Why a level's pass stopped.
#[derive(Debug)]
pub(crate) enum PassError {
    /// A win longer than the tables can store.
    Overflow,
    /// A scratch file (the capture bounds, a side's wins) failed.
    Scratch(ScratchError),
}

/// Runs a level's plies until nothing new is won and nothing waits: `ply(None)` is ply 0 (the
/// General's traps), `ply(Some(k))` the soldiers' ply `k` and the General's ply `k + 1` in one
/// pass. Returns the number of plies run, or `None` when a win would be longer than the tables
/// can store.
pub(crate) fn run_plies(mut ply: impl FnMut(Option<u32>) -> Found, on_step: &(dyn Fn(u32, u64) + Sync)) -> Option<u32> {
    let found = ply(None);
    on_step(0, found.general);
    let mut last = 0;
    let mut found_before = found;
    let mut k = 1u32;
    // A General win feeds the next soldiers' ply; a waiting position is won once its bound is due.
    while found_before.general != 0 || found_before.pending != 0 {
        if k + 1 > MAX_DISTANCE {
            return None;
        }
        let found = ply(Some(k));
        on_step(k, found.soldiers);
        on_step(k + 1, found.general);
        found_before = found;
        last = k + 1;
        k += 2;
    }
    Some(last + 1)
}
