//! External self-play workers: `musashi selfplay --run DIR` processes that play with the run's
//! current model and write shards into its games folder, beside a trainer that waits for them.
//! They meet the trainer only through the run directory.

use crate::train::config_file::load_job;
use crate::train::context::Context;
use crate::train::report::Reporter;
use crate::train::run_dir::RunDir;
use crate::train::selfplay_phase::{
    data_prefix, evaluator_factory, games_for_generation, recorded_indices, selfplay_config,
};
use anyhow::{Context as _, Result, bail};
use musashi_net::load_checkpoint;
use musashi_selfplay::{Progress, run_selfplay};
use serde_json::json;
use std::path::Path;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// The trainer's side: waits until generation `g` has its games from any worker.
pub(crate) fn wait_for_games(ctx: &mut Context, g: u32, report: &Reporter) -> Result<()> {
    let want = ctx.job.selfplay.games_per_generation as u64;
    let pb = report.phase(want, "  waiting for workers [{bar:30}] {pos}/{len} games");
    let start = Instant::now();
    loop {
        let have = games_for_generation(&ctx.dir.games(), g)?;
        pb.set_position(have.min(want));
        if have >= want {
            break;
        }
        std::thread::sleep(Duration::from_millis(500));
    }
    pb.finish_and_clear();
    ctx.metrics.log(
        json!({ "event": "selfplay-external", "generation": g, "waited_seconds": start.elapsed().as_secs_f64() }),
    )?;
    report.line(&format!("generation {g}: workers delivered {want} games in {:.1} s", start.elapsed().as_secs_f64()));
    Ok(())
}

/// A worker's loop: play shard-sized batches for the next generation with the current model
/// until the run is done (or `max_games` games were played by this worker).
pub(crate) fn run_worker(root: &Path, name: &str, threads: usize, max_games: Option<u32>) -> Result<()> {
    if name.is_empty() || !name.chars().all(|c| c.is_ascii_alphanumeric()) || name == "main" || name == "alphabeta" {
        bail!("--worker must be letters and digits (and not 'main' or 'alphabeta'), got '{name}'");
    }
    let dir = RunDir::new(root);
    let job = load_job(&dir.config(), &[]).with_context(|| format!("{} is not a run directory", root.display()))?;
    let device = job.run.device.device().map_err(anyhow::Error::msg)?;
    let rules = job.rules.rulesets().map_err(anyhow::Error::msg)?;
    let metrics = crate::train::run_dir::Metrics::open(&root.join(format!("worker-{name}.jsonl")))?;
    let mut ctx = Context { job, dir, rules, threads, device, metrics };
    let mut played = 0u32;
    loop {
        if ctx.dir.done_marker().exists() || max_games.is_some_and(|m| played >= m) {
            break;
        }
        let Some(latest) = ctx.dir.last_generation() else {
            std::thread::sleep(Duration::from_millis(500));
            continue;
        };
        let g = latest + 1;
        if g > ctx.job.run.generations {
            break;
        }
        let want = ctx.job.selfplay.games_per_generation as u64;
        if games_for_generation(&ctx.dir.games(), g)? >= want {
            std::thread::sleep(Duration::from_millis(500));
            continue;
        }
        let model = if ctx.job.gate.enabled { ctx.dir.pointer("BEST").unwrap_or(0) } else { latest };
        let (net, _) = load_checkpoint(&ctx.dir.checkpoint(model), &ctx.device)?;
        let net = Arc::new(net);
        let prefix = data_prefix(g, name);
        let done = recorded_indices(&ctx.dir.games(), &prefix)?;
        let mut batch = ctx.job.selfplay.shard_games as u32;
        if let Some(m) = max_games {
            batch = batch.min(m - played);
        }
        let mut config = selfplay_config(&ctx, g, done.len() as u32 + batch, model);
        config.seed ^= name.bytes().fold(0u64, |h, b| h.wrapping_mul(31).wrapping_add(b as u64));
        config.shard_games = batch as usize;
        let make = evaluator_factory(net.clone(), ctx.job.selfplay.heuristic_at(g));
        let s = run_selfplay(&config, &make, &ctx.dir.games(), &prefix, &done, &Progress::default())?;
        played += s.games;
        ctx.metrics.log(
            json!({ "event": "worker-selfplay", "worker": name, "generation": g, "model": model, "games": s.games }),
        )?;
        eprintln!("worker {name}: generation {g}: {} games with gen-{model:04}", s.games);
    }
    println!("worker {name}: played {played} games");
    Ok(())
}
