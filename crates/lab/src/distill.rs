//! Table-labelled games and training from scratch on them.
//!
//! The games: the General plays a best move from the tables (a random move with probability
//! 0.1); the soldiers play a best move, or a random one with a probability drawn per game from
//! {0, 0.05, 0.15, 0.3, 1}, so they range from perfect to random like a ranking's soldiers.
//! Every position whose exact value holds in the game gets the tables' targets: the policy
//! spread over the best moves, the value, and the plies to the end.

use musashi_agents::TableOracle;
use musashi_game::{Game, NUM_ACTIONS, Ruleset, Side, Snapshot};
use musashi_net::{Learner, LossWeights, NUM_FEATURES, OptimizerKind, TrainBatch, encode};
use musashi_search::{Oracle, Score, best_moves, oracle_value_in_game};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use std::collections::HashSet;

/// One labelled position.
#[derive(Debug)]
pub struct Sample {
    snap: Snapshot,
    /// Legal actions and their policy targets.
    policy: Vec<(u16, f32)>,
    value: f32,
    plies: f32,
}

/// The labelled positions of some games and the hashes of the distinct positions among them.
#[derive(Debug, Default)]
pub struct Data {
    /// The samples, in the order played.
    pub samples: Vec<Sample>,
    /// Position hashes of every sample.
    pub seen: HashSet<u64>,
}

/// Plays `games` labelled games under `rules` from `seed`.
pub fn play_games(oracle: &TableOracle, rules: Ruleset, games: usize, seed: u64) -> Data {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut data = Data::default();
    for _ in 0..games {
        play(oracle, rules, &mut rng, &mut data);
    }
    data
}

fn play(oracle: &TableOracle, rules: Ruleset, rng: &mut SmallRng, data: &mut Data) {
    let eps = [0.0, 0.05, 0.15, 0.3, 1.0][rng.random_range(0..5)];
    let mut g = Game::new(rules);
    let mut history = HashSet::new();
    let mut unrepeated = true;
    while !g.is_over() {
        let pos = *g.position();
        unrepeated &= history.insert(pos.hash());
        let legal: Vec<_> = g.legal_moves().iter().copied().collect();
        let Some(values) = oracle.move_values(&pos, rules.threshold()) else { return };
        let best = best_moves(&values);
        let snap = g.snapshot();
        if let Some(score) = oracle.probe(&pos)
            && let Some(value) = oracle_value_in_game(&snap, score, unrepeated)
        {
            let k = legal.iter().filter(|m| best.contains(m)).count();
            if k > 0 {
                data.seen.insert(pos.hash());
                let soldiers_win = (value > 0.0) == (pos.side_to_move() == Side::Soldiers);
                let plies = match score {
                    Score::WinIn(n) | Score::LossIn(n) if soldiers_win => n as f32,
                    // The General holds out: to the 300-ply limit of the probes' games.
                    _ => 300u32.saturating_sub(g.plies()) as f32,
                };
                let policy =
                    legal.iter().map(|m| (m.action() as u16, if best.contains(m) { 1.0 / k as f32 } else { 0.0 }));
                data.samples.push(Sample { snap, policy: policy.collect(), value, plies });
            }
        }
        let random = match pos.side_to_move() {
            Side::General => rng.random_bool(0.1),
            Side::Soldiers => rng.random_bool(eps),
        };
        let pool: Vec<_> =
            if random { legal.clone() } else { legal.iter().copied().filter(|m| best.contains(m)).collect() };
        let pool = if pool.is_empty() { legal } else { pool };
        if g.play(pool[rng.random_range(0..pool.len())]).is_err() {
            return;
        }
    }
}

/// Fills `b` with `n` samples drawn uniformly from `data`.
pub fn fill_batch(data: &[Sample], n: usize, rng: &mut SmallRng, b: &mut TrainBatch) {
    b.reset(n);
    for (i, row) in b.features.chunks_exact_mut(NUM_FEATURES).enumerate() {
        let s = &data[rng.random_range(0..data.len())];
        encode(&s.snap, row);
        for &(a, p) in &s.policy {
            b.legal[i * NUM_ACTIONS + a as usize] = 1.0;
            b.policy[i * NUM_ACTIONS + a as usize] = p;
        }
        b.value.push(s.value);
        b.policy_weight.push(1.0);
        b.plies.push(s.plies);
    }
}

/// How a network is trained on the samples: Adam, batch 256, the learning rate falling from
/// `lr` to `lr / 10` on a cosine over `steps`.
#[derive(Debug, Clone, Copy)]
pub struct Schedule {
    /// Optimizer steps.
    pub steps: u64,
    /// Samples per step.
    pub batch: usize,
    /// The starting learning rate.
    pub lr: f64,
    /// Report every this many steps (and at the end).
    pub every: u64,
    /// Stop after this many seconds of training, whatever `steps` says (0 = no limit).
    pub seconds: f64,
}

/// Trains `learner` on `data` by `schedule`; `report(step, learner, seconds)` at every report.
pub fn train(
    learner: &mut Learner,
    data: &[Sample],
    schedule: Schedule,
    seed: u64,
    mut report: impl FnMut(u64, &Learner, f64),
) {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut b = TrainBatch::default();
    let start = std::time::Instant::now();
    let low = schedule.lr / 10.0;
    for step in 0..schedule.steps {
        fill_batch(data, schedule.batch, &mut rng, &mut b);
        let t = step as f64 / schedule.steps as f64;
        learner.step(&b, low + 0.5 * (schedule.lr - low) * (1.0 + (std::f64::consts::PI * t).cos()));
        let elapsed = start.elapsed().as_secs_f64();
        let out_of_time = schedule.seconds > 0.0 && elapsed >= schedule.seconds;
        if (step + 1) % schedule.every == 0 || step + 1 == schedule.steps || out_of_time {
            report(step + 1, learner, elapsed);
        }
        if out_of_time {
            break;
        }
    }
}

/// A learner for `net`'s weights: Adam, weight decay 1e-4, the value loss weighted 1 and the
/// moves-left loss `moves_left` (the trainer's `train.moves_left_weight`, 1 by default).
pub fn learner(net: &musashi_net::Network, moves_left: f32) -> Learner {
    Learner::new(net, OptimizerKind::Adam, 1e-4, LossWeights { value: 1.0, moves_left })
}

/// A learner for a fresh network of `config` on the CPU.
pub fn fresh_learner(config: musashi_net::ModelConfig, seed: u64, moves_left: f32) -> Result<Learner, String> {
    let device = musashi_net::DeviceKind::Cpu.device().map_err(|e| e.to_string())?;
    Ok(learner(&musashi_net::Network::init(config, &device, seed), moves_left))
}
