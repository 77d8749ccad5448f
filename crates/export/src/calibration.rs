//! Calibration helpers of `musashi export`: a timed agent wrapper, one measured candidate, and
//! the rule that picks a level's candidate (closest to the target score, or the strongest
//! within the per-move time budget).

use crate::config::LevelConfig;
use musashi_evaluator::Behaviour;
use musashi_game::Side;
use musashi_runtime::Level;
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
    pub(crate) level: Level,
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
    /// How it played in these games (measured for the behaviour games only, else empty).
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

/// The least Elo between neighbouring levels of one side (Easy < Normal < Hard).
pub(crate) const MIN_LEVEL_GAP: f64 = 100.0;

/// Whether a level rated `elo` (± its error) is ordered below one rated `above`: at least
/// [`MIN_LEVEL_GAP`] lower, the error bars apart.
pub(crate) fn ordered_below(elo: (f64, f64), above: (f64, f64)) -> bool {
    above.0 - elo.0 >= MIN_LEVEL_GAP && elo.0 + elo.1 < above.0 - above.1
}

/// One level's measured candidates for one side, with their Elo and error (in the same order).
pub(crate) struct Choices<'a> {
    pub(crate) level: &'a LevelConfig,
    pub(crate) ms: Vec<&'a Measurement>,
    pub(crate) elos: Vec<(f64, f64)>,
}

/// How far candidate `i` lands from the level's aim: its distance to the target score (plus 10
/// over the time budget), or for a level without a target 0 for [`pick`]'s choice and 1 else.
fn miss(c: &Choices<'_>, i: usize) -> f64 {
    match c.level.target {
        Some(t) => {
            let over = c.level.ms_per_move > 0.0 && c.ms[i].ms_per_move > c.level.ms_per_move;
            (c.ms[i].score() - t).abs() + if over { 10.0 } else { 0.0 }
        }
        None => f64::from(u8::from(i != pick(c.level, &c.ms))),
    }
}

/// Picks one candidate for each of a side's levels (`levels`: Easy, Normal, Hard). Hard is
/// [`pick`]'s choice; Easy and Normal are chosen together: the pair that orders the most
/// neighbouring levels ([`ordered_below`]), then keeps the most in increasing Elo, then misses
/// its targets by the least (summed; ties to the earlier candidates). Where the candidates allow
/// a strictly ordered side this finds one; where not, the side stays as near to it as they allow
/// without giving up the targets for nothing.
pub(crate) fn pick_side(levels: &[Choices<'_>; 3]) -> [usize; 3] {
    let [easy, normal, hard] = levels;
    let h = pick(hard.level, &hard.ms);
    let top = hard.elos[h];
    let mut best: Option<((u8, u8, f64), [usize; 3])> = None;
    for n in 0..normal.ms.len() {
        for e in 0..easy.ms.len() {
            let (ee, ne) = (easy.elos[e], normal.elos[n]);
            let ordered = u8::from(ordered_below(ee, ne)) + u8::from(ordered_below(ne, top));
            let rising = u8::from(ee.0 < ne.0) + u8::from(ne.0 < top.0);
            let key = (ordered, rising, -(miss(easy, e) + miss(normal, n)));
            let better = best.as_ref().is_none_or(|(k, _)| {
                (key.0, key.1) > (k.0, k.1) || ((key.0, key.1) == (k.0, k.1) && key.2 > k.2 + 1e-12)
            });
            if better {
                best = Some((key, [e, n, h]));
            }
        }
    }
    best.map_or([0, 0, h], |(_, chosen)| chosen)
}

/// For a level chosen by strength within a time budget: an already measured candidate of this
/// side and level that was over the budget and costs no more per move than `settings` (a
/// candidate with these settings would be over it too, so it need not be measured).
pub(crate) fn over_budget<'a>(
    level: &LevelConfig,
    measured: &'a [Measurement],
    side: Side,
    name: Level,
    settings: &PlaySettings,
) -> Option<&'a Measurement> {
    if level.target.is_some() || level.ms_per_move <= 0.0 {
        return None;
    }
    measured.iter().find(|m| {
        m.side == side && m.level == name && m.ms_per_move > level.ms_per_move && costs_at_least(settings, &m.settings)
    })
}

/// Whether a search with `a` evaluates at least as much per move as one with `b`: as many
/// simulations, and the symmetric root and the hand-written evaluation wherever `b` has them.
fn costs_at_least(a: &PlaySettings, b: &PlaySettings) -> bool {
    a.sims >= b.sims && (a.symmetric_root || !b.symmetric_root) && (a.heuristic > 0.0 || b.heuristic == 0.0)
}

pub(crate) fn stderr_of(p: f64, n: usize) -> f64 {
    (p * (1.0 - p) / n.max(1) as f64).sqrt()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn m(score: usize, ms: f64) -> Measurement {
        Measurement {
            level: Level::Easy,
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
            general_opponent: None,
            soldiers_opponent: None,
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
    fn a_side_is_picked_ordered_where_its_candidates_allow() {
        let target = |t: f64| LevelConfig {
            opponent: "random".into(),
            general_opponent: None,
            soldiers_opponent: None,
            target: Some(t),
            ms_per_move: 0.0,
            candidates: vec![],
        };
        let strongest = LevelConfig {
            opponent: "random".into(),
            general_opponent: None,
            soldiers_opponent: None,
            target: None,
            ms_per_move: 0.0,
            candidates: vec![],
        };
        let (easy_cfg, normal_cfg) = (target(0.5), target(0.5));
        let easy_ms = [m(5, 1.0), m(2, 1.0)];
        let normal_ms = [m(5, 1.0), m(3, 1.0), m(1, 1.0)];
        let hard_ms = [m(4, 1.0), m(6, 1.0)];
        let side = |easy: [(f64, f64); 2], normal: [(f64, f64); 3], hard: [(f64, f64); 2]| {
            pick_side(&[
                Choices { level: &easy_cfg, ms: easy_ms.iter().collect(), elos: easy.to_vec() },
                Choices { level: &normal_cfg, ms: normal_ms.iter().collect(), elos: normal.to_vec() },
                Choices { level: &strongest, ms: hard_ms.iter().collect(), elos: hard.to_vec() },
            ])
        };
        // The targets alone would take Easy 0 (5/10) and Normal 0 (5/10), but those are level;
        // Normal 1 (3/10) at +300 ± 60 is ordered between Easy 0 (+0 ± 50) and Hard 1 (+700).
        let elos_e = [(0.0, 50.0), (-300.0, 50.0)];
        let elos_n = [(10.0, 50.0), (300.0, 60.0), (-500.0, 50.0)];
        assert_eq!(side(elos_e, elos_n, [(500.0, 80.0), (700.0, 80.0)]), [0, 1, 1]);
        // Hard (the higher score, 6/10) at +380 ± 80 leaves no room between it and Easy 0 for
        // Normal 1: Easy 1 (-300) under Normal 0 (+10) orders both pairs.
        assert_eq!(side(elos_e, elos_n, [(500.0, 80.0), (380.0, 80.0)]), [1, 0, 1]);
        // Nothing can be ordered (every bar overlaps): as near the targets as rising Elo allows.
        let wide = [(0.0, 900.0), (50.0, 900.0)];
        assert_eq!(
            side(wide, [(20.0, 900.0), (30.0, 900.0), (40.0, 900.0)], [(100.0, 900.0), (60.0, 900.0)]),
            [0, 0, 1]
        );
        assert!(ordered_below((0.0, 40.0), (100.0, 59.0)) && !ordered_below((0.0, 40.0), (100.0, 61.0)));
        assert!(!ordered_below((0.0, 1.0), (99.0, 1.0)), "under the least gap");
    }

    #[test]
    fn the_committed_every_version_bundle_is_strictly_ordered() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../export/musashi");
        let bundle = musashi_runtime::Bundle::load(&dir).unwrap();
        let m = bundle.manifest();
        assert_eq!(m.levels.len(), 24, "every version, side and level");
        for r in &m.rules {
            for side in Side::BOTH {
                let elo = |name: Level| {
                    let l = m.levels.iter().find(|l| l.preset == r.preset && l.side == side && l.level == name);
                    let measured = &l.unwrap_or_else(|| panic!("{} {side} {name}", r.preset)).measured;
                    (measured.elo, measured.elo_err)
                };
                let (easy, normal, hard) = (elo(Level::Easy), elo(Level::Normal), elo(Level::Hard));
                let cell = format!("{} {side}: {easy:?} {normal:?} {hard:?}", r.preset);
                assert!(ordered_below(easy, normal) && ordered_below(normal, hard), "{cell}");
            }
        }
    }

    #[test]
    fn candidates_past_the_time_budget_are_skipped() {
        let slow = Measurement { settings: PlaySettings { sims: 200, ..PlaySettings::default() }, ..m(5, 300.0) };
        let fast = Measurement { settings: PlaySettings { sims: 100, ..PlaySettings::default() }, ..m(5, 100.0) };
        let measured = vec![fast, slow];
        let level = |target: Option<f64>, budget: f64| LevelConfig {
            opponent: "random".into(),
            general_opponent: None,
            soldiers_opponent: None,
            target,
            ms_per_move: budget,
            candidates: vec![],
        };
        let hard = level(None, 250.0);
        let sims = |n: u32| PlaySettings { sims: n, ..PlaySettings::default() };
        assert!(over_budget(&hard, &measured, Side::General, Level::Easy, &sims(150)).is_none());
        assert_eq!(over_budget(&hard, &measured, Side::General, Level::Easy, &sims(400)).unwrap().settings.sims, 200);
        assert!(over_budget(&hard, &measured, Side::Soldiers, Level::Easy, &sims(400)).is_none(), "another side");
        assert!(over_budget(&hard, &measured, Side::General, Level::Hard, &sims(400)).is_none(), "another level");
        assert!(
            over_budget(&level(Some(0.5), 250.0), &measured, Side::General, Level::Easy, &sims(400)).is_none(),
            "a target"
        );
        assert!(
            over_budget(&level(None, 0.0), &measured, Side::General, Level::Easy, &sims(400)).is_none(),
            "no budget"
        );
        // A slow candidate with the symmetric root or the blend says nothing of one without.
        let extra = |s: PlaySettings| vec![Measurement { settings: s, ..m(5, 300.0) }];
        let sym = PlaySettings { symmetric_root: true, ..sims(200) };
        assert!(over_budget(&hard, &extra(sym), Side::General, Level::Easy, &sims(400)).is_none());
        assert!(over_budget(&hard, &extra(sym), Side::General, Level::Easy, &sym).is_some());
        let blend = PlaySettings { heuristic: 0.3, ..sims(200) };
        assert!(over_budget(&hard, &extra(blend), Side::General, Level::Easy, &sims(400)).is_none());
        assert!(
            over_budget(
                &hard,
                &extra(blend),
                Side::General,
                Level::Easy,
                &PlaySettings { heuristic: 0.5, ..sims(400) }
            )
            .is_some()
        );
    }
}
