//! Calibration helpers of `musashi export`: a timed agent wrapper, one measured candidate, and
//! the rule that picks a level's candidate (closest to the target score, or the strongest
//! within the per-move time budget).

use crate::config::LevelConfig;
use musashi_evaluator::Behaviour;
use musashi_game::Side;
use musashi_search::{Agent, Choice, PlaySettings};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Instant;

/// Times an agent's moves.
pub(crate) struct Timed {
    pub(crate) inner: Box<dyn Agent>,
    pub(crate) nanos: Arc<AtomicU64>,
    pub(crate) moves: Arc<AtomicU64>,
}

impl Agent for Timed {
    fn name(&self) -> String {
        self.inner.name()
    }
    fn new_game(&mut self, seed: u64) {
        self.inner.new_game(seed);
    }
    fn choose(&mut self, game: &musashi_game::Game) -> Choice {
        let t = Instant::now();
        let c = self.inner.choose(game);
        self.nanos.fetch_add(t.elapsed().as_nanos() as u64, Ordering::Relaxed);
        self.moves.fetch_add(1, Ordering::Relaxed);
        c
    }
}

/// One measured candidate.
#[derive(Clone, Debug)]
pub(crate) struct Measurement {
    pub(crate) level: &'static str,
    pub(crate) side: Side,
    /// The candidate's agent, by its canonical spec.
    pub(crate) spec: String,
    /// The weight file in the bundle.
    pub(crate) file: String,
    pub(crate) settings: PlaySettings,
    pub(crate) opponent: String,
    pub(crate) games: usize,
    pub(crate) wins: usize,
    pub(crate) ms_per_move: f64,
    /// Player index in the ratings fit.
    pub(crate) player: usize,
    /// How it played in these games.
    pub(crate) behaviour: Behaviour,
}

impl Measurement {
    pub(crate) fn score(&self) -> f64 {
        self.wins as f64 / self.games as f64
    }
}

/// Picks the measured candidate for a level: the one closest to the target score (ties: the
/// earlier), or with no target the highest score within the time budget (ties: the later, the
/// candidates being listed in increasing effort).
pub(crate) fn pick(level: &LevelConfig, ms: &[&Measurement]) -> usize {
    let fits = |m: &Measurement| level.ms_per_move <= 0.0 || m.ms_per_move <= level.ms_per_move;
    match level.target {
        Some(t) => {
            let mut best = 0;
            for (i, m) in ms.iter().enumerate() {
                let d = |m: &Measurement| (m.score() - t).abs() + if fits(m) { 0.0 } else { 10.0 };
                if d(m) < d(ms[best]) - 1e-12 {
                    best = i;
                }
            }
            best
        }
        None => {
            let mut best: Option<usize> = None;
            for (i, m) in ms.iter().enumerate() {
                // Ties go to the later candidate: the list is in increasing effort.
                if fits(m) && best.is_none_or(|b| m.score() > ms[b].score() - 1e-12) {
                    best = Some(i);
                }
            }
            // Nothing within the budget: the fastest.
            best.unwrap_or_else(|| {
                (0..ms.len()).min_by(|&a, &b| ms[a].ms_per_move.total_cmp(&ms[b].ms_per_move)).expect("candidates")
            })
        }
    }
}

/// For a level chosen by strength within a time budget: an already measured candidate of this
/// side and level with at most `sims` simulations that was over the budget (a candidate with
/// `sims` would be too, so it need not be measured).
pub(crate) fn over_budget<'a>(
    level: &LevelConfig,
    measured: &'a [Measurement],
    side: Side,
    name: &str,
    sims: u32,
) -> Option<&'a Measurement> {
    if level.target.is_some() || level.ms_per_move <= 0.0 {
        return None;
    }
    measured
        .iter()
        .find(|m| m.side == side && m.level == name && m.ms_per_move > level.ms_per_move && m.settings.sims <= sims)
}

pub(crate) fn stderr_of(p: f64, n: usize) -> f64 {
    (p * (1.0 - p) / n.max(1) as f64).sqrt()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn m(score: usize, ms: f64) -> Measurement {
        Measurement {
            level: "easy",
            side: Side::General,
            spec: "random".into(),
            file: String::new(),
            settings: PlaySettings::default(),
            opponent: String::new(),
            games: 10,
            wins: score,
            ms_per_move: ms,
            player: 0,
            behaviour: Behaviour::default(),
        }
    }

    #[test]
    fn picks_the_closest_or_the_strongest_in_budget() {
        let ms = [m(1, 1.0), m(4, 2.0), m(7, 3.0), m(9, 50.0)];
        let refs: Vec<&Measurement> = ms.iter().collect();
        let lc = |target: Option<f64>, budget: f64| LevelConfig {
            opponent: "random".into(),
            target,
            ms_per_move: budget,
            candidates: vec![],
        };
        assert_eq!(pick(&lc(Some(0.5), 0.0), &refs), 1);
        assert_eq!(pick(&lc(Some(0.65), 0.0), &refs), 2);
        assert_eq!(pick(&lc(None, 0.0), &refs), 3);
        assert_eq!(pick(&lc(None, 10.0), &refs), 2);
        assert_eq!(pick(&lc(None, 0.5), &refs), 0, "nothing in budget: the fastest");
        assert_eq!(pick(&lc(Some(1.0), 10.0), &refs), 2, "over budget is not chosen");
        let tied = [m(4, 1.0), m(4, 2.0), m(2, 3.0)];
        let tied: Vec<&Measurement> = tied.iter().collect();
        assert_eq!(pick(&lc(None, 10.0), &tied), 1, "the strongest: ties to the later (more effort)");
        assert_eq!(pick(&lc(Some(0.4), 0.0), &tied), 0, "closest to a target: ties to the earlier");
    }

    #[test]
    fn candidates_past_the_time_budget_are_skipped() {
        let slow = Measurement { settings: PlaySettings { sims: 200, ..PlaySettings::default() }, ..m(5, 300.0) };
        let fast = Measurement { settings: PlaySettings { sims: 100, ..PlaySettings::default() }, ..m(5, 100.0) };
        let measured = vec![fast, slow];
        let level = |target: Option<f64>, budget: f64| LevelConfig {
            opponent: "random".into(),
            target,
            ms_per_move: budget,
            candidates: vec![],
        };
        let hard = level(None, 250.0);
        assert!(over_budget(&hard, &measured, Side::General, "easy", 150).is_none());
        assert_eq!(over_budget(&hard, &measured, Side::General, "easy", 400).unwrap().settings.sims, 200);
        assert!(over_budget(&hard, &measured, Side::Soldiers, "easy", 400).is_none(), "another side");
        assert!(over_budget(&hard, &measured, Side::General, "hard", 400).is_none(), "another level");
        assert!(over_budget(&level(Some(0.5), 250.0), &measured, Side::General, "easy", 400).is_none(), "a target");
        assert!(over_budget(&level(None, 0.0), &measured, Side::General, "easy", 400).is_none(), "no budget");
    }
}
