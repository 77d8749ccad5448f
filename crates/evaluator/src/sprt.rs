//! Sequential probability ratio test for gating: is the candidate at least `elo1` stronger
//! than the incumbent (H1), or at most `elo0` (H0)? Each game scores 1 (candidate won) or 0
//! (the game has no draws), a Bernoulli trial with p = expected_score(elo). The candidate plays
//! both sides equally often, so the side advantage cancels out on average (`docs/ratings.md`
//! discusses the approximation). Wald's bounds: accept H1 when the log-likelihood ratio reaches
//! ln((1 − β)/α), H0 when it falls to ln(β/(1 − α)).

/// Where the test stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SprtDecision {
    /// Keep playing.
    Continue,
    /// H1 accepted: the candidate is stronger.
    AcceptH1,
    /// H0 accepted: it is not.
    AcceptH0,
}

/// The test's state.
#[derive(Clone, Debug, PartialEq)]
pub struct Sprt {
    p0: f64,
    p1: f64,
    lower: f64,
    upper: f64,
    llr: f64,
    wins: u64,
    losses: u64,
}

/// The expected score of a player `elo` points stronger.
pub fn expected_score(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

impl Sprt {
    /// A test of H0: Elo ≤ `elo0` against H1: Elo ≥ `elo1` with error rates `alpha` (false
    /// promotion) and `beta` (false rejection).
    pub fn new(elo0: f64, elo1: f64, alpha: f64, beta: f64) -> Sprt {
        assert!(elo1 > elo0 && alpha > 0.0 && beta > 0.0 && alpha < 1.0 && beta < 1.0);
        Sprt {
            p0: expected_score(elo0),
            p1: expected_score(elo1),
            lower: (beta / (1.0 - alpha)).ln(),
            upper: ((1.0 - beta) / alpha).ln(),
            llr: 0.0,
            wins: 0,
            losses: 0,
        }
    }

    /// Records one game (true = the candidate won) and returns the decision. Once the test
    /// has decided, further games are ignored: the decision is final.
    pub fn record(&mut self, candidate_won: bool) -> SprtDecision {
        if self.decision() != SprtDecision::Continue {
            return self.decision();
        }
        if candidate_won {
            self.wins += 1;
            self.llr += (self.p1 / self.p0).ln();
        } else {
            self.losses += 1;
            self.llr += ((1.0 - self.p1) / (1.0 - self.p0)).ln();
        }
        self.decision()
    }

    /// The current decision.
    pub fn decision(&self) -> SprtDecision {
        if self.llr >= self.upper {
            SprtDecision::AcceptH1
        } else if self.llr <= self.lower {
            SprtDecision::AcceptH0
        } else {
            SprtDecision::Continue
        }
    }

    /// The log-likelihood ratio so far.
    pub fn llr(&self) -> f64 {
        self.llr
    }

    /// Games won and lost by the candidate.
    pub fn record_counts(&self) -> (u64, u64) {
        (self.wins, self.losses)
    }

    /// The bounds (lower, upper) of the log-likelihood ratio.
    pub fn bounds(&self) -> (f64, f64) {
        (self.lower, self.upper)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A seeded stream of games with a true winning probability.
    fn run(p: f64, seed: u64) -> (SprtDecision, u64) {
        let mut s = Sprt::new(0.0, 50.0, 0.05, 0.05);
        let mut x = seed;
        for n in 1..=100_000u64 {
            x = x.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            let u = (x >> 11) as f64 / (1u64 << 53) as f64;
            let d = s.record(u < p);
            if d != SprtDecision::Continue {
                return (d, n);
            }
        }
        (SprtDecision::Continue, 100_000)
    }

    #[test]
    fn decides_the_right_way_on_synthetic_streams() {
        let strong = expected_score(120.0);
        let weak = expected_score(-40.0);
        let mut right = 0;
        for seed in 0..40 {
            if run(strong, seed).0 == SprtDecision::AcceptH1 {
                right += 1;
            }
            if run(weak, seed + 1000).0 == SprtDecision::AcceptH0 {
                right += 1;
            }
        }
        assert!(right >= 76, "{right}/80 correct decisions");
        // A clearly stronger candidate is decided quickly.
        assert!(run(expected_score(300.0), 7).1 < 60);
    }

    #[test]
    fn the_ratio_is_wald_s_and_a_decision_is_final() {
        let mut s = Sprt::new(0.0, 100.0, 0.05, 0.05);
        let (p0, p1) = (0.5, expected_score(100.0));
        s.record(true);
        s.record(false);
        let want = (p1 / p0).ln() + ((1.0 - p1) / (1.0 - p0)).ln();
        assert!((s.llr() - want).abs() < 1e-12);
        let mut n = 2;
        while s.record(true) == SprtDecision::Continue {
            n += 1;
        }
        // From -0.0817 after the first pair, 13 wins of +0.2470 reach ln(0.95/0.05) = 2.944.
        assert_eq!(n + 1, 15);
        assert_eq!(s.decision(), SprtDecision::AcceptH1);
        for _ in 0..50 {
            assert_eq!(s.record(false), SprtDecision::AcceptH1);
        }
        assert_eq!(s.record_counts(), (14, 1));
    }

    #[test]
    fn bounds_follow_the_error_rates() {
        let s = Sprt::new(0.0, 35.0, 0.05, 0.05);
        let (lo, hi) = s.bounds();
        assert!((lo + 2.944).abs() < 1e-3 && (hi - 2.944).abs() < 1e-3);
        assert_eq!(s.decision(), SprtDecision::Continue);
    }
}
