//! `musashi bench solve`: the full 25-point solve, the re-check, start values and longest wins.

use anyhow::{Context, Result};
use musashi_game::{Board, Threshold};
use std::path::PathBuf;
use std::time::Instant;

pub(crate) fn bench_solve(threshold: Threshold, max_soldiers: u32, recheck: bool, out: Option<PathBuf>) -> Result<()> {
    use crate::solve_report as cmd;
    let board = Board::Square25;
    let levels = musashi_solver::Levels::All;
    let config = musashi_solver::SolveConfig { board, threshold: threshold.count(board), max_soldiers, levels };
    let bar = cmd::progress_bar(board, 0..=max_soldiers.min(16));
    let t = Instant::now();
    let (tables, stats) = musashi_solver::solve_in_memory(config, &cmd::on_event(&bar))?;
    let solve_secs = t.elapsed().as_secs_f64();
    bar.finish_and_clear();
    let positions: u64 = stats.iter().map(|s| s.positions()).sum();
    println!(
        "solve of the 25-point board, general_wins_at {threshold}, 0 to {max_soldiers} soldiers: {positions} positions in \
         {solve_secs:.2} s ({:.1} M positions/s, {} threads)",
        positions as f64 / solve_secs / 1e6,
        rayon::current_num_threads()
    );
    if let Some(peak) = musashi_chores::peak_memory() {
        println!("peak memory {:.0} MiB", cmd::mib(peak));
    }
    cmd::print_summary(&stats, &tables)?;
    if recheck {
        let t = Instant::now();
        let report = musashi_solver::recheck(&tables, 0..=tables.max_soldiers())?;
        println!(
            "re-check: {} positions re-derived from their children in {:.2} s: {} mismatches",
            report.positions,
            t.elapsed().as_secs_f64(),
            report.mismatches
        );
        for e in &report.examples {
            println!("  mismatch: {e}");
        }
        if report.mismatches != 0 {
            anyhow::bail!("the re-check found {} mismatches", report.mismatches);
        }
    }
    if let Some(dir) = out {
        let t = Instant::now();
        tables.save(&dir).with_context(|| format!("writing tables to {}", dir.display()))?;
        println!("tables written to {} in {:.2} s", dir.display(), t.elapsed().as_secs_f64());
    }
    Ok(())
}
