//! Exact analysis of Juroku Musashi by retrograde analysis: the value of every position in the
//! solved form of the rules (no repetition rule, no move limit, endless play counts for the
//! General) for a board and a capture threshold, one soldier count at a time, lowest first.
//!
//! A value is either "the soldiers trap the General in N plies with best play" (the soldiers
//! hurrying, the General delaying) or "the General wins". `docs/solver.md` describes the
//! algorithm and its costs, `docs/tables.md` the table files.
//!
//! Architecture invariant: this crate depends on the rules crate only (plus rayon and a CRC), and
//! does no I/O other than reading and writing its own table files.

mod block_level;
mod block_pass;
mod blocks;
mod bounds;
mod captures;
mod general_step;
mod geometry;
mod index;
mod level_file;
mod mirror;
mod orbit_pass;
mod orbits;
mod plan;
mod plies;
mod principal_line;
mod recheck;
mod recheck_sample;
mod soldier_wins;
mod solve;
mod solve_dir;
mod summary;
mod symmetry;
mod table;
mod table_error;
mod value;

pub use index::{LevelShape, binomial, next_set, rank, unrank};
pub use level_file::{
    FORMAT_VERSION, HEADER_LEN, HeaderInfo, LevelTable, LevelWriter, MAGIC, level_file_name, read_header,
};
pub use plan::{PlanError, Resources, SolvePlan};
pub use principal_line::{line_text, principal_line};
pub use recheck::{RecheckReport, expected_value, recheck};
pub use recheck_sample::recheck_sample;
pub use solve::{
    Event, LevelStats, LevelStore, Levels, SideStats, SolveConfig, SolveError, capture_levels, level_memory_bytes,
    solve, solve_from,
};
pub use solve_dir::{SolveDir, check_level, level_file_bytes, level_scratch_bytes};
pub use summary::{level_line, levels_table, longest_wins, solved_line};
pub use table::Tables;
pub use table_error::TableError;
pub use value::{GENERAL_WINS_BYTE, MAX_DISTANCE, Value};

use std::sync::Arc;

/// Solves in memory and returns the tables with each level's statistics.
pub fn solve_in_memory(
    config: SolveConfig,
    progress: &(dyn Fn(Event<'_>) + Sync),
) -> Result<(Tables, Vec<LevelStats>), SolveError<TableError>> {
    let mut levels = Vec::new();
    let mut stats = Vec::new();
    solve(config, progress, |t: Arc<LevelTable>, s: &LevelStats| {
        levels.push(t);
        stats.push(s.clone());
        Ok::<(), TableError>(())
    })?;
    let tables = Tables::from_levels(levels).map_err(SolveError::Sink)?;
    Ok((tables, stats))
}
