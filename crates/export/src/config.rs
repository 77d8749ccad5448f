//! The typed configuration of `musashi export` (configs/export.toml): levels with their
//! opponents, targets, time budgets and candidate settings (`candidate.rs`); read with `--set`
//! overrides, validated, and written back resolved into the bundle.

use crate::{Candidate, ExportError};
use musashi_config::{ConfigError, Invalid, read_toml_file, to_toml};
use musashi_game::{Preset, Ruleset, Side};
use musashi_runtime::Level;
use musashi_search::AgentSpec;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// A level's target.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LevelConfig {
    /// The opponent the candidates are measured against (it plays the other side).
    pub opponent: String,
    /// The opponent of the General's candidates instead (it plays the soldiers): a weak side's
    /// level is measured best against an opponent it scores near half against.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub general_opponent: Option<String>,
    /// The opponent of the soldiers' candidates instead (it plays the General).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub soldiers_opponent: Option<String>,
    /// The score to aim at against it (0..1), or absent for "the strongest within the time
    /// budget".
    #[serde(default)]
    pub target: Option<f64>,
    /// Per-move time budget in milliseconds (0 = none): candidates slower than it are not chosen.
    #[serde(default)]
    pub ms_per_move: f64,
    /// The settings to measure.
    pub candidates: Vec<Candidate>,
}

/// The networks of one preset's levels, replacing the export's own (`[networks.PRESET]`): a
/// specialist trained on that version can be stronger there than one network for every version.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PresetNetworks {
    /// The checkpoint of both sides' levels of this preset.
    #[serde(default)]
    pub checkpoint: Option<PathBuf>,
    /// The checkpoint of this preset's General levels (default: this table's `checkpoint`).
    #[serde(default)]
    pub general_checkpoint: Option<PathBuf>,
    /// The checkpoint of this preset's soldiers' levels (default: this table's `checkpoint`).
    #[serde(default)]
    pub soldiers_checkpoint: Option<PathBuf>,
}

/// A ruleset to spot-check: every level of the nearest calibrated preset measured on it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SpotCheckConfig {
    /// A name for the report and the manifest (letters, digits, - or _).
    pub name: String,
    /// The rules in full (`board`, `first`, `general_wins_at`, `repetition`, `move_limit`).
    pub rules: Ruleset,
}

/// The whole configuration.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ExportConfig {
    /// The bundle's name.
    pub name: String,
    /// The checkpoint folder, or a run's checkpoints/BEST or LATEST pointer file.
    pub checkpoint: PathBuf,
    /// The checkpoint of the General's levels (default: `checkpoint`): a run's General can peak
    /// at another generation than its soldiers.
    #[serde(default)]
    pub general_checkpoint: Option<PathBuf>,
    /// The checkpoint of the soldiers' levels (default: `checkpoint`).
    #[serde(default)]
    pub soldiers_checkpoint: Option<PathBuf>,
    /// Other networks for some presets, by preset name.
    #[serde(default)]
    pub networks: BTreeMap<Preset, PresetNetworks>,
    /// Solved tables for some presets, by preset name (`musashi solve`): the levels' blunder
    /// rates are measured against them where they cover a position.
    #[serde(default)]
    pub tables: BTreeMap<Preset, PathBuf>,
    /// Rules outside `presets`, played by the nearest calibrated preset's levels and measured.
    #[serde(default)]
    pub spot_checks: Vec<SpotCheckConfig>,
    /// The bundle folder to write.
    pub out: PathBuf,
    /// Presets to calibrate levels for.
    pub presets: Vec<Preset>,
    /// The agent at Elo 0 for every side.
    #[serde(default = "default_anchor")]
    pub anchor: String,
    /// Calibration games per candidate.
    pub games: usize,
    /// Games per pairing and side among the reference agents (anchor and opponents).
    #[serde(default = "default_reference_games")]
    pub reference_games: usize,
    /// Seed of every calibration match.
    #[serde(default)]
    pub seed: u64,
    /// Worker threads (0 = every core).
    #[serde(default)]
    pub threads: usize,
    /// Random moves at the start of each game.
    #[serde(default = "default_opening")]
    pub opening_plies: u32,
    /// The levels: easy, normal and hard.
    pub levels: BTreeMap<Level, LevelConfig>,
    /// The licence the bundle's weights are released under (an SPDX expression), recorded in
    /// the manifest.
    #[serde(default = "default_license")]
    pub license: String,
}

fn default_license() -> String {
    "MIT OR Apache-2.0".into()
}

/// A name of letters, digits, `-` and `_`.
fn name_like(name: &str) -> bool {
    !name.is_empty() && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
}

fn default_anchor() -> String {
    "alphabeta:depth=1".into()
}
fn default_reference_games() -> usize {
    20
}
fn default_opening() -> u32 {
    2
}

impl ExportConfig {
    /// Checks every value; the error names the key.
    pub fn validate(&self) -> Result<(), Invalid> {
        Invalid::check(name_like(&self.name), "name", "letters, digits, - or _")?;
        Invalid::check(!self.presets.is_empty(), "presets", "a list of at least one preset")?;
        Invalid::check(!self.license.trim().is_empty(), "license", "an SPDX licence expression")?;
        for (preset, n) in &self.networks {
            let key = format!("networks.{preset}");
            Invalid::check(self.presets.contains(preset), &key, "a preset listed in `presets`")?;
            let empty = n.checkpoint.is_none() && n.general_checkpoint.is_none() && n.soldiers_checkpoint.is_none();
            Invalid::check(!empty, &key, "a checkpoint, general_checkpoint or soldiers_checkpoint")?;
        }
        for preset in self.tables.keys() {
            Invalid::check(self.presets.contains(preset), &format!("tables.{preset}"), "a preset listed in `presets`")?;
        }
        let calibrated: Vec<Ruleset> = self.presets.iter().map(|p| p.ruleset()).collect();
        for (i, c) in self.spot_checks.iter().enumerate() {
            let key = format!("spot_checks[{i}]");
            Invalid::check(name_like(&c.name), &format!("{key}.name"), "letters, digits, - or _")?;
            let twice = self.spot_checks[..i].iter().any(|o| o.name == c.name);
            Invalid::check(!twice, &format!("{key}.name"), "a name no other spot check has")?;
            Invalid::check(!calibrated.contains(&c.rules), &format!("{key}.rules"), "rules outside `presets`")?;
        }
        Invalid::check(self.games >= 1, "games", "at least 1")?;
        for name in Level::ALL {
            let l = self.levels.get(&name).ok_or_else(|| Invalid::value(format!("levels.{name}"), "missing"))?;
            l.validate().map_err(|e| e.under(&format!("levels.{name}")))?;
            self.check_candidates_apply(name, l)?;
        }
        self.anchor.parse::<AgentSpec>().map_err(|e| Invalid::value("anchor", e))?;
        Ok(())
    }

    /// Checks that the presets a level's candidates name are exported, and that every preset
    /// and side has a candidate to measure for the level.
    fn check_candidates_apply(&self, name: Level, level: &LevelConfig) -> Result<(), Invalid> {
        for (i, c) in level.candidates.iter().enumerate() {
            if let Some(presets) = &c.presets {
                let key = format!("levels.{name}.candidates[{i}].presets");
                Invalid::check(!presets.is_empty(), &key, "a list of at least one preset (or absent: every preset)")?;
                for p in presets {
                    Invalid::check(self.presets.contains(p), &key, "presets listed in `presets`")?;
                }
            }
        }
        for preset in &self.presets {
            for side in Side::BOTH {
                let any = level.candidates.iter().any(|c| c.applies_to(*preset, side));
                let what = format!("a candidate for the {side} of {preset}");
                Invalid::check(any, &format!("levels.{name}.candidates"), &what)?;
            }
        }
        Ok(())
    }
}

impl LevelConfig {
    /// Checks the level's values; keys are relative to its table.
    fn validate(&self) -> Result<(), Invalid> {
        Invalid::check(!self.candidates.is_empty(), "candidates", "a list of at least one candidate")?;
        if let Some(t) = self.target {
            Invalid::check((0.0..=1.0).contains(&t), "target", "in 0..=1")?;
        }
        Invalid::check(self.ms_per_move >= 0.0, "ms_per_move", "0 (no budget) or positive")?;
        for (i, c) in self.candidates.iter().enumerate() {
            c.settings.validate().map_err(|e| Invalid::range(format!("candidates[{i}].{}", e.key), e.expected))?;
        }
        self.opponent.parse::<AgentSpec>().map_err(|e| Invalid::value("opponent", e))?;
        for (key, text) in
            [("general_opponent", &self.general_opponent), ("soldiers_opponent", &self.soldiers_opponent)]
        {
            if let Some(t) = text {
                t.parse::<AgentSpec>().map_err(|e| Invalid::value(key, e))?;
            }
        }
        Ok(())
    }

    /// The opponent of this side's candidates, with the key that names it.
    pub fn opponent_for(&self, side: Side) -> (&'static str, &str) {
        let own = match side {
            Side::General => ("general_opponent", &self.general_opponent),
            Side::Soldiers => ("soldiers_opponent", &self.soldiers_opponent),
        };
        match own {
            (key, Some(t)) => (key, t),
            (_, None) => ("opponent", &self.opponent),
        }
    }
}

/// Reads the configuration with overrides.
pub fn load_config(path: &Path, overrides: &[String]) -> Result<ExportConfig, ExportError> {
    let config: ExportConfig = read_toml_file(path, overrides)?;
    let source_name = path.display().to_string();
    config.validate().map_err(|problem| ConfigError::Invalid { source_name, problem })?;
    Ok(config)
}

/// The configuration as TOML, every default filled in (written into the bundle).
pub fn resolved_toml(config: &ExportConfig) -> Result<String, ExportError> {
    Ok(to_toml(config, "The fully resolved export configuration (defaults and --set included). Written by musashi.")?)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_shipped_export_configuration_is_valid() {
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../configs/export.toml");
        let config = load_config(&path, &[]).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let again = load_config(&path, &["games=3".into()]).unwrap();
        assert_eq!(again.games, 3);
        assert_ne!(config.games, 3);
        let e = load_config(&path, &["levels.easy.target=2".into()]).unwrap_err().to_string();
        assert!(e.contains("levels.easy.target"), "{e}");
        let e = load_config(&path, &["networks.qdan.checkpoint=\"x\"".into()]).unwrap_err().to_string();
        assert!(e.contains("networks.qdan must be a preset listed in `presets`"), "{e}");
        let e = load_config(&path, &["networks.classic={}".into()]).unwrap_err().to_string();
        assert!(e.contains("networks.classic must be a checkpoint"), "{e}");
        let ok = load_config(&path, &["networks.classic.soldiers_checkpoint=\"x\"".into()]).unwrap();
        assert_eq!(ok.networks[&Preset::Classic].soldiers_checkpoint.as_deref(), Some(Path::new("x")));
        let e = load_config(&path, &["levels.hard.general_opponent=\"alphabeta:depth\"".into()]).unwrap_err();
        assert!(e.to_string().contains("levels.hard.general_opponent"), "{e}");
    }

    #[test]
    fn a_candidate_can_be_one_presets_or_one_sides() {
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../configs/musashi.toml");
        let hard = |c: &str| vec![format!("levels.hard.candidates=[{{ sims = 100 }}, {c}]")];
        let only = "{ sims = 200, fallible = 0.3, presets = [\"no-setchin\"], side = \"general\" }";
        let config = load_config(&path, &hard(only)).unwrap();
        let c = &config.levels[&Level::Hard].candidates[1];
        assert!(c.applies_to(Preset::NoSetchin, Side::General));
        assert!(!c.applies_to(Preset::NoSetchin, Side::Soldiers) && !c.applies_to(Preset::Classic, Side::General));
        assert!(
            config.levels[&Level::Hard].candidates[0].applies_to(Preset::Qdan, Side::Soldiers),
            "absent: everywhere"
        );
        let e = load_config(&path, &hard("{ sims = 200, presets = [\"solved\"] }")).unwrap_err().to_string();
        assert!(e.contains("levels.hard.candidates[1].presets must be presets listed in `presets`"), "{e}");
        let set = ["levels.hard.candidates=[{ sims = 100, side = \"soldiers\" }]".to_string()];
        let e = load_config(&path, &set).unwrap_err().to_string();
        assert!(e.contains("levels.hard.candidates must be a candidate for the general of classic"), "{e}");
        let e = load_config(&path, &hard("{ sims = 200, presets = [] }")).unwrap_err().to_string();
        assert!(e.contains("levels.hard.candidates[1].presets must be a list of at least one preset"), "{e}");
        let e = load_config(&path, &hard("{ sims = 200, side = \"both\" }")).unwrap_err().to_string();
        assert!(e.contains("unknown variant `both`") && e.contains("general") && e.contains("soldiers"), "{e}");
    }

    #[test]
    fn a_side_can_have_its_own_opponent() {
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../configs/export.toml");
        let set = ["levels.hard.general_opponent=\"alphabeta:depth=4\"".into()];
        let hard = &load_config(&path, &set).unwrap().levels[&Level::Hard];
        assert_eq!(hard.opponent_for(Side::General), ("general_opponent", "alphabeta:depth=4"));
        assert_eq!(hard.opponent_for(Side::Soldiers), ("opponent", hard.opponent.as_str()));
    }

    #[test]
    fn the_every_version_configuration_is_valid() {
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../configs/musashi.toml");
        let config = load_config(&path, &[]).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        assert_eq!(config.presets, [Preset::Classic, Preset::NoSetchin, Preset::SoldiersFirst, Preset::Qdan]);
        assert_eq!(config.tables.len(), 4, "every version's tables");
        let targets: Vec<u32> = config.spot_checks.iter().map(|c| c.rules.threshold()).collect();
        assert_eq!(targets, [4, 6], "two custom rulesets: the General wins at 4 and at 6");
        // No level weakens by uniformly random moves.
        assert!(config.levels.values().flat_map(|l| &l.candidates).all(|c| c.settings.blunder == 0.0));
    }
}
