//! Damaged bundles: seeded random byte flips, digit changes and truncations in the manifest and
//! the weight files of a small bundle. Loading must end in an error naming the damaged file, or
//! in a bundle that plays exactly as the undamaged one (same manifest, same moves): never a
//! panic, never a silent difference.

use musashi_game::{Game, NUM_ACTIONS, Preset, Side};
use musashi_runtime::*;
use musashi_search::{Agent, PlaySettings};
use std::collections::BTreeMap;
use std::fs;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::Path;

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

    fn weight(&mut self) -> f32 {
        (self.next() >> 40) as f32 / (1u64 << 24) as f32 - 0.5
    }
}

const SHAPE: Architecture = Architecture { hidden: 8, blocks: 1, value_hidden: 4 };

/// Safetensors bytes of a random network of `SHAPE` (docs/export.md's tensor names).
fn weights(rng: &mut Rng) -> Vec<u8> {
    let (h, v) = (SHAPE.hidden, SHAPE.value_hidden);
    let mut tensors: Vec<(String, Vec<usize>)> =
        vec![("input.weight".into(), vec![musashi_encoding::NUM_FEATURES, h]), ("input.bias".into(), vec![h])];
    for b in 0..SHAPE.blocks {
        tensors.push((format!("blocks.{b}.norm.gamma"), vec![h]));
        tensors.push((format!("blocks.{b}.norm.beta"), vec![h]));
        for l in ["first", "second"] {
            tensors.push((format!("blocks.{b}.{l}.weight"), vec![h, h]));
            tensors.push((format!("blocks.{b}.{l}.bias"), vec![h]));
        }
    }
    for (name, i, o) in [("policy", h, NUM_ACTIONS), ("value_hidden", h, v), ("value_out", v, 1)] {
        tensors.push((format!("{name}.weight"), vec![i, o]));
        tensors.push((format!("{name}.bias"), vec![o]));
    }
    let mut header = serde_json::Map::new();
    let mut data = Vec::new();
    for (name, shape) in tensors {
        let from = data.len();
        for _ in 0..shape.iter().product::<usize>() {
            data.extend(rng.weight().to_le_bytes());
        }
        header.insert(name, serde_json::json!({"dtype": "F32", "shape": shape, "data_offsets": [from, data.len()]}));
    }
    let header = serde_json::to_vec(&header).unwrap();
    let mut out = (header.len() as u64).to_le_bytes().to_vec();
    out.extend(header);
    out.extend(data);
    out
}

/// Writes a bundle as `musashi export` does: the manifest (pretty JSON of `Manifest`) and
/// two weight files, the hard levels on the second.
fn write_bundle(dir: &Path) {
    let mut rng = Rng(0xB0_0D1E);
    fs::create_dir_all(dir).unwrap();
    let mut files = Vec::new();
    for k in 0..2 {
        let bytes = weights(&mut rng);
        let file = format!("net-{k}.safetensors");
        fs::write(dir.join(&file), &bytes).unwrap();
        files.push(WeightsFile {
            file,
            sha256: sha256_hex(&bytes),
            parameters: (bytes.len() - 8) / 4,
            source: format!("run/checkpoints/gen-000{k}"),
        });
    }
    let mut levels = Vec::new();
    for (i, level) in LEVELS.iter().enumerate() {
        for side in [Side::General, Side::Soldiers] {
            levels.push(Level {
                preset: "classic".into(),
                side,
                level: level.to_string(),
                weights: files[usize::from(i == 2)].file.clone(),
                settings: PlaySettings { sims: 4 + 4 * i as u32, temperature: 0.5, cpuct: 1.25, blunder: 0.1 },
                measured: Measured {
                    opponent: "alphabeta:depth=2".into(),
                    games: 40,
                    score: 0.375 + i as f64 / 8.0,
                    score_err: 0.07,
                    elo: -100.5 + 80.0 * i as f64,
                    elo_err: 31.25,
                    anchor: "alphabeta:depth=1".into(),
                    ms_per_move: 1.5,
                },
            });
        }
    }
    let manifest = Manifest {
        format_version: BUNDLE_FORMAT_VERSION,
        name: "classic".into(),
        encoding_version: musashi_encoding::ENCODING_VERSION,
        network: NetworkInfo::new(SHAPE),
        weights: files,
        rules: vec![RulesEntry { preset: "classic".into(), rules: Preset::Classic.ruleset() }],
        levels,
    };
    let mut json = serde_json::to_string_pretty(&manifest).unwrap();
    json.push('\n');
    fs::write(dir.join(MANIFEST), json).unwrap();
}

/// What a client gets from a bundle: the manifest, and the moves each level plays.
type Played = (Manifest, BTreeMap<String, Vec<String>>);

fn play(dir: &Path) -> Result<Played, BundleError> {
    let bundle = Bundle::load(dir)?;
    let rules = Preset::Classic.ruleset();
    let mut moves = BTreeMap::new();
    for level in LEVELS {
        let mut player = bundle.player(&rules, level)?;
        player.new_game(7);
        let mut game = Game::new(rules);
        let mut played = Vec::new();
        while !game.is_over() && played.len() < 6 {
            let m = player.choose(&game).mv;
            played.push(m.to_string());
            game.play(m).unwrap();
        }
        moves.insert(level.to_string(), played);
    }
    Ok((bundle.manifest().clone(), moves))
}

#[test]
fn damaged_bundles_are_named_errors_never_panics_or_silent_changes() {
    let root = std::env::temp_dir().join(format!("musashi-bundle-damage-{}", std::process::id()));
    let _ = fs::remove_dir_all(&root);
    let clean = root.join("clean");
    write_bundle(&clean);
    let expected = play(&clean).unwrap();
    let mut files: Vec<_> = fs::read_dir(&clean).unwrap().map(|e| e.unwrap().path()).collect();
    files.sort();
    let manifest_at = files.iter().position(|f| f.ends_with(MANIFEST)).unwrap();

    let work = root.join("work");
    let mut rng = Rng(0xB0_0017);
    let trials = 320;
    let (mut named, mut identical, mut bad) = (0, 0, Vec::new());
    let mut per_file = BTreeMap::<String, usize>::new();
    let hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(|_| {}));
    for trial in 0..trials {
        let _ = fs::remove_dir_all(&work);
        fs::create_dir_all(&work).unwrap();
        for f in &files {
            fs::copy(f, work.join(f.file_name().unwrap())).unwrap();
        }
        // Half the trials damage the manifest, the rest a random file.
        let pick = if rng.below(2) == 0 { manifest_at } else { rng.below(files.len()) };
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
                let i = if name.ends_with(".json") && rng.below(2) == 0 {
                    let i = digits[rng.below(digits.len())];
                    bytes[i] = b'0' + ((bytes[i] - b'0') + 1 + rng.below(9) as u8) % 10;
                    i
                } else {
                    let i = rng.below(bytes.len());
                    bytes[i] ^= 1 + rng.below(255) as u8;
                    i
                };
                at.push(i);
            }
            format!("bytes {at:?} changed")
        };
        fs::write(&victim, &bytes).unwrap();
        match catch_unwind(AssertUnwindSafe(|| play(&work))) {
            Err(_) => bad.push(format!("trial {trial}: {name} {what}: panic")),
            Ok(Ok(got)) if got == expected => identical += 1,
            Ok(Ok(got)) => {
                let diff = if got.0 != expected.0 { "the manifest" } else { "the moves" };
                bad.push(format!("trial {trial}: {name} {what}: silently different {diff}"))
            }
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
