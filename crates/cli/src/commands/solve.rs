//! `musashi solve`: builds endgame tables (or the whole game on 25 points) and prints a summary.

use crate::rules_args::RulesArgs;
use crate::solve_report::{
    available_memory, gib, mib, on_event, peak_memory, print_summary, progress_bar, reset_peak_memory,
};
use anyhow::{Context, Result, bail};
use musashi_game::{MoveLimit, Repetition};
use musashi_solver::{
    Event, LevelShape, LevelStats, Levels, Resources, SolveConfig, SolveDir, SolvePlan, Tables, level_memory_bytes,
    recheck_sample, solve_from,
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
    #[arg(long, default_value = "all", value_parser = parse_levels)]
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

/// `--levels`: `all`, `even` or `odd`.
fn parse_levels(s: &str) -> Result<Levels, String> {
    [Levels::All, Levels::Even, Levels::Odd]
        .into_iter()
        .find(|l| l.name() == s)
        .ok_or_else(|| format!("expected `all`, `even` or `odd`, got `{s}`"))
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
        let which = match config.levels {
            Levels::All => "levels",
            Levels::Even => "the even levels",
            Levels::Odd => "the odd levels",
        };
        let lowest = u32::from(config.levels == Levels::Odd);
        println!("resuming: {which} {lowest} to {} in {} are complete and checked", last.soldiers, a.out.display());
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
                bar.suspend(|| println!("{}", level_line(s, config, left)));
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
    let lowest = u32::from(config.levels == Levels::Odd);
    let highest = config.levels_from(0).last().copied().unwrap_or(0);
    println!(
        "solved the {}-point board, general_wins_at {} (the General wins after a capture leaving {} or fewer), {} levels \
         {lowest} to {} soldiers",
        config.board,
        rules.general_wins_at,
        config.threshold,
        config.levels.name(),
        highest.max(first.saturating_sub(1))
    );
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
    println!(
        "tables of {} levels {} to {}: {:.2} GiB on disk in {}, and up to about {:.2} GiB more of scratch files \
         (capture bounds, wins) while a level is solved ({:.1} GiB free)",
        config.levels.name(),
        plan.lowest,
        plan.highest,
        gib(plan.tables),
        out.display(),
        gib(plan.scratch()),
        gib(have.free_disk)
    );
    if let Some(avail) = have.available_memory {
        let (worst, need) = plan.largest;
        println!("memory: about {:.1} GiB for level {worst}, the largest ({:.1} GiB available)", gib(need), gib(avail));
    }
    plan.check(config, levels, have).with_context(|| format!("solving into {}", out.display()))
}

/// One line per finished level: size, time, plies, memory, and an estimate for the levels left.
fn level_line(s: &LevelStats, config: SolveConfig, left: impl Iterator<Item = u32>) -> String {
    let positions = s.positions();
    let rate = positions as f64 / s.seconds.max(1e-9);
    let points = config.board.num_points() as u32;
    let rest: u64 = left.map(|n| 2 * LevelShape { points, soldiers: n }.positions_per_side()).sum();
    let peak = peak_memory().map_or("-".to_string(), |p| format!("{:.2} GiB", gib(p)));
    // An estimate from a level of less than a second says nothing.
    let eta = if rest == 0 || s.seconds < 1.0 {
        String::new()
    } else {
        format!(", levels left {:.1}+ min at this rate", rest as f64 / rate / 60.0)
    };
    format!(
        "level {:>2}: {} positions in {:.1} s ({:.1} M/s), {} plies, peak memory {peak} (estimate {:.2} GiB){eta}",
        s.soldiers,
        positions,
        s.seconds,
        rate / 1e6,
        s.steps,
        gib(level_memory_bytes(config, s.soldiers))
    )
}
