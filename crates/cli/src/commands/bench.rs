//! `musashi bench`: speed figures, printed for the README and docs. Speed lives here rather
//! than in tests, which never assert on time.

use anyhow::{Context, Result};
use musashi_game::{Board, Position, Side, Threshold, perft};
use std::path::PathBuf;
use std::time::Instant;

#[derive(clap::Args, Debug)]
pub(crate) struct Args {
    #[command(subcommand)]
    what: What,
}

#[derive(clap::Subcommand, Debug)]
enum What {
    /// Perft from the classic start (one core, bulk counting at the last ply).
    Perft {
        /// Depth (8 = 200,865,957 leaves).
        #[arg(long, default_value_t = 8)]
        depth: u32,
        /// Repetitions; the best time is reported.
        #[arg(long, default_value_t = 3)]
        runs: u32,
    },
    /// The full solve of the 25-point game (every level up to 16 soldiers, both sides to move),
    /// then the re-check of every stored value; prints times, start values and longest wins.
    Solve {
        /// The capture threshold (0-15 or too-few, which is 2 on 25 points).
        #[arg(long, default_value = "too-few")]
        general_wins_at: Threshold,
        /// Solve only up to this many soldiers.
        #[arg(long, default_value_t = 16)]
        max_soldiers: u32,
        /// Skip the re-check.
        #[arg(long)]
        no_recheck: bool,
        /// Also write the tables here.
        #[arg(long)]
        out: Option<PathBuf>,
    },
}

pub(crate) fn run(a: Args) -> Result<()> {
    match a.what {
        What::Perft { depth, runs } => bench_perft(depth, runs.max(1)),
        What::Solve { general_wins_at, max_soldiers, no_recheck, out } => {
            bench_solve(general_wins_at, max_soldiers, !no_recheck, out)
        }
    }
}

fn bench_perft(depth: u32, runs: u32) -> Result<()> {
    let pos = Position::start(Board::Setchin33, Side::General);
    let mut best = f64::INFINITY;
    let mut leaves = 0;
    for _ in 0..runs {
        let t = Instant::now();
        leaves = perft(&pos, 5, depth);
        best = best.min(t.elapsed().as_secs_f64());
    }
    let interior: u64 = (0..depth).map(|d| perft(&pos, 5, d)).sum();
    println!("perft {depth} from the classic start: {leaves} leaves");
    println!(
        "best of {runs}: {best:.3} s, {:.1} M leaves/s, {:.1} M interior nodes/s",
        leaves as f64 / best / 1e6,
        interior as f64 / best / 1e6
    );
    Ok(())
}

fn bench_solve(threshold: Threshold, max_soldiers: u32, recheck: bool, out: Option<PathBuf>) -> Result<()> {
    use crate::commands::solve as cmd;
    let board = Board::Square25;
    let config = musashi_solver::SolveConfig { board, threshold: threshold.count(board), max_soldiers };
    let bar = cmd::progress_bar(board, max_soldiers.min(16));
    let t = Instant::now();
    let (tables, stats) = musashi_solver::solve_in_memory(config, &cmd::on_event(&bar))?;
    let solve_secs = t.elapsed().as_secs_f64();
    bar.finish_and_clear();
    let positions: u64 = stats
        .iter()
        .map(|s| {
            s.general_to_move.soldiers_win
                + s.general_to_move.general_wins
                + s.soldiers_to_move.soldiers_win
                + s.soldiers_to_move.general_wins
        })
        .sum();
    println!(
        "solve of the 25-point board, general_wins_at {threshold}, 0 to {max_soldiers} soldiers: {positions} positions in \
         {solve_secs:.2} s ({:.1} M positions/s, {} threads)",
        positions as f64 / solve_secs / 1e6,
        rayon::current_num_threads()
    );
    if let Some(peak) = cmd::peak_memory() {
        println!("peak memory {:.0} MiB", peak as f64 / (1024.0 * 1024.0));
    }
    cmd::print_levels(&stats);
    cmd::print_longest(&stats);
    cmd::print_start(&tables)?;
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
