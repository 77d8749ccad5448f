//! Minibatches: sampled positions, augmented, encoded into the network's arrays.

use crate::augment::augment;
use crate::config::TrainerConfig;
use crate::replay::Replay;
use musashi_game::NUM_ACTIONS;
use musashi_net::{NUM_FEATURES, TrainBatch, encode};
use rand::Rng;

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
