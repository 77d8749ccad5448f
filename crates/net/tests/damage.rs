//! Damaged checkpoints: seeded random byte flips and truncations in every file of a checkpoint.
//! Loading must end in an error naming the damaged file, or in the undamaged checkpoint's
//! metadata, weights and training state exactly: never a panic, never a silent difference.

use musashi_game::Preset;
use musashi_net::*;
use std::fs;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::{Path, PathBuf};

/// splitmix64.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

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
    let config = ModelConfig { hidden: 16, blocks: 1, value_hidden: 8 };
    let net = Network::init(config, &device, 3);
    let learner = Learner::new(&net, OptimizerKind::AdamW, 1e-4, 1.0);
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
    let trials = 320;
    let (mut named, mut identical, mut bad) = (0, 0, Vec::new());
    let mut per_file = std::collections::BTreeMap::<String, usize>::new();
    let hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(|_| {}));
    for trial in 0..trials {
        let _ = fs::remove_dir_all(&work);
        fs::create_dir_all(&work).unwrap();
        for f in &files {
            fs::copy(f, work.join(f.file_name().unwrap())).unwrap();
        }
        // meta.json is small: aim a quarter of the trials at it, the rest at random files.
        let pick = if rng.below(4) == 0 {
            files.iter().position(|f| f.ends_with("meta.json")).unwrap()
        } else {
            rng.below(files.len())
        };
        let victim = work.join(files[pick].file_name().unwrap());
        let name = victim.file_name().unwrap().to_string_lossy().into_owned();
        *per_file.entry(name.clone()).or_default() += 1;
        let mut bytes = fs::read(&victim).unwrap();
        let what = if rng.below(8) == 0 {
            let keep = rng.below(bytes.len());
            bytes.truncate(keep);
            format!("truncated to {keep}")
        } else {
            let mut at = Vec::new();
            for _ in 0..1 + rng.below(3) {
                // In JSON, half the damage turns a digit into another: damage the JSON survives.
                let digits: Vec<usize> = (0..bytes.len()).filter(|&i| bytes[i].is_ascii_digit()).collect();
                if name.ends_with(".json") && rng.below(2) == 0 {
                    let i = digits[rng.below(digits.len())];
                    bytes[i] = b'0' + ((bytes[i] - b'0') + 1 + rng.below(9) as u8) % 10;
                    at.push(i);
                } else {
                    let i = rng.below(bytes.len());
                    bytes[i] ^= 1 + rng.below(255) as u8;
                    at.push(i);
                }
            }
            format!("bytes {at:?} changed")
        };
        fs::write(&victim, &bytes).unwrap();
        match catch_unwind(AssertUnwindSafe(|| load(&work, &device))) {
            Err(_) => bad.push(format!("trial {trial}: {name} {what}: panic")),
            Ok(Ok(got)) if got == expected => identical += 1,
            Ok(Ok(got)) => bad.push(format!(
                "trial {trial}: {name} {what}: silently different{}",
                if got.0 != expected.0 { format!(" metadata {:?}", got.0) } else { String::new() }
            )),
            Ok(Err(e)) if e.to_string().contains(&name) => named += 1,
            Ok(Err(e)) => bad.push(format!("trial {trial}: {name} {what}: error not naming it: {e}")),
        }
    }
    std::panic::set_hook(hook);
    let kind = |k: &str| bad.iter().filter(|l| l.contains(k)).count();
    println!(
        "{trials} trials ({per_file:?}): {named} errors naming the file, {identical} identical, {} panics, {} \
         silently different, {} errors not naming it",
        kind(": panic"),
        kind(": silently different"),
        kind(": error not naming it")
    );
    bad.sort_by_key(|l| !l.contains("silently"));
    for line in bad.iter().take(20) {
        println!("  {line}");
    }
    fs::remove_dir_all(&root).unwrap();
    assert!(bad.is_empty(), "{} failures", bad.len());
    assert_eq!(named + identical, trials);
}
