//! `musashi bench selfplay`: raw batched network throughput against self-play's network use.

use anyhow::Result;
use musashi_game::Preset;
use musashi_net::{DeviceKind, ModelConfig, Network};
use musashi_records::ShardPrefix;
use musashi_search::Evaluator;
use musashi_selfplay::bench::raw_throughput;
use musashi_selfplay::{NetEvaluator, Progress, SelfplayConfig, run_selfplay};
use std::collections::HashSet;
use std::sync::Arc;
use std::sync::atomic::Ordering::Relaxed;

pub(crate) fn bench_selfplay(
    model: ModelConfig,
    sims: u32,
    games: u32,
    threads: usize,
    concurrent: usize,
) -> Result<()> {
    let device = DeviceKind::Cpu.device().map_err(anyhow::Error::msg)?;
    let net = Arc::new(Network::init(model, &device, 1));
    // Raw throughput: every thread runs the same batch back to back for about 3 seconds.
    let raw = raw_throughput(&net, concurrent, threads, 3.0);
    println!(
        "raw batched network throughput: {raw:.0} positions/s (batch {concurrent}, {threads} threads, {} network, {} parameters)",
        model.kind.name(),
        model.num_params()
    );
    let config = SelfplayConfig {
        agent_name: "bench".into(),
        ..SelfplayConfig::plain(Preset::Classic.ruleset(), games, sims, threads, concurrent)
    };
    let dir = std::env::temp_dir().join(format!("musashi-bench-selfplay-{}", std::process::id()));
    let progress = Progress::default();
    let make = || -> Box<dyn Evaluator> { Box::new(NetEvaluator::new(net.clone(), 0)) };
    let summary = run_selfplay(&config, &make, None, &dir, &ShardPrefix::plain("bench"), &HashSet::new(), &progress)?;
    let _ = std::fs::remove_dir_all(&dir);
    let secs = summary.seconds;
    let evals = progress.evaluations.load(Relaxed) as f64 / secs;
    println!(
        "self-play: {} games, {sims} sims/move: {:.0} simulations/s, {evals:.0} network evaluations/s, {:.1} positions written/s",
        summary.games,
        progress.simulations.load(Relaxed) as f64 / secs,
        summary.positions as f64 / secs
    );
    println!("self-play reaches {:.0}% of raw network throughput", 100.0 * evals / raw);
    Ok(())
}
