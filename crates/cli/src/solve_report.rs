//! What a solve shows (`musashi solve`, `musashi bench solve`): a bar over all positions driven
//! by the solver's events, the peak memory, the per-level counts, the longest wins and the
//! start's value.

use crate::progress;
use anyhow::Result;
use indicatif::ProgressBar;
use musashi_game::{Board, Position, Side};
use musashi_solver::{Event, LevelStats, Tables, binomial};

/// A progress bar over all positions to solve; hidden when stderr is not a terminal.
pub(crate) fn progress_bar(board: Board, max_soldiers: u32) -> ProgressBar {
    let points = board.num_points() as u32;
    let total: u64 = (0..=max_soldiers).map(|n| 2 * points as u64 * binomial(points - 1, n)).sum();
    progress::bar(total, "{bar:40} {percent:>3}% {msg} [{elapsed_precise}, eta {eta}]")
}

/// The progress callback for a solve, driving `bar`.
pub(crate) fn on_event(bar: &ProgressBar) -> impl Fn(Event<'_>) + Sync + '_ {
    move |e| match e {
        Event::LevelStart { soldiers, .. } => bar.set_message(format!("{soldiers} soldiers")),
        Event::Step { soldiers, ply, .. } => bar.set_message(format!("{soldiers} soldiers, ply {ply}")),
        Event::LevelDone(s) => bar.inc(
            s.general_to_move.soldiers_win
                + s.general_to_move.general_wins
                + s.soldiers_to_move.soldiers_win
                + s.soldiers_to_move.general_wins,
        ),
    }
}

/// Peak resident memory of this process in bytes, where the system reports it.
pub(crate) fn peak_memory() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kb: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb * 1024)
}

/// Bytes in MiB.
pub(crate) fn mib(bytes: u64) -> f64 {
    bytes as f64 / (1024.0 * 1024.0)
}

/// Prints the per-level table of a solve.
pub(crate) fn print_levels(stats: &[LevelStats]) {
    println!(
        "{:>8}  {:>8}  {:>14}  {:>14}  {:>7}  {:>8}  {:>10}  {:>10}",
        "soldiers", "to move", "soldiers win", "general wins", "longest", "seconds", "work MiB", "lower MiB"
    );
    for s in stats {
        for (i, (side, v)) in
            [("general", &s.general_to_move), ("soldiers", &s.soldiers_to_move)].into_iter().enumerate()
        {
            let longest = v.longest.map_or("-".to_string(), |l| l.to_string());
            let (secs, work, lower) = if i == 0 {
                (
                    format!("{:.2}", s.seconds),
                    format!("{:.1}", mib(s.working_bytes)),
                    format!("{:.1}", mib(s.lower_bytes)),
                )
            } else {
                (String::new(), String::new(), String::new())
            };
            println!(
                "{:>8}  {:>8}  {:>14}  {:>14}  {:>7}  {:>8}  {:>10}  {:>10}",
                s.soldiers, side, v.soldiers_win, v.general_wins, longest, secs, work, lower
            );
        }
    }
}

/// Prints the start position's value for both first movers, if the tables cover it.
pub(crate) fn print_start(tables: &Tables) -> Result<()> {
    for side in [Side::Soldiers, Side::General] {
        let start = Position::start(tables.board(), side);
        if start.num_soldiers() > tables.max_soldiers() {
            println!("start, {side} to move: not covered (tables up to {} soldiers)", tables.max_soldiers());
        } else {
            println!("start, {side} to move: {}", tables.probe(&start)?);
        }
    }
    Ok(())
}

/// Prints the longest win over all levels for each side to move.
pub(crate) fn print_longest(stats: &[LevelStats]) {
    for (side, get) in [
        ("soldiers", (|s: &LevelStats| s.soldiers_to_move.longest) as fn(&LevelStats) -> Option<u32>),
        ("general", |s: &LevelStats| s.general_to_move.longest),
    ] {
        let best = stats.iter().filter_map(|s| get(s).map(|l| (l, s.soldiers))).max();
        match best {
            Some((l, n)) => println!("longest forced win, {side} to move: {l} plies (with {n} soldiers)"),
            None => println!("longest forced win, {side} to move: none"),
        }
    }
}
