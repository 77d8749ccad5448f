//! Measuring a preset's candidate settings: each plays its level's opponent from its side,
//! timed; a candidate at least as slow as one already over the level's time budget is skipped.

use crate::calibration::{Measurement, Timed, over_budget};
use crate::config::ExportConfig;
use crate::references::References;
use crate::seeds;
use crate::weights::WeightSet;
use crate::{ExportError, Log};
use musashi_agents::{AgentRecipe, Model, resolve_checkpoint};
use musashi_evaluator::{Behaviour, MatchConfig, RatedGame, play_match};
use musashi_game::{Preset, Side};
use musashi_net::DeviceKind;
use musashi_runtime::{Level, LevelEntry};
use musashi_search::{Oracle, PlaySettings};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

/// What a preset's candidates measured.
#[derive(Debug, Default)]
pub(crate) struct Measured {
    /// Every candidate measured (player `refs.players.len() + k` in the ratings).
    pub(crate) measurements: Vec<Measurement>,
    /// The candidates skipped, as report lines.
    pub(crate) skipped: Vec<String>,
    /// Their games, rated.
    pub(crate) rated: Vec<RatedGame>,
}

/// One preset's calibration inputs.
pub(crate) struct Calibration<'a> {
    pub(crate) config: &'a ExportConfig,
    /// The preset calibrated (a key of `config.presets`).
    pub(crate) preset: Preset,
    pub(crate) refs: &'a References,
    pub(crate) base: MatchConfig,
    /// The checkpoint of each side's levels, by `Side::index()`.
    pub(crate) side_ckpts: &'a [PathBuf; 2],
    /// Exact values for the blunder rates, where solved tables cover the rules.
    pub(crate) oracle: Option<&'a dyn Oracle>,
}

impl Calibration<'_> {
    /// Measures every candidate of every level and side.
    pub(crate) fn measure(&self, ws: &mut WeightSet, log: Log<'_>) -> Result<Measured, ExportError> {
        let mut out = Measured::default();
        for side in Side::BOTH {
            for (li, name) in Level::ALL.iter().enumerate() {
                for (ci, c) in self.config.levels[name].candidates.iter().enumerate() {
                    if c.applies_to(self.preset, side) {
                        self.candidate(side, li, ci, ws, &mut out, log)?;
                    }
                }
            }
        }
        Ok(out)
    }

    /// Measures candidate `ci` of level number `li` for `side` (or skips it).
    fn candidate(
        &self,
        side: Side,
        li: usize,
        ci: usize,
        ws: &mut WeightSet,
        out: &mut Measured,
        log: Log<'_>,
    ) -> Result<(), ExportError> {
        let name = Level::ALL[li];
        let level = &self.config.levels[&name];
        let cand = &level.candidates[ci];
        let what = format!("levels.{name}.candidates[{ci}]");
        let settings = cand.settings;
        settings.validate().map_err(|e| ExportError::Invalid { what: what.clone(), problem: e.to_string() })?;
        // The strongest within a time budget: a candidate that costs at least as much as one
        // already over the budget would be too, so it is skipped.
        if let Some(slow) = over_budget(level, &out.measurements, side, name, &settings) {
            let line = format!(
                "{side} {name} candidate {ci} (sims={}): skipped, sims={} already took {:.1} ms/move (budget {} ms)",
                settings.sims, slow.settings.sims, slow.ms_per_move, level.ms_per_move
            );
            log(&line);
            out.skipped.push(line);
            return Ok(());
        }
        let agent_error = |source| ExportError::Agent { what: what.clone(), source };
        let ckpt = match &cand.checkpoint {
            Some(p) => resolve_checkpoint(p).map_err(agent_error)?,
            None => self.side_ckpts[side.index()].clone(),
        };
        let seed = seeds::candidate(self.base.seed, side.index(), ci, li);
        let m = self.play(Trial { side, level: name, settings, ckpt: &ckpt, seed, what: &what }, ws, out)?;
        log(&format!(
            "{side} {name} candidate {ci} ({}): {}/{} against {}, {:.1} ms/move",
            m.spec, m.wins, m.games, m.opponent, m.ms_per_move
        ));
        out.measurements.push(m);
        Ok(())
    }

    /// Plays `trial`'s settings against its level's opponent, timed; its games go into
    /// `out.rated` (the measurement is returned, for the caller to keep).
    pub(crate) fn play(
        &self,
        trial: Trial<'_>,
        ws: &mut WeightSet,
        out: &mut Measured,
    ) -> Result<Measurement, ExportError> {
        let opponent = self.refs.opponent[&trial.level][trial.side.index()];
        self.play_against(trial, opponent, false, ws, out)
    }

    /// [`Calibration::play`] against reference player `opp` instead of the level's opponent; with
    /// `watch`, the measurement's `behaviour` is measured on its games (else left empty).
    pub(crate) fn play_against(
        &self,
        trial: Trial<'_>,
        opp: usize,
        watch: bool,
        ws: &mut WeightSet,
        out: &mut Measured,
    ) -> Result<Measurement, ExportError> {
        let Trial { side, level: name, settings, ckpt, seed, what } = trial;
        let agent_error = |source| ExportError::Agent { what: what.to_string(), source };
        let file = ws.add(ckpt)?;
        let net = Model::network(ckpt, DeviceKind::Cpu).map_err(agent_error)?;
        let recipe = AgentRecipe::mcts(Model::trained(net, ckpt.display().to_string()).map_err(agent_error)?, settings)
            .map_err(agent_error)?;
        let player = self.refs.players.len() + out.measurements.len();
        let c = MatchConfig { seed, ..self.base.clone() };
        let (nanos, moves) = (Arc::new(AtomicU64::new(0)), Arc::new(AtomicU64::new(0)));
        let opponent = &self.refs.players[opp];
        let r = play_match(&c, |s, i| {
            if s == side {
                let inner = recipe.create(i as u64);
                Box::new(Timed { inner, nanos: nanos.clone(), moves: moves.clone() })
            } else {
                opponent.create(i as u64)
            }
        });
        let wins = r.records.iter().filter(|g| g.game.outcome.winner == side).count();
        let ms_per_move = nanos.load(Ordering::Relaxed) as f64 / moves.load(Ordering::Relaxed).max(1) as f64 / 1e6;
        let (general, soldiers) = if side == Side::General { (player, opp) } else { (opp, player) };
        out.rated.extend(r.records.iter().map(|rec| RatedGame {
            general,
            soldiers,
            general_won: rec.game.outcome.winner == Side::General,
        }));
        let mut behaviour = Behaviour::default();
        for rec in r.records.iter().filter(|_| watch) {
            behaviour.add_game(rec, side, self.oracle);
        }
        Ok(Measurement {
            level: name,
            side,
            spec: recipe.spec().to_string(),
            file,
            settings,
            opponent: opponent.spec().to_string(),
            games: c.games,
            wins,
            ms_per_move,
            player,
            behaviour,
        })
    }
}

impl<'a> Trial<'a> {
    /// A chosen level as a trial with the checkpoint of its side among `ckpts`, seeded by
    /// `seed(side index, level index)`.
    pub(crate) fn of_level(
        l: &LevelEntry,
        ckpts: &'a [PathBuf; 2],
        seed: impl FnOnce(usize, usize) -> u64,
        what: &'a str,
    ) -> Trial<'a> {
        let li = Level::ALL.iter().position(|n| *n == l.level).expect("a level name");
        let side = l.side.index();
        Trial {
            side: l.side,
            level: Level::ALL[li],
            settings: l.settings.play(),
            ckpt: &ckpts[side],
            seed: seed(side, li),
            what,
        }
    }
}

/// One setting to measure: a side's level with these settings and weights, its games seeded.
pub(crate) struct Trial<'a> {
    pub(crate) side: Side,
    pub(crate) level: Level,
    pub(crate) settings: PlaySettings,
    pub(crate) ckpt: &'a Path,
    pub(crate) seed: u64,
    /// What configured it, for errors.
    pub(crate) what: &'a str,
}
