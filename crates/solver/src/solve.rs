//! The retrograde pass: one soldier count ("level") at a time, lowest first.
//!
//! Within a level the soldiers' set `S` only changes by soldier moves and the General's point only
//! by General moves (captures leave the level for a lower one, already solved). The pass keeps,
//! per soldier set, four 64-bit words indexed by the General's point (bit-parallel over the
//! General): the won positions with the General to move (`wg`) and the soldiers to move (`ws`),
//! and the positions won at the last step on each side (`fg`, `fs`). Step `k` finds every
//! position the soldiers win in exactly `k` plies: the General's positions at even `k`, the
//! soldiers' at odd `k` (a trap always happens with the General to move).
//!
//! - General to move, step `k`: for a set `S`, the General's non-capturing moves go to points
//!   of the same set; a General on `g` is lost when every non-capturing move leads to a won
//!   soldiers' position and its captures (whose values come from lower levels) all lead to wins
//!   no longer than `k - 1`. The first half is one bit operation for every General point at once:
//!   the "bad" destinations (empty, not capturing, not won) spread to their neighbours mark the
//!   Generals that can still escape. The second half is the byte `cb` computed once per position
//!   before the first step (1 + the longest capture child, 255 when a capture wins for the
//!   General); a position whose non-capturing moves are all lost but whose `cb` is larger waits
//!   in a pending word until step `cb`.
//! - Soldiers to move, step `k`: every set `S'` whose General positions were won at step `k - 1`
//!   pushes them back along every soldier move into it (`S = S' - b + a`), OR-ing into `ws(S)`.
//!
//! Each step touches only the sets that changed, so the work is proportional to the wins found.

use crate::geometry::Geometry;
use crate::index::{LevelShape, next_set, rank, slot, unrank};
use crate::table::LevelTable;
use crate::value::{GENERAL_WINS_BYTE, MAX_DISTANCE};
use musashi_game::Board;
use rayon::prelude::*;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};
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
        let (table, stats) = solve_level(&geo, config, n, &kept, progress)?;
        progress(Event::LevelDone(&stats));
        let table = Arc::new(table);
        kept[n as usize] = Some(table.soldiers_shared());
        sink(table, &stats).map_err(SolveError::Sink)?;
    }
    Ok(())
}

/// Per soldier set, the words only the General step writes (bit `g` = the General on `g`).
#[derive(Default, Clone, Copy, Debug)]
struct Local {
    /// Won, General to move.
    wg: u64,
    /// Won at the last General step (read by the soldiers' step after it).
    fg: u64,
    /// Not yet won: every non-capturing move is lost, but a capture child wins for the
    /// soldiers only later (the capture bound is above the current step).
    pend: u64,
    /// The empty points where the General would capture (fixed for the set).
    caps: u64,
}

/// Per 64 soldier sets, which of them the steps must visit.
#[derive(Default, Clone, Copy, Debug)]
struct Flags {
    /// Sets with General wins at the last General step.
    front: u64,
    /// Sets with pending General positions.
    waiting: u64,
}

/// Sets per parallel work unit (a multiple of 64).
const CHUNK: usize = 4096;

/// Walks soldier sets by rank, stepping forward when the next rank is close and unranking when
/// it is far.
struct Walker {
    n: u32,
    r: u64,
    set: u64,
}

impl Walker {
    fn new(n: u32, r: u64) -> Walker {
        Walker { n, r, set: unrank(r, n) }
    }
    #[inline]
    fn at(&mut self, r: u64) -> u64 {
        if r < self.r || r - self.r > 48 {
            self.r = r;
            self.set = unrank(r, self.n);
        } else {
            while self.r < r {
                self.set = next_set(self.set);
                self.r += 1;
            }
        }
        self.set
    }
}

fn solve_level<E>(
    geo: &Geometry,
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
    let words = num_sets.div_ceil(64);
    let mut local = vec![Local::default(); num_sets];
    let mut flags = vec![Flags::default(); words];
    let ws: Vec<AtomicU64> = (0..num_sets).into_par_iter().map(|_| AtomicU64::new(0)).collect();
    let fs: Vec<AtomicU64> = (0..num_sets).into_par_iter().map(|_| AtomicU64::new(0)).collect();
    let dirty: Vec<AtomicU64> = (0..words).map(|_| AtomicU64::new(0)).collect();
    let mut general = vec![0u8; num_sets * e];
    let mut soldiers = vec![GENERAL_WINS_BYTE; num_sets * e];
    let lower_bytes: u64 = lower.iter().flatten().map(|t| t.len() as u64).sum();
    let working_bytes = (num_sets * (std::mem::size_of::<Local>() + 16) + words * 24 + 2 * num_sets * e) as u64;
    let shared = Shared { geo, n, e, ws: &ws, fs: &fs, dirty: &dirty };

    // Before the first step: each General position's capture bound.
    general.par_chunks_mut(CHUNK * e).zip(local.par_chunks_mut(CHUNK)).enumerate().for_each(|(ci, (gd, lc))| {
        let mut set = unrank((ci * CHUNK) as u64, n);
        for (i, l) in lc.iter_mut().enumerate() {
            l.caps = capture_bounds(geo, config.threshold, n, set, lower, &mut gd[i * e..(i + 1) * e]);
            if n > 0 {
                set = next_set(set);
            }
        }
    });

    let mut k = 0u32;
    let mut pending = 0u64;
    loop {
        if k > MAX_DISTANCE {
            return Err(SolveError::DistanceOverflow { soldiers: n });
        }
        let new = if k.is_multiple_of(2) {
            let (new, waiting) = shared.general_step(k, &mut local, &mut flags, &mut general, &mut soldiers);
            pending = waiting;
            new
        } else {
            shared.soldier_step(&local, &flags)
        };
        progress(Event::Step { soldiers: n, ply: k, new_wins: new });
        // Nothing new and nothing waiting for a capture bound: the next steps would find
        // nothing. (A General step also wrote the values of the soldiers' last wins.)
        if new == 0 && pending == 0 {
            break;
        }
        k += 1;
    }

    // Positions never won are the General's.
    let mask = geo.mask;
    let stats_g: Vec<(u64, u8)> = general
        .par_chunks_mut(CHUNK * e)
        .zip(local.par_chunks(CHUNK))
        .enumerate()
        .map(|(ci, (gd, lc))| {
            let mut set = unrank((ci * CHUNK) as u64, n);
            let mut won = 0u64;
            let mut longest = 0u8;
            for (i, l) in lc.iter().enumerate() {
                let mut free = mask & !set;
                let mut s = 0;
                while free != 0 {
                    let g = free.trailing_zeros();
                    free &= free - 1;
                    let b = &mut gd[i * e + s];
                    if l.wg >> g & 1 == 0 {
                        *b = GENERAL_WINS_BYTE;
                    } else {
                        won += 1;
                        longest = longest.max(*b);
                    }
                    s += 1;
                }
                if n > 0 {
                    set = next_set(set);
                }
            }
            (won, longest)
        })
        .collect();
    let stats_s: Vec<(u64, u8)> = soldiers
        .par_chunks(CHUNK * e)
        .map(|sd| {
            let mut won = 0u64;
            let mut longest = 0u8;
            for &b in sd {
                if b != GENERAL_WINS_BYTE {
                    won += 1;
                    longest = longest.max(b);
                }
            }
            (won, longest)
        })
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
        steps: k + 1,
        seconds: start.elapsed().as_secs_f64(),
        working_bytes,
        lower_bytes,
    };
    Ok((LevelTable::new(config.board, config.threshold, shape, general, soldiers), stats))
}

/// What both kinds of step share: the soldiers'-side words, written by pushes from any thread.
struct Shared<'a> {
    geo: &'a Geometry,
    n: u32,
    e: usize,
    /// Won, soldiers to move.
    ws: &'a [AtomicU64],
    /// Won at the last soldiers' step (their values are written at the next General step).
    fs: &'a [AtomicU64],
    /// Per 64 sets: which have bits in `fs`.
    dirty: &'a [AtomicU64],
}

impl Shared<'_> {
    /// One General step (even `k`): returns (new wins, positions pending on a capture bound).
    fn general_step(
        &self,
        k: u32,
        local: &mut [Local],
        flags: &mut [Flags],
        general: &mut [u8],
        soldiers: &mut [u8],
    ) -> (u64, u64) {
        let (geo, n, e) = (self.geo, self.n, self.e);
        let mask = geo.mask;
        let num_sets = local.len();
        general
            .par_chunks_mut(CHUNK * e)
            .zip(soldiers.par_chunks_mut(CHUNK * e))
            .zip(local.par_chunks_mut(CHUNK))
            .zip(flags.par_chunks_mut(CHUNK / 64))
            .enumerate()
            .map(|(ci, (((gd, sd), lc), fl))| {
                let base_r = ci * CHUNK;
                let mut walker = Walker::new(n, base_r as u64);
                let mut new = 0u64;
                let mut pending = 0u64;
                for (w, f) in fl.iter_mut().enumerate() {
                    let mut visit = self.dirty[base_r / 64 + w].swap(0, Relaxed) | f.waiting;
                    if k == 0 {
                        let valid = (num_sets - (base_r + 64 * w)).min(64);
                        visit = if valid == 64 { u64::MAX } else { (1u64 << valid) - 1 };
                    }
                    f.front = 0;
                    f.waiting = 0;
                    while visit != 0 {
                        let j = visit.trailing_zeros() as usize;
                        visit &= visit - 1;
                        let i = 64 * w + j;
                        let r = base_r + i;
                        let set = walker.at(r as u64);
                        let base = i * e;
                        let fresh = self.fs[r].swap(0, Relaxed);
                        let mut fb = fresh;
                        while fb != 0 {
                            let g = fb.trailing_zeros();
                            fb &= fb - 1;
                            sd[base + slot(g, set) as usize] = (k - 1) as u8;
                        }
                        let l = &mut lc[i];
                        let free = mask & !set;
                        let bad = free & !l.caps & !self.ws[r].load(Relaxed);
                        let mut c = free & !geo.spread(bad) & !l.wg;
                        let mut won = 0u64;
                        let mut waiting = 0u64;
                        while c != 0 {
                            let g = c.trailing_zeros();
                            c &= c - 1;
                            let b = &mut gd[base + slot(g, set) as usize];
                            if *b as u32 <= k {
                                won |= 1 << g;
                                *b = k as u8;
                            } else if *b != GENERAL_WINS_BYTE {
                                waiting |= 1 << g;
                            }
                        }
                        l.pend = waiting;
                        l.wg |= won;
                        l.fg = won;
                        if won != 0 {
                            f.front |= 1 << j;
                            new += won.count_ones() as u64;
                        }
                        if waiting != 0 {
                            f.waiting |= 1 << j;
                            pending += waiting.count_ones() as u64;
                        }
                    }
                }
                (new, pending)
            })
            .reduce(|| (0, 0), |a, b| (a.0 + b.0, a.1 + b.1))
    }

    /// One soldiers' step (odd `k`): pushes the General positions won at the last step back
    /// along every soldier move. Returns the new wins.
    fn soldier_step(&self, local: &[Local], flags: &[Flags]) -> u64 {
        let (geo, n) = (self.geo, self.n);
        let mask = geo.mask;
        local
            .par_chunks(CHUNK)
            .zip(flags.par_chunks(CHUNK / 64))
            .enumerate()
            .map(|(ci, (lc, fl))| {
                let base_r = ci * CHUNK;
                let mut walker = Walker::new(n, base_r as u64);
                let mut new = 0u64;
                for (w, fw) in fl.iter().enumerate() {
                    let mut visit = fw.front;
                    while visit != 0 {
                        let j = visit.trailing_zeros() as usize;
                        visit &= visit - 1;
                        let i = 64 * w + j;
                        let set = walker.at((base_r + i) as u64);
                        let f = lc[i].fg;
                        let mut from = set;
                        while from != 0 {
                            let b = from.trailing_zeros();
                            from &= from - 1;
                            let mut origins = geo.neighbours[b as usize] & mask & !set;
                            while origins != 0 {
                                let a = origins.trailing_zeros();
                                origins &= origins - 1;
                                let bits = f & !(1u64 << a);
                                if bits == 0 {
                                    continue;
                                }
                                let pred = set ^ (1u64 << b) ^ (1u64 << a);
                                let pr = rank(pred) as usize;
                                let fresh = bits & !self.ws[pr].load(Relaxed);
                                if fresh == 0 {
                                    continue;
                                }
                                let gained = fresh & !self.ws[pr].fetch_or(fresh, Relaxed);
                                if gained != 0 {
                                    self.fs[pr].fetch_or(gained, Relaxed);
                                    self.dirty[pr / 64].fetch_or(1 << (pr % 64), Relaxed);
                                    new += gained.count_ones() as u64;
                                }
                            }
                        }
                    }
                }
                new
            })
            .sum()
    }
}

/// Writes, for every General point of one soldier set, the capture bound: 0 without captures,
/// 1 + the longest capture child, or 255 when some capture wins for the General. Returns the
/// capture points.
fn capture_bounds(
    geo: &Geometry,
    threshold: u32,
    n: u32,
    set: u64,
    lower: &[Option<Arc<Vec<u8>>>],
    out: &mut [u8],
) -> u64 {
    let caps = geo.capture_points(set);
    if caps == 0 {
        out.fill(0);
        return 0;
    }
    let mut bound = [0u8; 64];
    let mut c = caps;
    while c != 0 {
        let p = c.trailing_zeros();
        c &= c - 1;
        if geo.neighbours[p as usize] & geo.mask & !set == 0 {
            // No General can arrive here (every neighbour holds a soldier), so this capture,
            // which could take four pairs, is never played.
            continue;
        }
        let taken = geo.captured_at(p, set);
        let m = n - taken.count_ones();
        bound[p as usize] = if m <= threshold {
            GENERAL_WINS_BYTE
        } else {
            let table = lower[m as usize].as_ref().expect("lower levels are solved first");
            let child = set & !taken;
            let b = table[LevelShape { points: geo.points, soldiers: m }.index(p, child) as usize];
            if b == GENERAL_WINS_BYTE { GENERAL_WINS_BYTE } else { b + 1 }
        };
    }
    let mut free = geo.mask & !set;
    let mut s = 0;
    while free != 0 {
        let g = free.trailing_zeros();
        free &= free - 1;
        let mut near = geo.neighbours[g as usize] & caps;
        let mut cb = 0u8;
        while near != 0 {
            let p = near.trailing_zeros();
            near &= near - 1;
            cb = cb.max(bound[p as usize]);
        }
        out[s] = cb;
        s += 1;
    }
    caps
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_point_no_general_can_reach_is_not_looked_up() {
        // c3 surrounded by eight soldiers (four full pairs) plus one on e5: arriving at c3 would
        // take eight, but no General can arrive there. No lower level may be read (there are
        // none here), and no General point gets a capture bound from it.
        let geo = Geometry::new(Board::Square25);
        let ring = geo.neighbours[12];
        let set = ring | 1 << 24;
        assert_eq!(geo.capture_points(set), 1 << 12);
        let lower = vec![None; 10];
        let mut out = vec![7u8; 25 - 9];
        capture_bounds(&geo, 0, 9, set, &lower, &mut out);
        assert!(out.iter().all(|&b| b == 0), "{out:?}");
    }
}
