//! The typed configuration of `musashi export` (configs/export.toml): levels with their
//! opponents, targets, time budgets and candidate settings; read with `--set` overrides,
//! validated, and written back resolved into the bundle.

use crate::train::config_file::apply_override;
use anyhow::{Context, Result, anyhow, bail};
use musashi_game::Preset;
use musashi_runtime::LEVELS;
use musashi_search::{AgentSpec, PlaySettings};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// One candidate setting of a level.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct Candidate {
    /// Simulations per move (0 = the raw policy).
    #[serde(default)]
    pub(crate) sims: u32,
    /// Move-selection temperature at every ply.
    #[serde(default)]
    pub(crate) temperature: f32,
    /// Chance per move of a move from the lower half.
    #[serde(default)]
    pub(crate) blunder: f32,
    /// PUCT exploration constant (default: the search's).
    #[serde(default)]
    pub(crate) cpuct: Option<f32>,
    /// Another checkpoint for this candidate (default: the export's for the side measured).
    #[serde(default)]
    pub(crate) checkpoint: Option<PathBuf>,
}

/// A level's target.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct LevelConfig {
    /// The opponent the candidates are measured against (it plays the other side).
    pub(crate) opponent: String,
    /// The score to aim at against it (0..1), or absent for "the strongest within the time
    /// budget".
    #[serde(default)]
    pub(crate) target: Option<f64>,
    /// Per-move time budget in milliseconds (0 = none): candidates slower than it are not chosen.
    #[serde(default)]
    pub(crate) ms_per_move: f64,
    /// The settings to measure.
    pub(crate) candidates: Vec<Candidate>,
}

/// The whole configuration.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct ExportConfig {
    /// The bundle's name.
    pub(crate) name: String,
    /// The checkpoint folder, or a run's checkpoints/BEST or LATEST pointer file.
    pub(crate) checkpoint: PathBuf,
    /// The checkpoint of the General's levels (default: `checkpoint`): a run's General can peak
    /// at another generation than its soldiers.
    #[serde(default)]
    pub(crate) general_checkpoint: Option<PathBuf>,
    /// The checkpoint of the soldiers' levels (default: `checkpoint`).
    #[serde(default)]
    pub(crate) soldiers_checkpoint: Option<PathBuf>,
    /// The bundle folder to write.
    pub(crate) out: PathBuf,
    /// Presets to calibrate levels for.
    pub(crate) presets: Vec<String>,
    /// The agent at Elo 0 for every side.
    #[serde(default = "default_anchor")]
    pub(crate) anchor: String,
    /// Calibration games per candidate.
    pub(crate) games: usize,
    /// Games per pairing and side among the reference agents (anchor and opponents).
    #[serde(default = "default_reference_games")]
    pub(crate) reference_games: usize,
    /// Seed of every calibration match.
    #[serde(default)]
    pub(crate) seed: u64,
    /// Worker threads (0 = every core).
    #[serde(default)]
    pub(crate) threads: usize,
    /// Random moves at the start of each game.
    #[serde(default = "default_opening")]
    pub(crate) opening_plies: u32,
    /// The levels: easy, normal and hard.
    pub(crate) levels: BTreeMap<String, LevelConfig>,
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
    pub(crate) fn validate(&self) -> Result<()> {
        if self.name.is_empty() || !self.name.chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_') {
            bail!("name must be letters, digits, - or _");
        }
        if self.presets.is_empty() {
            bail!("presets must name at least one preset");
        }
        for p in &self.presets {
            p.parse::<Preset>().map_err(|e| anyhow!("presets: {e}"))?;
        }
        if self.games == 0 {
            bail!("games must be at least 1");
        }
        for name in self.levels.keys() {
            if !LEVELS.contains(&name.as_str()) {
                bail!("levels.{name}: unknown level (expected {})", LEVELS.join(", "));
            }
        }
        for name in LEVELS {
            let l = self.levels.get(name).ok_or_else(|| anyhow!("levels.{name} is missing"))?;
            if l.candidates.is_empty() {
                bail!("levels.{name}.candidates is empty");
            }
            if let Some(t) = l.target
                && !(0.0..=1.0).contains(&t)
            {
                bail!("levels.{name}.target must be in 0..=1");
            }
            if l.ms_per_move.is_nan() || l.ms_per_move < 0.0 {
                bail!("levels.{name}.ms_per_move must be 0 (no budget) or positive");
            }
            for (i, c) in l.candidates.iter().enumerate() {
                c.settings().validate().map_err(|e| anyhow!("levels.{name}.candidates[{i}]: {e}"))?;
            }
            l.opponent.parse::<AgentSpec>().map_err(|e| anyhow!("levels.{name}.opponent: {e}"))?;
        }
        self.anchor.parse::<AgentSpec>().map_err(|e| anyhow!("anchor: {e}"))?;
        Ok(())
    }
}

/// Reads the configuration with overrides.
pub(crate) fn load_config(path: &Path, overrides: &[String]) -> Result<ExportConfig> {
    let text = std::fs::read_to_string(path).with_context(|| format!("cannot read config {}", path.display()))?;
    let source = path.display().to_string();
    let mut table: toml::Table = text.parse().map_err(|e| anyhow!("{source}: {e}"))?;
    for o in overrides {
        apply_override(&mut table, o)?;
    }
    let config: ExportConfig = serde_path_to_error::deserialize(toml::Value::Table(table)).map_err(|e| {
        let path = e.path().to_string();
        let inner = e.into_inner();
        if path == "." { anyhow!("{source}: {inner}") } else { anyhow!("{source}: key '{path}': {inner}") }
    })?;
    config.validate().map_err(|e| anyhow!("{source}: {e}"))?;
    Ok(config)
}

/// A checkpoint folder, following a BEST/LATEST pointer file.
pub(crate) fn resolve_checkpoint(path: &Path) -> Result<PathBuf> {
    if path.is_file() {
        let name = std::fs::read_to_string(path).with_context(|| format!("cannot read {}", path.display()))?;
        let dir = path.parent().unwrap_or(Path::new(".")).join(name.trim());
        return Ok(dir);
    }
    Ok(path.to_path_buf())
}

impl Candidate {
    pub(crate) fn settings(&self) -> PlaySettings {
        let mut s = PlaySettings {
            sims: self.sims,
            temperature: self.temperature,
            blunder: self.blunder,
            ..PlaySettings::default()
        };
        if let Some(c) = self.cpuct {
            s.cpuct = c;
        }
        s
    }
}

/// The in-pipeline agent spec of settings over a checkpoint.
pub(crate) fn level_spec(ckpt: &Path, s: &PlaySettings) -> Result<AgentSpec> {
    let text = format!(
        "mcts:ckpt={},sims={},temp={},cpuct={},blunder={}",
        ckpt.display(),
        s.sims,
        s.temperature,
        s.cpuct,
        s.blunder
    );
    text.parse().map_err(|e| anyhow!("{e}"))
}

/// The configuration as TOML, every default filled in (written into the bundle).
pub(crate) fn resolved_toml(config: &ExportConfig) -> Result<String> {
    let body = toml::to_string(config).context("cannot write the resolved configuration")?;
    Ok(format!("# The fully resolved export configuration (defaults and --set included). Written by musashi.\n{body}"))
}
