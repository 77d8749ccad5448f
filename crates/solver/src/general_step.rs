//! The General's ply for one soldier set, shared by both passes ([`crate::block_pass`],
//! [`crate::orbit_pass`]): which General points are lost now, which wait for a capture bound.

use crate::geometry::Geometry;
use crate::index::slot;
use crate::value::GENERAL_WINS_BYTE;

/// What a General step found for one set.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Step {
    /// General points lost at this ply (the caller records their value: the ply).
    pub won: u64,
    /// General points whose non-capturing moves all lose but whose captures lose only later.
    pub wait: u64,
    /// The smallest capture bound among `wait` (255 when `wait` is 0).
    pub due: u8,
}

/// The General step of ply `ply` for the set `set`: `ws` are the soldiers'-side positions won so
/// far, `wg` the General's. `bounds` holds the set's capture bounds by slot
/// ([`crate::captures`]: 0 without captures, 255 when a capture wins for the General, else the ply
/// from which its captures all lose) for the positions not yet won: the General value bytes in
/// the orbit pass (whose caller marks the positions won now with `ply`), the level's bounds (in
/// memory or read from their scratch file a block at a time) in the block pass.
#[inline(always)]
pub(crate) fn general_step(geo: &Geometry, set: u64, ws: u64, wg: u64, bounds: &[u8], ply: u32) -> Step {
    let free = geo.mask & !set;
    let bad = free & !geo.capture_points(set) & !ws;
    // Every non-capturing move loses and the position is not won yet: lost now, unless a
    // capture wins for the General (never lost) or its captures lose only later (waits).
    let c = free & !geo.spread(bad) & !wg;
    let (mut won, mut wait, mut due) = (0u64, 0u64, u8::MAX);
    let mut l = c;
    while l != 0 {
        let p = l.trailing_zeros();
        l &= l - 1;
        let bound = bounds[slot(p, set) as usize];
        if bound == GENERAL_WINS_BYTE {
            continue;
        }
        if bound as u32 <= ply {
            won |= 1 << p;
        } else {
            wait |= 1 << p;
            due = due.min(bound);
        }
    }
    Step { won, wait, due }
}

/// Writes `value` into the value bytes (by slot) of the General points in `points`.
#[inline(always)]
pub(crate) fn mark(values: &mut [u8], points: u64, set: u64, value: u8) {
    let mut bits = points;
    while bits != 0 {
        let p = bits.trailing_zeros();
        bits &= bits - 1;
        values[slot(p, set) as usize] = value;
    }
}
