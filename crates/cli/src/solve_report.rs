//! What a solve shows (`musashi solve`, `musashi bench solve`): a bar over all positions driven
//! by the solver's events, the peak memory, and the solver's summary (`musashi_solver::summary`).

use crate::progress;
use anyhow::Result;
use indicatif::ProgressBar;
use musashi_game::Board;
use musashi_solver::{Event, LevelStats, Tables, binomial, levels_table, longest_wins};
use std::sync::atomic::{AtomicU64, Ordering};

/// A progress bar over all positions of the levels to solve; hidden when stderr is not a
/// terminal.
pub(crate) fn progress_bar(board: Board, levels: impl IntoIterator<Item = u32>) -> ProgressBar {
    let points = board.num_points() as u32;
    let total: u64 = levels.into_iter().map(|n| 2 * points as u64 * binomial(points - 1, n)).sum();
    progress::bar(total, "{bar:40} {percent:>3}% {msg} [{elapsed_precise}, eta {eta}]")
}

/// The progress callback for a solve, driving `bar`: each ply adds the positions it won, so that
/// the bar (and its ETA) moves inside a level too (the orbit pass counts one set per orbit, so it
/// moves less there), and a finished level sets the bar to the positions of the levels done.
pub(crate) fn on_event(bar: &ProgressBar) -> impl Fn(Event<'_>) + Sync + '_ {
    let done = AtomicU64::new(bar.position());
    move |e| match e {
        Event::LevelStart { soldiers, .. } => bar.set_message(format!("{soldiers} soldiers")),
        Event::Step { soldiers, ply, new_wins } => {
            bar.set_message(format!("{soldiers} soldiers, ply {ply}"));
            bar.inc(new_wins);
        }
        Event::LevelDone(s) => bar.set_position(done.fetch_add(s.positions(), Ordering::Relaxed) + s.positions()),
    }
}

/// Bytes in MiB.
pub(crate) fn mib(bytes: u64) -> f64 {
    bytes as f64 / (1024.0 * 1024.0)
}

/// Prints the per-level table, the longest wins and the start's value of a solve.
pub(crate) fn print_summary(stats: &[LevelStats], tables: &Tables) -> Result<()> {
    print!("{}{}{}", levels_table(stats), longest_wins(stats), tables.start_values()?);
    Ok(())
}
