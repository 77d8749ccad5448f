//! Minibatches: sampled positions, augmented, encoded into the network's arrays.

use crate::augment::augment;
use crate::config::TrainerConfig;
use crate::replay::Replay;
use musashi_game::NUM_ACTIONS;
use musashi_net::{NUM_FEATURES, TrainBatch, encode};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

/// Draws a minibatch of `config.batch_size` positions from the window.
pub fn build_batch(replay: &Replay, config: &TrainerConfig, rng: &mut impl Rng, out: &mut TrainBatch) {
    let n = config.batch_size;
    out.reset(n);
    for i in 0..n {
        let raw = replay.pick(rng, config.recency);
        let sample = if config.augment {
            let syms = raw.state.position.board().symmetries();
            let s = syms[rng.random_range(0..syms.len())];
            augment(raw, s)
        } else {
            raw.clone()
        };
        encode(&sample.state, &mut out.features[i * NUM_FEATURES..(i + 1) * NUM_FEATURES]);
        let row = i * NUM_ACTIONS;
        for (k, &a) in sample.legal.iter().enumerate() {
            out.legal[row + a as usize] = 1.0;
            out.policy[row + a as usize] = sample.policy[k];
        }
        out.value.push(sample.value);
        out.policy_weight.push(if sample.full { sample.weight } else { 0.0 });
        out.plies.push(sample.plies);
    }
}

/// Runs `f` with a source of the minibatches of the global steps `steps`, in order, built one
/// ahead on another thread while `f` trains on the last (a step leaves a core partly idle).
/// Each batch is drawn with its own step's seed (`seeds::minibatch`), so the batches are those
/// of building each one in turn. `f` may stop early: the builder stops with it.
pub(crate) fn prefetched<T>(
    replay: &Replay,
    config: &TrainerConfig,
    seed: u64,
    steps: std::ops::Range<u64>,
    f: impl FnOnce(&mut dyn FnMut() -> TrainBatch) -> T,
) -> T {
    let (tx, rx) = std::sync::mpsc::sync_channel::<TrainBatch>(1);
    std::thread::scope(|s| {
        s.spawn(move || {
            for global in steps {
                let mut rng = SmallRng::seed_from_u64(crate::seeds::minibatch(seed, global));
                let mut batch = TrainBatch::default();
                build_batch(replay, config, &mut rng, &mut batch);
                if tx.send(batch).is_err() {
                    return;
                }
            }
        });
        // Owned here, so that it is dropped (and a waiting builder released) before the scope
        // waits for the builder.
        let rx = rx;
        let mut next = || rx.recv().expect("the builder makes a batch for every step");
        f(&mut next)
    })
}
