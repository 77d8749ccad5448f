//! `musashi perft`: leaf counts per depth on stdout, timing on stderr.

use crate::rules_args::RulesArgs;
use anyhow::{Result, bail};
use musashi_game::{perft, perft_divide};
use std::time::Instant;

#[derive(clap::Args, Debug)]
pub(crate) struct Args {
    #[command(flatten)]
    rules: RulesArgs,
    /// Start from this position instead of the start (notation: rows/... side).
    #[arg(long)]
    position: Option<String>,
    /// Deepest depth to count.
    #[arg(long)]
    depth: u32,
    /// Also print the count below each first move at the deepest depth.
    #[arg(long)]
    divide: bool,
}

pub(crate) fn run(a: Args) -> Result<()> {
    if a.depth == 0 || a.depth > 30 {
        bail!("--depth must be between 1 and 30, got {}", a.depth);
    }
    let (rules, pos) = a.rules.with_position(a.position.as_deref())?;
    let threshold = rules.threshold();
    if a.divide {
        let t = Instant::now();
        for (m, n) in perft_divide(&pos, threshold, a.depth) {
            println!("{m}: {n}");
        }
        eprintln!("divide at depth {} took {:.3} s", a.depth, t.elapsed().as_secs_f64());
    }
    for d in 1..=a.depth {
        let t = Instant::now();
        let n = perft(&pos, threshold, d);
        let secs = t.elapsed().as_secs_f64();
        println!("depth {d}: {n}");
        eprintln!("depth {d}: {:.3} s, {:.1} M leaves/s", secs, n as f64 / secs.max(1e-9) / 1e6);
    }
    Ok(())
}
