//! What `musashi bench train` measures: optimizer steps per second of a model shape on a fixed
//! synthetic batch (real encoded positions, every action legal, a uniform policy target), the
//! step as training runs it (forward, loss, backward, Adam, the subnormal flush), optionally with
//! groups of children for the sibling ranking (`train.rank_siblings`).

use crate::NetError;
use crate::encoding::{NUM_FEATURES, encode};
use crate::model::ModelConfig;
use crate::network::{DeviceKind, Network};
use crate::siblings::SiblingBatch;
use crate::training::{Learner, LossWeights, OptimizerKind, TrainBatch};
use musashi_game::{Game, NUM_ACTIONS, Preset};
use std::time::Instant;

/// The measured speed.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct TrainSpeed {
    /// Optimizer steps per second.
    pub steps_per_second: f64,
    /// Positions per second (steps × batch).
    pub samples_per_second: f64,
    /// Steps timed.
    pub steps: u64,
}

/// A batch of `n` start positions of the four presets, every action legal.
pub fn synthetic_batch(n: usize) -> TrainBatch {
    let presets = [Preset::Classic, Preset::NoSetchin, Preset::SoldiersFirst, Preset::Qdan];
    let mut features = vec![0.0; n * NUM_FEATURES];
    for (i, row) in features.chunks_exact_mut(NUM_FEATURES).enumerate() {
        encode(&Game::new(presets[i % presets.len()].ruleset()).snapshot(), row);
    }
    TrainBatch {
        features,
        policy: vec![1.0 / NUM_ACTIONS as f32; n * NUM_ACTIONS],
        legal: vec![1.0; n * NUM_ACTIONS],
        value: (0..n).map(|i| if i % 2 == 0 { 0.5 } else { -0.5 }).collect(),
        policy_weight: vec![1.0; n],
        plies: (0..n).map(|i| 10.0 + (i % 50) as f32).collect(),
    }
}

/// `groups` groups of children for the sibling ranking: the positions after each move from the
/// start of the four presets in turn (8 to 16 children each), a uniform target over them.
pub fn synthetic_siblings(groups: usize) -> SiblingBatch {
    let presets = [Preset::Classic, Preset::NoSetchin, Preset::SoldiersFirst, Preset::Qdan];
    let children: Vec<Vec<_>> = presets
        .iter()
        .map(|p| {
            let g = Game::new(p.ruleset());
            g.legal_moves().iter().map(|&m| g.after(m).expect("a legal move").snapshot()).collect()
        })
        .collect();
    let mut b = SiblingBatch::default();
    b.reset(children.iter().map(Vec::len).max().unwrap_or(0));
    for i in 0..groups {
        let kids = &children[i % children.len()];
        let target = vec![1.0 / kids.len() as f32; kids.len()];
        b.push_group(&target, |k, row| encode(&kids[k], row));
    }
    b
}

/// Times Adam steps of a fresh `config` model at `batch` positions for about `seconds` (after
/// one untimed step), on the CPU, its matrix products on `threads` threads (0 = every core);
/// with `siblings` groups of children ranked by the moves-left head in every step (0 = none).
pub fn time_training(
    config: ModelConfig,
    batch: usize,
    seconds: f64,
    threads: usize,
    siblings: usize,
) -> Result<TrainSpeed, NetError> {
    config.validate()?;
    let device = DeviceKind::Cpu.device()?;
    let net = Network::init(config, &device, 1);
    let mut learner = Learner::new(&net, OptimizerKind::Adam, 1e-4, LossWeights { value: 1.0, moves_left: 1.0 })
        .with_threads(threads)?;
    let b = synthetic_batch(batch.max(1));
    let groups = synthetic_siblings(siblings);
    let step = |learner: &mut Learner| -> Result<(), NetError> {
        if siblings == 0 {
            learner.step(&b, 1e-4);
        } else {
            learner.step_ranked(&b, &groups, 1.0, 1.0, 1e-4)?;
        }
        Ok(())
    };
    step(&mut learner)?;
    let start = Instant::now();
    let mut steps = 0u64;
    while steps == 0 || start.elapsed().as_secs_f64() < seconds {
        step(&mut learner)?;
        steps += 1;
    }
    let s = start.elapsed().as_secs_f64();
    Ok(TrainSpeed {
        steps_per_second: steps as f64 / s,
        samples_per_second: (steps * b.len() as u64) as f64 / s,
        steps,
    })
}
