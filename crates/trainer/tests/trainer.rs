//! The trainer's mechanics: the window grows and trims, augmentation maps legal moves exactly,
//! and the loss falls when training on a fixed buffer of self-play positions.

use musashi_game::*;
use musashi_net::{DeviceKind, Learner, LossWeights, ModelConfig, Network, OptimizerKind, TrainBatch};
use musashi_records::list_shards;
use musashi_search::{Evaluator, MctsConfig, UniformEvaluator};
use musashi_selfplay::{Progress, SelfplayConfig, run_selfplay};
use musashi_trainer::*;
use rand::SeedableRng;
use rand::rngs::SmallRng;
use std::collections::HashSet;
use std::path::PathBuf;

const W: LossWeights = LossWeights { value: 1.0, moves_left: 1.0 };

fn shards_dir(tag: &str, games: u32) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("musashi-trainer-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let config = SelfplayConfig {
        games,
        threads: 2,
        concurrent_games: 4,
        rules: vec![Preset::Classic.ruleset(), Preset::NoSetchin.ruleset()],
        mcts: MctsConfig {
            sims: 16,
            dirichlet_fraction: 0.25,
            temperature: 1.0,
            temperature_plies: 20,
            ..MctsConfig::default()
        },
        max_plies: 200,
        seed: 11,
        generation: 0,
        shard_games: 2,
        agent_name: "uniform".into(),
        handicap: Default::default(),
        detours: Default::default(),
        sparring: Default::default(),
        past: Default::default(),
    };
    let make = || -> Box<dyn Evaluator> { Box::new(UniformEvaluator) };
    run_selfplay(
        &config,
        &make,
        None,
        &dir,
        &musashi_records::ShardPrefix::plain("g0000"),
        &HashSet::new(),
        &Progress::default(),
    )
    .unwrap();
    dir
}

#[test]
fn window_grows_and_keeps_the_newest() {
    let dir = shards_dir("window", 6);
    let shards = list_shards(&dir).unwrap();
    let config = TrainerConfig { window_min: 50, window_max: 10_000, window_fraction: 0.5, ..TrainerConfig::default() };
    let mut r = Replay::new();
    r.load(&shards[..1], &config, None).unwrap();
    let after_one = r.seen();
    assert_eq!(r.len() as u64, after_one.min(r.window(&config) as u64));
    let total = r.load(&shards, &config, None).unwrap() as u64 + after_one;
    assert_eq!(r.seen(), total);
    assert_eq!(r.len(), (total as usize / 2).clamp(50, 10_000).min(total as usize));
    assert_eq!(r.load(&shards, &config, None).unwrap(), 0, "shards load once");
    // An oracle replaces value targets where it knows them.
    let mut exact = Replay::new();
    let oracle = |s: &Snapshot, _: bool| {
        let first = s.position.moves().iter().next().map(|m| m.action() as u16);
        (s.position.num_soldiers() == 16).then(|| ExactTarget {
            value: 0.5,
            plies: Some(9),
            best: first.into_iter().collect(),
        })
    };
    exact.load(&shards, &config, Some(&oracle)).unwrap();
    assert!(exact.exact_values() > 0);
    let mut rng = SmallRng::seed_from_u64(3);
    for _ in 0..50 {
        let s = exact.pick(&mut rng, 0.0);
        if s.state.position.num_soldiers() == 16 {
            assert_eq!((s.value, s.plies), (0.5, 9.0), "the oracle's value and distance replace the targets");
            let first = s.state.position.moves().iter().next().unwrap().action() as u16;
            let i = s.legal.iter().position(|&a| a == first).unwrap();
            assert!(s.full && s.policy[i] == 1.0, "the best move is the policy target: {:?}", s.policy);
            assert_eq!(s.weight, 1.0, "a won position at 9 plies is no long fight");
        }
    }
    // The General's long fights (lost in >= 16 plies, some move losing sooner) weigh
    // `long_fight_weight` in the policy loss; other exact positions keep 1.
    let weighted = TrainerConfig { long_fight_weight: 4.0, ..config };
    let fight = |s: &Snapshot, _: bool| {
        let first = s.position.moves().iter().next().map(|m| m.action() as u16);
        let general = s.position.side_to_move() == Side::General;
        let plies = if s.position.num_soldiers() == 16 { 30 } else { 10 };
        Some(ExactTarget {
            value: if general { -1.0 } else { 1.0 },
            plies: Some(plies),
            best: first.into_iter().collect(),
        })
    };
    let mut fights = Replay::new();
    fights.load(&shards, &weighted, Some(&fight)).unwrap();
    let (mut long, mut other) = (0, 0);
    for _ in 0..200 {
        let s = fights.pick(&mut rng, 0.0);
        let expect_long = s.state.position.side_to_move() == Side::General
            && s.state.position.num_soldiers() == 16
            && s.legal.len() > 1;
        assert_eq!(
            s.weight,
            if expect_long { 4.0 } else { 1.0 },
            "{:?} with {} moves",
            s.state.position,
            s.legal.len()
        );
        if expect_long { long += 1 } else { other += 1 }
    }
    assert!(long > 0 && other > 0, "both kinds sampled: {long} long fights, {other} others");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn augmentation_maps_legal_moves_and_policy() {
    for preset in [Preset::Classic, Preset::NoSetchin] {
        let mut g = Game::new(preset.ruleset());
        for m in ["c3-b2", "a1-a1"] {
            if let Ok(m) = Move::parse(g.rules().board, m)
                && g.is_legal(m)
            {
                g.play(m).unwrap();
            }
        }
        let legal: Vec<u16> = g.legal_moves().iter().map(|m| m.action() as u16).collect();
        let n = legal.len();
        let sample = Sample {
            state: g.snapshot(),
            legal: legal.clone(),
            policy: (0..n).map(|i| (i + 1) as f32 / (n * (n + 1) / 2) as f32).collect(),
            value: 0.3,
            full: true,
            weight: 1.0,
            plies: 17.0,
        };
        for &s in preset.ruleset().board.symmetries() {
            let a = augment(&sample, s);
            let img = Game::from_position(*g.rules(), a.state.position).unwrap();
            let mut want: Vec<u16> = img.legal_moves().iter().map(|m| m.action() as u16).collect();
            let mut got = a.legal.clone();
            want.sort();
            got.sort();
            assert_eq!(got, want, "{s:?}");
            for (k, &act) in a.legal.iter().enumerate() {
                let orig = s.inverse().action(act as usize) as u16;
                let j = sample.legal.iter().position(|&x| x == orig).unwrap();
                assert_eq!(a.policy[k], sample.policy[j]);
            }
        }
    }
}

#[test]
fn loss_falls_on_a_fixed_buffer_of_selfplay_positions() {
    let dir = shards_dir("loss", 4);
    let config = TrainerConfig { batch_size: 64, window_min: 100_000, ..TrainerConfig::default() };
    let mut replay = Replay::new();
    replay.load(&list_shards(&dir).unwrap(), &config, None).unwrap();
    let net = Network::init(ModelConfig::mlp(64, 1, 16, 16), &DeviceKind::Cpu.device().unwrap(), 2);
    let mut learner = Learner::new(&net, OptimizerKind::Adam, 0.0, W);
    let mut rng = SmallRng::seed_from_u64(1);
    let mut fixed = TrainBatch::default();
    build_batch(&replay, &TrainerConfig { augment: false, ..config }, &mut rng, &mut fixed);
    let before = learner.evaluate(&fixed);
    for _ in 0..80 {
        learner.step(&fixed, 2e-3);
    }
    let after = learner.evaluate(&fixed);
    assert!(after.total < 0.7 * before.total, "{before:?} -> {after:?}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A sample at `g`'s position with `value`, its policy target on the first legal move.
fn sample_at(g: &Game, value: f32) -> Sample {
    let legal: Vec<u16> = g.legal_moves().iter().map(|m| m.action() as u16).collect();
    let mut policy = vec![0.0; legal.len()];
    policy[0] = 1.0;
    Sample { state: g.snapshot(), legal, policy, value, full: true, weight: 1.0, plies: 20.0 }
}

#[test]
fn a_losing_positions_sibling_group_follows_its_symmetry_and_its_policy_target() {
    let mut g = Game::new(Preset::Classic.ruleset());
    while g.position().side_to_move() != Side::General || g.legal_moves().len() < 3 {
        let m = g.legal_moves()[g.plies() as usize % g.legal_moves().len()];
        g.play(m).unwrap();
    }
    let lost = sample_at(&g, -1.0);
    let plain = group(&lost).expect("a lost position with moves has a group");
    assert_eq!(plain.children.len(), g.legal_moves().len());
    for (m, child) in g.legal_moves().iter().zip(&plain.children) {
        let mut c = g.clone();
        c.play(*m).unwrap();
        assert_eq!(*child, c.snapshot(), "the position after each move, its counters on");
    }
    assert_eq!(plain.target.iter().sum::<f32>(), 1.0);
    for &s in g.position().board().symmetries() {
        let seen = group(&augment(&lost, s)).unwrap();
        for (child, t) in plain.children.iter().zip(&plain.target) {
            let image = s.position(&child.position);
            let k = seen.children.iter().position(|c| c.position == image).expect("every child's image");
            assert_eq!(seen.target[k], *t, "the image keeps its move's target under {s:?}");
        }
    }
    assert_eq!(group(&sample_at(&g, -0.4)), None, "not decided enough");
    assert_eq!(group(&sample_at(&g, 1.0)), None, "a winning side");
    assert_eq!(group(&Sample { full: false, ..lost }), None, "a policy target that does not count");
}

#[test]
fn a_minibatch_with_the_ranking_draws_the_same_positions_and_its_ranking_loss_falls() {
    let dir = shards_dir("siblings", 4);
    let config = TrainerConfig { batch_size: 64, window_min: 100_000, rank_siblings: 1.0, ..TrainerConfig::default() };
    let mut replay = Replay::new();
    // The side to move loses every position, its first move the best (exact targets).
    let oracle = |s: &Snapshot, _: bool| {
        let first = s.position.moves().iter().next().map(|m| m.action() as u16);
        Some(ExactTarget { value: -1.0, plies: Some(30), best: first.into_iter().collect() })
    };
    replay.load(&list_shards(&dir).unwrap(), &config, Some(&oracle)).unwrap();
    let mut ranked = Minibatch::default();
    build_minibatch(&replay, &config, &mut SmallRng::seed_from_u64(5), &mut ranked);
    let mut plain = TrainBatch::default();
    build_batch(&replay, &config, &mut SmallRng::seed_from_u64(5), &mut plain);
    assert_eq!(ranked.batch.features, plain.features, "the same draws");
    assert_eq!(ranked.batch.policy, plain.policy);
    assert!(ranked.siblings.groups() > 32, "most positions lose and have moves: {}", ranked.siblings.groups());
    assert!(ranked.siblings.groups() <= 64);
    let mut off = Minibatch::default();
    build_minibatch(
        &replay,
        &TrainerConfig { rank_siblings: 0.0, ..config },
        &mut SmallRng::seed_from_u64(5),
        &mut off,
    );
    assert_eq!(off.siblings.groups(), 0, "no groups with the ranking off");
    let mut capped = Minibatch::default();
    let cap = TrainerConfig { rank_groups: 10, ..config };
    build_minibatch(&replay, &cap, &mut SmallRng::seed_from_u64(5), &mut capped);
    assert_eq!(capped.batch.features, plain.features, "a cap draws the same positions");
    assert_eq!(capped.siblings.groups(), 10, "the first 10 groups");
    let (c, r) = (&capped.siblings, &ranked.siblings);
    assert_eq!((&c.sizes[..], c.children()), (&r.sizes[..10], r.group(9).end));
    assert_eq!((&c.target[..], &c.features[..]), (&r.target[..c.children()], &r.features[..c.features.len()]));
    let net = Network::init(ModelConfig::mlp(64, 1, 16, 16), &DeviceKind::Cpu.device().unwrap(), 2);
    let mut learner = Learner::new(&net, OptimizerKind::Adam, 0.0, W);
    let (_, first) = learner.step_ranked(&ranked.batch, &ranked.siblings, 1.0, 1.0, 2e-3).unwrap();
    let mut last = first;
    for _ in 0..100 {
        last = learner.step_ranked(&ranked.batch, &ranked.siblings, 1.0, 1.0, 2e-3).unwrap().1;
    }
    assert!(last < 0.5 * first, "the ranking loss falls: {first} -> {last}");
    std::fs::remove_dir_all(&dir).unwrap();
}
