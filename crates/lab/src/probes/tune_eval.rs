//! `musashi-lab tune-eval`: fits alpha-beta's evaluation weights to exact values (Texel-style,
//! `alphabeta::tune`) and checks the fit on held-out positions (docs/alphabeta.md).
//!
//! musashi-lab dump-labels --out labels.txt
//! musashi-lab tune-eval labels.txt [--distance-scale D] [--start legacy|default|FILE] [--rounds N]
//!     [--scale K] [--free-soldier] [--limit L] [--fix NAME=VALUE]... [--out weights.txt]
//!     [--validate N] [--depth 6] [--all-depths] [--short-range N] [--threads 2]
//!
//! The file holds 25-point positions (threshold 5) with their solved-form values (the format
//! of `validation::parse_sample`). Every fifth line is held out; the fit starts from `--start`
//! (each of `--rounds` starts from the last one's result, its logistic scale fitted again) with
//! `soldier` (the unit) fixed unless `--free-soldier` (then give the logistic scale with
//! `--scale`: the units come from it), and terms that are zero on every sample (the setchin's,
//! `late_room`: no move limit in the solved form) stay as they are. `--validate N` searches the
//! first `N` held-out critical positions with the legacy, the default and the fitted weights
//! and prints each validation report (at `--depth`, or every depth up to it with
//! `--all-depths`); `--short-range N` counts `short_range_failures` on the first `N` held-out
//! positions at depths 2, 4 and 6. `alphabeta:weights=FILE` plays the weights `--out` writes.

use anyhow::{Context, Result, anyhow};
use musashi_agents::alphabeta_weights;
use musashi_game::{Board, Preset, Ruleset};
use musashi_search::alphabeta::tune::{Labelled, TuneConfig, TuneResult, fit_scale, loss, sign_accuracy, tune};
use musashi_search::alphabeta::{NUM_FEATURES, Weights, features};
use musashi_search::validation::{
    Sample, is_critical, parse_sample, short_range_failures_with, soldiers_win_in, validate_with,
};
use std::path::PathBuf;
use std::time::Instant;

#[derive(clap::Args, Debug)]
pub(crate) struct Args {
    /// The labelled positions (`dump-labels`).
    labels: PathBuf,
    /// Weight of the distance to the trap in the fitted target (0: win or loss only).
    #[arg(long, default_value_t = 0.0)]
    distance_scale: f64,
    /// The weights to start from: default, legacy or a file of name=value pairs.
    #[arg(long, default_value = "default")]
    start: String,
    /// Rounds of fitting, each from the last one's result (at least 1).
    #[arg(long, default_value_t = 1, value_parser = clap::builder::RangedU64ValueParser::<usize>::new().range(1..))]
    rounds: usize,
    /// The logistic scale, fixed (with --free-soldier the units come from it).
    #[arg(long)]
    scale: Option<f64>,
    /// Let the soldier's weight (the unit) change too.
    #[arg(long)]
    free_soldier: bool,
    /// The fit's largest weight in absolute value.
    #[arg(long)]
    limit: Option<i32>,
    /// A weight held at a value, NAME=VALUE (repeatable).
    #[arg(long = "fix", value_name = "NAME=VALUE")]
    fixes: Vec<String>,
    /// Write the fitted weights here.
    #[arg(long)]
    out: Option<PathBuf>,
    /// Search this many held-out critical positions with each set of weights.
    #[arg(long, default_value_t = 0)]
    validate: usize,
    /// The validation's depth (1 to 20).
    #[arg(long, default_value_t = 6, value_parser = clap::value_parser!(u32).range(1..=20))]
    depth: u32,
    /// Validate at every depth up to --depth.
    #[arg(long)]
    all_depths: bool,
    /// Count short-range failures on this many held-out positions.
    #[arg(long, default_value_t = 0)]
    short_range: usize,
    /// Threads of the validation (1 to 256).
    #[arg(long, default_value_t = 2, value_parser = clap::builder::RangedU64ValueParser::<usize>::new().range(1..=256))]
    threads: usize,
}

/// The samples of the labels file, every fifth held out: (to fit, held out).
fn read_samples(file: &PathBuf, rules: &Ruleset) -> Result<(Vec<Sample>, Vec<Sample>)> {
    let text = std::fs::read_to_string(file).with_context(|| format!("cannot read {}", file.display()))?;
    let (mut train, mut held) = (Vec::new(), Vec::new());
    for (i, l) in text.lines().enumerate() {
        let s = parse_sample(Board::Square25, rules.threshold(), l)
            .map_err(|e| anyhow!("{}:{}: {e}", file.display(), i + 1))?;
        if i % 5 == 0 { held.push(s) } else { train.push(s) }
    }
    Ok((train, held))
}

/// The fit's settings from the flags, and the start with the --fix values in it.
fn tune_config(a: &Args, mut start: Weights, train: &[Labelled]) -> Result<(TuneConfig, Weights)> {
    let mut config = TuneConfig { distance_scale: a.distance_scale, scale: a.scale, ..TuneConfig::default() };
    config.fixed[0] = !a.free_soldier;
    for fix in &a.fixes {
        let (name, v) = fix.split_once('=').ok_or_else(|| anyhow!("--fix {fix}: expected NAME=VALUE"))?;
        let k = Weights::NAMES.iter().position(|n| *n == name).ok_or_else(|| anyhow!("--fix: no weight {name}"))?;
        let mut lin = start.linear();
        lin[k] = v.parse().with_context(|| format!("--fix {fix}"))?;
        start = start.with_linear(lin);
        config.fixed[k] = true;
    }
    if let Some(l) = a.limit {
        config.limit = l;
    }
    for i in 0..NUM_FEATURES {
        if train.iter().all(|s| s.features[i] == 0) {
            config.fixed[i] = true;
        }
    }
    Ok((config, start))
}

pub(crate) fn run(a: Args) -> Result<()> {
    let rules = Preset::NoSetchin.ruleset();
    let (train, held) = read_samples(&a.labels, &rules)?;
    let start = alphabeta_weights(&a.start).map_err(|e| anyhow!("--start: {e}"))?;
    let label = |s: &Sample| Labelled {
        features: features(&s.pos, rules.threshold(), None, &start),
        soldiers_win_in: soldiers_win_in(s),
    };
    let train_l: Vec<Labelled> = train.iter().map(label).collect();
    let held_l: Vec<Labelled> = held.iter().map(label).collect();
    let general_wins = train_l.iter().filter(|s| s.soldiers_win_in.is_none()).count();
    println!(
        "{} samples: {} to fit ({general_wins} General wins), {} held out",
        train.len() + held.len(),
        train_l.len(),
        held_l.len()
    );
    let (config, start) = tune_config(&a, start, &train_l)?;
    let fixed: Vec<&str> = (0..NUM_FEATURES).filter(|&i| config.fixed[i]).map(|i| Weights::NAMES[i]).collect();
    println!("fixed: {}", fixed.join(", "));
    let mut r: Option<TuneResult> = None;
    for round in 1..=a.rounds {
        let from = r.as_ref().map_or(start, |r| r.weights);
        let t = Instant::now();
        let this = tune(&train_l, &from, &config);
        println!(
            "round {round} fitted in {:.1} s: scale {:.1}, {} changes, training loss {:.5} -> {:.5}\nweights: {}",
            t.elapsed().as_secs_f64(),
            this.scale,
            this.changes,
            this.loss_before,
            this.loss_after,
            this.weights
        );
        r = Some(this);
    }
    let r = r.expect("at least one round");
    let sets = [("legacy", Weights::legacy()), ("default", Weights::default()), ("fitted", r.weights)];
    for (name, w) in sets {
        let k = fit_scale(&held_l, &w, a.distance_scale);
        println!(
            "held out, {name:<8}: loss {:.5} at the fit's scale, {:.5} at its own best scale {k:.0}; sign right {:.2}%",
            loss(&held_l, &w, r.scale, a.distance_scale),
            loss(&held_l, &w, k, a.distance_scale),
            100.0 * sign_accuracy(&held_l, &w)
        );
    }
    if let Some(out) = &a.out {
        std::fs::write(out, format!("{}\n", r.weights)).with_context(|| format!("cannot write {}", out.display()))?;
        println!("wrote {}", out.display());
    }
    check_in_search(&a, rules, &held, &sets);
    Ok(())
}

/// `--validate` and `--short-range`: each set of weights searching held-out positions.
fn check_in_search(a: &Args, rules: Ruleset, held: &[Sample], sets: &[(&str, Weights)]) {
    if a.validate > 0 {
        let critical: Vec<Sample> = held.iter().filter(|s| is_critical(s)).take(a.validate).cloned().collect();
        println!("validation on {} held-out critical positions, depth {}:", critical.len(), a.depth);
        for (name, w) in sets {
            let t = Instant::now();
            let depths = if a.all_depths { 1..=a.depth } else { a.depth..=a.depth };
            let report = validate_with(rules, &critical, depths, a.threads, w);
            println!("{name} ({:.1} s):\n{report}", t.elapsed().as_secs_f64());
        }
    }
    if a.short_range > 0 {
        let some: Vec<Sample> = held.iter().take(a.short_range).cloned().collect();
        for (name, w) in sets {
            let counts: Vec<String> = [2, 4, 6]
                .iter()
                .map(|&d| format!("depth {d}: {}", short_range_failures_with(rules, &some, d, w).len()))
                .collect();
            println!("short-range failures on {} held-out positions, {name}: {}", some.len(), counts.join(", "));
        }
    }
}
