//! How the chosen levels play (`docs/export.md`): each chosen level plays `games` games against
//! the anchor, the same opponent for every level (the calibration games are against each level's
//! own opponent, so their measures would compare opponents as much as levels); the behaviour
//! measures of those games become the manifest's `LevelBehaviour` and a table of
//! `calibration.md`.

use crate::candidates::{Calibration, Measured, Trial};
use crate::weights::WeightSet;
use crate::{ExportError, Log, seeds};
use musashi_evaluator::Behaviour;
use musashi_game::Side;
use musashi_runtime::{LevelBehaviour, LevelEntry};
use std::fmt::Write as _;
use std::path::PathBuf;

/// Plays each of a preset's chosen `levels` against the anchor and records how it played;
/// returns the report's table. `ckpts` are the preset's checkpoints, by `Side::index()`.
pub(crate) fn measure(
    calibration: &Calibration<'_>,
    levels: &mut [LevelEntry],
    ckpts: &[PathBuf; 2],
    ws: &mut WeightSet,
    log: Log<'_>,
) -> Result<String, ExportError> {
    let anchor = calibration.refs.anchor;
    let mut scratch = Measured::default();
    for l in levels.iter_mut() {
        let what = format!("the behaviour games of {} {}", l.side, l.level);
        let seed = |side, li| seeds::behaviour(calibration.base.seed, side, li);
        let trial = Trial::of_level(l, ckpts, seed, &what);
        let m = calibration.play_against(trial, anchor, true, ws, &mut scratch)?;
        log(&format!("{} {} behaviour: {} games against {}", l.side, l.level, m.games, m.opponent));
        l.behaviour = Some(level_behaviour(l.side, &m.behaviour));
    }
    let against = calibration.refs.players[anchor].spec();
    Ok(table(levels, against, calibration.base.games))
}

/// A share, absent where nothing was counted.
fn share(x: f64) -> Option<f64> {
    x.is_finite().then_some(x)
}

/// The manifest's record of a level's behaviour: each side's own measures.
fn level_behaviour(side: Side, b: &Behaviour) -> LevelBehaviour {
    let general = side == Side::General;
    LevelBehaviour {
        moves: b.moves,
        gap_rate: if general { None } else { share(b.gap_rate()) },
        corner_rate: if general { share(b.corner_rate()) } else { None },
        double_threats_per_game: if general { share(b.double_threats_per_game()) } else { None },
        blunder_rate: share(b.blunder_rate()),
    }
}

/// A share as a percentage, or a dash.
fn percent(x: Option<f64>) -> String {
    x.map_or("–".into(), |x| format!("{:.1}%", 100.0 * x))
}

/// The table of the chosen levels' behaviour in one preset's section.
fn table(levels: &[LevelEntry], against: &str, games: usize) -> String {
    let mut out = format!(
        "How the chosen levels play, in {games} games each against `{against}` (the same opponent for every \
         level; docs/export.md defines each measure):\n\n\
         | side | level | moves | soldiers' gaps | General into corners/setchin | double threats/game | blunders |\n\
         |---|---|---:|---:|---:|---:|---:|\n",
    );
    for l in levels {
        let Some(b) = &l.behaviour else { continue };
        let threats = b.double_threats_per_game.map_or("–".into(), |x| format!("{x:.2}"));
        let _ = writeln!(
            out,
            "| {} | {} | {} | {} | {} | {threats} | {} |",
            l.side,
            l.level,
            b.moves,
            percent(b.gap_rate),
            percent(b.corner_rate),
            percent(b.blunder_rate)
        );
    }
    out.push('\n');
    out
}
