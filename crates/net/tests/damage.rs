//! Damaged checkpoints: seeded random byte flips and truncations in every file of a checkpoint.
//! Loading must end in an error naming the damaged file, or in the undamaged checkpoint's
//! metadata, weights and training state exactly: never a panic, never a silent difference.

use musashi_game::Preset;
use musashi_net::*;
use musashi_testkit::{Aim, Rng, Tally, damaged_copy, quietly};
use std::fs;
use std::path::{Path, PathBuf};

const W: LossWeights = LossWeights { value: 1.0, moves_left: 1.0 };

type Loaded = (CheckpointMeta, Vec<u8>, Option<TrainingState>);

/// What a resumed run reads from a checkpoint.
fn load(dir: &Path, device: &Device) -> Result<Loaded, NetError> {
    let (net, meta) = load_checkpoint(dir, device)?;
    let state = load_training_state(dir)?;
    Ok((meta, weights_bytes(&net)?, state))
}

#[test]
fn damaged_checkpoints_are_named_errors_never_panics_or_silent_changes() {
    let device = DeviceKind::Cpu.device().unwrap();
    let config = ModelConfig::mlp(16, 1, 8, 0);
    let net = Network::init(config, &device, 3);
    let learner = Learner::new(&net, OptimizerKind::AdamW, 1e-4, W);
    let root = std::env::temp_dir().join(format!("musashi-ckpt-damage-{}", std::process::id()));
    let _ = fs::remove_dir_all(&root);
    fs::create_dir_all(&root).unwrap();
    let clean = root.join("gen-0002");
    let meta = CheckpointMeta {
        format_version: 0,
        encoding_version: 0,
        model: config,
        rules: vec![Preset::Classic.ruleset(), Preset::NoSetchin.ruleset()],
        generation: 2,
        step: 1234,
        parent: Some("gen-0001".into()),
        weights_sha256: String::new(),
        training_sha256: None,
    };
    save_checkpoint(&clean, &net, &meta, Some(&learner.state().unwrap())).unwrap();
    let expected = load(&clean, &device).unwrap();
    assert!(expected.2.is_some());
    let mut files: Vec<PathBuf> = fs::read_dir(&clean).unwrap().map(|e| e.unwrap().path()).collect();
    files.sort();
    assert_eq!(files.len(), 4, "{files:?}");

    let work = root.join("gen-0003");
    let mut rng = Rng(0xC4EC_0017);
    let meta_at = files.iter().position(|f| f.ends_with("meta.json")).unwrap();
    let mut tally = Tally::default();
    quietly(|| {
        for trial in 0..320 {
            // meta.json is small: aim a quarter of the trials at it, the rest at random files.
            let victim = if rng.below(4) == 0 { meta_at } else { rng.below(files.len()) };
            let aim = if victim == meta_at { Aim::Digits } else { Aim::Anywhere };
            let (name, what) = damaged_copy(&files, &work, victim, &mut rng, aim, 3);
            tally.record(&format!("trial {trial}: {name} {what}"), &name, &expected, || load(&work, &device), |_| true);
        }
    });
    println!("{}", tally.report("checkpoints"));
    fs::remove_dir_all(&root).unwrap();
    tally.assert_clean("checkpoints");
}
