//! The retrograde pass: one soldier count ("level") at a time, lowest first.
//!
//! Within a level the soldiers' set `S` only changes by soldier moves and the General's point only
//! by General moves (captures leave the level for a lower one, already solved). The pass keeps,
//! per soldier set, words indexed by the General's point (bit-parallel over the General; 32 bits
//! on the 25-point board, 64 on the 33-point board): the won positions with the General to move
//! (`wg`) and the soldiers to move (`ws`), the General wins of the last ply (`fg`) and the
//! positions waiting for a capture bound (`pend`). Ply `k` finds every position the soldiers win in
//! exactly `k` plies: the General's positions at even `k`, the soldiers' at odd `k` (a trap always
//! happens with the General to move).
//!
//! - General to move, ply `k`: a General on `g` is lost when every non-capturing move leads to a
//!   won soldiers' position and its captures (whose values come from lower levels) all lead to
//!   wins no longer than `k - 1`. The first half is one bit operation for every General point at
//!   once: the "bad" destinations (empty, not capturing, not won) spread to their neighbours mark
//!   the Generals that can still escape. The second half is the capture bound computed once per
//!   position before the first ply ([`crate::captures`]); a position whose non-capturing moves
//!   are all lost but whose bound is larger waits in `pend` until ply `bound`.
//! - Soldiers to move, ply `k`: `ws(S)` gains `fg(S')` (less the point the soldier left) for
//!   every soldier move `S -> S'`. The level is cut into blocks ([`crate::blocks`]) so that this
//!   pull is array work, and one pass over the blocks ([`crate::block_pass`]) does the soldiers'
//!   ply `k` and the General ply `k + 1`, skipping blocks with nothing left to win.

use crate::block_pass::{CapWords, Ctx, Found, Prev, SPAN, Word, groups};
use crate::blocks::{Blocks, Split};
use crate::captures::capture_bounds;
use crate::geometry::Geometry;
use crate::index::{LevelShape, next_set, slot, unrank};
use crate::table::LevelTable;
use crate::value::{GENERAL_WINS_BYTE, MAX_DISTANCE};
use musashi_game::Board;
use rayon::prelude::*;
use std::sync::Arc;
use std::time::Instant;

/// What to solve.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct SolveConfig {
    /// The board.
    pub board: Board,
    /// The General wins right after a capture that leaves this many soldiers or fewer
    /// (`Ruleset::threshold()`).
    pub threshold: u32,
    /// Solve every level from 0 up to this many soldiers (at most 16).
    pub max_soldiers: u32,
}

/// Counts for one side of one level.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Default)]
pub struct SideStats {
    /// Positions the soldiers win.
    pub soldiers_win: u64,
    /// Positions the General wins.
    pub general_wins: u64,
    /// The longest forced win (plies), if the soldiers win any position.
    pub longest: Option<u32>,
}

/// What one level's pass did.
#[derive(Clone, PartialEq, Debug, Default)]
pub struct LevelStats {
    /// Soldiers on the board.
    pub soldiers: u32,
    /// Positions with the General to move.
    pub general_to_move: SideStats,
    /// Positions with the soldiers to move.
    pub soldiers_to_move: SideStats,
    /// Steps (plies) the pass ran.
    pub steps: u32,
    /// Wall-clock seconds for the level.
    pub seconds: f64,
    /// Bytes the pass allocated for this level (working words and both value arrays; the lower
    /// levels it reads are counted in `lower_bytes`).
    pub working_bytes: u64,
    /// Bytes of the lower levels' tables kept for captures while this level was solved.
    pub lower_bytes: u64,
}

/// Progress reports of a solve.
#[derive(Debug)]
pub enum Event<'a> {
    /// A level begins: soldiers, positions (both sides).
    LevelStart {
        /// Soldiers.
        soldiers: u32,
        /// Positions of the level, both sides together.
        positions: u64,
    },
    /// One step of the level's pass finished.
    Step {
        /// Soldiers.
        soldiers: u32,
        /// The step: positions won in exactly this many plies were found.
        ply: u32,
        /// How many.
        new_wins: u64,
    },
    /// A level is solved.
    LevelDone(&'a LevelStats),
}

/// Why a solve stopped.
#[derive(Debug)]
pub enum SolveError<E> {
    /// A forced win longer than the tables can store (never seen on these boards).
    DistanceOverflow {
        /// The level.
        soldiers: u32,
    },
    /// More than 16 soldiers asked for.
    TooManySoldiers(u32),
    /// The consumer of finished levels failed (for example writing a file).
    Sink(E),
}

impl<E: std::fmt::Display> std::fmt::Display for SolveError<E> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SolveError::DistanceOverflow { soldiers } => {
                write!(f, "a forced win with {soldiers} soldiers is longer than {MAX_DISTANCE} plies")
            }
            SolveError::TooManySoldiers(n) => write!(f, "{n} soldiers asked for; positions hold at most 16"),
            SolveError::Sink(e) => write!(f, "{e}"),
        }
    }
}

impl<E: std::error::Error + 'static> std::error::Error for SolveError<E> {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            SolveError::Sink(e) => Some(e),
            _ => None,
        }
    }
}

/// Solves levels `0..=max_soldiers`, lowest first, handing each finished level to `sink` (to save
/// it or keep it). Only the soldiers'-side arrays of the levels a capture can reach stay in
/// memory while higher levels are solved.
pub fn solve<E>(
    config: SolveConfig,
    progress: &(dyn Fn(Event<'_>) + Sync),
    mut sink: impl FnMut(Arc<LevelTable>, &LevelStats) -> Result<(), E>,
) -> Result<(), SolveError<E>> {
    if config.max_soldiers > 16 {
        return Err(SolveError::TooManySoldiers(config.max_soldiers));
    }
    let geo = Geometry::new(config.board);
    let split = Split::new(&geo, split_point(geo.points));
    let max_soldiers = config.max_soldiers.min(geo.points - 1);
    let mut kept: Vec<Option<Arc<Vec<u8>>>> = vec![None; max_soldiers as usize + 1];
    for n in 0..=max_soldiers {
        // A capture takes one to three pairs (four cannot be complete: the General came from one
        // of the point's neighbours), so levels n-2, n-4 and n-6 are read; keep the soldiers'
        // side of the last six levels and drop the rest.
        for m in 0..n as usize {
            if m + 6 < n as usize {
                kept[m] = None;
            }
        }
        let (table, stats) = if geo.points <= 32 {
            solve_level::<u32, E>(&geo, &split, config, n, &kept, progress)?
        } else {
            solve_level::<u64, E>(&geo, &split, config, n, &kept, progress)?
        };
        progress(Event::LevelDone(&stats));
        let table = Arc::new(table);
        kept[n as usize] = Some(table.soldiers_shared());
        sink(table, &stats).map_err(SolveError::Sink)?;
    }
    Ok(())
}

/// Where a board's points are split into low and high (see [`crate::blocks`]): blocks of at most
/// `C(x, x/2)` sets (924 on 25 points, 12,870 on 33), high parts looked up in a `2^(P-x)` table.
fn split_point(points: u32) -> u32 {
    if points <= 25 { 12.min(points) } else { 16 }
}

/// Sets per parallel work unit (whole blocks are added until a group has at least this many).
const GROUP: usize = 8192;

/// Sets per work unit of the passes that walk sets by rank (capture bounds, statistics).
const CHUNK: usize = 4096;

fn solve_level<W: Word, E>(
    geo: &Geometry,
    split: &Split,
    config: SolveConfig,
    n: u32,
    lower: &[Option<Arc<Vec<u8>>>],
    progress: &(dyn Fn(Event<'_>) + Sync),
) -> Result<(LevelTable, LevelStats), SolveError<E>> {
    let start = Instant::now();
    let shape = LevelShape { points: geo.points, soldiers: n };
    let num_sets = shape.num_sets() as usize;
    let e = shape.empties() as usize;
    progress(Event::LevelStart { soldiers: n, positions: 2 * shape.positions_per_side() });
    let blocks = Blocks::new(geo.points, n, split.x);
    let nb = blocks.len();
    let mut wg = vec![W::ZERO; num_sets];
    let mut ws = vec![W::ZERO; num_sets];
    // Padded so that every block's source window (SPAN words) lies inside.
    let mut fg_prev = vec![W::ZERO; num_sets + SPAN];
    let mut fg_next = vec![W::ZERO; num_sets + SPAN];
    let mut pend = vec![W::ZERO; num_sets];
    let mut due = vec![u8::MAX; num_sets];
    let mut caps = vec![CapWords::<W>::default(); num_sets];
    let mut front_prev = vec![false; nb];
    let mut front_next = vec![false; nb];
    let mut full = vec![false; nb];
    let mut waiting = vec![false; nb];
    let mut general = vec![0u8; num_sets * e];
    let mut soldiers = vec![GENERAL_WINS_BYTE; num_sets * e];
    let lower_bytes: u64 = lower.iter().flatten().map(|t| t.len() as u64).sum();
    let working_bytes = (num_sets * (7 * std::mem::size_of::<W>() + 1) + nb * (4 + 24) + 2 * num_sets * e) as u64;

    // Before the first step: each General position's capture bound.
    general.par_chunks_mut(CHUNK * e).zip(caps.par_chunks_mut(CHUNK)).enumerate().for_each(|(ci, (gd, cp))| {
        let mut set = unrank((ci * CHUNK) as u64, n);
        for (i, c) in cp.iter_mut().enumerate() {
            *c = capture_bounds(geo, config.threshold, n, set, lower, &mut gd[i * e..(i + 1) * e]);
            if n > 0 {
                set = next_set(set);
            }
        }
    });

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
    let ctx = Ctx { geo, split, blocks: &blocks, e, caps: &caps };

    // Ply 0 (General to move): traps, and positions waiting for a capture bound.
    let found = groups(
        &blocks,
        &bounds,
        e,
        &mut wg,
        &mut ws,
        &mut fg_prev,
        &mut pend,
        &mut due,
        &mut general,
        &mut soldiers,
        &mut front_prev,
        &mut full,
        &mut waiting,
    )
    .into_par_iter()
    .map_init(|| vec![W::ZERO; SPAN], |acc, g| ctx.pass(g, None, 0, acc))
    .reduce(Found::default, |a, b| a + b);
    progress(Event::Step { soldiers: n, ply: 0, new_wins: found.general });
    let mut pending = found.pending;
    let mut last = 0;
    let mut k = 1u32;
    while found_anything(&front_prev) || pending != 0 {
        // Ply k (soldiers to move) and ply k + 1 (General to move) in one pass over the blocks.
        if k + 1 > MAX_DISTANCE {
            return Err(SolveError::DistanceOverflow { soldiers: n });
        }
        let prev = Prev { fg: &fg_prev, front: &front_prev };
        let found = groups(
            &blocks,
            &bounds,
            e,
            &mut wg,
            &mut ws,
            &mut fg_next,
            &mut pend,
            &mut due,
            &mut general,
            &mut soldiers,
            &mut front_next,
            &mut full,
            &mut waiting,
        )
        .into_par_iter()
        .map_init(|| vec![W::ZERO; SPAN], |acc, g| ctx.pass(g, Some(&prev), k, acc))
        .reduce(Found::default, |a, b| a + b);
        progress(Event::Step { soldiers: n, ply: k, new_wins: found.soldiers });
        progress(Event::Step { soldiers: n, ply: k + 1, new_wins: found.general });
        std::mem::swap(&mut fg_prev, &mut fg_next);
        std::mem::swap(&mut front_prev, &mut front_next);
        pending = found.pending;
        last = k + 1;
        k += 2;
    }

    // Positions never won are the General's.
    let mask = geo.mask;
    let stats_g: Vec<(u64, u8)> = general
        .par_chunks_mut(CHUNK * e)
        .zip(wg.par_chunks(CHUNK))
        .enumerate()
        .map(|(ci, (gd, wc))| {
            let mut set = unrank((ci * CHUNK) as u64, n);
            let mut won = 0u64;
            for (i, w) in wc.iter().enumerate() {
                let w = w.to_u64();
                won += w.count_ones() as u64;
                let mut lost = mask & !set & !w;
                while lost != 0 {
                    let g = lost.trailing_zeros();
                    lost &= lost - 1;
                    gd[i * e + slot(g, set) as usize] = GENERAL_WINS_BYTE;
                }
                if n > 0 {
                    set = next_set(set);
                }
            }
            (won, longest_win(gd))
        })
        .collect();
    let stats_s: Vec<(u64, u8)> = soldiers
        .par_chunks(CHUNK * e)
        .map(|sd| (sd.iter().map(|&b| (b != GENERAL_WINS_BYTE) as u64).sum(), longest_win(sd)))
        .collect();
    let per_side = shape.positions_per_side();
    let side = |v: &[(u64, u8)]| {
        let won: u64 = v.iter().map(|x| x.0).sum();
        SideStats {
            soldiers_win: won,
            general_wins: per_side - won,
            longest: if won > 0 { v.iter().map(|x| x.1 as u32).max() } else { None },
        }
    };
    let stats = LevelStats {
        soldiers: n,
        general_to_move: side(&stats_g),
        soldiers_to_move: side(&stats_s),
        steps: last + 1,
        seconds: start.elapsed().as_secs_f64(),
        working_bytes,
        lower_bytes,
    };
    Ok((LevelTable::new(config.board, config.threshold, shape, general, soldiers), stats))
}

/// The longest win among value bytes (0 when none is won).
fn longest_win(values: &[u8]) -> u8 {
    values.iter().map(|&b| if b == GENERAL_WINS_BYTE { 0 } else { b }).max().unwrap_or(0)
}

fn found_anything(front: &[bool]) -> bool {
    front.iter().any(|&f| f)
}
