//! End-to-end tests of `musashi export` on a tiny checkpoint with a tiny calibration budget: the
//! bundle's manifest, its levels playing exactly the moves of the in-pipeline `mcts:` agent with
//! the same settings and seed, `musashi play --opponent`, and bundles refused for a wrong
//! version or a bad hash.

use crate::cli::{self, ok, tiny_checkpoint};
use musashi_net::ModelConfig;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

fn musashi() -> Command {
    Command::new(env!("CARGO_BIN_EXE_musashi"))
}

fn temp(tag: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("musashi-export-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// The tiny MLP most tests export.
const TINY_MLP: ModelConfig = ModelConfig {
    kind: musashi_net::ModelKind::Mlp,
    hidden: 16,
    blocks: 1,
    value_hidden: 8,
    moves_left_hidden: 16,
    reach: musashi_net::DEFAULT_REACH,
    role_heads: false,
};

/// Exports a bundle from a tiny MLP checkpoint; returns (work dir, checkpoint, bundle).
fn export(tag: &str) -> (PathBuf, PathBuf, PathBuf) {
    export_model(tag, TINY_MLP)
}

/// The Hard candidates most tests export.
const HARD: &str = r#"{ sims = 2 }, { sims = 6 }, { sims = 4, side = "soldiers", presets = ["classic"] }"#;

/// Exports a bundle from a tiny checkpoint of this model; returns (work dir, checkpoint, bundle).
fn export_model(tag: &str, model: ModelConfig) -> (PathBuf, PathBuf, PathBuf) {
    export_with(tag, model, HARD)
}

/// Exports a bundle from a tiny checkpoint of this model with these Hard candidates; returns
/// (work dir, checkpoint, bundle).
fn export_with(tag: &str, model: ModelConfig, hard: &str) -> (PathBuf, PathBuf, PathBuf) {
    let dir = temp(tag);
    let ckpt = dir.join("checkpoints").join("gen-0003");
    tiny_checkpoint(&ckpt, 5, model, 3);
    std::fs::write(dir.join("checkpoints").join("BEST"), "gen-0003\n").unwrap();
    let bundle = dir.join("bundle");
    let config = format!(
        r#"
name = "tiny"
checkpoint = "{}"
out = "{}"
presets = ["classic"]
games = 2
reference_games = 1
threads = 2
[levels.easy]
opponent = "random"
target = 0.5
candidates = [ {{ sims = 0, temperature = 1.0, blunder = 0.3 }}, {{ sims = 0 }} ]
[levels.normal]
opponent = "greedy"
target = 0.5
candidates = [ {{ sims = 3, temperature = 0.5, blunder = 0.1 }} ]
[levels.hard]
opponent = "greedy"
ms_per_move = 1000
candidates = [ {} ]
"#,
        dir.join("checkpoints").join("BEST").display(),
        bundle.display(),
        hard
    );
    let path = dir.join("export.toml");
    std::fs::write(&path, config).unwrap();
    let out = ok(&cli::musashi(&["export", "--config", path.to_str().unwrap()]));
    assert!(out.contains("| side | level | candidate |"), "{out}");
    (dir, ckpt, bundle)
}

/// The games of `agent` playing `side` against greedy from two random plies, seeded.
fn match_games(dir: &Path, name: &str, side: &str, agent: &str) -> Vec<String> {
    let opponent_side = if side == "general" { "soldiers" } else { "general" };
    let tsv = dir.join(format!("{name}.tsv"));
    let (me, them) = (format!("--{side}"), format!("--{opponent_side}"));
    let args = ["match", &me, agent, &them, "greedy", "--games", "3", "--opening-plies", "2", "--seed", "9"];
    ok(&cli::musashi(&[&args[..], &["--out", tsv.to_str().unwrap()]].concat()));
    games(&tsv)
}

/// A graph network's checkpoint exports into a format 5 bundle whose levels the runtime plays
/// with its own graph forward pass, exactly as the pipeline's `mcts:` agent plays the checkpoint.
#[test]
fn a_graph_network_exports_and_plays_like_the_pipeline() {
    let model = ModelConfig { reach: 2, ..ModelConfig::graph(8, 1, 4, 4) };
    let manifest = exports_and_plays_like_the_pipeline("graph", model);
    assert_eq!(manifest["format_version"], 5);
    assert_eq!(manifest["network"]["architecture"], "graph-v1");
    assert_eq!(manifest["network"]["shape"]["reach"], 2);
}

/// An MLP with per-role heads exports into a format 6 bundle (older runtimes refuse it by its
/// number) whose levels play as the checkpoint does.
#[test]
fn an_mlp_with_role_heads_exports_and_plays_like_the_pipeline() {
    let manifest = exports_and_plays_like_the_pipeline("roles", ModelConfig { role_heads: true, ..TINY_MLP });
    assert_eq!(manifest["format_version"], 6);
    assert_eq!(manifest["network"]["architecture"], "residual-mlp-v1");
    assert_eq!(manifest["network"]["shape"]["role_heads"], true);
}

/// A Hard level that ranks a losing root's moves by their children (`rank`) exports into a
/// format 7 bundle whose levels play as the checkpoint does with the same `rank`.
#[test]
fn a_level_with_rank_exports_into_format_7_and_plays_like_the_pipeline() {
    let (dir, ckpt, bundle) = export_with("rank", TINY_MLP, "{ sims = 6, rank = 2.0 }");
    let manifest = plays_like_the_pipeline(&dir, &ckpt, &bundle);
    assert_eq!(manifest["format_version"], 7);
    let hard: Vec<_> = manifest["levels"].as_array().unwrap().iter().filter(|l| l["level"] == "hard").collect();
    assert!(hard.iter().all(|l| l["settings"]["rank"] == 2.0), "{hard:?}");
}

/// Exports a tiny checkpoint of `model`; every Hard level plays the same games from the bundle
/// as the checkpoint plays at the level's settings. Returns the manifest.
fn exports_and_plays_like_the_pipeline(tag: &str, model: ModelConfig) -> serde_json::Value {
    let (dir, ckpt, bundle) = export_model(tag, model);
    plays_like_the_pipeline(&dir, &ckpt, &bundle)
}

/// Every Hard level of `bundle` plays the same games as `ckpt` at the level's settings; the work
/// folder `dir` is removed. Returns the manifest.
fn plays_like_the_pipeline(dir: &Path, ckpt: &Path, bundle: &Path) -> serde_json::Value {
    let manifest: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(bundle.join("manifest.json")).unwrap()).unwrap();
    for l in manifest["levels"].as_array().unwrap().iter().filter(|l| l["level"] == "hard") {
        let s = &l["settings"];
        let mut spec =
            format!("mcts:ckpt={},sims={},temp={},cpuct={}", ckpt.display(), s["sims"], s["temperature"], s["cpuct"]);
        if let Some(rank) = s.get("rank") {
            spec += &format!(",rank={rank}");
        }
        let level = format!("bundle:dir={},level=hard", bundle.display());
        let side = l["side"].as_str().unwrap();
        let pipeline = match_games(dir, &format!("{side}-pipeline"), side, &spec);
        assert_eq!(pipeline.len(), 3);
        assert_eq!(pipeline, match_games(dir, &format!("{side}-bundle"), side, &level), "{l}");
    }
    std::fs::remove_dir_all(dir).unwrap();
    manifest
}

fn games(tsv: &Path) -> Vec<String> {
    std::fs::read_to_string(tsv).unwrap().lines().filter(|l| !l.starts_with('#')).map(String::from).collect()
}

#[test]
fn export_writes_a_bundle_whose_levels_play_like_the_pipeline() {
    let (dir, ckpt, bundle) = export("main");
    let manifest: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(bundle.join("manifest.json")).unwrap()).unwrap();
    assert_eq!(manifest["format_version"], 5, "search constants recorded: format 5");
    assert_eq!(manifest["search"]["fpu_reduction"], 0.2);
    assert_eq!(manifest["search"]["random"], "xoshiro256++ seeded by splitmix64");
    assert_eq!(manifest["encoding_version"], 1);
    assert_eq!(manifest["network"]["shape"]["hidden"], 16);
    assert_eq!(manifest["network"]["shape"]["moves_left_hidden"], 16, "the moves-left head travels with the bundle");
    assert_eq!(manifest["rules"][0]["preset"], "classic");
    let weights = manifest["weights"].as_array().unwrap();
    assert_eq!(weights.len(), 1);
    let file = weights[0]["file"].as_str().unwrap();
    assert!(bundle.join(file).is_file());
    let levels = manifest["levels"].as_array().unwrap();
    assert_eq!(levels.len(), 6, "three levels for each side");
    for l in levels {
        let m = &l["measured"];
        assert_eq!(m["games"], 2);
        for key in ["score", "score_err", "elo", "elo_err", "ms_per_move"] {
            assert!(m[key].is_number(), "{key} in {l}");
        }
    }
    // A candidate of one side is measured for that side alone.
    let report = std::fs::read_to_string(bundle.join("calibration.md")).unwrap();
    let rows = |side: &str| report.lines().filter(|l| l.starts_with(&format!("| {side} | hard | `mcts:"))).count();
    assert_eq!((rows("general"), rows("soldiers")), (2, 3), "{report}");
    // The resolved configuration, defaults filled in, is kept with the bundle.
    let resolved = std::fs::read_to_string(bundle.join("export.resolved.toml")).unwrap();
    assert!(
        resolved.contains("reference_games = 1") && resolved.contains("anchor = \"alphabeta:depth=1\""),
        "{resolved}"
    );
    // A second export into the same folder needs --force.
    let again = cli::musashi(&["export", "--config", dir.join("export.toml").to_str().unwrap()]);
    assert!(!again.status.success());
    assert!(String::from_utf8_lossy(&again.stderr).contains("--force"));
    // A forced export that fails (here: the checkpoint is missing) leaves the bundle as it was.
    let cfg = dir.join("export.toml");
    let before = std::fs::read(bundle.join("manifest.json")).unwrap();
    let missing = format!("checkpoint={}", dir.join("nowhere").display());
    let failed = cli::musashi(&["export", "--config", cfg.to_str().unwrap(), "--force", "--set", &missing]);
    assert!(!failed.status.success());
    assert_eq!(std::fs::read(bundle.join("manifest.json")).unwrap(), before, "the old bundle is kept");
    // A forced export that succeeds replaces it, leaving no temporary or old folder beside it.
    ok(&cli::musashi(&["export", "--config", cfg.to_str().unwrap(), "--force"]));
    assert!(bundle.join("manifest.json").is_file());
    let beside: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.starts_with('.'))
        .collect();
    assert!(beside.is_empty(), "{beside:?}");

    // Every level plays the moves of the in-pipeline agent with the same settings and seed.
    for l in levels {
        let s = &l["settings"];
        let spec = format!(
            "mcts:ckpt={},sims={},temp={},cpuct={},blunder={}",
            ckpt.display(),
            s["sims"],
            s["temperature"],
            s["cpuct"],
            s["blunder"]
        );
        let level = format!("bundle:dir={},level={}", bundle.display(), l["level"].as_str().unwrap());
        let side = l["side"].as_str().unwrap();
        let opponent_side = if side == "general" { "soldiers" } else { "general" };
        let mut tsvs = Vec::new();
        for (k, agent) in [&spec, &level].iter().enumerate() {
            let tsv = dir.join(format!("{side}-{}-{k}.tsv", l["level"].as_str().unwrap()));
            ok(&cli::musashi(&[
                "match",
                &format!("--{side}"),
                agent,
                &format!("--{opponent_side}"),
                "greedy",
                "--games",
                "3",
                "--opening-plies",
                "2",
                "--seed",
                "9",
                "--out",
                tsv.to_str().unwrap(),
            ]));
            tsvs.push(games(&tsv));
        }
        assert_eq!(tsvs[0].len(), 3);
        assert_eq!(tsvs[0], tsvs[1], "level {l} plays differently from {spec}");
    }

    // A run's BEST pointer names a checkpoint wherever a checkpoint is asked for.
    let best = format!("mcts:ckpt={},sims=2", ckpt.parent().unwrap().join("BEST").display());
    let out = dir.join("best.tsv");
    ok(&cli::musashi(&[
        "match",
        "--general",
        &best,
        "--soldiers",
        "random",
        "--games",
        "1",
        "--out",
        out.to_str().unwrap(),
    ]));

    // musashi play --opponent BUNDLE:LEVEL, the human as the soldiers resigning at once.
    let mut child = musashi()
        .args(["play", "--opponent", &format!("{}:hard", bundle.display()), "--human", "soldiers", "--color", "never"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    use std::io::Write;
    child.stdin.take().unwrap().write_all(b"resign\n").unwrap();
    let out = child.wait_with_output().unwrap();
    let text = ok(&out);
    assert!(text.contains("general: bundle:dir=") && text.contains("the General plays"), "{text}");
    assert!(text.contains("the General wins"), "{text}");
}

#[test]
fn each_side_can_take_its_own_checkpoint() {
    // The General from another generation (other weights), the soldiers from the main one.
    let (dir, ckpt, _) = export("sides");
    let general = dir.join("checkpoints").join("gen-0001");
    tiny_checkpoint(&general, 6, TINY_MLP, 3);
    let bundle = dir.join("bundle-sides");
    ok(&cli::musashi(&[
        "export",
        "--config",
        dir.join("export.toml").to_str().unwrap(),
        "--set",
        &format!("general_checkpoint={}", general.display()),
        "--set",
        &format!("out={}", bundle.display()),
    ]));
    let manifest: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(bundle.join("manifest.json")).unwrap()).unwrap();
    let weights = manifest["weights"].as_array().unwrap();
    assert_eq!(weights.len(), 2, "one weight file per checkpoint: {weights:?}");
    let file_of = |source: &Path| {
        let w = weights.iter().find(|w| w["source"].as_str().unwrap().starts_with(&format!("{} (", source.display())));
        w.unwrap_or_else(|| panic!("no weights from {} in {weights:?}", source.display()))["file"].clone()
    };
    for l in manifest["levels"].as_array().unwrap() {
        let want = if l["side"] == "general" { file_of(&general) } else { file_of(&ckpt) };
        assert_eq!(l["weights"], want, "{l}");
    }
    let resolved = std::fs::read_to_string(bundle.join("export.resolved.toml")).unwrap();
    assert!(resolved.contains("general_checkpoint = "), "{resolved}");
}

#[test]
fn a_preset_can_take_its_own_network() {
    // Two versions: classic from the main checkpoint, no-setchin from a specialist, except its
    // soldiers, which come from a third.
    let (dir, ckpt, _) = export("presets");
    let specialist = dir.join("checkpoints").join("gen-0001");
    tiny_checkpoint(&specialist, 6, TINY_MLP, 3);
    let soldiers = dir.join("checkpoints").join("gen-0002");
    tiny_checkpoint(&soldiers, 7, TINY_MLP, 3);
    let bundle = dir.join("bundle-presets");
    let o = cli::musashi(&[
        "export",
        "--config",
        dir.join("export.toml").to_str().unwrap(),
        "--set",
        "presets=[\"classic\", \"no-setchin\"]",
        "--set",
        &format!("networks.no-setchin.checkpoint={}", specialist.display()),
        "--set",
        &format!("networks.no-setchin.soldiers_checkpoint={}", soldiers.display()),
        "--set",
        &format!("out={}", bundle.display()),
    ]);
    let text = format!("{}{}", ok(&o), String::from_utf8_lossy(&o.stderr));
    let manifest: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(bundle.join("manifest.json")).unwrap()).unwrap();
    let weights = manifest["weights"].as_array().unwrap();
    assert_eq!(weights.len(), 3, "one weight file per checkpoint: {weights:?}");
    let file_of = |source: &Path| {
        let w = weights.iter().find(|w| w["source"].as_str().unwrap().starts_with(&format!("{} (", source.display())));
        w.unwrap_or_else(|| panic!("no weights from {} in {weights:?}", source.display()))["file"].clone()
    };
    let levels = manifest["levels"].as_array().unwrap();
    assert_eq!(levels.len(), 12, "3 levels, 2 sides, 2 presets");
    for l in levels {
        let want = match (l["preset"].as_str().unwrap(), l["side"].as_str().unwrap()) {
            ("classic", _) => file_of(&ckpt),
            ("no-setchin", "general") => file_of(&specialist),
            _ => file_of(&soldiers),
        };
        assert_eq!(l["weights"], want, "{l}");
    }
    // The report says which checkpoints each version used and whether its levels are ordered.
    let calibration = std::fs::read_to_string(bundle.join("calibration.md")).unwrap();
    assert!(calibration.contains(&format!("Checkpoints: General `{}`", specialist.display())), "{calibration}");
    assert!(calibration.contains("## Summary") && calibration.contains("| no-setchin | soldiers |"), "{calibration}");
    let summary = calibration.split("## Summary").nth(1).unwrap().split("\n## ").next().unwrap();
    let unordered = summary.matches("| **no** |").count();
    let ordered = summary.matches("| yes |\n").count();
    assert_eq!(unordered + ordered, 4, "one verdict per (preset, side): {calibration}");
    if unordered > 0 {
        assert!(
            text.contains(&format!("the levels of {unordered} (preset, side) pairs are not strictly ordered")),
            "{text}"
        );
    }
    // A network for a preset the export does not calibrate is refused by its key.
    let o = cli::musashi(&[
        "export",
        "--config",
        dir.join("export.toml").to_str().unwrap(),
        "--set",
        &format!("networks.qdan.checkpoint={}", specialist.display()),
        "--set",
        &format!("out={}", dir.join("never").display()),
    ]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(!o.status.success() && err.contains("networks.qdan"), "{err}");
    assert!(!dir.join("never").exists());
}

#[test]
fn levels_report_their_behaviour_and_spot_checks_measure_custom_rules() {
    let (dir, _, _) = export("spot");
    let tables = dir.join("tables");
    ok(&cli::musashi(&["solve", "--preset", "no-setchin", "--max-soldiers", "6", "--out", tables.to_str().unwrap()]));
    let bundle = dir.join("bundle-spot");
    let cfg = dir.join("export.toml");
    let spot = r#"spot_checks=[{ name = "wins-at-4", rules = { board = "33", first = "general", general_wins_at = 4, repetition = "third-time-general-wins", move_limit = "plies 300" } }]"#;
    ok(&cli::musashi(&[
        "export",
        "--config",
        cfg.to_str().unwrap(),
        "--set",
        "presets=[\"classic\", \"no-setchin\"]",
        "--set",
        &format!("tables.no-setchin={}", tables.display()),
        "--set",
        spot,
        "--set",
        &format!("out={}", bundle.display()),
    ]));
    let manifest: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(bundle.join("manifest.json")).unwrap()).unwrap();
    assert_eq!(manifest["format_version"], 5);
    for l in manifest["levels"].as_array().unwrap() {
        let b = &l["behaviour"];
        assert!(b["moves"].as_u64().unwrap() > 0, "{l}");
        let general = l["side"] == "general";
        // Each side's own measures, and no other: a share in 0..=1 where it applies.
        for (key, applies) in [("gap_rate", !general), ("corner_rate", general), ("double_threats_per_game", general)] {
            assert_eq!(b.get(key).is_some(), applies, "{key} in {l}");
        }
        for key in ["gap_rate", "corner_rate", "blunder_rate"] {
            if let Some(x) = b.get(key) {
                assert!((0.0..=1.0).contains(&x.as_f64().unwrap()), "{key} in {l}");
            }
        }
        if l["preset"] == "classic" {
            assert!(b.get("blunder_rate").is_none(), "no tables for classic: {l}");
        }
    }
    let checks = manifest["spot_checks"].as_array().unwrap();
    assert_eq!(checks.len(), 1);
    assert_eq!(checks[0]["name"], "wins-at-4");
    assert_eq!(checks[0]["served_by"], "classic", "the same board and first mover: classic is nearest");
    assert_eq!(checks[0]["rules"]["general_wins_at"], 4);
    assert_eq!(checks[0]["levels"].as_array().unwrap().len(), 6, "every level of both sides");
    for l in checks[0]["levels"].as_array().unwrap() {
        assert_eq!(l["measured"]["games"], 2, "{l}");
        assert!(l["measured"]["elo"].is_number(), "{l}");
    }
    let calibration = std::fs::read_to_string(bundle.join("calibration.md")).unwrap();
    assert!(calibration.contains("## Spot check: wins-at-4 (served by classic)"), "{calibration}");
    assert_eq!(calibration.matches("| side | level | moves | soldiers' gaps |").count(), 2, "{calibration}");
    // The bundle plays the custom rules with the nearest level, as the manifest says.
    let g = format!("bundle:dir={},level=easy", bundle.display());
    let out = dir.join("spot.tsv");
    let text = ok(&cli::musashi(&[
        "match",
        "--general",
        &g,
        "--soldiers",
        "random",
        "--games",
        "1",
        "--general-wins-at",
        "4",
        "--out",
        out.to_str().unwrap(),
    ]));
    assert!(text.contains("result:"), "{text}");

    // Tables for a preset not calibrated, tables of another board, a spot check on calibrated
    // rules, two spot checks of one name: each refused by its key.
    let bad = |set: String, key: &str| {
        let o = cli::musashi(&["export", "--config", cfg.to_str().unwrap(), "--set", &set, "--set", "out=never"]);
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(!o.status.success() && err.contains(key), "{set}: {err}");
    };
    bad(format!("tables.qdan={}", tables.display()), "tables.qdan must be a preset listed in `presets`");
    bad(format!("tables.classic={}", tables.display()), "tables.classic");
    let classic = r#"spot_checks=[{ name = "c", rules = { board = "33", first = "general", general_wins_at = 5, repetition = "third-time-general-wins", move_limit = "plies 300" } }]"#;
    bad(classic.into(), "spot_checks[0].rules must be rules outside `presets`");
    let twice = spot.replace("}]", "}, { name = \"wins-at-4\", rules = { board = \"25\", first = \"general\", general_wins_at = 4, repetition = \"none\", move_limit = \"none\" } }]");
    bad(twice, "spot_checks[1].name must be a name no other spot check has");
}

#[test]
fn bad_bundles_are_refused_with_clear_errors() {
    let (dir, _, bundle) = export("bad");
    let manifest_path = bundle.join("manifest.json");
    let manifest = std::fs::read_to_string(&manifest_path).unwrap();
    let refused = |level: &str, expect: &str| {
        let o = cli::musashi(&["play", "--opponent", &format!("{}:{level}", bundle.display())]);
        assert!(!o.status.success());
        let err = String::from_utf8_lossy(&o.stderr).into_owned();
        assert!(err.contains(expect), "expected '{expect}' in: {err}");
    };
    // A level no bundle has.
    refused("expert", "unknown level 'expert': expected one of easy, normal, hard");
    // Another format version.
    std::fs::write(&manifest_path, manifest.replacen("\"format_version\": 5", "\"format_version\": 8", 1)).unwrap();
    refused("easy", "format version 8, this build reads versions 1 to 7");
    // Another encoding version.
    std::fs::write(&manifest_path, manifest.replacen("\"encoding_version\": 1", "\"encoding_version\": 7", 1)).unwrap();
    refused("easy", "feature encoding version 7");
    // A weight file changed after export.
    std::fs::write(&manifest_path, &manifest).unwrap();
    let value: serde_json::Value = serde_json::from_str(&manifest).unwrap();
    let file = bundle.join(value["weights"][0]["file"].as_str().unwrap());
    let mut bytes = std::fs::read(&file).unwrap();
    let n = bytes.len();
    bytes[n - 3] ^= 0x40;
    std::fs::write(&file, bytes).unwrap();
    refused("easy", "is corrupt or was changed: SHA-256");
    let _ = dir;
}

#[test]
fn bad_configs_are_refused_with_clear_errors() {
    let dir = temp("config");
    let path = dir.join("export.toml");
    let base = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/configs/export.toml")).unwrap();
    // Without the General's own checkpoint (absent on a fresh clone), so that the missing main
    // checkpoint below is the error.
    let base: String = base.lines().filter(|l| !l.starts_with("general_checkpoint")).flat_map(|l| [l, "\n"]).collect();
    let refused = |text: &str, set: &[&str], expect: &str| {
        std::fs::write(&path, text).unwrap();
        let mut args = vec!["export", "--config", path.to_str().unwrap()];
        for s in set {
            args.extend(["--set", s]);
        }
        let o = cli::musashi(&args);
        assert!(!o.status.success());
        let err = String::from_utf8_lossy(&o.stderr).into_owned();
        assert!(err.contains(expect) && !err.contains("panicked"), "expected '{expect}' in: {err}");
    };
    refused(&format!("{base}\ngamez = 3\n"), &[], "unknown field `gamez`");
    refused(&base, &["games=0"], "games must be at least 1");
    refused(&base, &["presets=[\"chess\"]"], "presets");
    refused(&base, &["levels.easy.target=2.0"], "levels.easy.target must be in 0..=1");
    refused(&base, &["levels.easy.candidates=[{sims=1,blunder=3.0}]"], "blunder");
    refused(
        &base,
        &["checkpoint=/no/such/checkpoint", &format!("out={}", dir.join("b").display())],
        "/no/such/checkpoint",
    );
    assert!(!dir.join("b").exists(), "nothing is written for a failed export");
    // A checkpoint key that names no checkpoint is reported by its key.
    let (_, ckpt, _) = export("config-keys");
    let general = format!("general_checkpoint={}", dir.join("runs/classic/checkpoints/gen-0015").display());
    let main = format!("checkpoint={}", ckpt.display());
    refused(&base, &[&main, &general, &format!("out={}", dir.join("c").display())], "general_checkpoint");
}
