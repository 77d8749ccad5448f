//! End-to-end tests of `musashi rank`: a round robin of cheap agents (report files, columns,
//! the anchor at 0, per-side scores that add up), a run's generations with the Elo plot, and
//! perfect-play accuracy from tiny solved tables.

use crate::cli::{musashi, ok, temp, tiny_checkpoint};
use musashi_net::ModelConfig;
use std::collections::HashMap;
use std::path::Path;

/// The CSV as rows of (column -> value); the last column (the spec) is quoted.
fn csv(path: &Path) -> Vec<HashMap<String, String>> {
    let text = std::fs::read_to_string(path).unwrap();
    let mut lines = text.lines();
    let header: Vec<String> = lines.next().unwrap().split(',').map(String::from).collect();
    assert_eq!(header.last().unwrap(), "spec");
    lines
        .map(|l| {
            let (plain, spec) = l.split_once(",\"").unwrap();
            let mut values: Vec<String> = plain.split(',').map(String::from).collect();
            values.push(spec.trim_end_matches('"').to_string());
            assert_eq!(values.len(), header.len(), "{l}");
            header.iter().cloned().zip(values).collect()
        })
        .collect()
}

#[test]
fn round_robin_of_cheap_agents() {
    let out = temp("rank", "rr");
    let stdout = ok(&musashi(&[
        "rank",
        "--agents",
        "random,greedy,alphabeta:depth=1",
        "--games",
        "3",
        "--threads",
        "2",
        "--out",
        out.to_str().unwrap(),
    ]));
    assert!(stdout.contains("# Ranking") && stdout.contains("`alphabeta:depth=1`"), "{stdout}");
    let rows = csv(&out.join("ranking.csv"));
    assert_eq!(rows.len(), 3);
    for col in ["agent", "elo", "elo_err", "games", "score_as_general", "score_as_soldiers"] {
        assert!(rows[0].contains_key(col), "column {col}");
    }
    let anchor = rows.iter().find(|r| r["agent"] == "alphabeta:depth=1").unwrap();
    assert_eq!(anchor["elo"], "0.0");
    assert_eq!(anchor["elo_err"], "0.0");
    let mut total_general = 0.0;
    for r in &rows {
        // 2 opponents, 3 games with each side against each.
        assert_eq!(r["games"], "12");
        total_general += r["score_as_general"].parse::<f64>().unwrap() * 6.0;
        let _: f64 = r["score_as_soldiers"].parse().unwrap();
    }
    // 36 games; the General's wins and the soldiers' add up to them.
    let total_soldiers: f64 = rows.iter().map(|r| r["score_as_soldiers"].parse::<f64>().unwrap() * 6.0).sum();
    assert!((total_general + total_soldiers - 18.0).abs() < 1e-6, "{total_general} + {total_soldiers}");
    let games = std::fs::read_to_string(out.join("games.tsv")).unwrap();
    assert_eq!(games.lines().filter(|l| !l.starts_with('#')).count(), 18);
    assert!(std::fs::read_to_string(out.join("ranking.md")).unwrap().contains("| # | agent | Elo |"));
    // The same seed gives the same report.
    let again = temp("rank", "rr2");
    ok(&musashi(&[
        "rank",
        "--agents",
        "random,greedy,alphabeta:depth=1",
        "--games",
        "3",
        "--threads",
        "1",
        "--out",
        again.to_str().unwrap(),
    ]));
    assert_eq!(
        std::fs::read_to_string(again.join("ranking.csv")).unwrap(),
        std::fs::read_to_string(out.join("ranking.csv")).unwrap()
    );
    // Errors are clear.
    let bad = musashi(&["rank", "--agents", "random,minimax", "--out", out.to_str().unwrap()]);
    assert!(!bad.status.success());
    assert!(String::from_utf8_lossy(&bad.stderr).contains("unknown agent kind 'minimax'"));
}

#[test]
fn a_run_is_ranked_by_generation_with_a_plot() {
    let run = temp("rank", "run");
    for g in 0..2 {
        tiny_checkpoint(
            &run.join("checkpoints").join(format!("gen-{g:04}")),
            10 + g as u64,
            ModelConfig::mlp(16, 1, 8, 0),
            g,
        );
    }
    let out = run.join("ranking");
    ok(&musashi(&[
        "rank",
        "--run",
        run.to_str().unwrap(),
        "--sims",
        "2",
        "--games",
        "2",
        "--baselines",
        "random",
        "--out",
        out.to_str().unwrap(),
    ]));
    let rows = csv(&out.join("ranking.csv"));
    let names: Vec<&str> = rows.iter().map(|r| r["agent"].as_str()).collect();
    for n in ["gen-0000", "gen-0001", "random", "alphabeta:depth=1"] {
        assert!(names.contains(&n), "{names:?}");
    }
    assert_eq!(rows.iter().find(|r| r["agent"] == "gen-0001").unwrap()["generation"], "1");
    let png = std::fs::read(out.join("elo_by_generation.png")).unwrap();
    assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n");
}

#[test]
fn accuracy_from_solved_tables() {
    let dir = temp("rank", "acc");
    let tables = dir.join("tables");
    ok(&musashi(&["solve", "--preset", "no-setchin", "--max-soldiers", "6", "--out", tables.to_str().unwrap()]));
    let out = dir.join("report");
    let agents = format!("random,greedy,perfect:tables={}", tables.display());
    let stdout = ok(&musashi(&[
        "rank",
        "--preset",
        "no-setchin",
        "--agents",
        &agents,
        "--games",
        "1",
        "--tables",
        tables.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
    ]));
    assert!(stdout.contains("## Perfect-play accuracy"), "{stdout}");
    let rows = csv(&out.join("ranking.csv"));
    assert!(rows[0].contains_key("accuracy") && rows[0].contains_key("blunder_rate"));
    let measured: u64 = rows.iter().map(|r| r["measured_moves"].parse::<u64>().unwrap()).sum();
    assert!(measured > 0, "no move was measured");
    // The perfect player keeps every result it is measured on.
    let perfect = rows.iter().find(|r| r["agent"].starts_with("perfect")).unwrap();
    if perfect["measured_moves"] != "0" {
        assert_eq!(perfect["accuracy"], "1.0000");
        assert_eq!(perfect["blunder_rate"].parse::<f64>().unwrap_or(0.0), 0.0);
    }
    // It wins as quickly and loses as late as the tables say: no plies slower or given away
    // (empty where it had no such move).
    for key in ["plies_slower_per_win_as_soldiers", "plies_given_per_loss_as_general"] {
        assert!(["", "0.0000"].contains(&perfect[key].as_str()), "{key}: {}", perfect[key]);
    }
    // Tables of another board are refused.
    let bad = musashi(&[
        "rank",
        "--agents",
        "random,greedy",
        "--tables",
        tables.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
    ]);
    assert!(!bad.status.success());
    assert!(
        String::from_utf8_lossy(&bad.stderr).contains("25-point board"),
        "{}",
        String::from_utf8_lossy(&bad.stderr)
    );
}
