//! The General's ply for one soldier set, shared by both passes ([`crate::block_pass`],
//! [`crate::orbit_pass`]): which General points are lost now, which wait for a capture bound.

use crate::geometry::Geometry;
use crate::index::slot;

/// What a General step found for one set.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Step {
    /// General points lost at this ply (their value bytes now hold the ply).
    pub won: u64,
    /// General points whose non-capturing moves all lose but whose captures lose only later.
    pub wait: u64,
    /// The smallest capture bound among `wait` (255 when `wait` is 0).
    pub due: u8,
}

/// The General step of ply `ply` for the set `set`: `ws` are the soldiers'-side positions won so
/// far, `wg` the General's, `lost` the General points with a capture that wins for the General
/// and `late` those whose captures all lose, later than ply 0. `gd` holds the set's General
/// value bytes by slot (capture bounds until won); the positions won now get `ply`.
#[inline(always)]
#[allow(clippy::too_many_arguments)]
pub(crate) fn general_step(
    geo: &Geometry,
    set: u64,
    ws: u64,
    wg: u64,
    lost: u64,
    late: u64,
    gd: &mut [u8],
    ply: u32,
) -> Step {
    let free = geo.mask & !set;
    let bad = free & !geo.capture_points(set) & !ws;
    // Every non-capturing move loses, not yet won, and no capture wins.
    let c = free & !geo.spread(bad) & !(wg | lost);
    // Without a capture: won now; with one: won once the bound is reached.
    let mut won = c & !late;
    let mut wait = 0u64;
    let mut due = u8::MAX;
    let mut l = c & late;
    while l != 0 {
        let p = l.trailing_zeros();
        l &= l - 1;
        let bound = gd[slot(p, set) as usize];
        if bound as u32 <= ply {
            won |= 1 << p;
        } else {
            wait |= 1 << p;
            due = due.min(bound);
        }
    }
    mark(gd, won, set, ply as u8);
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
