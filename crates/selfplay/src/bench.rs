//! What `musashi bench selfplay` compares self-play with: the network's raw batched throughput.

use musashi_game::{Game, Preset, Snapshot};
use musashi_net::{Network, Prediction, encode_batch};
use musashi_search::{Agent, RandomAgent};
use std::sync::Arc;
use std::time::Instant;

/// `n` positions from seeded random classic games.
pub fn sample_states(n: usize) -> Vec<Snapshot> {
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

/// Positions per second when `threads` threads run the same batch of `batch` positions back to
/// back for about `seconds` seconds.
pub fn raw_throughput(net: &Arc<Network>, batch: usize, threads: usize, seconds: f64) -> f64 {
    let mut features = Vec::new();
    encode_batch(&sample_states(batch), &mut features);
    let start = Instant::now();
    let total: u64 = std::thread::scope(|s| {
        let handles: Vec<_> = (0..threads)
            .map(|_| {
                let features = &features;
                s.spawn(move || {
                    let mut p = Prediction::default();
                    let mut n = 0u64;
                    while start.elapsed().as_secs_f64() < seconds {
                        net.predict(features, &mut p);
                        n += batch as u64;
                    }
                    n
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().expect("a bench thread")).sum()
    });
    total as f64 / start.elapsed().as_secs_f64()
}
