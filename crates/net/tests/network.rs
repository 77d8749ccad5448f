//! The network learns on a fixed batch, checkpoints round-trip, and bad checkpoints are refused.

use musashi_game::{Game, NUM_ACTIONS, NUM_ACTIONS_SQUARE, Preset};
use musashi_net::*;

const W: LossWeights = LossWeights { value: 1.0, moves_left: 1.0 };

fn tiny() -> ModelConfig {
    ModelConfig::mlp(32, 1, 16, 16)
}

fn tiny_graph() -> ModelConfig {
    ModelConfig::graph(16, 2, 16, 16)
}

fn tiny_roles() -> ModelConfig {
    ModelConfig { role_heads: true, ..tiny() }
}

fn batch() -> TrainBatch {
    let mut b = TrainBatch::default();
    let mut feats = vec![0.0; NUM_FEATURES];
    for (i, preset) in [Preset::Classic, Preset::NoSetchin, Preset::Qdan, Preset::SoldiersFirst].iter().enumerate() {
        let g = Game::new(preset.ruleset());
        encode(&g.snapshot(), &mut feats);
        b.features.extend(&feats);
        let legal = g.legal_moves();
        let mut policy = vec![0.0; NUM_ACTIONS];
        let mut mask = vec![0.0; NUM_ACTIONS];
        for m in legal.iter() {
            mask[m.action()] = 1.0;
        }
        policy[legal[i % legal.len()].action()] = 1.0;
        b.policy.extend(policy);
        b.legal.extend(mask);
        b.value.push(if i % 2 == 0 { 0.8 } else { -0.6 });
        b.policy_weight.push(1.0);
        b.plies.push(20.0 + 30.0 * i as f32);
    }
    b
}

#[test]
fn loss_falls_on_a_fixed_batch() {
    loss_falls(tiny());
    loss_falls(tiny_roles());
}

#[test]
fn graph_loss_falls_on_a_fixed_batch() {
    loss_falls(tiny_graph());
    loss_falls(ModelConfig { reach: 1, ..tiny_graph() });
}

fn loss_falls(config: ModelConfig) {
    let device = DeviceKind::Cpu.device().unwrap();
    let net = Network::init(config, &device, 1);
    let mut learner = Learner::new(&net, OptimizerKind::Adam, 1e-4, W);
    let b = batch();
    let before = learner.evaluate(&b);
    for _ in 0..120 {
        learner.step(&b, 3e-3);
    }
    let after = learner.evaluate(&b);
    assert!(after.policy < before.policy * 0.5, "{before:?} -> {after:?}");
    assert!(after.value < before.value * 0.5, "{before:?} -> {after:?}");
    assert!(before.moves_left > 0.0 && after.moves_left < before.moves_left * 0.5, "{before:?} -> {after:?}");
    // The inference copy carries the trained weights.
    let trained = learner.network();
    let mut p = Prediction::default();
    trained.predict(&b.features, &mut p);
    assert_eq!(p.logits.len(), 4 * NUM_ACTIONS);
    assert!((p.values[0] - 0.8).abs() < 0.3, "{:?}", p.values);
    assert_eq!(p.plies.len(), 4);
    assert!((p.plies[3] - 110.0).abs() < 30.0, "plies {:?} for targets 20, 50, 80, 110", p.plies);
}

#[test]
fn checkpoints_round_trip_and_refuse_corruption() {
    round_trip(tiny());
}

#[test]
fn graph_checkpoints_round_trip_and_refuse_corruption() {
    round_trip(tiny_graph());
}

fn round_trip(tiny: ModelConfig) {
    let tiny = || tiny;
    let device = DeviceKind::Cpu.device().unwrap();
    let net = Network::init(tiny(), &device, 7);
    let learner = Learner::new(&net, OptimizerKind::AdamW, 1e-4, W);
    let dir = std::env::temp_dir().join(format!("musashi-ckpt-test-{}-{}", tiny().kind.name(), std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let ck = dir.join("gen-0001");
    let meta = CheckpointMeta {
        format_version: 0,
        encoding_version: 0,
        model: tiny(),
        rules: vec![Preset::Classic.ruleset()],
        generation: 1,
        step: 10,
        parent: None,
        weights_sha256: String::new(),
        training_sha256: None,
    };
    save_checkpoint(&ck, &net, &meta, Some(&learner.state().unwrap())).unwrap();
    assert!(save_checkpoint(&ck, &net, &meta, None).is_err(), "never overwrites");
    let (loaded, m) = load_checkpoint(&ck, &device).unwrap();
    assert_eq!(m.generation, 1);
    assert_eq!(m.encoding_version, ENCODING_VERSION);
    let b = batch();
    let (mut p, mut q) = (Prediction::default(), Prediction::default());
    net.predict(&b.features, &mut p);
    loaded.predict(&b.features, &mut q);
    assert_eq!(p, q, "identical outputs after a round trip");
    let state = load_training_state(&ck).unwrap().expect("saved with its training state");
    assert_eq!(state, learner.state().unwrap());
    Learner::resume(&loaded, OptimizerKind::AdamW, 1e-4, W, state).unwrap();

    // A flipped byte in the weights is detected.
    let w = ck.join("weights.safetensors");
    let clean_weights = std::fs::read(&w).unwrap();
    let mut bytes = clean_weights.clone();
    let n = bytes.len();
    bytes[n - 3] ^= 0x40;
    std::fs::write(&w, &bytes).unwrap();
    let e = load_checkpoint(&ck, &device).unwrap_err().to_string();
    assert!(e.contains("corrupt"), "{e}");
    std::fs::write(&w, &clean_weights).unwrap();
    load_checkpoint(&ck, &device).unwrap();
    // An edited value in meta.json breaks its checksum.
    let mj = ck.join("meta.json");
    let clean_meta = std::fs::read_to_string(&mj).unwrap();
    assert!(clean_meta.contains("\"step\": 10,"), "{clean_meta}");
    std::fs::write(&mj, clean_meta.replace("\"step\": 10,", "\"step\": 11,")).unwrap();
    let e = load_checkpoint(&ck, &device).unwrap_err().to_string();
    assert!(e.contains("meta.json: damaged or edited"), "{e}");
    // A different encoding version is refused (edited with its checksum recomputed as
    // docs/formats.md describes).
    let mut value: serde_json::Value = serde_json::from_str(&clean_meta).unwrap();
    let object = value.as_object_mut().unwrap();
    object.remove("meta_sha256").unwrap();
    object.insert("encoding_version".into(), 999.into());
    let edited: CheckpointMeta = serde_json::from_value(value.clone()).unwrap();
    let digest = sha256_hex(&serde_json::to_vec(&edited).unwrap());
    value.as_object_mut().unwrap().insert("meta_sha256".into(), digest.into());
    std::fs::write(&mj, serde_json::to_string_pretty(&value).unwrap()).unwrap();
    let e = load_checkpoint(&ck, &device).unwrap_err().to_string();
    assert!(e.contains("encoding version 999"), "{e}");
    // A format 1 checkpoint (no meta_sha256) is still read.
    let mut v1: serde_json::Value = serde_json::from_str(&clean_meta).unwrap();
    v1.as_object_mut().unwrap().remove("meta_sha256").unwrap();
    v1["format_version"] = 1.into();
    std::fs::write(&mj, serde_json::to_string_pretty(&v1).unwrap()).unwrap();
    assert_eq!(load_checkpoint(&ck, &device).unwrap().1.format_version, 1);
    std::fs::write(&mj, &clean_meta).unwrap();
    assert_eq!(load_checkpoint(&ck, &device).unwrap().1.format_version, CHECKPOINT_FORMAT_VERSION);
    // Weights of another shape, or of the other kind, are refused.
    let other = Network::init(ModelConfig { hidden: 24, ..tiny() }, &device, 1);
    let e = network_from_bytes(weights_bytes(&other).unwrap(), tiny(), &device).unwrap_err().to_string();
    assert!(e.contains("do not"), "{e}");
    let kind = if tiny().kind == ModelKind::Mlp { ModelKind::Graph } else { ModelKind::Mlp };
    let e = network_from_bytes(weights_bytes(&net).unwrap(), ModelConfig { kind, ..tiny() }, &device).unwrap_err();
    assert!(e.to_string().contains("do not"), "{e}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn resuming_from_a_saved_state_continues_exactly() {
    resume_exactly(tiny());
    resume_exactly(tiny_roles());
    resume_exactly(tiny_graph());
}

fn resume_exactly(tiny: ModelConfig) {
    let tiny = || tiny;
    let device = DeviceKind::Cpu.device().unwrap();
    let net = Network::init(tiny(), &device, 5);
    let b = batch();
    let h = |n: &Network| sha256_hex(&weights_bytes(n).unwrap());
    assert_eq!(h(&net), h(&net.clone()), "serialising weights is deterministic");
    // Straight through: 10 steps.
    let mut straight = Learner::new(&net, OptimizerKind::Adam, 1e-4, W);
    for _ in 0..10 {
        straight.step(&b, 1e-2);
    }
    // 5 steps, save, resume from the saved state in a fresh learner, 5 more.
    let mut first = Learner::new(&net, OptimizerKind::Adam, 1e-4, W);
    for _ in 0..5 {
        first.step(&b, 1e-2);
    }
    let state = first.state().unwrap();
    let weights = weights_bytes(&first.network()).unwrap();
    let reloaded = network_from_bytes(weights, tiny(), &device).unwrap();
    let mut second = Learner::resume(&reloaded, OptimizerKind::Adam, 1e-4, W, state.clone()).unwrap();
    for _ in 0..5 {
        second.step(&b, 1e-2);
    }
    assert_eq!(
        h(&straight.network()),
        h(&second.network()),
        "the optimizer state (Adam's moments) carried over exactly"
    );
    // Without the optimizer state the result differs: the test can tell.
    let mut fresh = Learner::new(&reloaded, OptimizerKind::Adam, 1e-4, W);
    for _ in 0..5 {
        fresh.step(&b, 1e-2);
    }
    assert_ne!(h(&straight.network()), h(&fresh.network()));
}

#[test]
fn initialisation_is_reproducible_across_threads() {
    // Networks initialised at the same time on several threads get exactly the weights their
    // seeds give, as if each were alone.
    let device = DeviceKind::Cpu.device().unwrap();
    let b = batch();
    let reference: Vec<Vec<f32>> = (0..2u64)
        .map(|seed| {
            let mut p = Prediction::default();
            Network::init(tiny(), &device, seed).predict(&b.features, &mut p);
            p.logits
        })
        .collect();
    let handles: Vec<_> = (0..8u64)
        .map(|i| {
            let device = device.clone();
            let features = b.features.clone();
            std::thread::spawn(move || {
                let mut p = Prediction::default();
                Network::init(tiny(), &device, i % 2).predict(&features, &mut p);
                (i % 2, p.logits)
            })
        })
        .collect();
    for h in handles {
        let (seed, logits) = h.join().unwrap();
        assert_eq!(logits, reference[seed as usize], "seed {seed}");
    }
}

#[test]
fn mlp_shapes_serialise_as_before_the_graph_network() {
    // Checkpoints and manifests of MLPs record their digests over this form: no kind, no reach.
    let json = serde_json::to_string(&tiny()).unwrap();
    assert_eq!(json, r#"{"hidden":32,"blocks":1,"value_hidden":16,"moves_left_hidden":16}"#);
    let graph = serde_json::to_string(&tiny_graph()).unwrap();
    assert_eq!(graph, r#"{"kind":"graph","hidden":16,"blocks":2,"value_hidden":16,"moves_left_hidden":16}"#);
    let back: ModelConfig = serde_json::from_str(&graph).unwrap();
    assert_eq!(back, tiny_graph());
    assert_eq!(serde_json::from_str::<ModelConfig>(&json).unwrap(), tiny());
    let roles = serde_json::to_string(&tiny_roles()).unwrap();
    assert_eq!(roles, r#"{"hidden":32,"blocks":1,"value_hidden":16,"moves_left_hidden":16,"role_heads":true}"#);
    assert_eq!(serde_json::from_str::<ModelConfig>(&roles).unwrap(), tiny_roles());
}

#[test]
fn role_heads_answer_for_the_side_to_move() {
    // The same seed gives the same trunk and General's heads with or without per-role heads
    // (the soldiers' set is made after them): positions with the General to move get the same
    // outputs from both networks, positions with the soldiers to move get the soldiers' set's.
    let device = DeviceKind::Cpu.device().unwrap();
    let (plain, roles) = (Network::init(tiny(), &device, 4), Network::init(tiny_roles(), &device, 4));
    let b = batch();
    let (mut p, mut r) = (Prediction::default(), Prediction::default());
    plain.predict(&b.features, &mut p);
    roles.predict(&b.features, &mut r);
    let mut sides = [0, 0];
    for (i, row) in b.features.chunks_exact(NUM_FEATURES).enumerate() {
        let general = row[GENERAL_TO_MOVE] == 1.0;
        sides[general as usize] += 1;
        let logits = |q: &Prediction| q.logits[i * NUM_ACTIONS..(i + 1) * NUM_ACTIONS].to_vec();
        assert_eq!(p.values[i] == r.values[i], general, "position {i}");
        assert_eq!(logits(&p) == logits(&r), general, "position {i}");
        assert_eq!(p.plies[i] == r.plies[i], general, "position {i}");
    }
    assert!(sides[0] > 0 && sides[1] > 0, "both sides to move: {sides:?}");
    // The graph network has no per-role heads, and says so.
    let e = ModelConfig { role_heads: true, ..tiny_graph() }.validate().unwrap_err().to_string();
    assert!(e.contains("role_heads") && e.contains("graph"), "{e}");
    // Per-role weights do not load into a network without them, nor the reverse.
    let e = network_from_bytes(weights_bytes(&roles).unwrap(), tiny(), &device).unwrap_err();
    assert!(e.to_string().contains("do not"), "{e}");
    assert!(network_from_bytes(weights_bytes(&plain).unwrap(), tiny_roles(), &device).is_err());
}

#[test]
fn parameter_counts_match_the_weights() {
    let device = DeviceKind::Cpu.device().unwrap();
    let roles_without_moves_left = ModelConfig { moves_left_hidden: 0, ..tiny_roles() };
    for config in [
        tiny(),
        tiny_roles(),
        roles_without_moves_left,
        tiny_graph(),
        ModelConfig { reach: 1, moves_left_hidden: 0, ..tiny_graph() },
    ] {
        use burn::module::Module;
        let net = Network::init(config, &device, 1);
        assert_eq!(net.model().num_params(), config.num_params(), "{config:?}");
    }
}

#[test]
fn graph_network_ignores_the_setchin_on_25_points() {
    // On the 25-point board the setchin's points are absent: whatever the features would make
    // of them, the outputs on the square do not change. Planted values on the setchin's point
    // planes that only a leak could read are the probe.
    let device = DeviceKind::Cpu.device().unwrap();
    let net = Network::init(tiny_graph(), &device, 3);
    let g = Game::new(Preset::NoSetchin.ruleset());
    let mut clean = vec![0.0; NUM_FEATURES];
    encode(&g.snapshot(), &mut clean);
    let mut planted = clean.clone();
    for plane in 3..5 {
        for p in 25..33 {
            planted[plane * 33 + p] = 1.0;
        }
    }
    let (mut a, mut b) = (Prediction::default(), Prediction::default());
    net.predict(&clean, &mut a);
    net.predict(&planted, &mut b);
    assert_eq!(a.values, b.values);
    assert_eq!(a.logits[..NUM_ACTIONS_SQUARE], b.logits[..NUM_ACTIONS_SQUARE]);
    // The probe can fail: on 33 points the same planes are read.
    let g = Game::new(Preset::Classic.ruleset());
    encode(&g.snapshot(), &mut clean);
    let mut planted = clean.clone();
    planted[3 * 33 + 30] = 1.0;
    net.predict(&clean, &mut a);
    net.predict(&planted, &mut b);
    assert_ne!(a.values, b.values);
}

/// `n` positions: the four presets' starts, each with other targets and policy weights (some 0).
fn big_batch(n: usize) -> TrainBatch {
    let four = batch();
    let mut b = TrainBatch::default();
    for i in 0..n {
        let k = i % 4;
        b.features.extend(&four.features[k * NUM_FEATURES..(k + 1) * NUM_FEATURES]);
        b.policy.extend(&four.policy[k * NUM_ACTIONS..(k + 1) * NUM_ACTIONS]);
        b.legal.extend(&four.legal[k * NUM_ACTIONS..(k + 1) * NUM_ACTIONS]);
        b.value.push(((i * 37) % 19) as f32 / 9.0 - 1.0);
        b.policy_weight.push(if i % 5 == 0 { 0.0 } else { 1.0 });
        b.plies.push((i % 60) as f32 * 3.0);
    }
    b
}

#[test]
fn a_batch_cut_in_halves_trains_as_the_whole_batch_on_any_number_of_threads() {
    for config in [tiny(), tiny_graph()] {
        let device = DeviceKind::Cpu.device().unwrap();
        let net = Network::init(config, &device, 3);
        let b = big_batch(96);
        let whole = Learner::new(&net, OptimizerKind::Adam, 1e-4, W).with_threads(1).unwrap();
        let halves = Learner::new(&net, OptimizerKind::Adam, 1e-4, W).with_threads(2).unwrap();
        // Every core (0), on a machine of one core: the same halves, one after the other.
        let one_core = rayon::ThreadPoolBuilder::new().num_threads(1).build().unwrap();
        let sequential = Learner::new(&net, OptimizerKind::Adam, 1e-4, W);
        let mut learners = [whole, halves, sequential];
        let mut losses = Vec::new();
        for (i, learner) in learners.iter_mut().enumerate() {
            for _ in 0..3 {
                let l = if i == 2 { one_core.install(|| learner.step(&b, 1e-3)) } else { learner.step(&b, 1e-3) };
                losses.push(l);
            }
        }
        let predict = |l: &Learner| {
            let mut p = Prediction::default();
            l.network().predict(&b.features, &mut p);
            p
        };
        let [whole, halves, sequential] = learners.each_ref().map(predict);
        assert_eq!(halves.logits, sequential.logits, "the same halves give the same weights on 1 or 2 threads");
        assert_eq!(halves.values, sequential.values);
        let close = |a: &[f32], b: &[f32]| a.iter().zip(b).all(|(x, y)| (x - y).abs() < 1e-4);
        assert!(close(&whole.logits, &halves.logits) && close(&whole.values, &halves.values), "{config:?}");
        assert!(close(&whole.plies, &halves.plies));
        for k in 0..3 {
            let (a, b) = (losses[k], losses[3 + k]);
            assert!((a.total - b.total).abs() < 1e-4 * a.total.abs().max(1.0), "step {k}: {a:?} against {b:?}");
            assert!((a.policy - b.policy).abs() < 1e-4 && (a.moves_left - b.moves_left).abs() < 1e-4);
        }
    }
}
