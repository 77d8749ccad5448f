//! `musashi solve`: builds endgame tables (or the whole game on 25 points) and prints a summary.

use crate::rules_args::RulesArgs;
use crate::solve_report::{mib, on_event, peak_memory, print_summary, progress_bar};
use anyhow::{Context, Result, bail};
use musashi_game::{Board, MoveLimit, Repetition, Ruleset};
use musashi_solver::{LevelStats, LevelTable, SolveConfig, Tables, level_file_name, prepare_output_dir, solve};
use std::path::PathBuf;
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
    prepare_output_dir(&a.out, a.force).context("--out (--force replaces its tables)")?;
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
    let tables = Tables::open(&a.out).with_context(|| format!("reading back {}", a.out.display()))?;
    print_summary(&stats, &tables)
}
