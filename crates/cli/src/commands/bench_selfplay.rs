//! `musashi bench selfplay`: raw batched network throughput against self-play's network use.

use crate::commands::selfplay::selfplay_mcts;
use anyhow::Result;
use musashi_game::{Game, Preset, Snapshot};
use musashi_net::{DeviceKind, ModelConfig, Network, Prediction, encode_batch};
use musashi_search::{Agent, Evaluator, RandomAgent};
use musashi_selfplay::{NetEvaluator, Progress, SelfplayConfig, run_selfplay};
use std::collections::HashSet;
use std::sync::Arc;
use std::sync::atomic::Ordering::Relaxed;
use std::time::Instant;

/// Positions from random games, as network inputs.
fn sample_states(n: usize) -> Vec<Snapshot> {
    let mut out = Vec::new();
    let mut agent = RandomAgent::new(1);
    let mut seed = 0;
    while out.len() < n {
        agent.new_game(seed);
        seed += 1;
        let mut g = Game::new(Preset::Classic.ruleset());
        while !g.is_over() && out.len() < n {
            out.push(g.snapshot());
            let mv = agent.choose(&g).mv;
            g.play(mv).expect("a legal move");
        }
    }
    out
}

pub(crate) fn bench_selfplay(sims: u32, games: u32, threads: usize, concurrent: usize) -> Result<()> {
    let device = DeviceKind::Cpu.device().map_err(anyhow::Error::msg)?;
    let model = ModelConfig::default();
    let net = Arc::new(Network::init(model, &device, 1));
    let mut features = Vec::new();
    encode_batch(&sample_states(concurrent), &mut features);
    // Raw throughput: every thread runs the same batch back to back for about 3 seconds.
    let start = Instant::now();
    let total: u64 = std::thread::scope(|s| {
        let handles: Vec<_> = (0..threads)
            .map(|_| {
                let (net, features) = (net.clone(), &features);
                s.spawn(move || {
                    let mut p = Prediction::default();
                    let mut n = 0u64;
                    while start.elapsed().as_secs_f64() < 3.0 {
                        net.predict(features, &mut p);
                        n += concurrent as u64;
                    }
                    n
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().expect("bench thread")).sum()
    });
    let raw = total as f64 / start.elapsed().as_secs_f64();
    println!(
        "raw batched network throughput: {raw:.0} positions/s (batch {concurrent}, {threads} threads, {} parameters)",
        model.num_params()
    );
    let config = SelfplayConfig {
        games,
        threads,
        concurrent_games: concurrent,
        rules: vec![Preset::Classic.ruleset()],
        mcts: selfplay_mcts(sims),
        max_plies: 400,
        seed: 1,
        generation: 0,
        shard_games: 64,
        agent_name: "bench".into(),
    };
    let dir = std::env::temp_dir().join(format!("musashi-bench-selfplay-{}", std::process::id()));
    let progress = Progress::default();
    let make = || -> Box<dyn Evaluator> { Box::new(NetEvaluator::new(net.clone(), 0)) };
    let summary = run_selfplay(&config, &make, &dir, "bench", &HashSet::new(), &progress)?;
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
