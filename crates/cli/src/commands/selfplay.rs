//! `musashi selfplay`: play games with a model and write Parquet shards, or work as an external
//! self-play worker of a training run (`--run`).

use crate::progress;
use crate::rules_args::RulesArgs;
use crate::train_bars::TrainBars;
use anyhow::{Context, Result, bail};
use musashi_agents::Model;
use musashi_net::DeviceKind;
use musashi_records::ShardPrefix;
use musashi_search::Evaluator;
use musashi_selfplay::{Finished, Progress, SelfplayConfig, run_selfplay, threads_or_all};
use musashi_trainer::{WorkerRequest, run_worker};
use std::collections::HashSet;
use std::path::PathBuf;

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

pub(crate) fn run(a: Args) -> Result<()> {
    if let Some(root) = &a.run {
        let threads = threads_or_all(a.threads);
        let request = WorkerRequest { root, name: &a.worker, threads, max_games: a.games, lease: Default::default() };
        let played = run_worker(&request, &TrainBars::new())?;
        println!("worker {}: played {played} games", a.worker);
        return Ok(());
    }
    let (Some(games), Some(out)) = (a.games, a.out.as_ref()) else {
        bail!("--games and --out are needed (or --run DIR)")
    };
    if games == 0 {
        bail!("--games must be at least 1");
    }
    let model = Model::load(&a.model, a.device).context("--model")?;
    let plain = SelfplayConfig::plain(a.rules.ruleset(), games, a.sims, threads_or_all(a.threads), a.concurrent);
    let config = SelfplayConfig { seed: a.seed, agent_name: model.name(), ..plain };
    config.validate().map_err(anyhow::Error::msg)?;
    let make = || -> Box<dyn Evaluator> { model.evaluator() };
    let prefix = ShardPrefix::plain("sp");
    let summary =
        with_progress(games as u64, |p| run_selfplay(&config, &make, None, out, &prefix, &HashSet::new(), p))?;
    print!("{summary}");
    Ok(())
}

/// Runs `f` with a games progress bar showing games/s and positions/s.
fn with_progress<T>(games: u64, f: impl FnOnce(&Progress) -> T) -> T {
    let progress = Progress::default();
    let pb = progress::bar(games, "{elapsed_precise} [{bar:30}] {pos}/{len} games {msg}");
    let done = Finished::new();
    std::thread::scope(|s| {
        s.spawn(|| progress::follow_selfplay(&pb, &progress, &done));
        let out = f(&progress);
        done.set();
        out
    })
}
