//! Minibatches: sampled positions, augmented, encoded into the network's arrays (and, with
//! `train.rank_siblings`, the children of those whose side to move loses).

use crate::augment::augment;
use crate::config::TrainerConfig;
use crate::replay::{Replay, Sample};
use crate::siblings::{Group, fill, group};
use musashi_game::NUM_ACTIONS;
use musashi_net::{NUM_FEATURES, SiblingBatch, TrainBatch, encode};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

/// A minibatch and the sibling groups of its losing positions (none unless
/// `train.rank_siblings` is on).
#[derive(Debug, Default, Clone)]
pub struct Minibatch {
    /// The positions and their targets.
    pub batch: TrainBatch,
    /// The children of its positions whose side to move loses, as drawn (the same symmetry).
    pub siblings: SiblingBatch,
}

/// Draws a minibatch of `config.batch_size` positions from the window, with their sibling
/// groups when `config.rank_siblings` is on (the first `config.rank_groups` of them, where
/// that is not 0). The draws are those of `build_batch`.
pub fn build_minibatch(replay: &Replay, config: &TrainerConfig, rng: &mut impl Rng, out: &mut Minibatch) {
    let mut groups: Vec<Group> = Vec::new();
    let ranking = config.rank_siblings > 0.0;
    let most = if config.rank_groups == 0 { usize::MAX } else { config.rank_groups };
    draw(replay, config, rng, &mut out.batch, |s| {
        if ranking
            && groups.len() < most
            && let Some(g) = group(s)
        {
            groups.push(g);
        }
    });
    fill(&groups, &mut out.siblings);
}

/// Draws a minibatch of `config.batch_size` positions from the window.
pub fn build_batch(replay: &Replay, config: &TrainerConfig, rng: &mut impl Rng, out: &mut TrainBatch) {
    draw(replay, config, rng, out, |_| {});
}

/// Draws and encodes the positions, handing each (augmented) sample to `each`.
fn draw(
    replay: &Replay,
    config: &TrainerConfig,
    rng: &mut impl Rng,
    out: &mut TrainBatch,
    mut each: impl FnMut(&Sample),
) {
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
        each(&sample);
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
    f: impl FnOnce(&mut dyn FnMut() -> Minibatch) -> T,
) -> T {
    let (tx, rx) = std::sync::mpsc::sync_channel::<Minibatch>(1);
    std::thread::scope(|s| {
        s.spawn(move || {
            for global in steps {
                let mut rng = SmallRng::seed_from_u64(crate::seeds::minibatch(seed, global));
                let mut batch = Minibatch::default();
                build_minibatch(replay, config, &mut rng, &mut batch);
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
