//! Spot checks: rules outside the calibrated presets, played by the levels of the nearest
//! calibrated preset (the runtime's `nearest_rules`, as `Bundle::serving` serves them) and
//! measured there against the same ladder of references, so that the manifest says how strong
//! the levels are on them.

use crate::candidates::{Calibration, Measured, Trial};
use crate::choose::level_measured;
use crate::config::{ExportConfig, SpotCheckConfig};
use crate::references::References;
use crate::weights::WeightSet;
use crate::{ExportError, Log, seeds};
use musashi_evaluator::{FitOptions, MatchConfig, fit_side_ratings};
use musashi_runtime::{LevelEntry, RulesEntry, SpotCheck, SpotLevel, nearest_rules};
use std::fmt::Write as _;
use std::path::PathBuf;

/// What the spot checks share: the calibrated presets and their chosen levels.
pub(crate) struct SpotChecks<'a> {
    pub(crate) config: &'a ExportConfig,
    /// The calibrated rules, in the order of `config.presets`.
    pub(crate) rules: &'a [RulesEntry],
    /// Each preset's checkpoints, in the same order.
    pub(crate) ckpts: &'a [[PathBuf; 2]],
    /// The chosen levels of every preset.
    pub(crate) levels: &'a [LevelEntry],
    /// The match settings of every spot check but its rules and seed.
    pub(crate) base: MatchConfig,
}

impl SpotChecks<'_> {
    /// Measures spot check number `k`: the manifest's entry and its section of the report.
    pub(crate) fn measure(
        &self,
        k: usize,
        check: &SpotCheckConfig,
        ws: &mut WeightSet,
        log: Log<'_>,
    ) -> Result<(SpotCheck, String), ExportError> {
        let config = self.config;
        let served = nearest_rules(self.rules, &check.rules).expect("an export has at least one preset");
        let pi = self.rules.iter().position(|r| r.preset == served.preset).expect("one of the rules");
        let seed = seeds::preset(config.seed, config.presets.len() + k);
        let base = MatchConfig { rules: check.rules, seed, ..self.base.clone() };
        let refs = References::parse(config, &check.rules)?;
        let mut rated = refs.play(config, &base, log);
        let preset = config.presets[pi];
        let calibration = Calibration { config, preset, refs: &refs, base, side_ckpts: &self.ckpts[pi], oracle: None };
        let mut measured = Measured::default();
        for l in self.levels.iter().filter(|l| l.preset == served.preset) {
            let what = format!("spot_checks[{k}] ({} {})", l.side, l.level);
            let trial = Trial::of_level(l, &self.ckpts[pi], |side, li| seeds::candidate(seed, side, 0, li), &what);
            let m = calibration.play(trial, ws, &mut measured)?;
            log(&format!("{} {}: {}/{} against {}", m.side, m.level, m.wins, m.games, m.opponent));
            measured.measurements.push(m);
        }
        rated.extend_from_slice(&measured.rated);
        let players = refs.players.len() + measured.measurements.len();
        let fit = fit_side_ratings(players, &rated, &FitOptions { anchor: refs.anchor, ..FitOptions::default() })?;
        let levels: Vec<SpotLevel> = measured
            .measurements
            .iter()
            .map(|m| SpotLevel { side: m.side, level: m.level, measured: level_measured(config, m, &fit) })
            .collect();
        let mut report = format!(
            "## Spot check: {} (served by {})\n\nRules: {}. No level is calibrated on them: the levels of `{}`, the \
             nearest calibrated version, play them (as the runtime serves any such rules).\n\n| side | level | \
             opponent | score | Elo |\n|---|---|---|---:|---:|\n",
            check.name, served.preset, check.rules, served.preset
        );
        for (l, m) in levels.iter().zip(&measured.measurements) {
            let _ = writeln!(
                report,
                "| {} | {} | `{}` | {}/{} ({:.0}%) | {:+.0} ± {:.0} |",
                l.side,
                l.level,
                m.opponent,
                m.wins,
                m.games,
                100.0 * m.score(),
                l.measured.elo,
                l.measured.elo_err
            );
        }
        report.push('\n');
        let spot = SpotCheck { name: check.name.clone(), rules: check.rules, served_by: served.preset.clone(), levels };
        Ok((spot, report))
    }
}
