//! A level solved by blocks ([`crate::blocks`], [`crate::block_pass`]): every soldier set in
//! rank order, or on the 33-point board the sets of its mirror-canonical blocks
//! ([`crate::mirror`]), whose moves into the blocks left out read their images. The 33-point
//! board's pass.

use crate::block_pass::{Ctx, Found, Prev, SPAN, Word, general_groups, soldier_groups};
use crate::blocks::{Blocks, Split};
use crate::bounds::Bounds;
use crate::geometry::Geometry;
use crate::index::LevelShape;
use crate::plies::{PassError, SideValues, SolvedLevel, run_plies};
use crate::soldier_wins::{ScratchError, WinLog};
use musashi_game::Side;
use rayon::prelude::*;
use std::path::Path;
use std::sync::{Arc, Mutex};

/// Sets per parallel work unit (whole blocks are added until a group has at least this many).
const GROUP: usize = 8192;

/// What a level holds during its plies, less a few bytes per block: three words per soldier set
/// (`wg ws fg`, `fg` padded by `SPAN` words), a bit per set (the sets that gained soldiers' wins
/// in the ply), and the capture bounds (a byte per General position) unless they are in a scratch
/// file.
pub(crate) fn plies_bytes(shape: LevelShape, word: u64, bounds_in_memory: bool) -> u64 {
    let bounds = if bounds_in_memory { shape.positions_per_side() } else { 0 };
    shape.num_sets() * 3 * word + shape.num_sets().div_ceil(8) + SPAN as u64 * word + bounds
}

/// Solves level `n` by blocks; `None` when a win is longer than the tables can store. With
/// `scratch` (a solve into a directory) the capture bounds and both sides' wins go to scratch
/// files there, so that the plies hold only the words in memory.
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
    // On the 33-point board the level's layout is its kept blocks, built once per level
    // ([`crate::mirror`]); the pass works on them rather than a copy.
    let own;
    let blocks: &Blocks = match split.mirror {
        Some(mirror) => mirror.level(n),
        None => {
            own = Blocks::new(geo.points, n, split.x, None);
            &own
        }
    };
    let nb = blocks.len();
    debug_assert_eq!(blocks.start[nb], num_sets, "the pass's blocks are the level's layout");

    // Before the first step: each General position's capture bound, read from the lower levels,
    // which are then let go (they are not needed during the plies, and on the higher levels of
    // the 33-point board they would cost gigabytes beside the working arrays).
    let bounds = Bounds::compute(geo, threshold, n, &lower, scratch).map_err(PassError::Scratch)?;
    drop(lower);

    let mut wg = vec![W::ZERO; num_sets];
    let mut ws = vec![W::ZERO; num_sets];
    // One `fg`: the soldiers' half of a ply reads it (the General wins of the ply before), the
    // General's half then overwrites it; padded so that every block's source window (SPAN words)
    // lies inside.
    let mut fg = vec![W::ZERO; num_sets + SPAN];
    let mut front = vec![false; nb];
    let mut full = vec![false; nb];
    let mut due = vec![u8::MAX; nb];
    let mut gain = vec![false; nb];
    let (log, glog) = match scratch {
        Some(dir) => (WinLog::files(dir, n, Side::Soldiers), WinLog::files(dir, n, Side::General)),
        None => (WinLog::memory(), WinLog::memory()),
    };

    // Work units: consecutive blocks of at least GROUP sets.
    let mut units = vec![0usize];
    for b in 0..nb {
        if blocks.start[b + 1] - blocks.start[*units.last().unwrap()] >= GROUP {
            units.push(b + 1);
        }
    }
    if *units.last().unwrap() != nb {
        units.push(nb);
    }
    // Per unit, a bit per set: gained soldiers' wins in the ply.
    let mut gained: Vec<Vec<u64>> =
        units.windows(2).map(|w| vec![0u64; (blocks.start[w[1]] - blocks.start[w[0]]).div_ceil(64)]).collect();
    // Per block: `front`, `full`, `due` and `gain`, a byte each.
    let working_bytes =
        plies_bytes(shape, std::mem::size_of::<W>() as u64, false) + bounds.memory_bytes() + nb as u64 * 4;
    debug_assert!((0..nb).all(|b| blocks.range(b).len() <= SPAN), "a block larger than an accumulator");
    let ctx = Ctx { geo, split, blocks, e };
    let failure: Mutex<Option<ScratchError>> = Mutex::new(None);

    // Each ply runs in two sweeps over the blocks: the soldiers' half pulls the General wins of
    // the ply before (`fg`, read only) into `ws`; the General's half then visits the sets that
    // gained wins (and the blocks whose bound is due) and overwrites `fg` with its own wins (ply
    // 0 has no soldiers' half). A scratch file that fails stops the plies (the pass reports
    // nothing found) and the level with it.
    let steps = run_plies(
        |k| {
            let soldiers = match k {
                None => 0,
                Some(k) => {
                    let prev = Prev { fg: &fg, front: &front };
                    soldier_groups(blocks, &units, &mut ws, &mut full, &mut gained, &mut gain)
                        .into_par_iter()
                        .map_init(
                            || (vec![W::ZERO; SPAN], vec![W::ZERO; SPAN], Vec::new()),
                            |(acc, tmp, wins), g| {
                                let found = ctx.soldiers_half(g, &prev, (acc, tmp), wins);
                                log.record(k, wins);
                                wins.clear();
                                found
                            },
                        )
                        .sum()
                }
            };
            let ply = k.map_or(0, |k| k + 1);
            let found = general_groups(blocks, &units, &mut wg, &ws, &mut fg, &mut front, &mut due, (&gained, &gain))
                .into_par_iter()
                .map_init(
                    || (Vec::new(), Vec::new()),
                    |(buf, gwins), g| {
                        let found = ctx.general_half(g, ply, &bounds, buf, gwins);
                        glog.record(ply, gwins);
                        gwins.clear();
                        found.unwrap_or_else(|e| {
                            failure.lock().expect("no unit panics holding it").get_or_insert(e);
                            Found::default()
                        })
                    },
                )
                .reduce(Found::default, |a, b| a + b);
            match failure.lock().expect("no unit panics holding it").is_some() {
                true => Found::default(),
                false => Found { soldiers, ..found },
            }
        },
        on_step,
    );
    if let Some(e) = failure.into_inner().expect("no unit panicked") {
        return Err(PassError::Scratch(e));
    }
    let steps = steps.ok_or(PassError::Overflow)?;
    // Positions never won are the General's: the logs' values say so for every position not in
    // them. The words and the bounds (and their scratch file) go before the values are built.
    drop((ws, fg, wg, gained, bounds));
    let positions = num_sets * e;
    Ok(SolvedLevel {
        general: SideValues::Log { log: glog, positions, e },
        soldiers: SideValues::Log { log, positions, e },
        steps,
        working_bytes,
    })
}
