//! The orbit pass: a level solved once per orbit of soldier sets under the board's symmetries
//! ([`crate::orbits`]), for the 25-point square (8 symmetries, so about 8 times fewer sets than the
//! block pass visits).
//!
//! The plies are those of the block pass ([`crate::block_pass`]): the soldiers' ply `k` pulls the
//! General wins of ply `k - 1` through each representative's move list (a source word brought
//! into the target's frame by a symmetry), and the General ply `k + 1` follows for the same set.
//! A set whose soldiers' side is all won skips the pull; one with no news skips the General step.

use crate::block_pass::Found;
use crate::captures::capture_bounds;
use crate::general_step::{general_step, mark};
use crate::geometry::Geometry;
use crate::orbits::{MoveLists, Orbits, decode};
use crate::plies::{SideValues, SolvedLevel, run_plies};
use crate::symmetry::Symmetry;
use crate::value::GENERAL_WINS_BYTE;
use rayon::prelude::*;
use std::sync::Arc;

/// Sets per parallel work unit.
const CHUNK: usize = 2048;

/// One orbit's words: bit `g` stands for the General on `g` (in the representative's frame).
#[derive(Clone, Copy, Default, Debug)]
struct OrbitWords {
    /// Won for the soldiers, General to move.
    wg: u32,
    /// Won for the soldiers, soldiers to move.
    ws: u32,
    /// Waiting for a capture bound.
    pend: u32,
    /// The smallest capture bound among `pend`.
    due: u8,
}

/// Solves level `n` of a board of at most 32 points; `None` when a win is longer than the
/// tables can store.
pub(crate) fn solve_orbits(
    geo: &Geometry,
    sym: &Symmetry,
    threshold: u32,
    n: u32,
    lower: Vec<Option<Arc<Vec<u8>>>>,
    on_step: &(dyn Fn(u32, u64) + Sync),
) -> Option<SolvedLevel> {
    let orbits = Orbits::new(sym, geo.points, n);
    let moves = MoveLists::new(geo, sym, &orbits);
    let count = orbits.len();
    let e = (geo.points - n) as usize;
    let mut words = vec![OrbitWords::default(); count];
    let mut fg_prev = vec![0u32; count];
    let mut fg_next = vec![0u32; count];
    let mut gd = vec![0u8; count * e];
    let mut sd = vec![GENERAL_WINS_BYTE; count * e];

    // Before the first step: each General position's capture bound.
    gd.par_chunks_mut(CHUNK * e).enumerate().for_each(|(ci, gd)| {
        for (i, gd) in gd.chunks_mut(e).enumerate() {
            capture_bounds(geo, threshold, n, orbits.sets[ci * CHUNK + i], &lower, gd);
        }
    });
    drop(lower);

    let pass =
        |words: &mut [OrbitWords], fg_next: &mut [u32], gd: &mut [u8], sd: &mut [u8], prev: Option<&[u32]>, k: u32| {
            let ply_g = if prev.is_some() { k + 1 } else { 0 };
            words
                .par_chunks_mut(CHUNK)
                .zip(fg_next.par_chunks_mut(CHUNK))
                .zip(gd.par_chunks_mut(CHUNK * e))
                .zip(sd.par_chunks_mut(CHUNK * e))
                .enumerate()
                .map(|(ci, (((w, fg), gd), sd))| {
                    let mut found = Found::default();
                    for (i, (w, fg)) in w.iter_mut().zip(fg.iter_mut()).enumerate() {
                        let j = ci * CHUNK + i;
                        let set = orbits.sets[j];
                        let free = geo.mask & !set;
                        let pos = i * e..(i + 1) * e;
                        let mut ns = 0u64;
                        if let Some(prev) = prev
                            && w.ws as u64 != free
                        {
                            let mut acc = 0u32;
                            for &m in moves.of(j) {
                                let (src, s, origin) = decode(m);
                                let f = prev[src];
                                if f != 0 {
                                    acc |= sym.apply(s, f) & !(1 << origin);
                                }
                            }
                            ns = (acc & !w.ws) as u64;
                            if ns != 0 {
                                w.ws |= ns as u32;
                                found.soldiers += ns.count_ones() as u64;
                                mark(&mut sd[pos.clone()], ns, set, k as u8);
                            }
                        }
                        let mut won = 0u64;
                        let pending = w.pend != 0;
                        if prev.is_none() || ns != 0 || (pending && w.due as u32 <= ply_g) {
                            let step = general_step(geo, set, w.ws as u64, w.wg as u64, &gd[pos.clone()], ply_g);
                            won = step.won;
                            mark(&mut gd[pos], won, set, ply_g as u8);
                            w.pend = step.wait as u32;
                            w.due = step.due;
                            w.wg |= won as u32;
                            found.general += won.count_ones() as u64;
                            found.pending += step.wait.count_ones() as u64;
                        } else if pending {
                            found.pending += w.pend.count_ones() as u64;
                        }
                        *fg = won as u32;
                    }
                    found
                })
                .reduce(Found::default, |a, b| a + b)
        };

    // Each pass writes the General wins of its last ply into `fg_next`, which then becomes the
    // `fg_prev` the following pass pulls from (ply 0 reads none).
    let steps = run_plies(
        |k| {
            let found = pass(&mut words, &mut fg_next, &mut gd, &mut sd, k.map(|_| &fg_prev[..]), k.unwrap_or(0));
            std::mem::swap(&mut fg_prev, &mut fg_next);
            found
        },
        on_step,
    )?;

    // Positions never won are the General's.
    gd.par_chunks_mut(CHUNK * e).zip(words.par_chunks(CHUNK)).enumerate().for_each(|(ci, (gd, w))| {
        for (i, w) in w.iter().enumerate() {
            let set = orbits.sets[ci * CHUNK + i];
            mark(&mut gd[i * e..(i + 1) * e], geo.mask & !set & !(w.wg as u64), set, GENERAL_WINS_BYTE);
        }
    });
    let total = orbits.of_rank.len();
    let working_bytes = (count * (std::mem::size_of::<OrbitWords>() + 8 + 8 + 2 * e)
        + 4 * moves.entries.len()
        + 4 * count
        + total * (4 + 2 * e)) as u64;
    let mut general = vec![0u8; total * e];
    let mut soldiers = vec![0u8; total * e];
    orbits.expand(sym, e, [&gd, &sd], [&mut general, &mut soldiers]);
    Some(SolvedLevel {
        general: SideValues::Bytes(general),
        soldiers: SideValues::Bytes(soldiers),
        steps,
        working_bytes,
    })
}
