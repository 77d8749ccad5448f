//! `calibration.md`: the header, and per preset the reference agents' ratings and every
//! candidate's measurement with the one chosen for each level (chosen by `choose.rs`; this
//! file only renders).

use crate::calibration::{MIN_LEVEL_GAP, Measurement, ordered_below};
use crate::candidates::Measured;
use crate::choose::{Chosen, level_measured, of_level};
use crate::config::ExportConfig;
use crate::references::References;
use musashi_evaluator::SideRatings;
use musashi_game::Side;
use musashi_runtime::{Level, LevelEntry};
use std::fmt::Write as _;
use std::path::PathBuf;

/// The report's header.
pub(crate) fn header(config: &ExportConfig, threads: usize) -> String {
    format!(
        "# Calibration of the `{}` bundle\n\n{} games per candidate, {} per reference pairing and side; seed {}; {} \
         random opening plies; {threads} threads.\n\n",
        config.name, config.games, config.reference_games, config.seed, config.opening_plies
    )
}

/// Whether one side's levels (Easy, Normal, Hard in order) are strictly ordered: each at least
/// [`MIN_LEVEL_GAP`] above the one below, their error bars apart. Returns the verdict and a
/// line that says it with the numbers.
pub(crate) fn ordering(side: Side, levels: &[&LevelEntry]) -> (bool, String) {
    let mut ok = true;
    let mut line = format!("{side}: ");
    for (i, l) in levels.iter().enumerate() {
        let m = &l.measured;
        if i > 0 {
            let below = &levels[i - 1].measured;
            let gap = m.elo - below.elo;
            let apart = m.elo - m.elo_err > below.elo + below.elo_err;
            ok &= ordered_below((below.elo, below.elo_err), (m.elo, m.elo_err));
            let _ = write!(line, " < ({gap:+.0}{}) ", if apart { "" } else { ", bars overlap" });
        }
        let _ = write!(line, "{} {:+.0} ± {:.0}", l.level, m.elo, m.elo_err);
    }
    let verdict = if ok { "ordered" } else { "**not ordered**" };
    let _ = write!(line, ": {verdict}");
    (ok, line)
}

/// The summary at the top of the report: every (preset, side) with its levels' Elo and whether
/// they are ordered. Returns the text and the number of (preset, side) pairs not ordered.
pub(crate) fn summary(levels: &[LevelEntry]) -> (String, usize) {
    let mut text = String::from(
        "## Summary\n\n| preset | side | easy | normal | hard | ordered |\n|---|---|---:|---:|---:|:---:|\n",
    );
    let mut unordered = 0;
    let mut presets: Vec<&str> = levels.iter().map(|l| l.preset.as_str()).collect();
    presets.dedup();
    for preset in presets {
        for side in Side::BOTH {
            let of: Vec<&LevelEntry> = levels.iter().filter(|l| l.preset == preset && l.side == side).collect();
            let (ok, _) = ordering(side, &of);
            unordered += usize::from(!ok);
            let _ = write!(text, "| {preset} | {side} |");
            for l in &of {
                let _ = write!(text, " {:+.0} ± {:.0} |", l.measured.elo, l.measured.elo_err);
            }
            let _ = writeln!(text, " {} |", if ok { "yes" } else { "**no**" });
        }
    }
    let _ = writeln!(
        text,
        "\nElo per side against the anchor playing the same side; ordered: each level at least {MIN_LEVEL_GAP} Elo \
         above the one below, error bars apart.\n"
    );
    (text, unordered)
}

/// The inputs of one preset's section of the report.
pub(crate) struct Section<'a> {
    pub(crate) config: &'a ExportConfig,
    pub(crate) preset: &'a str,
    /// The checkpoint of each side's levels, by `Side::index()`.
    pub(crate) side_ckpts: &'a [PathBuf; 2],
    pub(crate) refs: &'a References,
}

impl Section<'_> {
    /// One preset's section of the report, with the levels `chosen` (`choose::choose_levels`).
    pub(crate) fn write(&self, measured: &Measured, fit: &SideRatings, chosen: &Chosen) -> String {
        let Section { config, preset, side_ckpts, refs } = *self;
        let mut report = String::new();
        let elo = |m: &Measurement| {
            let l = level_measured(config, m, fit);
            (l.elo, l.elo_err)
        };
        let _ = writeln!(report, "## {preset}\n");
        let _ = writeln!(
            report,
            "Checkpoints: General `{}`, soldiers `{}`.\n",
            side_ckpts[Side::General.index()].display(),
            side_ckpts[Side::Soldiers.index()].display()
        );
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
        for side in Side::BOTH {
            for level in Level::ALL {
                let pick = chosen.picks[side.index()][level.index()];
                for (k, m) in of_level(measured, side, level).iter().enumerate() {
                    let (e, ee) = elo(m);
                    let _ = writeln!(
                        report,
                        "| {side} | {level} | `{}` | `{}` | {}/{} ({:.0}%) | {e:+.0} ± {ee:.0} | {:.1} | {} |",
                        m.spec,
                        m.opponent,
                        m.wins,
                        m.games,
                        100.0 * m.score(),
                        m.ms_per_move,
                        if k == pick { "yes" } else { "" }
                    );
                }
            }
        }
        if !measured.skipped.is_empty() {
            let _ = writeln!(report);
        }
        for line in &measured.skipped {
            let _ = writeln!(report, "- {line}");
        }
        let _ =
            writeln!(report, "\nOrdering (Easy < Normal < Hard by at least {MIN_LEVEL_GAP} Elo, error bars apart):\n");
        for side in Side::BOTH {
            let of_side: Vec<&LevelEntry> = chosen.levels.iter().filter(|l| l.side == side).collect();
            let _ = writeln!(report, "- {}", ordering(side, &of_side).1);
        }
        let _ = writeln!(report);
        report
    }
}
