//! The self-play phase of a generation, and the bookkeeping of which games exist.

use crate::train::context::Context;
use anyhow::Result;
use musashi_net::Network;
use musashi_records::{Shard, count_rows, list_shards, read_games};
use musashi_search::{Evaluator, HeuristicBlend};
use musashi_selfplay::{NetEvaluator, Progress, SelfplayConfig, SelfplaySummary, run_selfplay};
use std::collections::HashSet;
use std::path::Path;
use std::sync::Arc;

/// The shard-name prefix of data for generation `g` played by `worker`.
pub(crate) fn data_prefix(g: u32, worker: &str) -> String {
    format!("sp{g:04}-{worker}")
}

/// The data generation a shard belongs to (from its name `spGGGG-...`).
pub(crate) fn shard_generation(shard: &Shard) -> Option<u32> {
    shard.name.strip_prefix("sp")?.get(..4)?.parse().ok()
}

/// Complete shards holding data for generations up to `g`, oldest generation first.
pub(crate) fn shards_up_to(games: &Path, g: u32) -> Result<Vec<Shard>> {
    let mut shards: Vec<(u32, Shard)> = list_shards(games)?
        .into_iter()
        .filter_map(|s| Some((shard_generation(&s)?, s)))
        .filter(|(sg, _)| *sg <= g)
        .collect();
    shards.sort_by(|a, b| a.0.cmp(&b.0).then(a.1.name.cmp(&b.1.name)));
    Ok(shards.into_iter().map(|(_, s)| s).collect())
}

/// Games recorded for generation `g` by every worker.
pub(crate) fn games_for_generation(games: &Path, g: u32) -> Result<u64> {
    let mut n = 0;
    for s in list_shards(games)? {
        if shard_generation(&s) == Some(g) && !s.name.contains("-alphabeta-") {
            n += count_rows(&s.games)?;
        }
    }
    Ok(n)
}

/// Game indices already recorded under `prefix`.
pub(crate) fn recorded_indices(games: &Path, prefix: &str) -> Result<HashSet<u32>> {
    let mut done = HashSet::new();
    let shard_prefix = format!("{prefix}-s");
    for s in list_shards(games)? {
        if !s.name.starts_with(&shard_prefix) {
            continue;
        }
        for g in read_games(&s.games)? {
            if let Some(i) = g.game_id.rsplit('-').next().and_then(|x| x.parse().ok()) {
                done.insert(i);
            }
        }
    }
    Ok(done)
}

/// The self-play settings of generation `g` for this job.
pub(crate) fn selfplay_config(ctx: &Context, g: u32, games: u32, model_generation: u32) -> SelfplayConfig {
    let job = &ctx.job;
    SelfplayConfig {
        games,
        threads: ctx.threads,
        concurrent_games: job.selfplay.concurrent_games,
        rules: ctx.rules.clone(),
        mcts: job.selfplay.mcts,
        max_plies: job.selfplay.max_plies,
        seed: job.run.seed ^ (g as u64).wrapping_mul(0xD1B5_4A32_D192_ED03),
        generation: model_generation,
        shard_games: job.selfplay.shard_games,
        agent_name: format!("gen-{model_generation:04}"),
    }
}

/// Plays the games of generation `g` that are not recorded yet (internal workers).
pub(crate) fn run_selfplay_phase(
    ctx: &Context,
    g: u32,
    model_generation: u32,
    progress: &Progress,
) -> Result<SelfplaySummary> {
    let prefix = data_prefix(g, "main");
    let done = recorded_indices(&ctx.dir.games(), &prefix)?;
    let config = selfplay_config(ctx, g, ctx.job.selfplay.games_per_generation, model_generation);
    config.validate().map_err(anyhow::Error::msg)?;
    let net = ctx.load_network(model_generation)?;
    let make = evaluator_factory(net, ctx.job.selfplay.heuristic_at(g));
    Ok(run_selfplay(&config, &make, &ctx.dir.games(), &prefix, &done, progress)?)
}

/// Self-play's evaluator: the network, with the hand-written evaluation blended into its values
/// when `heuristic` > 0.
pub(crate) fn evaluator_factory(net: Arc<Network>, heuristic: f32) -> impl Fn() -> Box<dyn Evaluator> + Sync {
    move || -> Box<dyn Evaluator> {
        let inner: Box<dyn Evaluator> = Box::new(NetEvaluator::new(net.clone(), 0));
        if heuristic > 0.0 { Box::new(HeuristicBlend::new(inner, heuristic, 300.0)) } else { inner }
    }
}
