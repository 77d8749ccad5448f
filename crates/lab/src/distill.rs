//! Table-labelled games and training from scratch on them.
//!
//! The games: the General plays a best move from the tables (a random move with probability
//! 0.1); the soldiers play a best move, or a random one with a probability drawn per game from
//! {0, 0.05, 0.15, 0.3, 1}, so they range from perfect to random like a ranking's soldiers.
//! Every position whose exact value holds in the game gets the tables' targets: the policy
//! (`PolicyTarget`: spread over the best moves, or over the best one's class by delay), the
//! value, and the plies to the end.

use crate::fights::children;
use musashi_agents::TableOracle;
use musashi_game::{Game, Move, NUM_ACTIONS, Ruleset, Side, Snapshot, Symmetry};
use musashi_net::{Learner, LossWeights, NUM_FEATURES, OptimizerKind, SiblingBatch, TrainBatch, encode};
use musashi_search::{Oracle, Score, best_moves, exact_rank, oracle_value_in_game};
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
    /// With sibling ranking, a lost General's position: the position after each legal move, in
    /// the order of `policy` (empty otherwise).
    children: Vec<Snapshot>,
}

/// The labelled positions of some games and the hashes of the distinct positions among them.
#[derive(Debug, Default)]
pub struct Data {
    /// The samples, in the order played.
    pub samples: Vec<Sample>,
    /// Position hashes of every sample.
    pub seen: HashSet<u64>,
    /// The number of samples after each game.
    game_ends: Vec<usize>,
}

impl Data {
    /// The number of samples of the first `n` games.
    fn end_of_game(&self, n: usize) -> usize {
        n.checked_sub(1).map_or(0, |i| self.game_ends.get(i).copied().unwrap_or(self.samples.len()))
    }

    /// The hashes of the positions of the first `n` games.
    pub fn seen_in_first(&self, n: usize) -> HashSet<u64> {
        self.samples[..self.end_of_game(n)].iter().map(|s| s.snap.position.hash()).collect()
    }

    /// Keeps the samples of the first `n` games only.
    pub fn keep_first_games(&mut self, n: usize) {
        if n < self.game_ends.len() {
            self.seen = self.seen_in_first(n);
            self.samples.truncate(self.end_of_game(n));
            self.game_ends.truncate(n);
        }
    }
}

/// The policy target over a position's legal moves.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum PolicyTarget {
    /// Spread evenly over the best moves (the shortest wins, or the longest losses).
    Best,
    /// Over the moves of the best move's class (wins, or losses), each weighted by
    /// exp(-d / tau), d the plies it gives away against the best: the longest loss's
    /// neighbours get some of the target too, in the order of their delays.
    SoftDelay {
        /// The temperature, in plies.
        tau: f32,
    },
}

impl PolicyTarget {
    /// The target of each of `legal` (their exact values among `values`); `None` when no legal
    /// move has a value.
    fn of(self, values: &[(Move, Score)], legal: &[Move]) -> Option<Vec<f32>> {
        let rank = |m: &Move| values.iter().find(|(v, _)| v == m).map(|&(_, s)| exact_rank(s));
        let ranks: Vec<Option<(u8, i64)>> = legal.iter().map(rank).collect();
        let best = ranks.iter().flatten().max().copied()?;
        let weight = |r: &Option<(u8, i64)>| match (self, r) {
            (_, None) => 0.0,
            (PolicyTarget::Best, Some(r)) => {
                if *r == best {
                    1.0
                } else {
                    0.0
                }
            }
            (PolicyTarget::SoftDelay { tau }, Some((class, n))) if *class == best.0 => {
                (-((best.1 - n) as f32) / tau).exp()
            }
            (PolicyTarget::SoftDelay { .. }, Some(_)) => 0.0,
        };
        let w: Vec<f32> = ranks.iter().map(weight).collect();
        let sum: f32 = w.iter().sum();
        Some(w.iter().map(|x| x / sum).collect())
    }
}

/// What each labelled position carries besides its own targets.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Labels {
    /// The policy target's kind.
    pub target: PolicyTarget,
    /// Keep a lost General's children (for the sibling ranking; they cost memory).
    pub children: bool,
}

/// Plays `games` labelled games under `rules` from `seed`, labelled as `labels` says.
pub fn play_games(oracle: &TableOracle, rules: Ruleset, games: usize, seed: u64, labels: Labels) -> Data {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut data = Data::default();
    for _ in 0..games {
        play(oracle, rules, labels, &mut rng, &mut data);
        data.game_ends.push(data.samples.len());
    }
    data
}

fn play(oracle: &TableOracle, rules: Ruleset, labels: Labels, rng: &mut SmallRng, data: &mut Data) {
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
        if let Some(sample) = label(oracle, &g, &values, &best, &legal, labels, unrepeated) {
            data.seen.insert(pos.hash());
            data.samples.push(sample);
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

/// The exact targets of `g`'s position, when its value holds in the game (`unrepeated`: no
/// position of the game so far occurred twice) and a legal move is among the `best` of `values`.
fn label(
    oracle: &TableOracle,
    g: &Game,
    values: &[(Move, Score)],
    best: &[Move],
    legal: &[Move],
    labels: Labels,
    unrepeated: bool,
) -> Option<Sample> {
    let snap = g.snapshot();
    let score = oracle.probe(&snap.position)?;
    let value = oracle_value_in_game(&snap, score, unrepeated)?;
    if !legal.iter().any(|m| best.contains(m)) {
        return None;
    }
    let targets = labels.target.of(values, legal)?;
    let soldiers_win = (value > 0.0) == (snap.position.side_to_move() == Side::Soldiers);
    let plies = match score {
        Score::WinIn(n) | Score::LossIn(n) if soldiers_win => n as f32,
        // The General holds out: to the 300-ply limit of the probes' games.
        _ => 300u32.saturating_sub(g.plies()) as f32,
    };
    let policy = legal.iter().zip(targets).map(|(m, p)| (m.action() as u16, p)).collect();
    let lost_general = snap.position.side_to_move() == Side::General && soldiers_win;
    let children = if labels.children && lost_general { children(g, legal.iter().copied())? } else { Vec::new() };
    Some(Sample { snap, policy, value, plies, children })
}

/// Fills `b` with `n` samples drawn uniformly from `data`, each seen through a random symmetry
/// of its board when `augment` is set (the policy target mapped with it), and `siblings` with
/// the children of those that have them (seen through the same symmetry), in slots for the
/// most children `data` has.
pub fn fill_batch(
    data: &[Sample],
    n: usize,
    augment: bool,
    rng: &mut SmallRng,
    b: &mut TrainBatch,
    siblings: &mut SiblingBatch,
) {
    b.reset(n);
    siblings.reset(siblings.slots);
    for (i, row) in b.features.chunks_exact_mut(NUM_FEATURES).enumerate() {
        let s = &data[rng.random_range(0..data.len())];
        let symmetry = if augment {
            let all = s.snap.position.board().symmetries();
            all[rng.random_range(0..all.len())]
        } else {
            Symmetry::Identity
        };
        let mut snap = s.snap;
        snap.position = symmetry.position(&s.snap.position);
        encode(&snap, row);
        for &(a, p) in &s.policy {
            let a = symmetry.action(a as usize);
            b.legal[i * NUM_ACTIONS + a] = 1.0;
            b.policy[i * NUM_ACTIONS + a] = p;
        }
        b.value.push(s.value);
        b.policy_weight.push(1.0);
        b.plies.push(s.plies);
        if !s.children.is_empty() {
            let targets: Vec<f32> = s.policy.iter().map(|&(_, p)| p).collect();
            siblings.push_group(&targets, |c, row| {
                let child = s.children[c];
                encode(&Snapshot { position: symmetry.position(&child.position), ..child }, row)
            });
        }
    }
}

/// The most children a sample of `data` has.
pub fn most_children(data: &[Sample]) -> usize {
    data.iter().map(|s| s.children.len()).max().unwrap_or(0)
}

/// A listwise ranking loss on the moves-left head over a lost General's children
/// (`musashi_net::SiblingBatch`), beside the usual losses.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Ranking {
    /// The softmax's temperature, in plies.
    pub temperature: f32,
    /// The loss's weight against the policy's.
    pub weight: f32,
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
    /// See each sample through a random symmetry of its board.
    pub augment: bool,
    /// Rank each lost General's children by the moves-left head too (the samples must have
    /// their children).
    pub ranking: Option<Ranking>,
}

/// Trains `learner` on `data` by `schedule`; `report(step, learner, seconds)` at every report.
/// Fails only where the ranking asks for a moves-left head the model lacks.
pub fn train(
    learner: &mut Learner,
    data: &[Sample],
    schedule: Schedule,
    seed: u64,
    mut report: impl FnMut(u64, &Learner, f64),
) -> Result<(), musashi_net::NetError> {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut b = TrainBatch::default();
    let mut siblings = SiblingBatch { slots: most_children(data), ..SiblingBatch::default() };
    let start = std::time::Instant::now();
    let low = schedule.lr / 10.0;
    for step in 0..schedule.steps {
        fill_batch(data, schedule.batch, schedule.augment, &mut rng, &mut b, &mut siblings);
        let t = step as f64 / schedule.steps as f64;
        let lr = low + 0.5 * (schedule.lr - low) * (1.0 + (std::f64::consts::PI * t).cos());
        match schedule.ranking {
            None => {
                learner.step(&b, lr);
            }
            Some(r) => {
                learner.step_ranked(&b, &siblings, r.temperature, r.weight, lr)?;
            }
        }
        let elapsed = start.elapsed().as_secs_f64();
        let out_of_time = schedule.seconds > 0.0 && elapsed >= schedule.seconds;
        if (step + 1) % schedule.every == 0 || step + 1 == schedule.steps || out_of_time {
            report(step + 1, learner, elapsed);
        }
        if out_of_time {
            break;
        }
    }
    Ok(())
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

#[cfg(test)]
mod tests {
    use super::*;
    use musashi_game::Board;

    fn moves() -> Vec<Move> {
        ["b2-b3", "b2-c2", "b2-c3", "b2-a1"].iter().map(|t| Move::parse(Board::Setchin33, t).unwrap()).collect()
    }

    #[test]
    fn best_spreads_over_the_longest_losses_and_soft_delay_over_all_losses_by_delay() {
        let m = moves();
        let values =
            [(m[0], Score::LossIn(10)), (m[1], Score::LossIn(12)), (m[2], Score::LossIn(12)), (m[3], Score::LossIn(8))];
        assert_eq!(PolicyTarget::Best.of(&values, &m).unwrap(), vec![0.0, 0.5, 0.5, 0.0]);
        let soft = PolicyTarget::SoftDelay { tau: 2.0 }.of(&values, &m).unwrap();
        let w = [(-1.0f32).exp(), 1.0, 1.0, (-2.0f32).exp()];
        let sum: f32 = w.iter().sum();
        for (p, w) in soft.iter().zip(w) {
            assert!((p - w / sum).abs() < 1e-6, "{soft:?}");
        }
        // A move missing from the values gets nothing.
        assert_eq!(PolicyTarget::Best.of(&values[..3], &m).unwrap()[3], 0.0);
    }

    /// Data of three games of 2, 0 and 3 samples, every sample a different position.
    fn three_games() -> Data {
        let mut g = Game::new(Ruleset::default());
        let mut data = Data::default();
        for samples in [2, 0, 3] {
            for _ in 0..samples {
                let snap = g.snapshot();
                data.seen.insert(snap.position.hash());
                data.samples.push(Sample { snap, policy: vec![], value: 0.0, plies: 0.0, children: vec![] });
                g.play(g.legal_moves()[0]).unwrap();
            }
            data.game_ends.push(data.samples.len());
        }
        data
    }

    #[test]
    fn the_first_games_keep_their_own_samples_and_positions() {
        let mut data = three_games();
        let hash = |i: usize, d: &Data| d.samples[i].snap.position.hash();
        assert_eq!(data.seen_in_first(0).len(), 0);
        assert_eq!(data.seen_in_first(2), HashSet::from([hash(0, &data), hash(1, &data)]));
        assert_eq!(data.seen_in_first(3), data.seen);
        assert_eq!(data.seen_in_first(9), data.seen, "more games than were played: all of them");
        let all = data.seen.clone();
        data.keep_first_games(3);
        assert_eq!((data.samples.len(), &data.seen), (5, &all), "keeping every game changes nothing");
        data.keep_first_games(1);
        assert_eq!(data.samples.len(), 2);
        assert_eq!(data.seen.len(), 2);
        assert!(data.seen.is_subset(&all));
    }

    #[test]
    fn a_lost_generals_children_form_a_group_with_its_policy_targets_through_its_symmetry() {
        let g = Game::new(Ruleset::default());
        let legal: Vec<Move> = g.legal_moves().iter().copied().collect();
        let kids = children(&g, legal.iter().copied()).unwrap();
        let targets: Vec<f32> = (0..legal.len()).map(|i| if i == 1 { 1.0 } else { 0.0 }).collect();
        let policy = legal.iter().zip(&targets).map(|(m, &p)| (m.action() as u16, p)).collect();
        let lost = Sample { snap: g.snapshot(), policy, value: -1.0, plies: 20.0, children: kids.clone() };
        let other = Sample { snap: g.snapshot(), policy: vec![], value: 1.0, plies: 20.0, children: vec![] };
        let data = [lost, other];
        let (mut rng, mut b) = (SmallRng::seed_from_u64(3), TrainBatch::default());
        let mut siblings = SiblingBatch { slots: most_children(&data) + 1, ..SiblingBatch::default() };
        for augment in [false, true] {
            fill_batch(&data, 64, augment, &mut rng, &mut b, &mut siblings);
            let rows: Vec<usize> = (0..64).filter(|&i| b.value[i] < 0.0).collect();
            assert!(!rows.is_empty() && rows.len() < 64);
            assert_eq!(siblings.groups(), rows.len(), "a group for each lost General drawn, none for the rest");
            let slots = siblings.slots;
            let encoded = |snap: &Snapshot, sym: Symmetry| {
                let mut row = vec![0.0; NUM_FEATURES];
                encode(&Snapshot { position: sym.position(&snap.position), ..*snap }, &mut row);
                row
            };
            for (group, &i) in rows.iter().enumerate() {
                let children = siblings.group(group);
                assert_eq!((children.len(), slots), (legal.len(), legal.len() + 1));
                assert_eq!(siblings.target[children.clone()], targets[..]);
                let row = &b.features[i * NUM_FEATURES..(i + 1) * NUM_FEATURES];
                let child = &siblings.features[children.start * NUM_FEATURES..][..NUM_FEATURES];
                let frames: Vec<Symmetry> = g
                    .position()
                    .board()
                    .symmetries()
                    .iter()
                    .copied()
                    .filter(|&s| encoded(&data[0].snap, s) == row)
                    .collect();
                assert!(!frames.is_empty() && (augment || frames.contains(&Symmetry::Identity)));
                assert!(frames.iter().any(|&s| encoded(&kids[0], s) == child), "the child seen as its parent is");
            }
        }
    }

    #[test]
    fn soft_delay_keeps_a_winner_on_its_wins_shortest_first() {
        let m = moves();
        let values =
            [(m[0], Score::WinIn(5)), (m[1], Score::WinIn(7)), (m[2], Score::LossIn(40)), (m[3], Score::Value(0.0))];
        let soft = PolicyTarget::SoftDelay { tau: 1.0 }.of(&values, &m).unwrap();
        assert_eq!((soft[2], soft[3]), (0.0, 0.0));
        assert!(soft[0] > soft[1] && soft[1] > 0.0);
        assert!((soft[0] + soft[1] - 1.0).abs() < 1e-6);
        assert_eq!(PolicyTarget::Best.of(&values, &m).unwrap(), vec![1.0, 0.0, 0.0, 0.0]);
        assert_eq!(PolicyTarget::Best.of(&[], &m), None);
    }
}
