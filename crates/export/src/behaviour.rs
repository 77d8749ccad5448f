//! How the chosen levels play (`docs/export.md`): the behaviour measures of their calibration
//! games, as the manifest's `LevelBehaviour` and as a table of `calibration.md`.

use musashi_evaluator::Behaviour;
use musashi_game::Side;
use musashi_runtime::{Level, LevelBehaviour};
use std::fmt::Write as _;

/// A share, absent where nothing was counted.
fn share(x: f64) -> Option<f64> {
    x.is_finite().then_some(x)
}

/// The manifest's record of a level's behaviour: each side's own measures.
pub(crate) fn level_behaviour(side: Side, b: &Behaviour) -> LevelBehaviour {
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
pub(crate) fn table(levels: &[Level]) -> String {
    let mut out = String::from(
        "How the chosen levels play (their calibration games; docs/export.md defines each measure):\n\n\
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
