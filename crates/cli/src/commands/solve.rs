//! `musashi solve`: builds endgame tables (or the whole game on 25 points) and prints a summary.

use crate::rules_args::RulesArgs;
use anyhow::{Context, Result, bail};
use indicatif::{ProgressBar, ProgressStyle};
use musashi_game::{Board, MoveLimit, Position, Repetition, Ruleset, Side};
use musashi_solver::{Event, LevelStats, LevelTable, SolveConfig, Tables, binomial, level_file_name, solve};
use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Instant;

#[derive(clap::Args, Debug)]
pub(crate) struct Args {
    #[command(flatten)]
    rules: RulesArgs,
    /// Solve every position with up to this many soldiers (default: 16 on 25 points, 8 on 33).
    #[arg(long)]
    max_soldiers: Option<u32>,
    /// Directory for the table files (created if needed).
    #[arg(long)]
    out: PathBuf,
    /// Replace table files already in the directory.
    #[arg(long)]
    force: bool,
}

/// A progress bar over all positions to solve; hidden when stderr is not a terminal.
pub(crate) fn progress_bar(board: Board, max_soldiers: u32) -> ProgressBar {
    let points = board.num_points() as u32;
    let total: u64 = (0..=max_soldiers).map(|n| 2 * points as u64 * binomial(points - 1, n)).sum();
    if !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::new(total);
    bar.set_style(
        ProgressStyle::with_template("{bar:40} {percent:>3}% {msg} [{elapsed_precise}, eta {eta}]")
            .expect("a valid template"),
    );
    bar
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

/// The solver's view of a ruleset: board and threshold (the solved form has no repetition rule
/// and no limit; other settings only change how callers read the distances).
pub(crate) fn solver_config(rules: &Ruleset, max_soldiers: Option<u32>) -> Result<SolveConfig> {
    let max_soldiers = max_soldiers.unwrap_or(match rules.board {
        Board::Square25 => 16,
        Board::Setchin33 => 8,
    });
    if max_soldiers > 16 {
        bail!("--max-soldiers must be at most 16, got {max_soldiers}");
    }
    Ok(SolveConfig { board: rules.board, threshold: rules.threshold(), max_soldiers })
}

/// Peak resident memory of this process in bytes, where the system reports it.
pub(crate) fn peak_memory() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kb: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb * 1024)
}

fn mib(bytes: u64) -> f64 {
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

fn prepare_dir(dir: &Path, force: bool) -> Result<()> {
    if dir.exists() && !dir.is_dir() {
        bail!("--out {} exists and is not a directory", dir.display());
    }
    std::fs::create_dir_all(dir).with_context(|| format!("cannot create --out directory {}", dir.display()))?;
    let existing: Vec<PathBuf> = std::fs::read_dir(dir)
        .with_context(|| format!("cannot read {}", dir.display()))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "mtb"))
        .collect();
    if !existing.is_empty() {
        if !force {
            bail!("{} already holds table files; pass --force to replace them or choose another --out", dir.display());
        }
        for p in existing {
            std::fs::remove_file(&p).with_context(|| format!("cannot remove {}", p.display()))?;
        }
    }
    Ok(())
}

pub(crate) fn run(a: Args) -> Result<()> {
    let rules = a.rules.ruleset();
    let config = solver_config(&rules, a.max_soldiers)?;
    if rules.repetition != Repetition::None || rules.move_limit != MoveLimit::None {
        eprintln!(
            "note: tables hold the solved form of the rules (no repetition rule, no move limit) with general_wins_at \
             {}; compare distances with the moves a limit allows",
            rules.general_wins_at
        );
    }
    prepare_dir(&a.out, a.force)?;
    let bar = progress_bar(config.board, config.max_soldiers);
    let start = Instant::now();
    let mut stats = Vec::new();
    let mut write_secs = 0.0;
    solve(config, &on_event(&bar), |t: Arc<LevelTable>, s: &LevelStats| {
        let w = Instant::now();
        t.write(&a.out.join(level_file_name(t.soldiers())))?;
        write_secs += w.elapsed().as_secs_f64();
        stats.push(s.clone());
        Ok::<(), musashi_solver::TableError>(())
    })
    .with_context(|| format!("solving into {}", a.out.display()))?;
    bar.finish_and_clear();
    let total = start.elapsed().as_secs_f64();
    println!(
        "solved the {}-point board, general_wins_at {} (the General wins after a capture leaving {} or fewer), {} to {} \
         soldiers",
        config.board, rules.general_wins_at, config.threshold, 0, config.max_soldiers
    );
    println!("solve time {:.2} s ({:.2} s of it writing tables to {})", total, write_secs, a.out.display());
    if let Some(peak) = peak_memory() {
        println!("peak memory {:.0} MiB", mib(peak));
    }
    print_levels(&stats);
    print_longest(&stats);
    let tables = Tables::open(&a.out).with_context(|| format!("reading back {}", a.out.display()))?;
    print_start(&tables)?;
    Ok(())
}
