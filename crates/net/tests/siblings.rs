//! The sibling ranking loss teaches the moves-left head the order of a position's children, and
//! is refused by a model without the head.

use musashi_game::{Game, Preset, Snapshot};
use musashi_net::*;

const W: LossWeights = LossWeights { value: 1.0, moves_left: 1.0 };

/// The positions after the first `n` legal moves of the classic start, from the `skip`-th.
fn children(skip: usize, n: usize) -> Vec<Snapshot> {
    let g = Game::new(Preset::Classic.ruleset());
    g.legal_moves().iter().skip(skip).take(n).map(|&m| g.after(m).unwrap().snapshot()).collect()
}

/// One position (the start) with a uniform policy over every action.
fn start_batch() -> TrainBatch {
    let mut b = TrainBatch::default();
    b.reset(1);
    encode(&Game::new(Preset::Classic.ruleset()).snapshot(), &mut b.features);
    b.legal.fill(1.0);
    b.policy.fill(1.0 / b.legal.len() as f32);
    b.value.push(0.0);
    b.policy_weight.push(1.0);
    b.plies.push(30.0);
    b
}

fn plies(net: &Network, snaps: &[Snapshot]) -> Vec<f32> {
    let mut x = vec![0.0; snaps.len() * NUM_FEATURES];
    for (s, row) in snaps.iter().zip(x.chunks_exact_mut(NUM_FEATURES)) {
        encode(s, row);
    }
    let mut p = Prediction::default();
    net.predict(&x, &mut p);
    p.plies
}

#[test]
fn ranking_puts_each_groups_target_child_first() {
    let device = DeviceKind::Cpu.device().unwrap();
    let net = Network::init(ModelConfig::mlp(32, 1, 16, 16), &device, 1);
    let mut learner = Learner::new(&net, OptimizerKind::Adam, 1e-4, W);
    let (first, second) = (children(0, 3), children(3, 2));
    let mut s = SiblingBatch::default();
    s.reset(4);
    // Three children in four slots (the fourth empty), the target on the last; two more, on the first.
    s.push_group(&[0.0, 0.0, 1.0], |i, row| encode(&first[i], row));
    s.push_group(&[1.0, 0.0], |i, row| encode(&second[i], row));
    assert_eq!((s.groups(), s.children(), s.sizes.clone()), (2, 5, vec![3, 2]));
    let b = start_batch();
    let (_, before) = learner.step_ranked(&b, &s, 1.0, 1.0, 1e-2).unwrap();
    let mut after = before;
    for _ in 0..300 {
        after = learner.step_ranked(&b, &s, 1.0, 1.0, 1e-2).unwrap().1;
    }
    assert!(before > 0.5 && after < 0.05, "ranking loss {before} -> {after}");
    let (a, c) = (plies(&learner.network(), &first), plies(&learner.network(), &second));
    assert!(a[2] > a[0] + 1.0 && a[2] > a[1] + 1.0, "{a:?}");
    assert!(c[0] > c[1] + 1.0, "{c:?}");
    // No groups: a plain step, ranking loss 0.
    s.reset(4);
    assert_eq!(learner.step_ranked(&b, &s, 1.0, 1.0, 1e-2).unwrap().1, 0.0);
}

#[test]
fn ranking_needs_a_moves_left_head() {
    let device = DeviceKind::Cpu.device().unwrap();
    let net = Network::init(ModelConfig::mlp(32, 1, 16, 0), &device, 1);
    let mut learner = Learner::new(&net, OptimizerKind::Adam, 1e-4, W);
    let error = learner.step_ranked(&start_batch(), &SiblingBatch::default(), 1.0, 1.0, 1e-3).unwrap_err();
    assert!(matches!(error, NetError::NoMovesLeftHead), "{error}");
}

#[test]
fn the_training_bench_times_ranked_steps_on_the_presets_starts() {
    let b = synthetic_siblings(6);
    assert_eq!(b.groups(), 6);
    for (i, preset) in [Preset::Classic, Preset::NoSetchin, Preset::SoldiersFirst, Preset::Qdan].iter().enumerate() {
        let n = Game::new(preset.ruleset()).legal_moves().len();
        let target: f32 = b.target[b.group(i)].iter().sum();
        assert_eq!(b.group(i).len(), n, "{preset:?}");
        assert!((target - 1.0).abs() < 1e-5);
    }
    let shape = ModelConfig::mlp(16, 1, 8, 8);
    assert!(time_training(shape, 8, 0.01, 1, 4).unwrap().steps >= 1);
    let headless = ModelConfig::mlp(16, 1, 8, 0);
    assert!(matches!(time_training(headless, 8, 0.01, 1, 4), Err(NetError::NoMovesLeftHead)));
    assert!(time_training(headless, 8, 0.01, 1, 0).is_ok(), "a plain step needs no head");
}

#[test]
fn a_ranked_step_cut_in_halves_trains_as_the_whole_step_on_any_number_of_threads() {
    let device = DeviceKind::Cpu.device().unwrap();
    let net = Network::init(ModelConfig::mlp(16, 1, 8, 8), &device, 3);
    let b = synthetic_batch(96);
    let groups = synthetic_siblings(7);
    let whole = Learner::new(&net, OptimizerKind::Adam, 1e-4, W).with_threads(1).unwrap();
    let halves = Learner::new(&net, OptimizerKind::Adam, 1e-4, W).with_threads(2).unwrap();
    let one_core = rayon::ThreadPoolBuilder::new().num_threads(1).build().unwrap();
    let sequential = Learner::new(&net, OptimizerKind::Adam, 1e-4, W);
    let mut learners = [whole, halves, sequential];
    let mut ranks = Vec::new();
    for (i, learner) in learners.iter_mut().enumerate() {
        for _ in 0..3 {
            let mut step = || learner.step_ranked(&b, &groups, 1.0, 2.0, 1e-3).unwrap();
            let (losses, rank) = if i == 2 { one_core.install(step) } else { step() };
            ranks.push((losses.total, rank));
        }
    }
    let predict = |l: &Learner| {
        let mut p = Prediction::default();
        l.network().predict(&groups.features, &mut p);
        p
    };
    let [whole, halves, sequential] = learners.each_ref().map(predict);
    assert_eq!(halves.plies, sequential.plies, "the same halves give the same weights on 1 or 2 threads");
    let close = |a: &[f32], b: &[f32]| a.iter().zip(b).all(|(x, y)| (x - y).abs() < 1e-4);
    assert!(close(&whole.plies, &halves.plies) && close(&whole.logits, &halves.logits));
    for k in 0..3 {
        let ((ta, ra), (tb, rb)) = (ranks[k], ranks[3 + k]);
        assert!((ta - tb).abs() < 1e-4 * ta.abs().max(1.0) && (ra - rb).abs() < 1e-4, "step {k}: {:?}", ranks);
        assert!(ra > 0.0, "the groups count: {ra}");
    }
}

#[test]
fn the_ranking_loss_is_each_groups_cross_entropy_over_its_childrens_predicted_plies() {
    let device = DeviceKind::Cpu.device().unwrap();
    let net = Network::init(ModelConfig::mlp(32, 1, 16, 16), &device, 5);
    // Groups of 3, 1 and 4 children (packed, in 7 slots), with uneven targets.
    let groups = [children(0, 3), children(3, 1), children(4, 4)];
    let targets = [vec![0.2, 0.0, 0.8], vec![1.0], vec![0.1, 0.5, 0.0, 0.4]];
    assert_eq!(groups.iter().map(Vec::len).collect::<Vec<_>>(), [3, 1, 4]);
    let mut s = SiblingBatch::default();
    s.reset(7);
    for (kids, t) in groups.iter().zip(&targets) {
        s.push_group(t, |i, row| encode(&kids[i], row));
    }
    // Logits near 1, so that an empty slot left in the softmax would show.
    let temperature = 40.0;
    let mut expected = 0.0f64;
    for (kids, t) in groups.iter().zip(&targets) {
        let logits: Vec<f64> = plies(&net, kids).iter().map(|&p| p as f64 / temperature).collect();
        let top = logits.iter().cloned().fold(f64::MIN, f64::max);
        let log_sum = top + logits.iter().map(|l| (l - top).exp()).sum::<f64>().ln();
        expected -= t.iter().zip(&logits).map(|(&ti, l)| ti as f64 * (l - log_sum)).sum::<f64>();
    }
    expected /= groups.len() as f64;
    let mut learner = Learner::new(&net, OptimizerKind::Adam, 1e-4, W).with_threads(1).unwrap();
    let (_, rank) = learner.step_ranked(&start_batch(), &s, temperature as f32, 1.0, 1e-4).unwrap();
    assert!(expected > 0.1, "a loss to compare: {expected}");
    assert!((rank as f64 - expected).abs() < 1e-4 * expected, "{rank} against {expected}");
}
