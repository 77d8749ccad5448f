//! Choosing a preset's levels from its measurements: for each side the three levels are picked
//! together (`calibration::pick_side`), each level's entry made from its chosen measurement and
//! its Elo in the preset's fit. The report only renders what this decides.

use crate::calibration::{Choices, Measurement, pick_side, stderr_of};
use crate::candidates::Measured;
use crate::config::ExportConfig;
use musashi_evaluator::SideRatings;
use musashi_game::{Preset, Side};
use musashi_runtime::{Level, LevelEntry, Measured as LevelMeasured};

/// A preset's chosen levels.
#[derive(Debug)]
pub(crate) struct Chosen {
    /// The manifest's entries, the General's three levels then the soldiers'.
    pub(crate) levels: Vec<LevelEntry>,
    /// By `Side::index()` and `Level::index()`: the chosen measurement's index among that side's
    /// and level's measurements, in the order `Measured` holds them.
    pub(crate) picks: [[usize; 3]; 2],
}

/// What the manifest records of a measurement: its score and its Elo in `fit`.
pub(crate) fn level_measured(config: &ExportConfig, m: &Measurement, fit: &SideRatings) -> LevelMeasured {
    let (elo, elo_err) = match m.side {
        Side::General => (fit.general[m.player], fit.general_err[m.player]),
        Side::Soldiers => (fit.soldiers[m.player], fit.soldiers_err[m.player]),
    };
    LevelMeasured {
        opponent: m.opponent.clone(),
        games: m.games,
        score: m.score(),
        score_err: stderr_of(m.score(), m.games),
        elo,
        elo_err,
        anchor: config.anchor.clone(),
        ms_per_move: m.ms_per_move,
    }
}

/// The measurements of one side and level, in the order `measured` holds them.
pub(crate) fn of_level(measured: &Measured, side: Side, level: Level) -> Vec<&Measurement> {
    measured.measurements.iter().filter(|m| m.side == side && m.level == level).collect()
}

/// Picks every level of `preset` from its measurements and their Elo in `fit`.
pub(crate) fn choose_levels(config: &ExportConfig, preset: Preset, measured: &Measured, fit: &SideRatings) -> Chosen {
    let elo = |m: &Measurement| {
        let l = level_measured(config, m, fit);
        (l.elo, l.elo_err)
    };
    let mut chosen = Chosen { levels: Vec::new(), picks: [[0; 3]; 2] };
    for side in Side::BOTH {
        // The side's three levels picked together, ordered where the candidates allow.
        let choices = Level::ALL.map(|level| {
            let ms = of_level(measured, side, level);
            let elos = ms.iter().map(|m| elo(m)).collect();
            Choices { level: &config.levels[&level], ms, elos }
        });
        let picks = pick_side(&choices);
        chosen.picks[side.index()] = picks;
        for (level, choice) in Level::ALL.into_iter().zip(&choices) {
            let m = choice.ms[picks[level.index()]];
            chosen.levels.push(LevelEntry {
                preset: preset.name().to_string(),
                side,
                level,
                weights: m.file.clone(),
                settings: m.settings.into(),
                measured: level_measured(config, m, fit),
                behaviour: None,
            });
        }
    }
    chosen
}
