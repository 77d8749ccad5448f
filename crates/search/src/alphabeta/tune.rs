//! Texel-style tuning: fits the evaluation's linear weights (`Weights::linear`) to positions
//! labelled with their exact result, by logistic regression with coordinate descent on integer
//! weights. Pure: the caller brings the labels (from the solver, through a file: this crate
//! never depends on it) and gets weights back.
//!
//! The model: the General wins with probability `sigmoid(eval / scale)`, `eval` the evaluation
//! for the General (`eval::score`: the terms times the weights, plus `soldier * balance`, the
//! constant, which is fitted too unless `fix_balance`). The loss is the mean cross-entropy against each
//! sample's target: 1 for a General win, and for a soldiers' win in `n` plies
//! `0.5 * n / (n + distance_scale)` (0 with `distance_scale = 0`, the plain result). A positive
//! `distance_scale` makes a long forced win look less certain than a short one, so that the
//! fitted evaluation also orders positions by how far the trap is: the gradient the soldiers
//! need to make progress.

use super::eval::{Features, NUM_FEATURES, Weights, score};

/// One labelled position: its evaluation terms and its exact result.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Labelled {
    /// The evaluation's terms (`eval::features`).
    pub features: Features,
    /// `None`: the General wins; `Some(n)`: the soldiers force a trap in `n` plies.
    pub soldiers_win_in: Option<u32>,
}

/// How to fit.
#[derive(Clone, Debug, PartialEq)]
pub struct TuneConfig {
    /// Weights kept as they are (by `Weights::NAMES` index). `soldier` (the unit) should be.
    pub fixed: [bool; NUM_FEATURES],
    /// See the module documentation (0: plain results).
    pub distance_scale: f64,
    /// The logistic scale in eval units; `None` fits it first, with the starting weights.
    pub scale: Option<f64>,
    /// The largest step tried; steps halve down to 1.
    pub max_step: i32,
    /// At most this many passes over the weights per step size.
    pub max_passes: usize,
    /// Weights are kept within `-limit..=limit`.
    pub limit: i32,
    /// Keep `balance` (the constant) as it is.
    pub fix_balance: bool,
}

impl Default for TuneConfig {
    fn default() -> TuneConfig {
        let mut fixed = [false; NUM_FEATURES];
        fixed[0] = true;
        TuneConfig {
            fixed,
            distance_scale: 0.0,
            scale: None,
            max_step: 16,
            max_passes: 20,
            limit: 400,
            fix_balance: false,
        }
    }
}

/// What the fit found.
#[derive(Clone, Debug, PartialEq)]
pub struct TuneResult {
    /// The fitted weights (the starting weights' non-linear settings kept).
    pub weights: Weights,
    /// The logistic scale used.
    pub scale: f64,
    /// Mean loss of the starting weights (at `scale`).
    pub loss_before: f64,
    /// Mean loss of the fitted weights.
    pub loss_after: f64,
    /// Accepted weight changes.
    pub changes: usize,
}

/// The target probability of a General win for a sample.
pub fn target(s: &Labelled, distance_scale: f64) -> f64 {
    match s.soldiers_win_in {
        None => 1.0,
        Some(_) if distance_scale <= 0.0 => 0.0,
        Some(n) => 0.5 * n as f64 / (n as f64 + distance_scale),
    }
}

fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

/// The mean cross-entropy of `weights` on `samples` at logistic `scale`.
pub fn loss(samples: &[Labelled], weights: &Weights, scale: f64, distance_scale: f64) -> f64 {
    if samples.is_empty() {
        return 0.0;
    }
    let eps = 1e-12;
    let total: f64 = samples
        .iter()
        .map(|s| {
            let p = sigmoid(score(&s.features, weights) as f64 / scale).clamp(eps, 1.0 - eps);
            let t = target(s, distance_scale);
            -(t * p.ln() + (1.0 - t) * (1.0 - p).ln())
        })
        .sum();
    total / samples.len() as f64
}

/// The share of samples whose evaluation has the sign of their result (a General win above 0).
pub fn sign_accuracy(samples: &[Labelled], weights: &Weights) -> f64 {
    let right = samples.iter().filter(|s| (score(&s.features, weights) > 0) == s.soldiers_win_in.is_none()).count();
    right as f64 / samples.len().max(1) as f64
}

/// The logistic scale that fits `weights` best: a golden-section search over 10..=5000.
pub fn fit_scale(samples: &[Labelled], weights: &Weights, distance_scale: f64) -> f64 {
    let f = |k: f64| loss(samples, weights, k, distance_scale);
    let (mut a, mut b) = (10f64.ln(), 5000f64.ln());
    let r = (5f64.sqrt() - 1.0) / 2.0;
    for _ in 0..60 {
        let c = b - r * (b - a);
        let d = a + r * (b - a);
        if f(c.exp()) < f(d.exp()) {
            b = d;
        } else {
            a = c;
        }
    }
    ((a + b) / 2.0).exp()
}

/// The best `balance` for `w` at `scale`, by single steps from `w.balance`.
fn fit_balance(samples: &[Labelled], w: &Weights, scale: f64, ds: f64) -> Weights {
    let mut w = *w;
    let mut best = loss(samples, &w, scale, ds);
    for dir in [1, -1] {
        loop {
            let trial = Weights { balance: w.balance + dir, ..w };
            let l = loss(samples, &trial, scale, ds);
            if l >= best || trial.balance.abs() > 64 {
                break;
            }
            best = l;
            w = trial;
        }
    }
    w
}

/// Fits the weights not `fixed` to `samples`, starting from `start`. Unless `config.scale`
/// gives it, the logistic scale is fitted first (after the constant, unless `fix_balance`),
/// then kept. Then, for each step size from `max_step` down to 1 (halving), passes over the
/// weights (and the constant, by steps of 1) trying `+step` and `-step` and keeping a change
/// that lowers the loss, until a pass changes nothing.
pub fn tune(samples: &[Labelled], start: &Weights, config: &TuneConfig) -> TuneResult {
    let ds = config.distance_scale;
    let scale = config.scale.unwrap_or_else(|| {
        let w = if config.fix_balance {
            *start
        } else {
            let k = fit_scale(samples, start, ds);
            fit_balance(samples, start, k, ds)
        };
        fit_scale(samples, &w, ds)
    });
    let loss_before = loss(samples, start, scale, ds);
    let mut w = *start;
    let mut best = loss_before;
    let mut changes = 0;
    let mut step = config.max_step.max(1);
    loop {
        for _ in 0..config.max_passes {
            let mut improved = false;
            for i in 0..=NUM_FEATURES {
                if i == NUM_FEATURES && config.fix_balance || i < NUM_FEATURES && config.fixed[i] {
                    continue;
                }
                for delta in [step, -step] {
                    let trial = if i == NUM_FEATURES {
                        Weights { balance: w.balance + delta.signum(), ..w }
                    } else {
                        let mut v = w.linear();
                        v[i] = (v[i] + delta).clamp(-config.limit, config.limit);
                        w.with_linear(v)
                    };
                    if trial == w {
                        continue;
                    }
                    let l = loss(samples, &trial, scale, ds);
                    if l < best - 1e-12 {
                        best = l;
                        w = trial;
                        changes += 1;
                        improved = true;
                        break;
                    }
                }
            }
            if !improved {
                break;
            }
        }
        if step == 1 {
            break;
        }
        step /= 2;
    }
    TuneResult { weights: w, scale, loss_before, loss_after: best, changes }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Samples whose General-win probability follows a known logistic model of two terms.
    fn synthetic(true_w: [i32; 2], scale: f64) -> Vec<Labelled> {
        // Deterministic "random" targets: for each feature pair, the share of General wins
        // among 40 copies equals the model's probability (rounded).
        let mut out = Vec::new();
        for a in -5..=5 {
            for b in -5..=5 {
                let mut f = [0i32; NUM_FEATURES];
                f[2] = a; // mobility
                f[4] = b; // room
                let p = sigmoid((true_w[0] * a + true_w[1] * b) as f64 / scale);
                let wins = (p * 40.0).round() as usize;
                for k in 0..40 {
                    out.push(Labelled { features: f, soldiers_win_in: if k < wins { None } else { Some(10) } });
                }
            }
        }
        out
    }

    #[test]
    fn recovers_the_weights_of_a_known_model() {
        let samples = synthetic([30, -20], 100.0);
        let mut config = TuneConfig { scale: Some(100.0), fix_balance: true, ..TuneConfig::default() };
        config.fixed = [true; NUM_FEATURES];
        config.fixed[2] = false;
        config.fixed[4] = false;
        let start = Weights { mobility: 0, room: 0, balance: 0, ..Weights::legacy() };
        let r = tune(&samples, &start, &config);
        assert!(r.loss_after < r.loss_before);
        assert!((r.weights.mobility - 30).abs() <= 2, "{:?}", r.weights);
        assert!((r.weights.room + 20).abs() <= 2, "{:?}", r.weights);
        // Fixed weights are untouched.
        assert_eq!(r.weights.soldier, start.soldier);
        assert_eq!(r.weights.idle, start.idle);
    }

    #[test]
    fn the_scale_fit_finds_the_models_scale() {
        let samples = synthetic([30, -20], 100.0);
        let w = Weights { mobility: 30, room: -20, balance: 0, ..Weights::legacy() };
        // Only the two terms are non-zero in the samples' features.
        let k = fit_scale(&samples, &w, 0.0);
        assert!((k - 100.0).abs() < 8.0, "{k}");
    }

    #[test]
    fn the_constant_is_fitted() {
        // The true model has a constant of +200 (balance 2 at 100 per soldier).
        let mut samples = synthetic([30, -20], 100.0);
        let shifted: Vec<Labelled> = {
            let mut out = Vec::new();
            for a in -5..=5 {
                let mut f = [0i32; NUM_FEATURES];
                f[2] = a;
                let p = sigmoid((30 * a + 200) as f64 / 100.0);
                let wins = (p * 40.0).round() as usize;
                for k in 0..40 {
                    out.push(Labelled { features: f, soldiers_win_in: if k < wins { None } else { Some(10) } });
                }
            }
            out
        };
        samples.clear();
        samples.extend(shifted);
        let mut config = TuneConfig { scale: Some(100.0), ..TuneConfig::default() };
        config.fixed = [true; NUM_FEATURES];
        config.fixed[2] = false;
        let start = Weights { mobility: 0, balance: -3, ..Weights::legacy() };
        let r = tune(&samples, &start, &config);
        assert_eq!(r.weights.balance, 2, "{:?}", r.weights);
        assert!((r.weights.mobility - 30).abs() <= 3, "{:?}", r.weights);
    }

    #[test]
    fn distance_targets_order_soldiers_wins() {
        let f = [0; NUM_FEATURES];
        let t = |n| target(&Labelled { features: f, soldiers_win_in: Some(n) }, 20.0);
        assert!(t(1) < t(10) && t(10) < t(30) && t(30) < 0.5);
        assert_eq!(target(&Labelled { features: f, soldiers_win_in: None }, 20.0), 1.0);
        assert_eq!(target(&Labelled { features: f, soldiers_win_in: Some(30) }, 0.0), 0.0);
    }
}
