//! End-to-end tests of `musashi train` on tiny configs: the run directory, resuming (also after
//! SIGKILL at several points, checked against an uninterrupted run), config errors, and
//! external self-play workers beside the trainer.

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};
use std::time::{Duration, Instant};

const TINY: &str = r#"
[run]
seed = 3
generations = 2
threads = 1
[model]
hidden = 16
blocks = 1
value_hidden = 8
[selfplay]
games_per_generation = 4
concurrent_games = 1
max_plies = 60
shard_games = 2
[selfplay.mcts]
sims = 4
dirichlet_fraction = 0.25
temperature = 1.0
temperature_plies = 6
[train]
steps_per_generation = 6
batch_size = 16
window_min = 50
checkpoint_every = 2
[eval]
games = 2
sims = 2
anchor = "random"
every = 1
"#;

fn musashi() -> Command {
    Command::new(env!("CARGO_BIN_EXE_musashi"))
}

fn temp(tag: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("musashi-train-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

fn write_config(dir: &Path, text: &str) -> PathBuf {
    let p = dir.join("tiny.toml");
    std::fs::write(&p, text).unwrap();
    p
}

fn train(config: &Path, out: &Path, extra: &[&str]) -> Output {
    musashi().arg("train").arg("--config").arg(config).arg("--out").arg(out).args(extra).output().unwrap()
}

fn events(out: &Path) -> Vec<serde_json::Value> {
    std::fs::read_to_string(out.join("metrics.jsonl"))
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

fn count(events: &[serde_json::Value], kind: &str, g: u64) -> usize {
    events.iter().filter(|e| e["event"] == kind && e["generation"] == g).count()
}

fn weights_hash(out: &Path, g: u32) -> String {
    let meta: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(out.join(format!("checkpoints/gen-{g:04}/meta.json"))).unwrap())
            .unwrap();
    meta["weights_sha256"].as_str().unwrap().to_string()
}

fn shard_names(out: &Path) -> Vec<String> {
    let mut ids = Vec::new();
    for e in std::fs::read_dir(out.join("games")).unwrap() {
        let p = e.unwrap().path();
        if p.to_string_lossy().ends_with(".games.parquet") {
            ids.push(p.file_name().unwrap().to_string_lossy().into_owned());
        }
    }
    ids.sort();
    ids
}

/// Every recorded game as (id, moves), sorted: what was played, however it was sharded.
fn games_played(out: &Path) -> Vec<(String, Vec<String>)> {
    let mut games = Vec::new();
    for name in shard_names(out) {
        for g in musashi_records::read_games(&out.join("games").join(&name)).unwrap() {
            games.push((g.game_id, g.game.moves.iter().map(|m| m.to_string()).collect()));
        }
    }
    games.sort();
    games
}

#[test]
fn a_tiny_run_fills_its_directory_and_resumes_without_repeating() {
    let dir = temp("run");
    let config = write_config(&dir, TINY);
    let out = dir.join("run");
    let o = train(&config, &out, &[]);
    let log = String::from_utf8_lossy(&o.stderr);
    assert!(o.status.success(), "{log}");
    // The log says what its numbers are.
    assert!(log.contains("generation 1: against random (on the 33-point board): "), "{log}");
    for f in ["config.resolved.toml", "run.json", "metrics.jsonl", "DONE", "checkpoints/LATEST", "checkpoints/BEST"] {
        assert!(out.join(f).exists(), "{f} missing");
    }
    for g in 0..=2 {
        assert!(out.join(format!("checkpoints/gen-{g:04}/weights.safetensors")).exists());
    }
    assert_eq!(std::fs::read_to_string(out.join("checkpoints/LATEST")).unwrap().trim(), "gen-0002");
    let resolved = std::fs::read_to_string(out.join("config.resolved.toml")).unwrap();
    assert!(
        resolved.contains("learning_rate") && resolved.contains("games_per_generation = 4"),
        "every value is written"
    );
    let ev = events(&out);
    for g in 1..=2 {
        for kind in ["selfplay", "train", "eval", "generation"] {
            assert!(count(&ev, kind, g) >= 1, "no {kind} event for generation {g}");
        }
    }
    assert!(ev.iter().any(|e| e["event"] == "eval" && e["opponent"] == "random"));
    // Re-running the same command finds everything done and repeats nothing.
    let o = train(&config, &out, &[]);
    assert!(o.status.success());
    let again = events(&out);
    assert_eq!(count(&again, "generation", 2), 1);
    assert_eq!(count(&again, "selfplay", 1), 1);
    // Continuing with more generations is allowed; other changes are refused, naming the key.
    let o = musashi().args(["train", "--resume", "--set", "run.generations=3", "--out"]).arg(&out).output().unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(out.join("checkpoints/gen-0003").exists());
    let o = train(&config, &out, &["--set", "model.hidden=32", "--set", "run.generations=3"]);
    assert!(!o.status.success());
    assert!(String::from_utf8_lossy(&o.stderr).contains("model.hidden"), "{}", String::from_utf8_lossy(&o.stderr));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_diverging_run_stops_with_a_message_and_writes_no_broken_checkpoint() {
    let dir = temp("diverge");
    let config = write_config(&dir, TINY);
    let out = dir.join("run");
    let sets = [
        "--set",
        "train.learning_rate=9.9",
        "--set",
        r#"train.optimizer="sgd-momentum""#,
        "--set",
        "train.warmup_steps=0",
        "--set",
        "train.value_weight=1000",
        "--set",
        "train.steps_per_generation=40",
        "--set",
        "train.checkpoint_every=1",
    ];
    let t = Instant::now();
    let o = train(&config, &out, &sets);
    let log = String::from_utf8_lossy(&o.stderr);
    assert!(!o.status.success(), "the run must fail: {log}");
    assert!(t.elapsed() < Duration::from_secs(120), "no hang");
    assert!(log.contains("diverged") || log.contains("NaN or infinite"), "{log}");
    assert!(log.contains("train.learning_rate"), "the message names the settings to look at: {log}");
    // Every checkpoint left behind loads with finite weights.
    for e in std::fs::read_dir(out.join("checkpoints")).unwrap() {
        let p = e.unwrap().path();
        if p.is_dir() {
            let device = musashi_net::DeviceKind::Cpu.device().unwrap();
            musashi_net::load_checkpoint(&p, &device).unwrap_or_else(|e| panic!("{}: {e}", p.display()));
        }
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn damaged_games_or_a_lost_history_are_refused_on_resume() {
    let dir = temp("history");
    let config = write_config(&dir, TINY);
    let out = dir.join("run");
    assert!(train(&config, &out, &[]).status.success());
    let more = ["--set", "run.generations=3"];
    // A games file of a finished generation, damaged in place (same size).
    let games = out.join("games").join(&shard_names(&out)[0]);
    let clean = std::fs::read(&games).unwrap();
    let mut bytes = clean.clone();
    let middle = bytes.len() / 2;
    bytes[middle] ^= 0x10;
    std::fs::write(&games, &bytes).unwrap();
    let o = train(&config, &out, &more);
    let log = String::from_utf8_lossy(&o.stderr);
    assert!(!o.status.success(), "{log}");
    assert!(log.contains(&shard_names(&out)[0]) && log.contains("SHA-256"), "{log}");
    std::fs::write(&games, &clean).unwrap();
    // An emptied metrics.jsonl: the run's history would be lost.
    let metrics = out.join("metrics.jsonl");
    let history = std::fs::read(&metrics).unwrap();
    std::fs::write(&metrics, b"").unwrap();
    let o = train(&config, &out, &more);
    let log = String::from_utf8_lossy(&o.stderr);
    assert!(!o.status.success() && log.contains("metrics.jsonl"), "{log}");
    std::fs::remove_file(&metrics).unwrap();
    assert!(!train(&config, &out, &more).status.success(), "a deleted history is refused too");
    std::fs::write(&metrics, &history).unwrap();
    let o = train(&config, &out, &more);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn an_io_error_is_said_once() {
    // A run folder that cannot be made (a file stands where a folder should): the OS's words
    // appear once, not once for the message and again for its cause.
    let dir = temp("io");
    let config = write_config(&dir, TINY);
    std::fs::write(dir.join("file"), b"x").unwrap();
    let o = train(&config, &dir.join("file").join("run"), &[]);
    let log = String::from_utf8_lossy(&o.stderr);
    assert!(!o.status.success(), "{log}");
    let error = log.lines().find(|l| l.starts_with("error:")).unwrap_or_else(|| panic!("{log}"));
    assert_eq!(error.matches("os error").count(), 1, "{error}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_graph_network_trains_end_to_end() {
    let dir = temp("graph");
    let config = write_config(&dir, TINY);
    let out = dir.join("run");
    let o = train(&config, &out, &["--set", r#"model.kind="graph""#, "--set", "model.reach=1"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let meta = std::fs::read_to_string(out.join("checkpoints/gen-0002/meta.json")).unwrap();
    assert!(meta.contains(r#""kind": "graph""#) && meta.contains(r#""reach": 1"#), "{meta}");
    let o = musashi()
        .args(["match", "--soldiers", "random", "--games", "2", "--general"])
        .arg(format!("mcts:ckpt={},sims=8", out.join("checkpoints/LATEST").display()))
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_sibling_ranking_trains_end_to_end_and_logs_its_loss() {
    let dir = temp("rank");
    let config = write_config(&dir, TINY);
    let out = dir.join("run");
    let o = train(
        &config,
        &out,
        &["--set", "train.rank_siblings=2", "--set", "train.rank_groups=4", "--set", "run.generations=1"],
    );
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let resolved = std::fs::read_to_string(out.join("config.resolved.toml")).unwrap();
    assert!(resolved.contains("rank_siblings = 2") && resolved.contains("rank_groups = 4"), "{resolved}");
    let train_events: Vec<_> = events(&out).into_iter().filter(|e| e["event"] == "train").collect();
    assert!(!train_events.is_empty());
    for e in &train_events {
        let rank = e["rank_loss"].as_f64().unwrap_or_else(|| panic!("a rank_loss in {e}"));
        assert!(rank.is_finite() && rank >= 0.0, "{e}");
    }
    // Off, the key is left out of the recorded job and the events.
    let plain = dir.join("plain");
    assert!(train(&config, &plain, &["--set", "run.generations=1"]).status.success());
    assert!(!std::fs::read_to_string(plain.join("config.resolved.toml")).unwrap().contains("rank_"));
    assert!(events(&plain).iter().all(|e| e.get("rank_loss").is_none()));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn config_errors_name_the_key_and_the_file() {
    let dir = temp("errors");
    let config = write_config(&dir, &TINY.replace("batch_size = 16", "batch_sise = 16"));
    let o = train(&config, &dir.join("run"), &[]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(!o.status.success() && err.contains("tiny.toml") && err.contains("batch_sise"), "{err}");
    let config = write_config(&dir, TINY);
    let o = train(&config, &dir.join("run2"), &["--set", "train.learning_rate=-3"]);
    assert!(String::from_utf8_lossy(&o.stderr).contains("train.learning_rate"));
    let o = train(&config, &dir.join("run3"), &["--set", "selfplay.mcts.sims=many"]);
    assert!(String::from_utf8_lossy(&o.stderr).contains("selfplay.mcts.sims"));
    let o = musashi().args(["train", "--resume", "--out"]).arg(dir.join("nothing")).output().unwrap();
    assert!(String::from_utf8_lossy(&o.stderr).contains("nothing to resume"));
    // An agent spec that does not load is refused before anything is written, naming the key.
    let o = train(&config, &dir.join("run4"), &["--set", "eval.anchor=alphabeta:dept=1"]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(!o.status.success() && err.contains("eval.anchor") && err.contains("'dept'"), "{err}");
    assert!(!dir.join("run4").join("config.resolved.toml").exists());
    let o = train(
        &config,
        &dir.join("run5"),
        &["--set", "bootstrap.alphabeta_games=2", "--set", "bootstrap.alphabeta_spec=nonsense"],
    );
    assert!(String::from_utf8_lossy(&o.stderr).contains("bootstrap.alphabeta_spec"));
    let o = train(&config, &dir.join("run5a"), &["--set", "train.long_fight_weight=4"]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(!o.status.success() && err.contains("train.long_fight_weight"), "{err}");
    let o =
        train(&config, &dir.join("run5c"), &["--set", "train.rank_siblings=1", "--set", "model.moves_left_hidden=0"]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(!o.status.success() && err.contains("train.rank_siblings") && err.contains("moves-left head"), "{err}");
    let o = train(&config, &dir.join("run5d"), &["--set", "train.rank_temperature=0"]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(!o.status.success() && err.contains("train.rank_temperature"), "{err}");
    let o = train(&config, &dir.join("run5e"), &["--set", "train.rank_groups=17"]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(!o.status.success() && err.contains("train.rank_groups") && err.contains("batch_size"), "{err}");
    let o = train(&config, &dir.join("run5b"), &["--set", "selfplay.sparring={ share = 0.5, depths = [9] }"]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(!o.status.success() && err.contains("selfplay.sparring.depths") && err.contains("1..=6"), "{err}");
    // A run recorded with an invalid anchor (as older versions allowed) resumes with a corrected one.
    let bad = musashi_trainer::job_from_text(TINY, "tiny", &["eval.anchor=alphabeta:dept=1".into()]).unwrap();
    let run6 = dir.join("run6");
    std::fs::create_dir_all(&run6).unwrap();
    std::fs::write(run6.join("config.resolved.toml"), musashi_trainer::resolved_toml(&bad)).unwrap();
    let o = musashi()
        .args(["train", "--resume", "--set", "eval.anchor=random", "--set", "run.generations=1", "--out"])
        .arg(&run6)
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    // A damaged recorded job is refused, not replaced by defaults.
    let path = run6.join("config.resolved.toml");
    let text = std::fs::read_to_string(&path).unwrap();
    std::fs::write(&path, text.replace("games_per_generation = 4", "games_per_generation = 7")).unwrap();
    let o = musashi().args(["train", "--resume", "--out"]).arg(&run6).output().unwrap();
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(!o.status.success() && err.contains("config.resolved.toml") && err.contains("damaged"), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Kills the run with SIGKILL at increasing delays until it finishes by itself.
fn run_with_kills(config: &Path, out: &Path, delays_ms: &[u64]) -> usize {
    let mut kills = 0;
    for (i, &d) in delays_ms.iter().chain(std::iter::repeat(&u64::MAX)).enumerate() {
        let mut cmd = musashi();
        // Each attempt's messages go to a file beside the run, for the failure message.
        let log = out.with_extension(format!("attempt-{i}.log"));
        let stderr = std::fs::File::create(&log).unwrap();
        cmd.arg("train").arg("--out").arg(out).stdout(Stdio::null()).stderr(stderr);
        // A kill that lands before the run recorded its job leaves nothing to resume: the user
        // runs the same command again, as the test does then.
        if i == 0 || !out.join("config.resolved.toml").exists() {
            cmd.arg("--config").arg(config);
        } else {
            cmd.arg("--resume");
        }
        let mut child: Child = cmd.spawn().unwrap();
        let start = Instant::now();
        loop {
            if let Some(status) = child.try_wait().unwrap() {
                let text = std::fs::read_to_string(&log).unwrap_or_default();
                assert!(status.success(), "attempt {i} (after {kills} kills) failed: {text}");
                return kills;
            }
            if d != u64::MAX && start.elapsed() >= Duration::from_millis(d) {
                child.kill().unwrap();
                child.wait().unwrap();
                kills += 1;
                break;
            }
            std::thread::sleep(Duration::from_millis(5));
        }
    }
    unreachable!()
}

#[test]
fn killed_at_several_points_the_run_resumes_to_the_same_result() {
    let dir = temp("kill");
    // A little longer than the tiny run, so that kills land in every phase.
    let config = write_config(
        &dir,
        &TINY
            .replace("games_per_generation = 4", "games_per_generation = 8")
            .replace("steps_per_generation = 6", "steps_per_generation = 24")
            .replace("checkpoint_every = 2", "checkpoint_every = 4"),
    );
    let clean = dir.join("clean");
    assert!(train(&config, &clean, &[]).status.success());
    let killed = dir.join("killed");
    let delays: Vec<u64> = (1..=14).map(|i| 40 * i).collect();
    let kills = run_with_kills(&config, &killed, &delays);
    assert!(kills >= 2, "the run finished before it could be killed twice");
    assert!(killed.join("DONE").exists());
    // Nothing lost or duplicated: the same games, the same final weights.
    assert_eq!(games_played(&killed), games_played(&clean));
    for g in 1..=2 {
        assert_eq!(weights_hash(&killed, g), weights_hash(&clean, g), "generation {g} differs after {kills} kills");
        assert_eq!(count(&events(&killed), "generation", g as u64), 1);
    }
    // The metrics describe the run, not the invocation: one self-play event per generation with
    // all its games, and each training step logged once, with the uninterrupted run's losses.
    let phase = |out: &Path, kind: &str| -> Vec<serde_json::Value> {
        let mut v: Vec<serde_json::Value> = events(out)
            .into_iter()
            .filter(|e| e["event"] == kind)
            .map(|mut e| {
                for timing in ["wall_seconds", "seconds", "games_per_second", "samples_per_second"] {
                    e.as_object_mut().unwrap().remove(timing);
                }
                e
            })
            .collect();
        v.sort_by_key(|e| (e["generation"].as_u64(), e["step"].as_u64()));
        v
    };
    assert_eq!(phase(&killed, "selfplay"), phase(&clean, "selfplay"), "after {kills} kills");
    assert_eq!(phase(&killed, "train"), phase(&clean, "train"), "after {kills} kills");
    assert!(
        !std::fs::read_dir(killed.join("checkpoints")).unwrap().any(|e| e
            .unwrap()
            .file_name()
            .to_string_lossy()
            .contains("partial"))
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn two_worker_processes_feed_a_trainer() {
    let dir = temp("workers");
    // Every game is a past game, so the workers' past checkpoint is checked too.
    let selfplay = "shard_games = 1\nworkers = \"external\"\npast = { share = 1.0 }";
    let config = write_config(&dir, &TINY.replace("shard_games = 2", selfplay));
    let out = dir.join("run");
    let mut trainer = musashi()
        .arg("train")
        .arg("--config")
        .arg(&config)
        .arg("--out")
        .arg(&out)
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    while !out.join("config.resolved.toml").exists() {
        std::thread::sleep(Duration::from_millis(20));
    }
    // The run needs 8 games (4 per generation), and a generation can get one more than it asks for
    // when both workers start a shard at once, so at most 10 are played. Each worker stops after 5,
    // so each must play at least 3: neither can take every game, however the two are scheduled.
    // w1 starts only once w2 has delivered a game, the schedule that used to starve one worker.
    let worker = |w: &str| {
        musashi()
            .args(["selfplay", "--threads", "1", "--games", "5", "--worker", w, "--run"])
            .arg(&out)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap()
    };
    let mut workers: Vec<Child> = vec![worker("w2")];
    let start = std::time::Instant::now();
    while !out.join("games").exists() || !shard_names(&out).iter().any(|n| n.contains("-w2-")) {
        assert!(start.elapsed() < Duration::from_secs(300), "w2 delivered no game");
        std::thread::sleep(Duration::from_millis(20));
    }
    workers.push(worker("w1"));
    let status = trainer.wait().unwrap();
    assert!(status.success());
    for mut w in workers {
        assert!(w.wait().unwrap().success(), "a worker failed");
    }
    assert!(out.join("DONE").exists());
    let ids = shard_names(&out);
    for w in ["-w1-", "-w2-"] {
        let shards = ids.iter().filter(|n| n.contains(w)).count();
        assert!((3..=5).contains(&shards), "{w}: {ids:?}");
    }
    for name in &ids {
        // Generations 1 and 2 (models 0 and 1) have only gen 0 before them, or as their own past.
        for r in musashi_records::read_games(&out.join("games").join(name)).unwrap() {
            assert_eq!(r.soldiers_agent, "gen-0000 (past)", "{name}");
        }
    }
    assert!(out.join("checkpoints/gen-0002").exists());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn tablebase_values_replace_value_targets_where_tables_cover_a_position() {
    let dir = temp("tablebase");
    let tables = dir.join("tables");
    let o = musashi()
        .args([
            "solve",
            "--board",
            "25",
            "--general-wins-at",
            "too-few",
            "--repetition",
            "none",
            "--move-limit",
            "none",
        ])
        .args(["--max-soldiers", "6", "--out"])
        .arg(&tables)
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let custom = "[rules]\npresets = []\ncustom = [{ board = \"25\", first = \"general\", general_wins_at = \"too-few\", repetition = \"none\", move_limit = \"plies 80\" }]\n";
    let config = write_config(
        &dir,
        &format!("{TINY}\n{custom}[bootstrap]\ntablebase = \"{}\"\n", tables.display())
            .replace("generations = 2", "generations = 1"),
    );
    let out = dir.join("run");
    let o = train(&config, &out, &[]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let exact: u64 =
        events(&out).iter().filter(|e| e["event"] == "train").filter_map(|e| e["exact_values"].as_u64()).max().unwrap();
    assert!(exact > 0, "no position got an exact value");
    // Tables for another board or threshold are refused, naming the key.
    let wrong = write_config(&dir, &format!("{TINY}[bootstrap]\ntablebase = \"{}\"\n", tables.display()));
    let o = train(&wrong, &dir.join("run2"), &[]);
    assert!(
        String::from_utf8_lossy(&o.stderr).contains("bootstrap.tablebase"),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn sparring_games_put_alpha_beta_on_one_side_and_train_the_other() {
    let dir = temp("sparring");
    let config = write_config(&dir, TINY);
    let out = dir.join("run");
    let o = train(&config, &out, &["--set", "selfplay.sparring={ share = 1.0, side = \"soldiers\", depths = [1, 2] }"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let (mut games, mut general_positions) = (0, 0);
    for name in shard_names(&out).into_iter().filter(|n| n.contains("-main-")) {
        for g in musashi_records::read_games(&out.join("games").join(&name)).unwrap() {
            games += 1;
            assert!(g.soldiers_agent.starts_with("alphabeta:depth=") && g.soldiers_agent.ends_with("(sparring)"));
            assert!(g.general_agent.starts_with("gen-"), "{}", g.general_agent);
        }
        let positions = name.replace(".games.", ".positions.");
        for p in musashi_records::read_positions(&out.join("games").join(&positions)).unwrap() {
            assert_eq!(p.position.side_to_move(), musashi_game::Side::General, "only the network's side is recorded");
            general_positions += 1;
        }
    }
    assert_eq!(games, 8, "4 games in each of 2 generations");
    assert!(general_positions > 0);
    assert!(count(&events(&out), "train", 2) > 0, "the General's positions were trained on");
    for e in events(&out).iter().filter(|e| e["event"] == "selfplay") {
        assert_eq!(e["sparring_games"], 4, "{e}");
        assert!(e["sparring_wins"].as_u64().unwrap() <= 4);
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn handicap_blunders_adapt_to_the_weak_sides_wins_and_survive_a_resume() {
    let dir = temp("handicap-rate");
    let config = write_config(&dir, TINY);
    let out = dir.join("run");
    let handicap =
        "selfplay.handicap={ share = 1.0, side = \"soldiers\", sims = 2, blunders = 0.5, target = 0.25, gain = 1.0 }";
    let o = train(&config, &out, &["--set", handicap, "--set", "run.generations=1"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    // Generation 2's rate is derived again from generation 1's games on disk by the resumed run.
    let o = musashi().args(["train", "--resume", "--set", "run.generations=3", "--out"]).arg(&out).output().unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let selfplay: Vec<_> = events(&out).into_iter().filter(|e| e["event"] == "selfplay").collect();
    assert_eq!(selfplay.len(), 3);
    let mut expected = 0.5;
    for e in &selfplay {
        assert_eq!(e["handicap_games"], 4, "every game is handicapped: {e}");
        let rate = e["handicap_blunders"].as_f64().unwrap();
        assert!((rate - expected).abs() < 1e-6, "generation {}: rate {rate}, expected {expected}", e["generation"]);
        let weak_wins = e["handicap_weak_wins"].as_u64().unwrap();
        assert_eq!(weak_wins, e["soldiers_wins"].as_u64().unwrap(), "the soldiers are the weak side: {e}");
        expected = (rate + (weak_wins as f64 / 4.0 - 0.25)).clamp(0.0, 1.0);
    }
    let first = shard_names(&out).into_iter().find(|n| n.starts_with("sp0001-main-")).unwrap();
    for g in musashi_records::read_games(&out.join("games").join(first)).unwrap() {
        assert!(g.soldiers_agent.ends_with("(handicap: 2 simulations, blunders 0.500)"), "{}", g.soldiers_agent);
    }
    let o = train(&config, &dir.join("bad"), &["--set", "selfplay.handicap={ share = 0.5, sims = 2, target = 2.0 }"]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(!o.status.success() && err.contains("selfplay.handicap.target"), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn past_games_draw_an_earlier_checkpoint_for_one_side_and_survive_a_resume() {
    let dir = temp("past-games");
    let config = write_config(&dir, TINY);
    let out = dir.join("run");
    let past = "selfplay.past={ share = 1.0, side = \"soldiers\", window = 2 }";
    let o = train(&config, &out, &["--set", past, "--set", "run.generations=2"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let o = musashi().args(["train", "--resume", "--set", "run.generations=4", "--out"]).arg(&out).output().unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let selfplay: Vec<_> = events(&out).into_iter().filter(|e| e["event"] == "selfplay").collect();
    assert_eq!(selfplay.len(), 4);
    for e in &selfplay {
        let (g, model) = (e["generation"].as_u64().unwrap(), e["model"].as_u64().unwrap());
        assert_eq!(e["past_games"], e["games"], "every game is a past game: {e}");
        assert_eq!(e["past_wins"], e["general_wins"], "the current network plays the General: {e}");
        let past = e["past_model"].as_u64().unwrap();
        let window = model.saturating_sub(2)..model.max(1);
        assert!(window.contains(&past), "generation {g} (model {model}): past checkpoint {past} not in {window:?}");
        let shards: Vec<_> =
            shard_names(&out).into_iter().filter(|n| n.starts_with(&format!("sp{g:04}-main-"))).collect();
        assert!(!shards.is_empty(), "generation {g} has shards");
        for name in shards {
            for r in musashi_records::read_games(&out.join("games").join(&name)).unwrap() {
                assert_eq!(r.general_agent, format!("gen-{model:04}"));
                assert_eq!(r.soldiers_agent, format!("gen-{past:04} (past)"));
            }
            let positions = name.replace(".games.parquet", ".positions.parquet");
            let recorded = musashi_records::read_positions(&out.join("games").join(positions)).unwrap();
            assert!(!recorded.is_empty());
            assert!(
                recorded.iter().all(|p| p.position.side_to_move() == musashi_game::Side::General),
                "only the current network's side is recorded"
            );
        }
    }
    let o = train(&config, &dir.join("bad"), &["--set", "selfplay.past={ share = 2.0 }"]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(!o.status.success() && err.contains("selfplay.past.share"), "{err}");
    let o = train(&config, &dir.join("typo"), &["--set", "selfplay.past={ shares = 0.5 }"]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(!o.status.success() && err.contains("shares"), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}
