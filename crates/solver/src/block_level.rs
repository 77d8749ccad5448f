//! A level solved by blocks ([`crate::blocks`], [`crate::block_pass`]): every soldier set in
//! rank order, no symmetry used. The pass of the 33-point board, whose one mirror would halve
//! the sets at the price of per-set move lists too large for its higher levels.

use crate::block_pass::{Ctx, Found, Prev, SPAN, Word, groups};
use crate::blocks::{Blocks, Split};
use crate::captures::capture_bounds;
use crate::general_step::mark;
use crate::geometry::Geometry;
use crate::index::{LevelShape, next_set, unrank};
use crate::plies::{PassError, SolvedLevel, run_plies};
use crate::soldier_wins::WinLog;
use crate::value::GENERAL_WINS_BYTE;
use rayon::prelude::*;
use std::path::Path;
use std::sync::Arc;

/// Sets per parallel work unit (whole blocks are added until a group has at least this many).
const GROUP: usize = 8192;

/// Sets per work unit of the passes that walk sets by rank (capture bounds, statistics).
const CHUNK: usize = 4096;

/// What a level holds during its plies, less a few bytes per block: four words per soldier set
/// (`wg ws` and the two `fg`, padded by `SPAN` words each) and the General-to-move value bytes.
pub(crate) fn plies_bytes(shape: LevelShape, word: u64) -> u64 {
    shape.num_sets() * 4 * word + 2 * SPAN as u64 * word + shape.positions_per_side()
}

/// Solves level `n` by blocks; `None` when a win is longer than the tables can store.
pub(crate) fn solve_blocks<W: Word>(
    geo: &Geometry,
    split: &Split,
    threshold: u32,
    n: u32,
    lower: Vec<Option<Arc<Vec<u8>>>>,
    scratch: Option<&Path>,
    on_step: &(dyn Fn(u32, u64) + Sync),
) -> Result<SolvedLevel, PassError> {
    let shape = LevelShape { points: geo.points, soldiers: n };
    let num_sets = shape.num_sets() as usize;
    let e = shape.empties() as usize;
    let blocks = Blocks::new(geo.points, n, split.x);
    let nb = blocks.len();

    // Before the first step: each General position's capture bound, read from the lower levels,
    // which are then let go (they are not needed during the plies, and on the higher levels of
    // the 33-point board they would cost gigabytes beside the working arrays).
    let mut general = vec![0u8; num_sets * e];
    general.par_chunks_mut(CHUNK * e).enumerate().for_each(|(ci, gd)| {
        let mut set = unrank((ci * CHUNK) as u64, n);
        for gd in gd.chunks_mut(e) {
            capture_bounds(geo, threshold, n, set, &lower, gd);
            if n > 0 {
                set = next_set(set);
            }
        }
    });
    drop(lower);

    let mut wg = vec![W::ZERO; num_sets];
    let mut ws = vec![W::ZERO; num_sets];
    // Padded so that every block's source window (SPAN words) lies inside.
    let mut fg_prev = vec![W::ZERO; num_sets + SPAN];
    let mut fg_next = vec![W::ZERO; num_sets + SPAN];
    let mut front_prev = vec![false; nb];
    let mut front_next = vec![false; nb];
    let mut full = vec![false; nb];
    let mut due = vec![u8::MAX; nb];
    let log = match scratch {
        Some(dir) => WinLog::files(dir, n),
        None => WinLog::memory(),
    };
    let working_bytes = plies_bytes(shape, std::mem::size_of::<W>() as u64) + nb as u64 * 5;

    // Work units: consecutive blocks of at least GROUP sets.
    let mut bounds = vec![0usize];
    for b in 0..nb {
        if blocks.start[b + 1] - blocks.start[*bounds.last().unwrap()] >= GROUP {
            bounds.push(b + 1);
        }
    }
    if *bounds.last().unwrap() != nb {
        bounds.push(nb);
    }
    debug_assert!((0..nb).all(|b| blocks.range(b).len() <= SPAN), "a block larger than an accumulator");
    let ctx = Ctx { geo, split, blocks: &blocks, e };

    // Each pass writes the General wins of its last ply into the `next` arrays, which then
    // become the `prev` arrays the following pass pulls from (ply 0 reads none).
    let steps = run_plies(
        |k| {
            let prev = Prev { fg: &fg_prev, front: &front_prev };
            let found = groups(
                &blocks,
                &bounds,
                e,
                &mut wg,
                &mut ws,
                &mut fg_next,
                &mut general,
                &mut front_next,
                &mut full,
                &mut due,
            )
            .into_par_iter()
            .map_init(
                || (vec![W::ZERO; SPAN], Vec::new()),
                |(acc, wins), g| {
                    let found = ctx.pass(g, k.map(|_| &prev), k.unwrap_or(0), acc, wins);
                    log.record(k.unwrap_or(0), wins);
                    wins.clear();
                    found
                },
            )
            .reduce(Found::default, |a, b| a + b);
            std::mem::swap(&mut fg_prev, &mut fg_next);
            std::mem::swap(&mut front_prev, &mut front_next);
            found
        },
        on_step,
    )
    .ok_or(PassError::Overflow)?;

    // Positions never won are the General's.
    let mask = geo.mask;
    general.par_chunks_mut(CHUNK * e).zip(wg.par_chunks(CHUNK)).enumerate().for_each(|(ci, (gd, wc))| {
        let mut set = unrank((ci * CHUNK) as u64, n);
        for (i, w) in wc.iter().enumerate() {
            mark(&mut gd[i * e..(i + 1) * e], mask & !set & !w.to_u64(), set, GENERAL_WINS_BYTE);
            if n > 0 {
                set = next_set(set);
            }
        }
    });
    // The words go before the soldiers' values are built.
    drop((ws, fg_prev, fg_next, wg));
    let soldiers = log.values(num_sets * e, e).map_err(PassError::Scratch)?;
    Ok(SolvedLevel { general, soldiers, steps, working_bytes })
}
