//! `musashi selfplay`: play games with a model and write Parquet shards.

use crate::model_arg::Model;
use crate::progress;
use crate::rules_args::RulesArgs;
use anyhow::{Result, bail};
use musashi_net::DeviceKind;
use musashi_search::{Evaluator, MctsConfig};
use musashi_selfplay::{Progress, SelfplayConfig, SelfplaySummary, run_selfplay};
use std::collections::HashSet;
use std::path::PathBuf;
use std::sync::atomic::Ordering::Relaxed;
use std::time::Duration;

#[derive(clap::Args, Debug)]
pub(crate) struct Args {
    #[command(flatten)]
    rules: RulesArgs,
    /// A checkpoint folder, or `random` for generation 0 (uniform priors, zero values).
    #[arg(long, default_value = "random")]
    model: String,
    /// Games to play (with --run: at most this many, then stop).
    #[arg(long)]
    games: Option<u32>,
    /// Folder for the shards.
    #[arg(long, required_unless_present = "run")]
    out: Option<PathBuf>,
    /// Work for a training run instead: play with its current model into its games folder
    /// until the run is done (the run's config decides the search and rules).
    #[arg(long, conflicts_with = "out")]
    run: Option<PathBuf>,
    /// This worker's name in shard names (with --run).
    #[arg(long, default_value = "w1")]
    worker: String,
    /// Worker threads (0 = one per core).
    #[arg(long, default_value_t = 0)]
    threads: usize,
    /// Seed.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// MCTS simulations per move.
    #[arg(long, default_value_t = 100)]
    sims: u32,
    /// Games each worker plays at once (their leaves form one network batch).
    #[arg(long, default_value_t = 32)]
    concurrent: usize,
    /// Device for the network: cpu or gpu.
    #[arg(long, default_value = "cpu")]
    device: DeviceKind,
}

/// Self-play search settings: root noise and early temperature for variety.
pub(crate) fn selfplay_mcts(sims: u32) -> MctsConfig {
    MctsConfig {
        sims,
        dirichlet_fraction: 0.25,
        dirichlet_alpha: 0.3,
        temperature: 1.0,
        temperature_plies: 12,
        ..MctsConfig::default()
    }
}

pub(crate) fn threads_or_all(threads: usize) -> usize {
    if threads > 0 { threads } else { std::thread::available_parallelism().map(|n| n.get()).unwrap_or(1) }
}

pub(crate) fn run(a: Args) -> Result<()> {
    if let Some(root) = &a.run {
        return crate::train::worker::run_worker(root, &a.worker, threads_or_all(a.threads), a.games);
    }
    let (Some(games), Some(out)) = (a.games, a.out.as_ref()) else {
        bail!("--games and --out are needed (or --run DIR)")
    };
    if games == 0 {
        bail!("--games must be at least 1");
    }
    let model = Model::load(&a.model, a.device)?;
    let config = SelfplayConfig {
        games,
        threads: threads_or_all(a.threads),
        concurrent_games: a.concurrent,
        rules: vec![a.rules.ruleset()],
        mcts: selfplay_mcts(a.sims),
        max_plies: 400,
        seed: a.seed,
        generation: 0,
        shard_games: 64,
        agent_name: model.name(),
    };
    config.validate().map_err(anyhow::Error::msg)?;
    let make = || -> Box<dyn Evaluator> { model.evaluator() };
    let summary = with_progress(games as u64, |p| run_selfplay(&config, &make, out, "sp", &HashSet::new(), p))?;
    print_summary(&summary);
    Ok(())
}

/// Runs `f` with a games progress bar showing games/s and positions/s.
pub(crate) fn with_progress<T>(games: u64, f: impl FnOnce(&Progress) -> T) -> T {
    let progress = Progress::default();
    let pb = progress::bar(games, "{elapsed_precise} [{bar:30}] {pos}/{len} games {msg}");
    let done = std::sync::atomic::AtomicBool::new(false);
    std::thread::scope(|s| {
        let watcher = s.spawn(|| {
            let start = std::time::Instant::now();
            while !done.load(Relaxed) {
                std::thread::sleep(Duration::from_millis(200));
                let secs = start.elapsed().as_secs_f64().max(1e-9);
                pb.set_position(progress.games.load(Relaxed));
                pb.set_message(format!(
                    "{:.2} games/s, {:.0} positions/s, {:.0} evals/s",
                    progress.games.load(Relaxed) as f64 / secs,
                    progress.positions.load(Relaxed) as f64 / secs,
                    progress.evaluations.load(Relaxed) as f64 / secs
                ));
            }
        });
        let out = f(&progress);
        done.store(true, Relaxed);
        let _ = watcher.join();
        pb.finish_and_clear();
        out
    })
}

pub(crate) fn print_summary(s: &SelfplaySummary) {
    let avg = if s.games > 0 { s.total_plies as f64 / s.games as f64 } else { 0.0 };
    println!(
        "played {} games ({} positions) in {:.1} s: general {} wins, soldiers {} wins, average {:.1} plies",
        s.games, s.positions, s.seconds, s.general_wins, s.soldiers_wins, avg
    );
    for (ending, n) in &s.endings {
        println!("  {ending}: {n}");
    }
    for shard in &s.shards {
        println!("wrote {}", shard.positions.display());
    }
}
