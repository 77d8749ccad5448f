//! Ratings: maximum-likelihood Bradley–Terry (Elo) fits over the games of a tournament, with a
//! side-advantage term, error bars from the inverse Hessian, and an anchor fixed at 0.
//!
//! Two models (`docs/ratings.md`):
//!
//! - **Overall** (`fit_ratings`): one rating `r` per player and one side advantage `h` for the
//!   General: P(a, playing the General, beats b, playing the soldiers) = σ((r_a − r_b + h)·k)
//!   with k = ln 10 / 400. `h` is negative when the soldiers are favoured.
//! - **Per side** (`fit_side_ratings`): two ratings per player, `g` when it plays the General and
//!   `s` when it plays the soldiers: P(a as General beats b as soldiers) = σ((g_a − s_b + h)·k).
//!   Fixing the anchor's `g` and `s` at 0 makes `h` the General's advantage between two copies
//!   of the anchor, and every other rating a strength relative to the anchor on that side.
//!
//! Both are fitted by Newton's method on the log-likelihood (concave), with backtracking. A weak
//! Gaussian prior (standard deviation `FitOptions::prior_sd`, in Elo) on every free parameter
//! keeps the fit finite when a player won or lost every game (the maximum-likelihood estimate
//! is then infinite); with hundreds of games it moves a rating by well under its error bar.
//! Error bars are the square roots of the diagonal of the inverse of the negative Hessian at
//! the optimum (the asymptotic covariance), in Elo, relative to the anchor.

use std::fmt;

/// ln 10 / 400: Elo points to natural log-odds.
const K: f64 = std::f64::consts::LN_10 / 400.0;

/// One game for the fit: who played which side, and who won.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct RatedGame {
    /// Index of the player who played the General.
    pub general: usize,
    /// Index of the player who played the soldiers.
    pub soldiers: usize,
    /// Whether the General won.
    pub general_won: bool,
}

/// How to fit.
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct FitOptions {
    /// The player fixed at rating 0.
    pub anchor: usize,
    /// Standard deviation of the Gaussian prior on every free parameter, in Elo (0 = none:
    /// pure maximum likelihood, which diverges when a player wins or loses every game).
    pub prior_sd: f64,
    /// Newton iterations at most.
    pub max_iterations: u32,
}

impl Default for FitOptions {
    fn default() -> Self {
        FitOptions { anchor: 0, prior_sd: 1000.0, max_iterations: 100 }
    }
}

/// Why a fit could not be made.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum RatingError {
    /// Some player is not connected to the anchor by games (and there is no prior).
    Undetermined,
    /// The fit's information matrix cannot be inverted.
    Singular,
    /// The anchor is not a player.
    BadAnchor {
        /// The anchor's index.
        anchor: usize,
        /// Players in the fit.
        players: usize,
    },
    /// A game names a player that does not exist.
    BadPlayer {
        /// The index named.
        player: usize,
        /// Players in the fit.
        players: usize,
    },
    /// The prior's standard deviation is negative or not finite.
    BadPrior,
}

impl fmt::Display for RatingError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RatingError::Undetermined => f.write_str(
                "the ratings are not determined by these games (some player is not connected to the anchor; give a prior)",
            ),
            RatingError::Singular => f.write_str("singular information matrix"),
            RatingError::BadAnchor { anchor, players } => {
                write!(f, "anchor {anchor} is not one of the {players} players")
            }
            RatingError::BadPlayer { player, players } => write!(f, "a game names player {player} of {players}"),
            RatingError::BadPrior => f.write_str("prior_sd must be a finite number >= 0"),
        }
    }
}

impl std::error::Error for RatingError {}

/// The overall model's fit.
#[derive(Clone, PartialEq, Debug)]
pub struct Ratings {
    /// Elo per player (the anchor's is 0).
    pub elo: Vec<f64>,
    /// Standard error per player, in Elo (the anchor's is 0).
    pub err: Vec<f64>,
    /// The General's advantage in Elo (negative: the soldiers are favoured).
    pub side_advantage: f64,
    /// Its standard error.
    pub side_advantage_err: f64,
    /// Newton iterations used.
    pub iterations: u32,
    /// Log-likelihood of the games at the optimum (without the prior).
    pub log_likelihood: f64,
}

/// The per-side model's fit.
#[derive(Clone, PartialEq, Debug)]
pub struct SideRatings {
    /// Elo per player when it plays the General (the anchor's is 0).
    pub general: Vec<f64>,
    /// Standard errors of `general`.
    pub general_err: Vec<f64>,
    /// Elo per player when it plays the soldiers (the anchor's is 0).
    pub soldiers: Vec<f64>,
    /// Standard errors of `soldiers`.
    pub soldiers_err: Vec<f64>,
    /// The General's advantage between two copies of the anchor, in Elo.
    pub side_advantage: f64,
    /// Its standard error.
    pub side_advantage_err: f64,
    /// Newton iterations used.
    pub iterations: u32,
}

impl Ratings {
    /// The probability that `a` playing the General beats `b` playing the soldiers.
    pub fn p_general_wins(&self, a: usize, b: usize) -> f64 {
        sigmoid(K * (self.elo[a] - self.elo[b] + self.side_advantage))
    }
}

impl SideRatings {
    /// The probability that `a` playing the General beats `b` playing the soldiers.
    pub fn p_general_wins(&self, a: usize, b: usize) -> f64 {
        sigmoid(K * (self.general[a] - self.soldiers[b] + self.side_advantage))
    }
}

fn sigmoid(z: f64) -> f64 {
    if z >= 0.0 {
        1.0 / (1.0 + (-z).exp())
    } else {
        let e = z.exp();
        e / (1.0 + e)
    }
}

/// ln(1 + e^z) without overflow.
fn softplus(z: f64) -> f64 {
    if z > 0.0 { z + (-z).exp().ln_1p() } else { z.exp().ln_1p() }
}

/// The Elo difference that gives `score` (clamped away from 0 and 1).
pub fn elo_from_score(score: f64) -> f64 {
    let s = score.clamp(1e-6, 1.0 - 1e-6);
    400.0 * (s / (1.0 - s)).log10()
}

/// A group of games with the same design row: `x · θ` is the General's Elo edge.
struct Group {
    /// (parameter, coefficient) pairs.
    x: Vec<(usize, f64)>,
    wins: f64,
    games: f64,
}

/// The result of the generic fit: parameters, covariance, iterations, log-likelihood.
struct Fit {
    theta: Vec<f64>,
    cov: Vec<Vec<f64>>,
    iterations: u32,
    log_likelihood: f64,
}

fn log_likelihood(groups: &[Group], theta: &[f64]) -> f64 {
    groups
        .iter()
        .map(|g| {
            let z = K * g.x.iter().map(|&(i, c)| c * theta[i]).sum::<f64>();
            g.wins * z - g.games * softplus(z)
        })
        .sum()
}

fn objective(groups: &[Group], theta: &[f64], prior_sd: f64) -> f64 {
    let prior =
        if prior_sd > 0.0 { theta.iter().map(|t| t * t).sum::<f64>() / (2.0 * prior_sd * prior_sd) } else { 0.0 };
    log_likelihood(groups, theta) - prior
}

/// Newton's method on the penalised log-likelihood of a logistic model in `n` parameters.
fn newton(n: usize, groups: &[Group], options: &FitOptions) -> Result<Fit, RatingError> {
    let prior = if options.prior_sd > 0.0 { 1.0 / (options.prior_sd * options.prior_sd) } else { 0.0 };
    let mut theta = vec![0.0; n];
    let mut iterations = 0;
    let mut info = vec![vec![0.0; n]; n];
    loop {
        // Gradient and the negative Hessian (the observed information).
        let mut grad: Vec<f64> = theta.iter().map(|t| -t * prior).collect();
        for row in info.iter_mut() {
            row.fill(0.0);
        }
        for (i, row) in info.iter_mut().enumerate() {
            row[i] = prior;
        }
        for g in groups {
            let z = K * g.x.iter().map(|&(i, c)| c * theta[i]).sum::<f64>();
            let p = sigmoid(z);
            let w = K * K * g.games * p * (1.0 - p);
            for &(i, ci) in &g.x {
                grad[i] += K * ci * (g.wins - g.games * p);
                for &(j, cj) in &g.x {
                    info[i][j] += w * ci * cj;
                }
            }
        }
        if iterations >= options.max_iterations {
            break;
        }
        let step = solve(&info, &grad).ok_or(RatingError::Undetermined)?;
        iterations += 1;
        // Backtracking: the objective is concave, so a halved step eventually improves it.
        let before = objective(groups, &theta, options.prior_sd);
        let mut scale = 1.0;
        let mut next = theta.clone();
        loop {
            for i in 0..n {
                next[i] = theta[i] + scale * step[i];
            }
            if objective(groups, &next, options.prior_sd) >= before - 1e-12 || scale < 1e-6 {
                break;
            }
            scale *= 0.5;
        }
        let moved = step.iter().map(|s| (s * scale).abs()).fold(0.0, f64::max);
        theta.clone_from(&next);
        if moved < 1e-7 {
            break;
        }
    }
    let cov = invert(&info).ok_or(RatingError::Singular)?;
    let log_likelihood = log_likelihood(groups, &theta);
    Ok(Fit { theta, cov, iterations, log_likelihood })
}

/// Cholesky factor of a symmetric positive definite matrix (lower triangle), if it is one.
fn cholesky(a: &[Vec<f64>]) -> Option<Vec<Vec<f64>>> {
    let n = a.len();
    let mut l = vec![vec![0.0; n]; n];
    for i in 0..n {
        for j in 0..=i {
            let s: f64 = a[i][j] - (0..j).map(|k| l[i][k] * l[j][k]).sum::<f64>();
            if i == j {
                if s <= 1e-300 {
                    return None;
                }
                l[i][i] = s.sqrt();
            } else {
                l[i][j] = s / l[j][j];
            }
        }
    }
    Some(l)
}

fn cholesky_solve(l: &[Vec<f64>], b: &[f64]) -> Vec<f64> {
    let n = l.len();
    let mut y = vec![0.0; n];
    for i in 0..n {
        y[i] = (b[i] - (0..i).map(|k| l[i][k] * y[k]).sum::<f64>()) / l[i][i];
    }
    let mut x = vec![0.0; n];
    for i in (0..n).rev() {
        x[i] = (y[i] - (i + 1..n).map(|k| l[k][i] * x[k]).sum::<f64>()) / l[i][i];
    }
    x
}

fn solve(a: &[Vec<f64>], b: &[f64]) -> Option<Vec<f64>> {
    cholesky(a).map(|l| cholesky_solve(&l, b))
}

fn invert(a: &[Vec<f64>]) -> Option<Vec<Vec<f64>>> {
    let l = cholesky(a)?;
    let n = a.len();
    let mut inv = vec![vec![0.0; n]; n];
    for j in 0..n {
        let mut e = vec![0.0; n];
        e[j] = 1.0;
        let col = cholesky_solve(&l, &e);
        for i in 0..n {
            inv[i][j] = col[i];
        }
    }
    Some(inv)
}

fn check(players: usize, games: &[RatedGame], options: &FitOptions) -> Result<(), RatingError> {
    if options.anchor >= players {
        return Err(RatingError::BadAnchor { anchor: options.anchor, players });
    }
    if let Some(g) = games.iter().find(|g| g.general >= players || g.soldiers >= players) {
        return Err(RatingError::BadPlayer { player: g.general.max(g.soldiers), players });
    }
    if !(options.prior_sd >= 0.0 && options.prior_sd.is_finite()) {
        return Err(RatingError::BadPrior);
    }
    Ok(())
}

/// Counts the games per (General, soldiers) pairing: (wins of the General, games).
fn tally(players: usize, games: &[RatedGame]) -> Vec<((usize, usize), (f64, f64))> {
    let mut t = vec![(0.0, 0.0); players * players];
    for g in games {
        let c = &mut t[g.general * players + g.soldiers];
        c.0 += f64::from(u8::from(g.general_won));
        c.1 += 1.0;
    }
    t.into_iter().enumerate().filter(|(_, c)| c.1 > 0.0).map(|(k, c)| ((k / players, k % players), c)).collect()
}

/// Fits the overall model: one Elo per player and the General's advantage.
pub fn fit_ratings(players: usize, games: &[RatedGame], options: &FitOptions) -> Result<Ratings, RatingError> {
    check(players, games, options)?;
    // Parameters: the players other than the anchor, in order, then h.
    let index = |p: usize| if p == options.anchor { None } else { Some(if p < options.anchor { p } else { p - 1 }) };
    let h = players - 1;
    let groups: Vec<Group> = tally(players, games)
        .into_iter()
        .map(|((a, b), (wins, n))| {
            let mut x = vec![(h, 1.0)];
            if a != b {
                x.extend(index(a).map(|i| (i, 1.0)));
                x.extend(index(b).map(|i| (i, -1.0)));
            }
            Group { x, wins, games: n }
        })
        .collect();
    let fit = newton(players, &groups, options)?;
    let value = |p: usize| index(p).map_or(0.0, |i| fit.theta[i]);
    let err = |p: usize| index(p).map_or(0.0, |i| fit.cov[i][i].sqrt());
    Ok(Ratings {
        elo: (0..players).map(value).collect(),
        err: (0..players).map(err).collect(),
        side_advantage: fit.theta[h],
        side_advantage_err: fit.cov[h][h].sqrt(),
        iterations: fit.iterations,
        log_likelihood: fit.log_likelihood,
    })
}

/// Fits the per-side model: an Elo per player and side, and the General's advantage.
pub fn fit_side_ratings(players: usize, games: &[RatedGame], options: &FitOptions) -> Result<SideRatings, RatingError> {
    check(players, games, options)?;
    let others = players - 1;
    let index = |p: usize| if p == options.anchor { None } else { Some(if p < options.anchor { p } else { p - 1 }) };
    let h = 2 * others;
    let groups: Vec<Group> = tally(players, games)
        .into_iter()
        .map(|((a, b), (wins, n))| {
            let mut x = vec![(h, 1.0)];
            x.extend(index(a).map(|i| (i, 1.0)));
            x.extend(index(b).map(|i| (others + i, -1.0)));
            Group { x, wins, games: n }
        })
        .collect();
    let fit = newton(2 * others + 1, &groups, options)?;
    let value = |p: usize, off: usize| index(p).map_or(0.0, |i| fit.theta[off + i]);
    let err = |p: usize, off: usize| index(p).map_or(0.0, |i| fit.cov[off + i][off + i].sqrt());
    Ok(SideRatings {
        general: (0..players).map(|p| value(p, 0)).collect(),
        general_err: (0..players).map(|p| err(p, 0)).collect(),
        soldiers: (0..players).map(|p| value(p, others)).collect(),
        soldiers_err: (0..players).map(|p| err(p, others)).collect(),
        side_advantage: fit.theta[h],
        side_advantage_err: fit.cov[h][h].sqrt(),
        iterations: fit.iterations,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::rngs::SmallRng;
    use rand::{Rng, SeedableRng};

    /// Every ordered pairing of distinct players plays `n` games with the true probabilities.
    fn simulate(players: usize, n: usize, seed: u64, p: impl Fn(usize, usize) -> f64) -> Vec<RatedGame> {
        let mut rng = SmallRng::seed_from_u64(seed);
        let mut games = Vec::new();
        for a in 0..players {
            for b in 0..players {
                if a == b {
                    continue;
                }
                for _ in 0..n {
                    games.push(RatedGame { general: a, soldiers: b, general_won: rng.random::<f64>() < p(a, b) });
                }
            }
        }
        games
    }

    const TRUE: [f64; 6] = [0.0, -200.0, 100.0, 250.0, 400.0, -350.0];
    const H: f64 = -120.0;

    #[test]
    fn recovers_known_strengths_within_error_bars() {
        let games = simulate(6, 300, 1, |a, b| sigmoid(K * (TRUE[a] - TRUE[b] + H)));
        let r = fit_ratings(6, &games, &FitOptions::default()).unwrap();
        assert_eq!(r.elo[0], 0.0);
        assert_eq!(r.err[0], 0.0);
        for i in 1..6 {
            assert!(r.err[i] > 5.0 && r.err[i] < 40.0, "player {i}: error bar {}", r.err[i]);
            assert!(
                (r.elo[i] - TRUE[i]).abs() < 3.0 * r.err[i],
                "player {i}: {} ± {} vs {}",
                r.elo[i],
                r.err[i],
                TRUE[i]
            );
        }
        assert!(
            (r.side_advantage - H).abs() < 3.0 * r.side_advantage_err,
            "h {} ± {}",
            r.side_advantage,
            r.side_advantage_err
        );
        assert!(r.iterations < 20);
        assert!(r.log_likelihood < 0.0);
    }

    #[test]
    fn error_bars_cover_the_truth_about_two_thirds_of_the_time() {
        // 30 tournaments of 40 games per pairing: count estimates within one standard error.
        let (mut inside, mut total) = (0, 0);
        for seed in 0..30 {
            let games = simulate(6, 40, 100 + seed, |a, b| sigmoid(K * (TRUE[a] - TRUE[b] + H)));
            let r = fit_ratings(6, &games, &FitOptions::default()).unwrap();
            for i in 1..6 {
                total += 1;
                inside += ((r.elo[i] - TRUE[i]).abs() <= r.err[i]) as usize;
            }
        }
        let share = inside as f64 / total as f64;
        assert!((0.55..=0.82).contains(&share), "{inside}/{total} inside one standard error");
    }

    #[test]
    fn recovers_per_side_strengths() {
        let g = [0.0, 150.0, -100.0, 300.0];
        let s = [0.0, -50.0, 200.0, 250.0];
        let h = 80.0;
        let games = simulate(4, 400, 2, |a, b| sigmoid(K * (g[a] - s[b] + h)));
        // Also copies of the anchor against itself: they pin h between two anchors.
        let mut games = games;
        let mut rng = SmallRng::seed_from_u64(9);
        for _ in 0..400 {
            games.push(RatedGame { general: 0, soldiers: 0, general_won: rng.random::<f64>() < sigmoid(K * h) });
        }
        let r = fit_side_ratings(4, &games, &FitOptions::default()).unwrap();
        for i in 1..4 {
            assert!(
                (r.general[i] - g[i]).abs() < 3.0 * r.general_err[i],
                "g{i} {} ± {}",
                r.general[i],
                r.general_err[i]
            );
            assert!(
                (r.soldiers[i] - s[i]).abs() < 3.0 * r.soldiers_err[i],
                "s{i} {} ± {}",
                r.soldiers[i],
                r.soldiers_err[i]
            );
        }
        assert!((r.side_advantage - h).abs() < 3.0 * r.side_advantage_err);
        let p = r.p_general_wins(3, 2);
        assert!((p - sigmoid(K * (g[3] - s[2] + h))).abs() < 0.06, "{p}");
    }

    #[test]
    fn lopsided_results_stay_finite_and_bad_input_is_refused() {
        // Player 1 wins every game: pure ML would diverge; the prior keeps it finite and large.
        let mut games = Vec::new();
        for _ in 0..20 {
            games.push(RatedGame { general: 1, soldiers: 0, general_won: true });
            games.push(RatedGame { general: 0, soldiers: 1, general_won: false });
        }
        let r = fit_ratings(2, &games, &FitOptions::default()).unwrap();
        assert!(r.elo[1] > 400.0 && r.elo[1].is_finite(), "{}", r.elo[1]);
        assert!(fit_ratings(2, &games, &FitOptions { anchor: 2, ..FitOptions::default() }).is_err());
        let bad = [RatedGame { general: 0, soldiers: 5, general_won: true }];
        assert!(fit_ratings(2, &bad, &FitOptions::default()).is_err());
        // A player without games keeps the prior: rating 0 with a wide error bar.
        let r = fit_ratings(3, &games, &FitOptions::default()).unwrap();
        assert!(r.elo[2].abs() < 1e-6 && r.err[2] > 500.0);
        // Without a prior, a disconnected player is an error, not a silent number.
        let none = FitOptions { prior_sd: 0.0, ..FitOptions::default() };
        let few = [
            RatedGame { general: 0, soldiers: 1, general_won: true },
            RatedGame { general: 1, soldiers: 0, general_won: true },
        ];
        assert!(fit_ratings(3, &few, &none).is_err());
        assert!((elo_from_score(0.5)).abs() < 1e-9);
        assert!((elo_from_score(crate::expected_score(200.0)) - 200.0).abs() < 1e-6);
    }
}
