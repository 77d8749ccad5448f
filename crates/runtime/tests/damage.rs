//! Damaged bundles: seeded random byte flips, digit changes and truncations in the manifest and
//! the weight files of a small bundle. Loading must end in an error naming the damaged file, or
//! in a bundle that plays exactly as the undamaged one (same manifest, same moves): never a
//! panic, never a silent difference.

mod common;

use musashi_game::{NUM_ACTIONS, Preset, Ruleset, Side, Threshold};
use musashi_runtime::*;
use musashi_testkit::{Aim, Rng, Tally, damaged_copy, quietly};
use std::collections::BTreeMap;
use std::fs;
use std::path::Path;

/// A small random weight in [-0.5, 0.5).
fn weight(rng: &mut Rng) -> f32 {
    (rng.next_u64() >> 40) as f32 / (1u64 << 24) as f32 - 0.5
}

const SHAPE: Architecture =
    Architecture { hidden: 8, blocks: 1, value_hidden: 4, moves_left_hidden: 0, role_heads: false };

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
            data.extend(weight(rng).to_le_bytes());
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
    for (i, level) in Level::ALL.iter().enumerate() {
        for side in [Side::General, Side::Soldiers] {
            levels.push(LevelEntry {
                preset: "classic".into(),
                side,
                level: *level,
                weights: files[usize::from(i == 2)].file.clone(),
                settings: LevelSettings {
                    sims: 4 + 4 * i as u32,
                    temperature: 0.5,
                    cpuct: 1.25,
                    blunder: 0.1,
                    moves_left: 1.0,
                    fallible: 0.0,
                    heuristic: 0.0,
                    symmetric_root: false,
                    vary: 0.0,
                    rank: 0.0,
                },
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
                behaviour: Some(LevelBehaviour {
                    moves: 300 + i as u64,
                    gap_rate: (side == Side::Soldiers).then_some(0.125),
                    corner_rate: (side == Side::General).then_some(0.25),
                    double_threats_per_game: (side == Side::General).then_some(1.5),
                    blunder_rate: None,
                }),
            });
        }
    }
    let manifest = Manifest {
        format_version: 5,
        name: "classic".into(),
        encoding_version: musashi_encoding::ENCODING_VERSION,
        network: NetworkInfo::new(NetworkShape::Mlp(SHAPE)),
        weights: files,
        rules: vec![RulesEntry { preset: "classic".into(), rules: Preset::Classic.ruleset() }],
        levels,
        spot_checks: vec![SpotCheck {
            name: "classic-wins-at-4".into(),
            rules: Ruleset { general_wins_at: Threshold::AtMost(4), ..Preset::Classic.ruleset() },
            served_by: "classic".into(),
            levels: vec![SpotLevel {
                side: Side::General,
                level: Level::Hard,
                measured: Measured {
                    opponent: "alphabeta:depth=3".into(),
                    games: 20,
                    score: 0.25,
                    score_err: 0.1,
                    elo: 12.5,
                    elo_err: 80.0,
                    anchor: "alphabeta:depth=1".into(),
                    ms_per_move: 2.0,
                },
            }],
        }],
        search: Some(SearchConstants::of_this_build()),
        license: Some("MIT OR Apache-2.0".into()),
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
    for level in Level::ALL {
        moves.insert(level.to_string(), common::opening(&bundle, &rules, level, 7)?);
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
    let mut tally = Tally::default();
    quietly(|| {
        for trial in 0..320 {
            // Half the trials damage the manifest (half of those by changing digits), the rest a
            // random file.
            let victim = if rng.below(2) == 0 { manifest_at } else { rng.below(files.len()) };
            let aim = if victim == manifest_at { Aim::Digits } else { Aim::Anywhere };
            let (name, what) = damaged_copy(&files, &work, victim, &mut rng, aim, 3);
            tally.record(&format!("trial {trial}: {name} {what}"), &name, &expected, || play(&work), |_| true);
        }
    });
    println!("{}", tally.report("bundles"));
    fs::remove_dir_all(&root).unwrap();
    tally.assert_clean("bundles");
}
