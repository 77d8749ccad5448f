//! Fits the evaluation's weights to exact values (Texel-style, `alphabeta::tune`) and checks
//! the fit on held-out positions.
//!
//! ```text
//! cargo run -p musashi-solver --release --example dump_labels -- labels.txt
//! cargo run -p musashi-search --release --example tune -- labels.txt [--distance-scale D] \
//!     [--start legacy|default|FILE] [--rounds N] [--scale K] [--free-soldier] [--limit L] [--fix NAME=VALUE]... [--out weights.txt] [--validate N] [--depth 6] \
//!     [--all-depths] [--short-range N] [--threads 2]
//! ```
//!
//! The file holds 25-point positions (threshold 5) with their solved-form values (the format
//! of `validation::parse_sample`). Every fifth line is held out; the fit starts from
//! `--start` (default `Weights::default()`; each of `--rounds` starts from the last one's
//! result, its logistic scale fitted again) with `soldier` (the unit) fixed unless `--free-soldier` (then give the
//! logistic scale with `--scale`: the units come from it), and terms that are zero on every
//! sample (the setchin's, `late_room`: no move limit in the solved form) stay as they are.
//! `--validate N` searches the first `N` held-out critical positions with the starting, the
//! legacy and the fitted weights and prints each validation report (at `--depth`, or every
//! depth up to it with `--all-depths`); `--short-range N` counts `short_range_failures` on the
//! first `N` held-out positions at depths 2, 4 and 6.

use musashi_game::{Board, Preset};
use musashi_search::alphabeta::tune::{Labelled, TuneConfig, fit_scale, loss, sign_accuracy, tune};
use musashi_search::alphabeta::{NUM_FEATURES, Weights, features};
use musashi_search::validation::{
    Sample, is_critical, parse_sample, short_range_failures_with, soldiers_win_in, validate_with,
};
use std::time::Instant;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let get = |key: &str, default: &str| -> String {
        args.iter().position(|a| a == key).map_or(default.to_string(), |i| args[i + 1].clone())
    };
    let file = args.first().filter(|a| !a.starts_with("--")).expect("usage: tune LABELS [options]").clone();
    let ds: f64 = get("--distance-scale", "0").parse().unwrap();
    let validate_n: usize = get("--validate", "0").parse().unwrap();
    let depth: u32 = get("--depth", "6").parse().unwrap();
    let threads: usize = get("--threads", "2").parse().unwrap();
    let rules = Preset::NoSetchin.ruleset();
    let threshold = rules.threshold();

    let text = std::fs::read_to_string(&file).unwrap_or_else(|e| panic!("{file}: {e}"));
    let samples: Vec<Sample> = text
        .lines()
        .enumerate()
        .map(|(i, l)| parse_sample(Board::Square25, threshold, l).unwrap_or_else(|e| panic!("{file}:{}: {e}", i + 1)))
        .collect();
    let (mut train, mut held): (Vec<&Sample>, Vec<&Sample>) = (Vec::new(), Vec::new());
    for (i, s) in samples.iter().enumerate() {
        if i % 5 == 0 { held.push(s) } else { train.push(s) }
    }
    let start = match get("--start", "default").as_str() {
        "default" => Weights::default(),
        "legacy" => Weights::legacy(),
        file => std::fs::read_to_string(file).unwrap_or_else(|e| panic!("{file}: {e}")).trim().parse().unwrap(),
    };
    let label = |s: &&Sample| Labelled {
        features: features(&s.pos, threshold, None, &start),
        soldiers_win_in: soldiers_win_in(s),
    };
    let train_l: Vec<Labelled> = train.iter().map(label).collect();
    let held_l: Vec<Labelled> = held.iter().map(label).collect();
    let general_wins = train_l.iter().filter(|s| s.soldiers_win_in.is_none()).count();
    println!(
        "{} samples: {} to fit ({general_wins} General wins), {} held out",
        samples.len(),
        train_l.len(),
        held_l.len()
    );

    let mut config = TuneConfig { distance_scale: ds, ..TuneConfig::default() };
    if let Some(k) = args.iter().position(|a| a == "--scale").map(|i| args[i + 1].parse().unwrap()) {
        config.scale = Some(k);
    }
    if args.iter().any(|a| a == "--free-soldier") {
        config.fixed[0] = false;
    }
    // `--fix NAME=VALUE`: a weight held at a value (repeatable).
    let mut start = start;
    for (i, a) in args.iter().enumerate() {
        if a == "--fix" {
            let (name, v) = args[i + 1].split_once('=').expect("--fix NAME=VALUE");
            let k = Weights::NAMES.iter().position(|n| *n == name).expect("a weight's name");
            let mut lin = start.linear();
            lin[k] = v.parse().unwrap();
            start = start.with_linear(lin);
            config.fixed[k] = true;
        }
    }
    if let Some(l) = args.iter().position(|a| a == "--limit").map(|i| args[i + 1].parse().unwrap()) {
        config.limit = l;
    }
    for i in 0..NUM_FEATURES {
        if train_l.iter().all(|s| s.features[i] == 0) {
            config.fixed[i] = true;
        }
    }
    let fixed: Vec<&str> = (0..NUM_FEATURES).filter(|&i| config.fixed[i]).map(|i| Weights::NAMES[i]).collect();
    println!("fixed: {}", fixed.join(", "));
    let rounds: usize = get("--rounds", "1").parse().unwrap();
    let mut r = None;
    for round in 1..=rounds {
        let from = r.as_ref().map_or(start, |r: &musashi_search::alphabeta::tune::TuneResult| r.weights);
        let t = Instant::now();
        let this = tune(&train_l, &from, &config);
        println!(
            "round {round} fitted in {:.1} s: scale {:.1}, {} changes, training loss {:.5} -> {:.5}",
            t.elapsed().as_secs_f64(),
            this.scale,
            this.changes,
            this.loss_before,
            this.loss_after
        );
        println!("weights: {}", this.weights);
        r = Some(this);
    }
    let r = r.expect("at least one round");
    for (name, w) in [("legacy", Weights::legacy()), ("default", Weights::default()), ("fitted", r.weights)] {
        let k = fit_scale(&held_l, &w, ds);
        println!(
            "held out, {name:<8}: loss {:.5} at the fit's scale, {:.5} at its own best scale {k:.0}; sign right {:.2}%",
            loss(&held_l, &w, r.scale, ds),
            loss(&held_l, &w, k, ds),
            100.0 * sign_accuracy(&held_l, &w)
        );
    }
    if let Some(out) = args.iter().position(|a| a == "--out").map(|i| &args[i + 1]) {
        std::fs::write(out, format!("{}\n", r.weights)).unwrap();
        println!("wrote {out}");
    }
    if validate_n > 0 {
        let critical: Vec<Sample> =
            held.iter().filter(|s| is_critical(s)).take(validate_n).map(|s| (*s).clone()).collect();
        println!("validation on {} held-out critical positions, depth {depth}:", critical.len());
        for (name, w) in [("legacy", Weights::legacy()), ("default", Weights::default()), ("fitted", r.weights)] {
            let t = Instant::now();
            let depths = if args.iter().any(|a| a == "--all-depths") { 1..=depth } else { depth..=depth };
            let report = validate_with(rules, &critical, depths, threads, &w);
            println!("{name} ({:.1} s):\n{report}", t.elapsed().as_secs_f64());
        }
    }
    let short: usize = get("--short-range", "0").parse().unwrap();
    if short > 0 {
        let some: Vec<Sample> = held.iter().take(short).map(|s| (*s).clone()).collect();
        for (name, w) in [("legacy", Weights::legacy()), ("default", Weights::default()), ("fitted", r.weights)] {
            let counts: Vec<String> = [2, 4, 6]
                .iter()
                .map(|&d| format!("depth {d}: {}", short_range_failures_with(rules, &some, d, &w).len()))
                .collect();
            println!("short-range failures on {} held-out positions, {name}: {}", some.len(), counts.join(", "));
        }
    }
}
