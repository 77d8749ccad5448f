//! `calibration.md`: the header, and per preset the reference agents' ratings and every
//! candidate's measurement with the one chosen for each level (which also becomes the
//! manifest's level).

use crate::calibration::{Measurement, pick, stderr_of};
use crate::candidates::Measured;
use crate::config::ExportConfig;
use crate::references::References;
use musashi_evaluator::SideRatings;
use musashi_game::Side;
use musashi_runtime::{LEVELS, Level, Measured as LevelMeasured};
use std::fmt::Write as _;
use std::path::PathBuf;

/// The report's header.
pub(crate) fn header(config: &ExportConfig, side_ckpts: &[PathBuf; 2], threads: usize) -> String {
    format!(
        "# Calibration of the `{}` bundle\n\nCheckpoints: General `{}`, soldiers `{}`; {} games per candidate, {} per \
         reference pairing and side; seed {}; {} random opening plies; {threads} threads.\n\n",
        config.name,
        side_ckpts[Side::General.index()].display(),
        side_ckpts[Side::Soldiers.index()].display(),
        config.games,
        config.reference_games,
        config.seed,
        config.opening_plies
    )
}

/// One preset's section of the report, and its chosen levels.
pub(crate) fn preset_section(
    config: &ExportConfig,
    preset: &str,
    refs: &References,
    measured: &Measured,
    fit: &SideRatings,
) -> (String, Vec<Level>) {
    let mut report = String::new();
    let elo = |m: &Measurement| match m.side {
        Side::General => (fit.general[m.player], fit.general_err[m.player]),
        Side::Soldiers => (fit.soldiers[m.player], fit.soldiers_err[m.player]),
    };
    let _ = writeln!(report, "## {preset}\n");
    let _ = writeln!(report, "Reference agents (per-side Elo, anchor `{}`):\n", config.anchor);
    for (i, p) in refs.players.iter().enumerate() {
        let _ = writeln!(
            report,
            "- `{}`: as General {:+.0} ± {:.0}, as soldiers {:+.0} ± {:.0}",
            p.spec(),
            fit.general[i],
            fit.general_err[i],
            fit.soldiers[i],
            fit.soldiers_err[i]
        );
    }
    let _ = writeln!(
        report,
        "- side advantage (anchor against itself): {:+.0} ± {:.0}\n",
        fit.side_advantage, fit.side_advantage_err
    );
    let _ = writeln!(report, "| side | level | candidate | opponent | score | Elo | ms/move | chosen |");
    let _ = writeln!(report, "|---|---|---|---|---:|---:|---:|:---:|");
    let mut levels = Vec::new();
    for side in Side::BOTH {
        for name in LEVELS {
            let ms: Vec<&Measurement> =
                measured.measurements.iter().filter(|m| m.side == side && m.level == name).collect();
            let chosen = pick(&config.levels[name], &ms);
            for (k, m) in ms.iter().enumerate() {
                let (e, ee) = elo(m);
                let _ = writeln!(
                    report,
                    "| {side} | {name} | `{}` | `{}` | {}/{} ({:.0}%) | {e:+.0} ± {ee:.0} | {:.1} | {} |",
                    m.spec,
                    m.opponent,
                    m.wins,
                    m.games,
                    100.0 * m.score(),
                    m.ms_per_move,
                    if k == chosen { "yes" } else { "" }
                );
            }
            let m = ms[chosen];
            let (e, ee) = elo(m);
            levels.push(Level {
                preset: preset.to_string(),
                side,
                level: name.to_string(),
                weights: m.file.clone(),
                settings: m.settings,
                measured: LevelMeasured {
                    opponent: m.opponent.clone(),
                    games: m.games,
                    score: m.score(),
                    score_err: stderr_of(m.score(), m.games),
                    elo: e,
                    elo_err: ee,
                    anchor: config.anchor.clone(),
                    ms_per_move: m.ms_per_move,
                },
            });
        }
    }
    if !measured.skipped.is_empty() {
        let _ = writeln!(report);
    }
    for line in &measured.skipped {
        let _ = writeln!(report, "- {line}");
    }
    let _ = writeln!(report);
    (report, levels)
}
