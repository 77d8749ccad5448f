//! `musashi bench`: speed figures, printed for the README and docs. Speed lives here rather
//! than in tests, which never assert on time.

use anyhow::Result;
use musashi_game::{Board, Position, Side, perft};
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
}

pub(crate) fn run(a: Args) -> Result<()> {
    match a.what {
        What::Perft { depth, runs } => bench_perft(depth, runs.max(1)),
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
