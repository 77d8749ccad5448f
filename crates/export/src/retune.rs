//! Changing levels' play settings in a bundle after its calibration (`musashi retune`): for a
//! setting whose effect on strength was measured apart (Hard's `vary`), without calibrating
//! again. The manifest keeps each level's measured strength, the weights stay as they are, and
//! `calibration.md` gets a section that says what changed and why (the measurement that shows
//! the change costs no strength); the bundle is written in the format its contents need.

use crate::ExportError;
use crate::bundle_dir::write_bundle;
use musashi_game::Side;
use musashi_runtime::{Bundle, Level, LevelSettings, Manifest, SearchConstants};
use musashi_search::mcts::PlayOverrides;
use musashi_search::{AgentSpec, PlaySettings};
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::Path;

/// One change: a level, of one side or both, of one preset or every one, and play settings as
/// an agent spec gives them (`vary=0.05`, `sims=800,vary=0.1`).
#[derive(Clone, Debug)]
pub struct Retune {
    /// The level.
    pub level: Level,
    /// Its side, or both.
    pub side: Option<Side>,
    /// Its preset (a name of the manifest's rules), or every one.
    pub preset: Option<String>,
    /// The settings, `key=value` pairs separated by commas.
    pub settings: String,
}

impl std::str::FromStr for Retune {
    type Err = String;

    /// `LEVEL[.SIDE][@PRESET]:KEY=VALUE[,KEY=VALUE…]`, e.g. `hard.general@classic:vary=0.05`.
    fn from_str(s: &str) -> Result<Retune, String> {
        let (target, settings) =
            s.split_once(':').ok_or_else(|| format!("'{s}': expected LEVEL[.SIDE][@PRESET]:KEY=VALUE,…"))?;
        let (target, preset) = match target.split_once('@') {
            Some((t, p)) => (t, Some(p.to_string())),
            None => (target, None),
        };
        let (level, side) = match target.split_once('.') {
            Some((l, side)) => (l, Some(side.parse::<Side>()?)),
            None => (target, None),
        };
        let level = level.parse::<Level>().map_err(|e| e.to_string())?;
        overrides(settings)?;
        Ok(Retune { level, side, preset, settings: settings.to_string() })
    }
}

/// The play settings of `settings` (`key=value,…`), checked for unknown keys.
fn overrides(settings: &str) -> Result<PlayOverrides, String> {
    let mut spec: AgentSpec = format!("mcts:{settings}").parse().map_err(|e| format!("{settings}: {e}"))?;
    let over = PlayOverrides::take_from(&mut spec).map_err(|e| e.to_string())?;
    spec.finish().map_err(|e| e.to_string())?;
    Ok(over)
}

/// What to change in a bundle and why.
#[derive(Clone, Debug, Default)]
pub struct RetunePlan {
    /// The levels' settings.
    pub changes: Vec<Retune>,
    /// The licence of the weights to record (an SPDX expression), if the bundle has none or
    /// another.
    pub license: Option<String>,
    /// Why, for the report.
    pub why: String,
}

/// Writes the bundle in `bundle` with `plan` applied to `out` (which may be `bundle` itself
/// with `force`), the reason recorded in its report.
pub fn retune(bundle: &Path, plan: &RetunePlan, out: &Path, force: bool) -> Result<Manifest, ExportError> {
    let RetunePlan { changes, license, why } = plan;
    if out.exists() && !force {
        return Err(ExportError::Exists(out.to_path_buf()));
    }
    let loaded = Bundle::load(bundle)?;
    let mut manifest = loaded.manifest().clone();
    let mut report = std::fs::read_to_string(bundle.join("calibration.md")).unwrap_or_default();
    let _ = write!(report, "\n## Retuned after calibration\n\n{why}\n\n");
    for change in changes {
        let over = overrides(&change.settings).map_err(|problem| invalid(change, problem))?;
        let mut found = false;
        let wanted = |l: &&mut musashi_runtime::LevelEntry| {
            l.level == change.level
                && change.side.is_none_or(|s| s == l.side)
                && change.preset.as_ref().is_none_or(|p| *p == l.preset)
        };
        for l in manifest.levels.iter_mut().filter(wanted) {
            let settings: PlaySettings = over.apply(l.settings.play());
            settings.validate().map_err(|e| invalid(change, e.to_string()))?;
            let _ = writeln!(
                report,
                "- {} {} {}: `{}` (measured as before the change)",
                l.preset, l.side, l.level, change.settings
            );
            l.settings = LevelSettings::from(settings);
            found = true;
        }
        if !found {
            return Err(invalid(change, "the bundle has no such level".into()));
        }
    }
    manifest.search.get_or_insert_with(SearchConstants::of_this_build);
    if let Some(l) = license {
        let _ = writeln!(report, "- the weights' licence: {l}");
        manifest.license = Some(l.clone());
    }
    manifest.format_version = manifest.needed_format();
    let mut weights = BTreeMap::new();
    for w in &manifest.weights {
        let path = bundle.join(&w.file);
        weights.insert(w.file.clone(), std::fs::read(&path).map_err(ExportError::io("cannot read", path))?);
    }
    let resolved = std::fs::read_to_string(bundle.join("export.resolved.toml")).unwrap_or_default();
    write_bundle(out, &manifest, &weights, &report, &resolved)?;
    // Read back through the runtime: what was written loads.
    Ok(Bundle::load(out)?.manifest().clone())
}

fn invalid(change: &Retune, problem: String) -> ExportError {
    let side = change.side.map(|s| format!(".{s}")).unwrap_or_default();
    let preset = change.preset.as_ref().map(|p| format!("@{p}")).unwrap_or_default();
    ExportError::Invalid { what: format!("{}{side}{preset}:{}", change.level, change.settings), problem }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn retuning_changes_only_the_named_levels_and_records_why() {
        let shipped = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../export/classic");
        let out = std::env::temp_dir().join(format!("musashi-retune-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&out);
        let changes = vec!["hard.general:vary=0.05".parse::<Retune>().unwrap(), "easy:blunder=0.1".parse().unwrap()];
        let plan = RetunePlan { changes, license: Some("MIT".into()), why: "Because.".into() };
        let m = retune(&shipped, &plan, &out, false).unwrap();
        assert_eq!(m.license.as_deref(), Some("MIT"));
        let before = Bundle::load(&shipped).unwrap().manifest().clone();
        for (a, b) in before.levels.iter().zip(&m.levels) {
            let vary = if a.level == Level::Hard && a.side == Side::General { 0.05 } else { 0.0 };
            let blunder = if a.level == Level::Easy { 0.1 } else { a.settings.blunder };
            assert_eq!(b.settings, LevelSettings { vary, blunder, ..a.settings }, "{} {}", a.side, a.level);
            assert_eq!(a.measured, b.measured);
        }
        assert_eq!(m.format_version, 5);
        assert!(
            std::fs::read_to_string(out.join("calibration.md"))
                .unwrap()
                .contains("## Retuned after calibration\n\nBecause.")
        );
        assert!(retune(&shipped, &plan, &out, false).is_err(), "an existing folder needs force");
        for bad in
            ["expert:vary=0.1", "hard.king:vary=0.1", "hard:varyy=0.1", "hard", "hard:vary=0.9", "hard@qdan:vary=0.1"]
        {
            let e = bad.parse::<Retune>().map_err(|e| e.to_string()).and_then(|r| {
                let plan = RetunePlan { changes: vec![r], ..RetunePlan::default() };
                retune(&shipped, &plan, &out, true).map(|_| ()).map_err(|e| e.to_string())
            });
            assert!(e.is_err(), "{bad}");
        }
        std::fs::remove_dir_all(&out).unwrap();
    }
}
