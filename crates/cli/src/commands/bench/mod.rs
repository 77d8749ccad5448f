//! `musashi bench`: speed figures, printed for the README and docs. Speed lives here rather
//! than in tests, which never assert on time.

mod network;
mod search;
mod selfplay;
mod solve;
mod validate;

use anyhow::Result;
use musashi_game::{Board, Position, Side, Threshold, perft};
use musashi_net::ModelConfig;
use musashi_selfplay::threads_or_all;
use network::{bench_network, bench_train};
use search::bench_search;
use selfplay::bench_selfplay;
use solve::bench_solve;
use std::path::PathBuf;
use std::time::Instant;
use validate::bench_validate;

#[derive(clap::Args, Debug)]
pub(crate) struct Args {
    #[command(subcommand)]
    what: What,
}

#[derive(clap::Subcommand, Debug)]
enum What {
    /// Perft from the classic start (one core, bulk counting at the last ply).
    Perft {
        /// Depth, 1 to 12 (8 = 200,865,957 leaves; each ply multiplies the time by about 8).
        #[arg(long, default_value_t = 8, value_parser = clap::value_parser!(u32).range(1..=12))]
        depth: u32,
        /// Repetitions, 1 to 100; the best time is reported.
        #[arg(long, default_value_t = 3, value_parser = clap::value_parser!(u32).range(1..=100))]
        runs: u32,
    },
    /// Raw batched network throughput against self-play's network use (the default network, or --model).
    Selfplay {
        /// MCTS simulations per move (1 to 100,000).
        #[arg(long, default_value_t = 100, value_parser = clap::value_parser!(u32).range(1..=100_000))]
        sims: u32,
        /// Games to play (1 to 100,000).
        #[arg(long, default_value_t = 64, value_parser = clap::value_parser!(u32).range(1..=100_000))]
        games: u32,
        /// Worker threads (0 = one per core).
        #[arg(long, default_value_t = 0)]
        threads: usize,
        /// Games per worker at once = the network batch size.
        #[arg(long, default_value_t = 32)]
        concurrent: usize,
        /// The network, `KIND:WIDTHxBLOCKS[rREACH][+roles]` (`mlp:192x2`, `graph:32x4`); default: the
        /// default model.
        #[arg(long)]
        model: Option<String>,
    },
    /// Alpha-beta speed: nodes per second at a fixed depth from the classic start and from
    /// middle-game positions, and the depth reached in a time budget from the classic start.
    Search {
        /// Fixed depth for the nodes-per-second figure.
        #[arg(long, default_value_t = 9)]
        depth: u32,
        /// Time budget for the depth-reached figure, in milliseconds.
        #[arg(long, default_value_t = 100)]
        ms: u64,
        /// Middle-game positions (seeded random plays of 20-60 plies from the classic start).
        #[arg(long, default_value_t = 20)]
        positions: usize,
    },
    /// Network inference per position on one thread at several batch sizes.
    Network {
        /// The kind of network: mlp or graph.
        #[arg(long, default_value = "mlp")]
        kind: musashi_net::ModelKind,
        /// The graph network's reach (1 or 2 steps along each line).
        #[arg(long, default_value_t = 2)]
        reach: usize,
        /// Trunk width (channels per point for the graph network).
        #[arg(long, default_value_t = 256)]
        hidden: usize,
        /// Residual blocks.
        #[arg(long, default_value_t = 2)]
        blocks: usize,
        /// Value-head width.
        #[arg(long, default_value_t = 64)]
        value_hidden: usize,
        /// Moves-left head width (0 = no moves-left head).
        #[arg(long, default_value_t = 32)]
        moves_left_hidden: usize,
        /// Per-role heads (the MLP only): a second set of heads for the soldiers to move.
        #[arg(long)]
        role_heads: bool,
        /// Batch sizes, comma-separated (1 to 4096 each).
        #[arg(long, value_delimiter = ',', default_value = "1,8,32,64,128,256", value_parser = batch_size)]
        batches: Vec<usize>,
        /// Seconds per batch size (above 0, at most 3600).
        #[arg(long, default_value_t = 2.0, value_parser = seconds)]
        seconds: f64,
    },
    /// Training speed: Adam steps per second on a synthetic batch, with the threads Burn uses
    /// (every core), for one or more model shapes side by side.
    Train {
        /// Model shapes `KIND:WIDTHxBLOCKS[rREACH][+roles]`, comma-separated (value head 64 wide,
        /// moves-left head 32 wide), e.g. mlp:192x2,graph:32x4r1.
        #[arg(long, value_delimiter = ',', default_value = "mlp:128x1,mlp:192x2")]
        models: Vec<String>,
        /// Positions per step (1 to 4096).
        #[arg(long, default_value_t = 256, value_parser = batch_size)]
        batch: usize,
        /// Seconds per shape (above 0, at most 3600).
        #[arg(long, default_value_t = 3.0, value_parser = seconds)]
        seconds: f64,
        /// Threads of the steps' matrix products, comma-separated, each measured (0 = every
        /// core; `train.threads` in a job).
        #[arg(long, value_delimiter = ',', default_value = "0")]
        threads: Vec<usize>,
        /// Groups of children ranked by the moves-left head in every step (`train.rank_siblings`;
        /// 8 to 16 children each), comma-separated, each measured (0 = a plain step).
        #[arg(long, value_delimiter = ',', default_value = "0", value_parser = clap::value_parser!(u32).range(0..=4096))]
        siblings: Vec<u32>,
    },
    /// Alpha-beta at depths 1..N against exact tables: the share of moves that keep the result.
    Validate {
        /// A `musashi solve` output folder (the full 25-point solve for the report).
        #[arg(long)]
        tables: String,
        /// Random positions to sample.
        #[arg(long, default_value_t = 2000)]
        positions: usize,
        /// Deepest depth.
        #[arg(long, default_value_t = 8)]
        max_depth: u32,
        /// Fewest soldiers in a sampled position.
        #[arg(long, default_value_t = 4)]
        min_soldiers: u32,
        /// Keep only positions where the move matters (some move gives a win away, or losing
        /// moves resist for different lengths).
        #[arg(long)]
        critical: bool,
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
        What::Selfplay { sims, games, threads, concurrent, model } => {
            let model = model.map_or(Ok(ModelConfig::default()), |s| ModelConfig::from_spec(&s, 64, 32));
            let model = model.map_err(anyhow::Error::msg)?;
            bench_selfplay(model, sims, games, threads_or_all(threads), concurrent)
        }
        What::Search { depth, ms, positions } => bench_search(depth, ms, positions),
        What::Network {
            kind,
            reach,
            hidden,
            blocks,
            value_hidden,
            moves_left_hidden,
            role_heads,
            batches,
            seconds,
        } => {
            let mlp = ModelConfig::mlp(hidden, blocks, value_hidden, moves_left_hidden);
            let shape = ModelConfig { kind, reach, role_heads, ..mlp };
            bench_network(shape, &batches, seconds)
        }
        What::Train { models, batch, seconds, threads, siblings } => {
            bench_train(&models, batch, seconds, &threads, &siblings)
        }
        What::Validate { tables, positions, max_depth, min_soldiers, critical } => {
            bench_validate(&tables, positions, max_depth, min_soldiers, critical)
        }
        What::Solve { general_wins_at, max_soldiers, no_recheck, out } => {
            bench_solve(general_wins_at, max_soldiers, !no_recheck, out)
        }
    }
}

/// A time in seconds: a finite number above 0, at most an hour.
fn seconds(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(s) if s.is_finite() && s > 0.0 && s <= 3600.0 => Ok(s),
        _ => Err(format!("'{text}' is not a number of seconds above 0 and at most 3600")),
    }
}

/// A network batch size, 1 to 4096.
fn batch_size(text: &str) -> Result<usize, String> {
    match text.parse::<usize>() {
        Ok(n) if (1..=4096).contains(&n) => Ok(n),
        _ => Err(format!("'{text}' is not a batch size from 1 to 4096")),
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
