//! The retrograde pass: one soldier count ("level") at a time, lowest first.
//!
//! Within a level the soldiers' set `S` only changes by soldier moves and the General's point only
//! by General moves (captures leave the level for a lower one, already solved). The pass keeps,
//! per soldier set, words indexed by the General's point (bit-parallel over the General; 32 bits
//! on the 25-point board, 64 on the 33-point board): the won positions with the General to move
//! (`wg`) and the soldiers to move (`ws`), and the General wins of the last ply (`fg`). Ply `k`
//! finds every position the soldiers win in exactly `k` plies: the General's positions at even
//! `k`, the soldiers' at odd `k` (a trap always happens with the General to move).
//!
//! - General to move, ply `k`: a General on `g` is lost when every non-capturing move leads to a
//!   won soldiers' position and its captures (whose values come from lower levels) all lead to
//!   wins no longer than `k - 1`. The first half is one bit operation for every General point at
//!   once: the "bad" destinations (empty, not capturing, not won) spread to their neighbours mark
//!   the Generals that can still escape. The second half is the capture bound computed once per
//!   position before the first ply ([`crate::captures`]); a position whose non-capturing moves
//!   are all lost but whose bound is larger waits until ply `bound` (the block pass keeps the
//!   earliest such bound per block).
//! - Soldiers to move, ply `k`: `ws(S)` gains `fg(S')` (less the point the soldier left) for
//!   every soldier move `S -> S'`.
//!
//! Two passes compute this, with the same plies ([`run_plies`]) and the same General step
//! ([`crate::general_step`]), and write the same tables: the block pass ([`crate::block_level`])
//! cuts the level into blocks ([`crate::blocks`]) so that the pull is array work over every set,
//! the least memory (the 33-point board's pass); the orbit pass ([`crate::orbit_pass`]) solves one
//! set per orbit of the board's symmetries ([`crate::symmetry`]) through per-orbit move lists,
//! about 8 times less work on the 25-point square.

use crate::block_level::{plies_bytes, solve_blocks};
use crate::blocks::Split;
use crate::geometry::Geometry;
use crate::index::LevelShape;
use crate::level_file::{LevelTable, LevelWriter};
use crate::orbit_pass::solve_orbits;
use crate::plies::PassError;
use crate::plies::SideValues;
use crate::symmetry::Symmetry;
use crate::table_error::TableError;
use crate::value::{GENERAL_WINS_BYTE, MAX_DISTANCE};
use musashi_game::Board;
use rayon::prelude::*;
use std::path::PathBuf;
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
    /// Solve the levels of `levels` from 0 up to this many soldiers (at most 16).
    pub max_soldiers: u32,
    /// Which levels: all of them, or the even or the odd ones only.
    pub levels: Levels,
}

/// Which soldier counts ("levels") a solve covers. A capture takes soldiers in pairs, so the
/// levels a capture reaches from level `n` have `n`'s parity, and each choice is complete for
/// the positions of its levels.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Default)]
pub enum Levels {
    /// Every level.
    #[default]
    All,
    /// The even levels only: every position a game from the start (16 soldiers) reaches, for
    /// 56% of the positions and of the disk on the 33-point board up to 16 soldiers; odd levels
    /// occur only in positions set up by hand.
    Even,
    /// The odd levels only: the positions set up by hand with an odd number of soldiers (with
    /// the even levels in another folder, every position), solvable on their own.
    Odd,
}

impl std::str::FromStr for Levels {
    type Err = String;

    /// `all`, `even` or `odd`.
    fn from_str(s: &str) -> Result<Levels, String> {
        [Levels::All, Levels::Even, Levels::Odd]
            .into_iter()
            .find(|l| l.name() == s)
            .ok_or_else(|| format!("expected `all`, `even` or `odd`, got `{s}`"))
    }
}

impl Levels {
    /// Whether level `n` is one of them.
    pub fn contains(self, n: u32) -> bool {
        match self {
            Levels::All => true,
            Levels::Even => n.is_multiple_of(2),
            Levels::Odd => !n.is_multiple_of(2),
        }
    }

    /// Their name in `musashi solve --levels`: `all`, `even` or `odd`.
    pub fn name(self) -> &'static str {
        match self {
            Levels::All => "all",
            Levels::Even => "even",
            Levels::Odd => "odd",
        }
    }

    /// The lowest level of the three: 1 for the odd levels, else 0.
    pub fn lowest(self) -> u32 {
        u32::from(self == Levels::Odd)
    }

    /// Their name in a sentence: "levels", "the even levels" or "the odd levels".
    pub fn phrase(self) -> &'static str {
        match self {
            Levels::All => "levels",
            Levels::Even => "the even levels",
            Levels::Odd => "the odd levels",
        }
    }

    /// Which of the three a list of levels (ascending, without repeats) is, up to its last
    /// level: even when it holds no odd level (so `[0]` is even), odd when it holds no even one,
    /// else all. `Err(n)` names the first level missing.
    pub fn of(levels: &[u32]) -> Result<Levels, u32> {
        let kind = match (levels.iter().any(|n| n % 2 == 1), levels.iter().any(|n| n % 2 == 0)) {
            (true, true) => Levels::All,
            (true, false) => Levels::Odd,
            (false, _) => Levels::Even,
        };
        let max = levels.last().copied().unwrap_or(0);
        match (0..=max).filter(|&n| kind.contains(n)).find(|n| !levels.contains(n)) {
            None => Ok(kind),
            Some(n) => Err(n),
        }
    }
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
    /// Bytes the pass held during its plies (working words, per-block flags and, unless they are
    /// in a scratch file, the capture bounds; the lower levels it reads first are counted in
    /// `lower_bytes`, the value arrays are built once the plies end).
    pub working_bytes: u64,
    /// Bytes of the lower levels' tables read for captures while this level was solved (they
    /// are let go before the plies start).
    pub lower_bytes: u64,
    /// Found complete on disk and checked rather than solved by this run (`steps`, `seconds` and
    /// the byte counts are then 0).
    pub resumed: bool,
}

/// Progress reports of a solve.
#[derive(Debug)]
pub enum Event<'a> {
    /// A level begins: soldiers, positions (both sides).
    LevelStart {
        /// Soldiers.
        soldiers: u32,
        /// Positions of the level on the board, both sides together (the 33-point board's
        /// tables store about half of them, [`LevelShape::num_sets`]).
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
    /// A level's file could not be written, one side at a time ([`LevelStore::writer`]).
    Write(TableError),
    /// A scratch file of a level being solved could not be written or read back.
    Scratch {
        /// The file.
        path: PathBuf,
        /// The error.
        source: std::io::Error,
    },
}

impl<E: std::fmt::Display> std::fmt::Display for SolveError<E> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SolveError::DistanceOverflow { soldiers } => {
                write!(f, "a forced win with {soldiers} soldiers is longer than {MAX_DISTANCE} plies")
            }
            SolveError::TooManySoldiers(n) => write!(f, "{n} soldiers asked for; positions hold at most 16"),
            SolveError::Sink(e) => write!(f, "{e}"),
            SolveError::Write(e) => write!(f, "{e}"),
            SolveError::Scratch { path, source } => write!(f, "scratch file {}: {source}", path.display()),
        }
    }
}

impl<E: std::error::Error + 'static> std::error::Error for SolveError<E> {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            SolveError::Sink(e) => Some(e),
            SolveError::Write(e) => Some(e),
            SolveError::Scratch { source, .. } => Some(source),
            _ => None,
        }
    }
}

/// Where a solve's finished levels go, and where the lower levels that captures reach come back
/// from: memory ([`solve`]) or a table directory ([`crate::SolveDir`]), which keeps nothing in
/// memory between levels.
pub trait LevelStore {
    /// Why storing or reading back failed.
    type Error;
    /// Keeps a finished level (for a directory: writes it, checksummed, before the next starts).
    fn put(&mut self, table: Arc<LevelTable>, stats: &LevelStats) -> Result<(), Self::Error>;
    /// For a store of files: the writer of the level of `shape`, which the solve then hands the
    /// level's values one side at a time (building each from its log only when the other is
    /// gone), instead of calling [`LevelStore::put`]: a level's two value arrays are then never
    /// in memory together (21 GiB on the 33-point board's level of 13 soldiers). `None` (the
    /// default): levels go to `put` whole.
    fn writer(&mut self, _shape: LevelShape) -> Option<Result<LevelWriter, TableError>> {
        None
    }
    /// The soldiers-to-move values of a level already put (or found complete).
    fn soldiers_side(&mut self, soldiers: u32) -> Result<Arc<Vec<u8>>, Self::Error>;
    /// A folder for the scratch files of a level being solved (the capture bounds and both
    /// sides' wins of each ply, [`crate::SolveDir`]'s own folder); without one they are kept in
    /// memory.
    fn scratch(&self) -> Option<PathBuf> {
        None
    }
}

/// Solves the levels of `config.levels` up to `max_soldiers`, lowest first, handing each finished
/// level to `sink` (to save it or keep it). Only the soldiers'-side arrays of the levels a capture
/// can reach stay in memory while higher levels are solved.
pub fn solve<E>(
    config: SolveConfig,
    progress: &(dyn Fn(Event<'_>) + Sync),
    sink: impl FnMut(Arc<LevelTable>, &LevelStats) -> Result<(), E>,
) -> Result<(), SolveError<E>> {
    let mut store = KeepLower { kept: Vec::new(), sink };
    solve_from(config, 0, progress, &mut store)
}

/// Solves the levels of `config.levels` in `first..=max_soldiers`, lowest first, into `store`,
/// which must hold those below `first` (a resumed solve).
pub fn solve_from<S: LevelStore>(
    config: SolveConfig,
    first: u32,
    progress: &(dyn Fn(Event<'_>) + Sync),
    store: &mut S,
) -> Result<(), SolveError<S::Error>> {
    let pass = if config.board.topology().num_points <= 32 { Pass::Orbits } else { Pass::Blocks };
    solve_with(config, first, pass, progress, store)
}

/// The store behind [`solve`]: hands levels to a closure and keeps the soldiers' side of the
/// last six in memory.
struct KeepLower<F> {
    kept: Vec<Option<Arc<Vec<u8>>>>,
    sink: F,
}

impl<E, F: FnMut(Arc<LevelTable>, &LevelStats) -> Result<(), E>> LevelStore for KeepLower<F> {
    type Error = E;
    fn put(&mut self, table: Arc<LevelTable>, stats: &LevelStats) -> Result<(), E> {
        let n = table.soldiers() as usize;
        self.kept.resize(n + 1, None);
        self.kept[n] = Some(table.soldiers_shared());
        for m in 0..(n + 1).saturating_sub(6) {
            self.kept[m] = None;
        }
        (self.sink)(table, stats)
    }
    fn soldiers_side(&mut self, soldiers: u32) -> Result<Arc<Vec<u8>>, E> {
        Ok(self.kept[soldiers as usize].clone().expect("levels a capture reaches are kept"))
    }
}

/// The levels a capture from level `n` reaches and looks up (one to three pairs taken; four
/// cannot be complete, the General came from one of the point's neighbours): `n-2`, `n-4`, `n-6`,
/// those above the threshold (at or below it the capture wins for the General outright).
pub fn capture_levels(n: u32, threshold: u32) -> impl Iterator<Item = u32> {
    [2, 4, 6].into_iter().filter_map(move |d| n.checked_sub(d)).filter(move |&m| m > threshold)
}

/// How a level is solved. Both give the same tables (tested); they differ in time and memory.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub(crate) enum Pass {
    /// Every soldier set, in blocks ([`crate::block_level`]): the least memory; the 33-point
    /// board's pass.
    Blocks,
    /// One soldier set per orbit of the board's symmetries ([`crate::orbit_pass`]): about 8 times
    /// less work on the 25-point square, for per-set move lists; boards of at most 32 points.
    Orbits,
}

pub(crate) fn solve_with<S: LevelStore>(
    config: SolveConfig,
    first: u32,
    pass: Pass,
    progress: &(dyn Fn(Event<'_>) + Sync),
    store: &mut S,
) -> Result<(), SolveError<S::Error>> {
    if config.max_soldiers > 16 {
        return Err(SolveError::TooManySoldiers(config.max_soldiers));
    }
    let geo = Geometry::new(config.board);
    // What each pass needs once per board: the block layout's split, or the symmetries.
    let split = (pass == Pass::Blocks).then(|| Split::new(&geo, split_point(geo.points)));
    let sym = (pass == Pass::Orbits).then(|| Symmetry::new(&geo));
    let max_soldiers = config.max_soldiers.min(geo.points - 1);
    for n in (first..=max_soldiers).filter(|&n| config.levels.contains(n)) {
        let start = Instant::now();
        let shape = LevelShape { points: geo.points, soldiers: n };
        progress(Event::LevelStart { soldiers: n, positions: 2 * shape.board_positions_per_side() });
        let mut lower: Vec<Option<Arc<Vec<u8>>>> = vec![None; n as usize];
        for m in capture_levels(n, config.threshold) {
            lower[m as usize] = Some(store.soldiers_side(m).map_err(SolveError::Sink)?);
        }
        let lower_bytes = lower.iter().flatten().map(|t| t.len() as u64).sum();
        let on_step = |ply: u32, new_wins: u64| progress(Event::Step { soldiers: n, ply, new_wins });
        let (threshold, scratch) = (config.threshold, store.scratch());
        let scratch = scratch.as_deref();
        let solved = match (&split, &sym) {
            (_, Some(sym)) => solve_orbits(&geo, sym, threshold, n, lower, &on_step).ok_or(PassError::Overflow),
            (Some(split), _) if geo.points <= 32 => {
                solve_blocks::<u32>(&geo, split, threshold, n, lower, scratch, &on_step)
            }
            (Some(split), _) => solve_blocks::<u64>(&geo, split, threshold, n, lower, scratch, &on_step),
            (None, None) => unreachable!("each pass has what it needs"),
        }
        .map_err(|e| match e {
            PassError::Overflow => SolveError::DistanceOverflow { soldiers: n },
            PassError::Scratch(e) => SolveError::Scratch { path: e.path, source: e.source },
        })?;
        let mut stats = LevelStats {
            soldiers: n,
            steps: solved.steps,
            working_bytes: solved.working_bytes,
            lower_bytes,
            ..LevelStats::default()
        };
        let bytes =
            |side: SideValues| side.into_bytes().map_err(|e| SolveError::Scratch { path: e.path, source: e.source });
        let (board, threshold) = (config.board, config.threshold);
        match store.writer(shape) {
            Some(writer) => {
                // One side in memory at a time.
                let mut writer = writer.map_err(SolveError::Write)?;
                let general = bytes(solved.general)?;
                stats.general_to_move = side_stats(&general, shape);
                writer.write_side(&general).map_err(SolveError::Write)?;
                drop(general);
                let soldiers = bytes(solved.soldiers)?;
                stats.soldiers_to_move = side_stats(&soldiers, shape);
                writer.write_side(&soldiers).map_err(SolveError::Write)?;
                drop(soldiers);
                writer.finish().map_err(SolveError::Write)?;
                stats.seconds = start.elapsed().as_secs_f64();
                progress(Event::LevelDone(&stats));
            }
            None => {
                let (general, soldiers) = (bytes(solved.general)?, bytes(solved.soldiers)?);
                stats.general_to_move = side_stats(&general, shape);
                stats.soldiers_to_move = side_stats(&soldiers, shape);
                stats.seconds = start.elapsed().as_secs_f64();
                progress(Event::LevelDone(&stats));
                let table = Arc::new(LevelTable::new(board, threshold, shape, general, soldiers));
                store.put(table, &stats).map_err(SolveError::Sink)?;
            }
        }
    }
    Ok(())
}

/// About how much memory solving level `n` into a directory ([`crate::SolveDir`], `musashi
/// solve`) takes on the 33-point board's pass (the block pass): the largest of the capture-bound
/// phase (the lower levels read for captures; the bounds go to a scratch file as they are
/// computed), the plies (four words per soldier set) and the end (one side's value array at a
/// time). The operating system's page cache holds what it can of the bounds' scratch file
/// besides, which is not counted. An in-memory solve holds the bounds and both value arrays
/// too; the 25-point board's orbit pass needs less than this.
pub fn level_memory_bytes(config: SolveConfig, n: u32) -> u64 {
    let points = config.board.num_points() as u32;
    let shape = LevelShape { points, soldiers: n };
    let word = if points <= 32 { 4 } else { 8 };
    let per_side = shape.positions_per_side();
    let lower: u64 =
        capture_levels(n, config.threshold).map(|m| LevelShape { points, soldiers: m }.positions_per_side()).sum();
    let plies = plies_bytes(shape, word, false);
    lower.max(plies).max(per_side)
}

/// Where a board's points are split into low and high (see [`crate::blocks`]): blocks of at most
/// `C(x, x/2)` sets (924 on 25 points, 6,435 on 33), high parts looked up in a `2^(P-x)` table.
/// On the 33-point board the split is the mirror's ([`crate::mirror::SPLIT`]).
fn split_point(points: u32) -> u32 {
    if points <= 25 { 12.min(points) } else { crate::mirror::SPLIT }
}

/// Bytes per work unit of the statistics.
const STATS_CHUNK: usize = 1 << 20;

/// Counts one side's won positions and its longest win, as positions of the board (a stored
/// position stands for its mirror image too where that is not stored).
fn side_stats(values: &[u8], shape: LevelShape) -> SideStats {
    let runs = shape.weight_runs();
    let parts: Vec<WinCount> = values
        .par_chunks(STATS_CHUNK)
        .enumerate()
        .map(|(i, v)| WinCount::of(v, (i * STATS_CHUNK) as u64, &runs))
        .collect();
    let mut all = WinCount::default();
    for p in parts {
        all.add(p);
    }
    all.stats(shape)
}

/// Won positions (weighted as positions of the board) and the longest win among value bytes.
#[derive(Default, Clone, Copy)]
pub(crate) struct WinCount {
    won: u64,
    longest: u8,
}

impl WinCount {
    /// Counts the values `v` stored from index `first` on, weighted by `runs`
    /// ([`LevelShape::weight_runs`]).
    pub(crate) fn of(v: &[u8], first: u64, runs: &[(u64, u64)]) -> WinCount {
        let mut out = WinCount::default();
        let (mut at, end) = (first, first + v.len() as u64);
        let mut r = runs.partition_point(|run| run.0 <= at);
        while at < end {
            let (run_end, weight) = runs[r];
            let part = &v[(at - first) as usize..(run_end.min(end) - first) as usize];
            out.won += weight * part.iter().map(|&b| (b != GENERAL_WINS_BYTE) as u64).sum::<u64>();
            out.longest = out.longest.max(longest_win(part));
            at = run_end.min(end);
            r += 1;
        }
        out
    }

    /// Adds another part's counts.
    pub(crate) fn add(&mut self, o: WinCount) {
        self.won += o.won;
        self.longest = self.longest.max(o.longest);
    }

    /// The side's statistics, out of the board's positions.
    pub(crate) fn stats(self, shape: LevelShape) -> SideStats {
        SideStats {
            soldiers_win: self.won,
            general_wins: shape.board_positions_per_side() - self.won,
            longest: (self.won > 0).then_some(self.longest as u32),
        }
    }
}

/// The longest win among value bytes (0 when none is won).
fn longest_win(values: &[u8]) -> u8 {
    values.iter().map(|&b| if b == GENERAL_WINS_BYTE { 0 } else { b }).max().unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tables(config: SolveConfig, pass: Pass) -> Vec<(Arc<LevelTable>, LevelStats)> {
        let mut out = Vec::new();
        let mut store = KeepLower {
            kept: Vec::new(),
            sink: |t: Arc<LevelTable>, s: &LevelStats| {
                out.push((t, s.clone()));
                Ok::<(), ()>(())
            },
        };
        solve_with(config, 0, pass, &|_| {}, &mut store).expect("solves");
        out
    }

    #[test]
    fn both_passes_write_the_same_tables() {
        // Every level up to 7 soldiers of the square (the orbit pass's board), for both ends of
        // the threshold range; the naive tests check the values themselves.
        for threshold in [0, 2, 5] {
            let config = SolveConfig { board: Board::Square25, threshold, max_soldiers: 7, levels: Levels::All };
            let (blocks, orbits) = (tables(config, Pass::Blocks), tables(config, Pass::Orbits));
            for ((b, bs), (o, os)) in blocks.iter().zip(&orbits) {
                let n = bs.soldiers;
                assert!(b.general_bytes() == o.general_bytes(), "threshold {threshold}, {n} soldiers, General to move");
                assert!(
                    b.soldiers_bytes() == o.soldiers_bytes(),
                    "threshold {threshold}, {n} soldiers, soldiers to move"
                );
                assert_eq!(
                    (bs.general_to_move, bs.soldiers_to_move, bs.steps),
                    (os.general_to_move, os.soldiers_to_move, os.steps)
                );
            }
        }
    }
}
