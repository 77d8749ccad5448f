//! `musashi solve`: builds endgame tables (or the whole game on 25 points) and prints a summary.

use crate::rules_args::RulesArgs;
use crate::solve_report::{mib, on_event, print_summary, progress_bar};
use anyhow::{Context, Result, bail};
use musashi_chores::{available_memory, peak_memory, reset_peak_memory};
use musashi_game::{MoveLimit, Repetition};
use musashi_solver::{
    Event, Levels, Resources, SolveConfig, SolveDir, SolvePlan, Tables, level_line, recheck_sample, solve_from,
    solved_line,
};
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::Instant;

#[derive(clap::Args, Debug)]
pub(crate) struct Args {
    #[command(flatten)]
    rules: RulesArgs,
    /// Solve every position with up to this many soldiers (default: 16 on 25 points, 8 on 33).
    #[arg(long)]
    max_soldiers: Option<u32>,
    /// Which levels: `all`, `even` (the soldier counts a game from the start reaches: captures
    /// take pairs; 56% of the positions and the disk up to 16 soldiers) or `odd` (the rest, for
    /// another folder).
    #[arg(long, default_value = "all")]
    levels: Levels,
    /// Directory for the table files (created if needed).
    #[arg(long)]
    out: PathBuf,
    /// Replace table files already in the directory (without it, a solve goes on from the levels
    /// found complete there, after checking each).
    #[arg(long)]
    force: bool,
    /// After solving, re-derive this many positions drawn from each level and side (seeded) from
    /// their children's stored values, reading the files (little memory on tables of any size).
    #[arg(long, default_value_t = 0)]
    recheck_sample: u64,
}

pub(crate) fn run(a: Args) -> Result<()> {
    let rules = a.rules.ruleset();
    let config = SolveConfig::for_rules(&rules, a.max_soldiers, a.levels).map_err(anyhow::Error::msg)?;
    if rules.repetition != Repetition::None || rules.move_limit != MoveLimit::None {
        eprintln!(
            "note: tables hold the solved form of the rules (no repetition rule, no move limit) with general_wins_at \
             {}; compare distances with the moves a limit allows",
            rules.general_wins_at
        );
    }
    let checking = |n: u32| eprintln!("checking level {n} found in {} (resuming)", a.out.display());
    let (mut store, resumed) =
        SolveDir::open(&a.out, config, a.force, &checking).context("--out (--force replaces its tables)")?;
    let first = resumed.last().map_or(0, |s| s.soldiers + 1);
    if let Some(last) = resumed.last() {
        let (which, lowest, dir) = (config.levels.phrase(), config.levels.lowest(), a.out.display());
        println!("resuming: {which} {lowest} to {} in {dir} are complete and checked", last.soldiers);
    }
    let todo = config.levels_from(first);
    if !todo.is_empty() {
        check_resources(&a.out, config, &todo)?;
    }
    let bar = progress_bar(config.board, todo.iter().copied());
    let start = Instant::now();
    let solved = Mutex::new(Vec::new());
    let progress = on_event(&bar);
    let events = |e: Event<'_>| {
        match &e {
            Event::LevelStart { .. } => reset_peak_memory(),
            Event::LevelDone(s) => {
                let left = todo.iter().copied().filter(|&n| n > s.soldiers);
                bar.suspend(|| println!("{}", level_line(s, config, left, peak_memory())));
                solved.lock().expect("no event panics").push((*s).clone());
            }
            Event::Step { .. } => {}
        }
        progress(e)
    };
    solve_from(config, first, &events, &mut store).with_context(|| format!("solving into {}", a.out.display()))?;
    let solved = solved.into_inner().expect("no event panicked");
    bar.finish_and_clear();
    let total = start.elapsed().as_secs_f64();
    let highest = config.levels_from(0).last().copied().unwrap_or(0).max(first.saturating_sub(1));
    println!("{}", solved_line(config, rules.general_wins_at, highest));
    println!(
        "solve time {:.2} s for {} levels (writing each level's table to {} included)",
        total,
        solved.len(),
        store.dir().display()
    );
    if let Some(peak) = peak_memory() {
        println!("peak memory of the last level {:.0} MiB", mib(peak));
    }
    // Probed from the files: the start values and their lines read a few hundred bytes, where
    // reading a level whole would hold up to 20 GiB on the 33-point board.
    let tables = Tables::open_files(&a.out).with_context(|| format!("reading back {}", a.out.display()))?;
    print_summary(&[resumed, solved].concat(), &tables)?;
    if a.recheck_sample > 0 {
        recheck(&a.out, a.recheck_sample)?;
    }
    Ok(())
}

/// Re-derives up to `per_level` sampled positions per level and side from the files.
fn recheck(out: &Path, per_level: u64) -> Result<()> {
    let t = Instant::now();
    let report = recheck_sample(out, per_level, 1).context("re-checking sampled positions")?;
    println!(
        "re-check of up to {per_level} positions per level and side (seed 1): {} positions, {} mismatches, {:.1} s",
        report.positions,
        report.mismatches,
        t.elapsed().as_secs_f64()
    );
    if report.mismatches > 0 {
        bail!("the tables in {} disagree with the rules: {}", out.display(), report.examples.join("; "));
    }
    Ok(())
}

/// Says what the levels to solve will take (disk for their tables, memory for the largest) and
/// refuses when the folder or the machine lacks it (`SolvePlan`).
fn check_resources(out: &Path, config: SolveConfig, levels: &[u32]) -> Result<()> {
    let plan = SolvePlan::of(config, levels);
    let st = rustix::fs::statvfs(out).with_context(|| format!("asking for the free space of {}", out.display()))?;
    let have = Resources { free_disk: st.f_bavail.saturating_mul(st.f_frsize), available_memory: available_memory() };
    print!("{}", plan.describe(config, out, have));
    plan.check(config, levels, have).with_context(|| format!("solving into {}", out.display()))
}
