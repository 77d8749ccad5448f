//! Export bundles: a folder with `manifest.json` and safetensors weight files. Loading checks the
//! format version, the encoding version, the network shape and every weight file's SHA-256, and
//! refuses the bundle with a clear error when any of them is wrong. The format is documented in
//! `docs/export.md`.

use crate::mlp::{Architecture, LAYER_NORM_EPSILON, Mlp, MlpEvaluator};
use musashi_encoding::{ENCODING_VERSION, NUM_FEATURES};
use musashi_game::{Game, NUM_ACTIONS, Ruleset, Side};
use musashi_search::{Agent, Choice, MctsAgent, PlaySettings};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use std::collections::BTreeMap;
use std::fmt;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// The bundle format this build writes and reads.
pub const BUNDLE_FORMAT_VERSION: u32 = 1;
/// The manifest's file name in a bundle.
pub const MANIFEST: &str = "manifest.json";
/// The network architecture's name in manifests.
pub const ARCHITECTURE_NAME: &str = "residual-mlp-v1";
/// The level names, weakest first.
pub const LEVELS: [&str; 3] = ["easy", "normal", "hard"];

/// Why a bundle could not be loaded or used.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct BundleError(pub String);

impl fmt::Display for BundleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for BundleError {}

/// The network every weight file of the bundle holds.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NetworkInfo {
    /// `ARCHITECTURE_NAME`: the residual MLP of `docs/export.md`.
    pub architecture: String,
    /// Input features (`NUM_FEATURES` of the encoding version).
    pub features: usize,
    /// Policy outputs (the action space: directed lines of the 33-point board).
    pub actions: usize,
    /// LayerNorm's epsilon.
    pub layer_norm_epsilon: f32,
    /// The shape.
    pub shape: Architecture,
}

impl NetworkInfo {
    /// The description of a network of this shape under this build.
    pub fn new(shape: Architecture) -> NetworkInfo {
        NetworkInfo {
            architecture: ARCHITECTURE_NAME.to_string(),
            features: NUM_FEATURES,
            actions: NUM_ACTIONS,
            layer_norm_epsilon: LAYER_NORM_EPSILON,
            shape,
        }
    }
}

/// One weight file.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WeightsFile {
    /// File name inside the bundle.
    pub file: String,
    /// SHA-256 of the file, lowercase hex.
    pub sha256: String,
    /// Number of parameters.
    pub parameters: usize,
    /// Where the weights came from (a checkpoint), for the record.
    pub source: String,
}

/// A ruleset the bundle has levels for.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RulesEntry {
    /// The preset's name (`classic`, `no-setchin`, ...).
    pub preset: String,
    /// Its rules in full.
    pub rules: Ruleset,
}

/// How strong a level measured.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Measured {
    /// The opponent of the calibration match (playing the other side).
    pub opponent: String,
    /// Games played.
    pub games: usize,
    /// Share of them the level won.
    pub score: f64,
    /// Standard error of `score` (binomial).
    pub score_err: f64,
    /// Elo on the level's side, relative to the anchor on that side (`docs/ratings.md`).
    pub elo: f64,
    /// Standard error of `elo`.
    pub elo_err: f64,
    /// The anchor of `elo`.
    pub anchor: String,
    /// Average thinking time per move in the calibration games, in milliseconds.
    pub ms_per_move: f64,
}

/// One opponent level: a side of a preset, the weights and how it plays.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Level {
    /// The preset (one of the manifest's `rules`).
    pub preset: String,
    /// The side this level plays.
    pub side: Side,
    /// `easy`, `normal` or `hard`.
    pub level: String,
    /// The weight file (one of the manifest's `weights`).
    pub weights: String,
    /// How it plays.
    pub settings: PlaySettings,
    /// What the calibration measured.
    pub measured: Measured,
}

/// The bundle's `manifest.json`.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Manifest {
    /// `BUNDLE_FORMAT_VERSION` of the writer.
    pub format_version: u32,
    /// The bundle's name (`classic`).
    pub name: String,
    /// The feature encoding the weights expect (`docs/export.md` describes version 1).
    pub encoding_version: u32,
    /// The network.
    pub network: NetworkInfo,
    /// The weight files.
    pub weights: Vec<WeightsFile>,
    /// The rulesets with levels.
    pub rules: Vec<RulesEntry>,
    /// The levels.
    pub levels: Vec<Level>,
}

/// Lowercase hex SHA-256 of bytes.
pub fn sha256_hex(bytes: &[u8]) -> String {
    Sha256::digest(bytes).iter().map(|b| format!("{b:02x}")).collect()
}

/// A loaded bundle: its manifest and networks, checked.
#[derive(Clone, Debug)]
pub struct Bundle {
    dir: PathBuf,
    manifest: Manifest,
    networks: BTreeMap<String, Arc<Mlp>>,
}

impl Bundle {
    /// Loads and checks the bundle in `dir`.
    pub fn load(dir: &Path) -> Result<Bundle, BundleError> {
        let fail = |what: String| BundleError(format!("bundle {}: {what}", dir.display()));
        let text = std::fs::read(dir.join(MANIFEST)).map_err(|e| fail(format!("cannot read {MANIFEST}: {e}")))?;
        // The version first, so that a bundle of another version is named as such rather than
        // failing on a field this build does not know.
        let value: serde_json::Value =
            serde_json::from_slice(&text).map_err(|e| fail(format!("{MANIFEST} is not JSON: {e}")))?;
        match value.get("format_version").and_then(|v| v.as_u64()) {
            Some(v) if v == BUNDLE_FORMAT_VERSION as u64 => {}
            Some(v) => {
                return Err(fail(format!(
                    "format version {v}, this build reads version {BUNDLE_FORMAT_VERSION}: export it again with this build or use a matching runtime"
                )));
            }
            None => return Err(fail(format!("{MANIFEST} has no format_version"))),
        }
        let manifest: Manifest = serde_json::from_value(value).map_err(|e| fail(format!("bad {MANIFEST}: {e}")))?;
        if manifest.encoding_version != ENCODING_VERSION {
            return Err(fail(format!(
                "feature encoding version {}, this build encodes version {ENCODING_VERSION}",
                manifest.encoding_version
            )));
        }
        let want = NetworkInfo::new(manifest.network.shape);
        if manifest.network != want {
            return Err(fail(format!("network {:?}, this build runs {:?}", manifest.network, want)));
        }
        let mut networks = BTreeMap::new();
        for w in &manifest.weights {
            if w.file.contains(['/', '\\']) || w.file.starts_with('.') {
                return Err(fail(format!("weight file name '{}' is not a plain file name", w.file)));
            }
            let bytes = std::fs::read(dir.join(&w.file)).map_err(|e| fail(format!("cannot read {}: {e}", w.file)))?;
            let hash = sha256_hex(&bytes);
            if hash != w.sha256 {
                return Err(fail(format!(
                    "{} is corrupt or was changed: SHA-256 {hash}, the manifest says {}",
                    w.file, w.sha256
                )));
            }
            let mlp =
                Mlp::from_safetensors(&bytes, manifest.network.shape).map_err(|e| fail(format!("{}: {e}", w.file)))?;
            networks.insert(w.file.clone(), Arc::new(mlp));
        }
        for l in &manifest.levels {
            if !networks.contains_key(&l.weights) {
                return Err(fail(format!(
                    "level {} {} {} names unknown weights {}",
                    l.preset, l.side, l.level, l.weights
                )));
            }
            if !manifest.rules.iter().any(|r| r.preset == l.preset) {
                return Err(fail(format!(
                    "level {} {} {} names unknown rules {}",
                    l.preset, l.side, l.level, l.preset
                )));
            }
            l.settings.validate().map_err(|e| fail(format!("level {} {} {}: {e}", l.preset, l.side, l.level)))?;
        }
        Ok(Bundle { dir: dir.to_path_buf(), manifest, networks })
    }

    /// The manifest.
    pub fn manifest(&self) -> &Manifest {
        &self.manifest
    }

    /// The folder it was loaded from.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// The level for `rules`, `side` and `level` (`easy`, `normal`, `hard`).
    pub fn level(&self, rules: &Ruleset, side: Side, level: &str) -> Result<&Level, BundleError> {
        let presets: Vec<&str> =
            self.manifest.rules.iter().filter(|r| r.rules == *rules).map(|r| r.preset.as_str()).collect();
        if presets.is_empty() {
            let have: Vec<&str> = self.manifest.rules.iter().map(|r| r.preset.as_str()).collect();
            return Err(BundleError(format!(
                "bundle {} has no levels for the rules {rules}; it has: {}",
                self.dir.display(),
                have.join(", ")
            )));
        }
        self.manifest
            .levels
            .iter()
            .find(|l| presets.contains(&l.preset.as_str()) && l.side == side && l.level == level)
            .ok_or_else(|| {
                let have: Vec<String> = self
                    .manifest
                    .levels
                    .iter()
                    .filter(|l| presets.contains(&l.preset.as_str()) && l.side == side)
                    .map(|l| l.level.clone())
                    .collect();
                BundleError(format!(
                    "bundle {} has no level '{level}' for the {side} under {}; it has: {}",
                    self.dir.display(),
                    presets.join("/"),
                    have.join(", ")
                ))
            })
    }

    /// An agent playing `level` (one side).
    pub fn agent(&self, level: &Level) -> MctsAgent {
        let net = self.networks[&level.weights].clone();
        let name = format!("{}:{}:{}:{}", self.manifest.name, level.preset, level.side, level.level);
        level.settings.agent(name, Box::new(MlpEvaluator::new(net)))
    }

    /// A player of difficulty `level` for `rules` that plays whichever side is to move, with that
    /// side's level.
    pub fn player(&self, rules: &Ruleset, level: &str) -> Result<LevelPlayer, BundleError> {
        let general = self.agent(self.level(rules, Side::General, level)?);
        let soldiers = self.agent(self.level(rules, Side::Soldiers, level)?);
        Ok(LevelPlayer { name: format!("{}:{level}", self.manifest.name), agents: [general, soldiers] })
    }
}

/// A difficulty level for both sides: each move is chosen by the level of the side to move.
#[derive(Debug)]
pub struct LevelPlayer {
    name: String,
    /// By `Side::index`.
    agents: [MctsAgent; 2],
}

impl Agent for LevelPlayer {
    fn name(&self) -> String {
        self.name.clone()
    }

    fn new_game(&mut self, seed: u64) {
        for a in &mut self.agents {
            a.new_game(seed);
        }
    }

    fn choose(&mut self, game: &Game) -> Choice {
        self.agents[game.position().side_to_move().index()].choose(game)
    }
}
