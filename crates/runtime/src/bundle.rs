//! Export bundles: a folder with `manifest.json` and safetensors weight files. Loading checks the
//! format version, the encoding version, the manifest's own SHA-256 (`manifest_sha256`, which
//! serialising a [`Manifest`] writes), the network shape and every weight file's SHA-256, and
//! refuses the bundle with an error naming the file when any of them is wrong. The format is
//! documented in `docs/export.md`.

use crate::mlp::{Architecture, LAYER_NORM_EPSILON, Mlp, MlpEvaluator};
use crate::nearest::Fit;
use crate::spot_check::{LevelBehaviour, SpotCheck};
use musashi_encoding::{ENCODING_VERSION, NUM_FEATURES};
use musashi_game::{Game, NUM_ACTIONS, Ruleset, Side};
use musashi_search::{Agent, Choice, MctsAgent, PlaySettings};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use std::collections::BTreeMap;
use std::fmt;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// The bundle format this build writes. 2 added `manifest_sha256`; 3 added the network shape's
/// `moves_left_hidden` (present only for a network with a moves-left head); 4 added each level's
/// `behaviour` and the manifest's `spot_checks` (both optional: a format 2 or 3 bundle loads
/// with none, and its digest is unchanged).
pub const BUNDLE_FORMAT_VERSION: u32 = 4;
/// The oldest bundle format this build reads. Format 1 has no `manifest_sha256`: its manifest is
/// read unchecked (its weight files are still checked against the SHA-256 it lists); a format 1
/// or 2 network has no moves-left head.
const OLDEST_FORMAT_VERSION: u32 = 1;
/// The first format whose manifest records its own SHA-256.
const SEALED_FORMAT_VERSION: u32 = 2;
/// The manifest's file name in a bundle.
pub const MANIFEST: &str = "manifest.json";
/// The network architecture's name in manifests.
pub const ARCHITECTURE_NAME: &str = "residual-mlp-v1";
/// The level names, weakest first.
pub const LEVELS: [&str; 3] = ["easy", "normal", "hard"];

/// Why a bundle could not be loaded or used.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum BundleError {
    /// The bundle cannot be read, is damaged, or is of another version.
    Unreadable {
        /// The bundle folder.
        dir: PathBuf,
        /// What is wrong (it names the file).
        problem: String,
    },
    /// The bundle has no levels for the rules asked for.
    NoRules {
        /// The bundle folder.
        dir: PathBuf,
        /// The rules asked for.
        rules: String,
        /// The presets it has.
        have: Vec<String>,
    },
    /// The bundle has no such level (for a side, or for either).
    NoLevel {
        /// The bundle folder.
        dir: PathBuf,
        /// The level asked for.
        level: String,
        /// The side, when the other side has the level.
        side: Option<Side>,
        /// The presets of the rules.
        presets: String,
        /// The levels it has.
        have: Vec<String>,
    },
}

impl fmt::Display for BundleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BundleError::Unreadable { dir, problem } => write!(f, "bundle {}: {problem}", dir.display()),
            BundleError::NoRules { dir, rules, have } => {
                write!(f, "bundle {} has no levels for the rules {rules}; it has: {}", dir.display(), have.join(", "))
            }
            BundleError::NoLevel { dir, level, side, presets, have } => {
                let side = side.map(|s| format!(" for the {s}")).unwrap_or_default();
                let (dir, have) = (dir.display(), have.join(", "));
                write!(f, "bundle {dir} has no level '{level}'{side} under {presets}; it has: {have}")
            }
        }
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
    /// How it played in its behaviour games against the anchor (format 4; absent in older
    /// bundles).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub behaviour: Option<LevelBehaviour>,
}

/// The bundle's `manifest.json`. Serialised, it carries `manifest_sha256`, the SHA-256 of the
/// other fields (`docs/export.md`); deserialising requires it and checks it, so a manifest
/// changed by damage or by hand is refused.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
#[serde(try_from = "SealedManifest", into = "SealedManifest")]
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
    /// Rules outside `rules`, served by the nearest calibrated ruleset's levels and measured
    /// (format 4; empty in older bundles). Any other ruleset is served the same way, unmeasured.
    pub spot_checks: Vec<SpotCheck>,
}

/// The manifest as it is written: its fields and their SHA-256.
#[derive(Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct SealedManifest {
    format_version: u32,
    name: String,
    encoding_version: u32,
    network: NetworkInfo,
    weights: Vec<WeightsFile>,
    rules: Vec<RulesEntry>,
    levels: Vec<Level>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    spot_checks: Vec<SpotCheck>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    manifest_sha256: Option<String>,
}

impl SealedManifest {
    /// The SHA-256 that `manifest_sha256` records (`docs/export.md`): of the fields serialised
    /// as compact JSON by serde_json, in the order of [`Manifest`]'s fields (and of theirs),
    /// without `manifest_sha256`. It is computed from the parsed values, so layout and
    /// whitespace do not matter; a changed value does.
    fn digest(&self) -> String {
        let unsealed = SealedManifest { manifest_sha256: None, ..self.clone() };
        sha256_hex(&serde_json::to_vec(&unsealed).expect("a manifest serialises"))
    }

    fn unsealed(m: Manifest) -> SealedManifest {
        let Manifest { format_version, name, encoding_version, network, weights, rules, levels, spot_checks } = m;
        SealedManifest {
            format_version,
            name,
            encoding_version,
            network,
            weights,
            rules,
            levels,
            spot_checks,
            manifest_sha256: None,
        }
    }
}

impl From<Manifest> for SealedManifest {
    fn from(m: Manifest) -> SealedManifest {
        // The digest a reader will compute: of the values as it parses them back. serde_json's
        // float parsing is not always exact (a last-bit difference in an f64), so the digest is
        // of the fields after one round trip through their text, which is what a reader holds.
        let fields = serde_json::to_vec(&SealedManifest::unsealed(m.clone())).expect("a manifest serialises");
        let parsed: SealedManifest = serde_json::from_slice(&fields).expect("a serialised manifest parses");
        let digest = parsed.digest();
        SealedManifest { manifest_sha256: Some(digest), ..SealedManifest::unsealed(m) }
    }
}

impl TryFrom<SealedManifest> for Manifest {
    type Error = String;

    fn try_from(s: SealedManifest) -> Result<Manifest, String> {
        let SealedManifest {
            format_version,
            name,
            encoding_version,
            network,
            weights,
            rules,
            levels,
            spot_checks,
            manifest_sha256,
        } = s;
        let m = Manifest { format_version, name, encoding_version, network, weights, rules, levels, spot_checks };
        let Some(recorded) = manifest_sha256 else {
            if m.format_version < SEALED_FORMAT_VERSION {
                return Ok(m);
            }
            return Err(format!("no manifest_sha256, which bundle format {} has (damaged?)", m.format_version));
        };
        let digest = SealedManifest::unsealed(m.clone()).digest();
        if digest != recorded {
            return Err(format!(
                "damaged or edited: the SHA-256 of its fields is {digest}, its manifest_sha256 says {recorded}"
            ));
        }
        Ok(m)
    }
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
        let fail = |problem: String| BundleError::Unreadable { dir: dir.to_path_buf(), problem };
        let bad = |what: String| fail(format!("{MANIFEST}: {what}"));
        let text = std::fs::read(dir.join(MANIFEST)).map_err(|e| fail(format!("cannot read {MANIFEST}: {e}")))?;
        // The versions first, so that a bundle of another version is named as such rather than
        // failing on a field this build does not know.
        let value: serde_json::Value =
            serde_json::from_slice(&text).map_err(|e| bad(format!("not JSON (damaged?): {e}")))?;
        match value.get("format_version").and_then(|v| v.as_u64()) {
            Some(v) if (OLDEST_FORMAT_VERSION as u64..=BUNDLE_FORMAT_VERSION as u64).contains(&v) => {}
            Some(v) => {
                return Err(bad(format!(
                    "format version {v}, this build reads versions {OLDEST_FORMAT_VERSION} to {BUNDLE_FORMAT_VERSION}: export it again with this build or use a matching runtime"
                )));
            }
            None => return Err(bad("no format_version".into())),
        }
        match value.get("encoding_version").and_then(|v| v.as_u64()) {
            Some(v) if v == ENCODING_VERSION as u64 => {}
            v => {
                return Err(bad(format!(
                    "feature encoding version {}, this build encodes version {ENCODING_VERSION}",
                    v.map_or("missing".to_string(), |v| v.to_string())
                )));
            }
        }
        let manifest: Manifest = serde_json::from_value(value).map_err(|e| bad(e.to_string()))?;
        let want = NetworkInfo::new(manifest.network.shape);
        if manifest.network != want {
            return Err(bad(format!("network {:?}, this build runs {:?}", manifest.network, want)));
        }
        let mut networks = BTreeMap::new();
        for w in &manifest.weights {
            if w.file.contains(['/', '\\']) || w.file.starts_with('.') {
                return Err(bad(format!("weight file name '{}' is not a plain file name", w.file)));
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
            let level = format!("level {} {} {}", l.preset, l.side, l.level);
            if !networks.contains_key(&l.weights) {
                return Err(bad(format!("{level} names unknown weights {}", l.weights)));
            }
            if !manifest.rules.iter().any(|r| r.preset == l.preset) {
                return Err(bad(format!("{level} names unknown rules {}", l.preset)));
            }
            l.settings.validate().map_err(|e| bad(format!("{level}: {e}")))?;
        }
        for c in &manifest.spot_checks {
            if !manifest.rules.iter().any(|r| r.preset == c.served_by) {
                return Err(bad(format!("spot check {} names unknown rules {}", c.name, c.served_by)));
            }
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
            let have = have.into_iter().map(String::from).collect();
            return Err(BundleError::NoRules { dir: self.dir.clone(), rules: rules.to_string(), have });
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
                BundleError::NoLevel {
                    dir: self.dir.clone(),
                    level: level.to_string(),
                    side: Some(side),
                    presets: presets.join("/"),
                    have,
                }
            })
    }

    /// An agent playing `level` (one side).
    pub fn agent(&self, level: &Level) -> MctsAgent {
        self.agent_with(level, level.settings)
    }

    /// An agent playing `level`'s network with other settings.
    fn agent_with(&self, level: &Level, settings: PlaySettings) -> MctsAgent {
        let net = self.networks[&level.weights].clone();
        let name = format!("{}:{}:{}:{}", self.manifest.name, level.preset, level.side, level.level);
        settings.agent(name, Box::new(MlpEvaluator::new(net)))
    }

    /// A player of difficulty `level` for `rules` that plays whichever side is to move, with that
    /// side's level: the calibrated one, or for rules the bundle was not calibrated on, that of
    /// the nearest calibrated ruleset (`Bundle::serving`); its name then says which, as in
    /// `classic:hard@classic`.
    pub fn player(&self, rules: &Ruleset, level: &str) -> Result<LevelPlayer, BundleError> {
        self.player_adjusted(rules, level, "", |s| s)
    }

    /// `player` with each side's settings passed through `adjust` (to study a level at other
    /// settings, e.g. its strength against the simulation count); `label` (such as
    /// `[sims=1600]`) is appended to the player's name.
    pub fn player_adjusted(
        &self,
        rules: &Ruleset,
        level: &str,
        label: &str,
        adjust: impl Fn(PlaySettings) -> PlaySettings,
    ) -> Result<LevelPlayer, BundleError> {
        let (general, soldiers) =
            match (self.serving(rules, Side::General, level), self.serving(rules, Side::Soldiers, level)) {
                (Ok(g), Ok(s)) => (g, s),
                // Missing for both sides: the error is about the level, not a side.
                (Err(BundleError::NoLevel { dir, level, presets, have, .. }), Err(_)) => {
                    return Err(BundleError::NoLevel { dir, level, side: None, presets, have });
                }
                (Err(e), _) | (_, Err(e)) => return Err(e),
            };
        let mut name = format!("{}:{level}", self.manifest.name);
        if let Some(p) = [general.1, soldiers.1].into_iter().find_map(|f| match f {
            Fit::Nearest(p) => Some(p),
            Fit::Calibrated => None,
        }) {
            name = format!("{name}@{p}");
        }
        name.push_str(label);
        let agent = |l: &Level| self.agent_with(l, adjust(l.settings));
        Ok(LevelPlayer { name, agents: [agent(general.0), agent(soldiers.0)] })
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

#[cfg(test)]
mod tests {
    use super::*;
    use musashi_game::Preset;

    fn manifest(settings: PlaySettings, measured: f64) -> Manifest {
        let shape = Architecture { hidden: 8, blocks: 1, value_hidden: 4, moves_left_hidden: 0 };
        Manifest {
            format_version: BUNDLE_FORMAT_VERSION,
            name: "classic".into(),
            encoding_version: ENCODING_VERSION,
            network: NetworkInfo::new(shape),
            weights: vec![WeightsFile {
                file: "w.safetensors".into(),
                sha256: "0".repeat(64),
                parameters: 1,
                source: "x".into(),
            }],
            rules: vec![RulesEntry { preset: "classic".into(), rules: Preset::Classic.ruleset() }],
            levels: vec![Level {
                preset: "classic".into(),
                side: Side::General,
                level: "easy".into(),
                weights: "w.safetensors".into(),
                settings,
                measured: Measured {
                    opponent: "random".into(),
                    games: 10,
                    score: measured,
                    score_err: measured / 3.0,
                    elo: measured * 1000.0 - 500.0,
                    elo_err: measured * 77.0,
                    anchor: "random".into(),
                    ms_per_move: measured * 0.01,
                },
                behaviour: None,
            }],
            spot_checks: Vec::new(),
        }
    }

    /// The digest is of parsed values, so it must survive the text round trip for any float the
    /// manifest can hold (f32 settings are printed shortest and read back through f64).
    #[test]
    fn the_checksum_survives_the_round_trip_for_any_values() {
        let mut state = 0x5EED_u64;
        let mut next = || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        for _ in 0..3000 {
            let unit = |x: u64| (x >> 11) as f64 / (1u64 << 53) as f64;
            let f = |x: u64| f32::from_bits((x >> 32) as u32 & 0x3FFF_FFFF);
            let settings = PlaySettings {
                sims: (next() % 1000) as u32,
                temperature: f(next()).min(10.0),
                cpuct: f(next()).clamp(0.01, 10.0),
                blunder: unit(next()) as f32,
                moves_left: if next() % 2 == 0 { 1.0 } else { unit(next()) as f32 },
                fallible: if next() % 2 == 0 { 0.0 } else { unit(next()) as f32 },
                heuristic: if next() % 2 == 0 { 0.0 } else { unit(next()) as f32 },
                symmetric_root: next() % 2 == 0,
            };
            let m = manifest(settings, unit(next()));
            let text = serde_json::to_string_pretty(&m).unwrap();
            let back: Manifest = serde_json::from_str(&text).unwrap_or_else(|e| panic!("{e}: {text}"));
            // A loaded manifest written again loads again.
            serde_json::from_str::<Manifest>(&serde_json::to_string(&back).unwrap()).unwrap();
            assert_eq!(back.levels[0].settings, m.levels[0].settings, "f32 settings read back exactly");
        }
    }

    #[test]
    fn a_manifest_without_or_against_its_checksum_is_refused() {
        let m = manifest(PlaySettings::default(), 0.5);
        let mut value = serde_json::to_value(&m).unwrap();
        assert_eq!(value["manifest_sha256"].as_str().unwrap().len(), 64);
        value["levels"][0]["settings"]["sims"] = 101.into();
        let e = serde_json::from_value::<Manifest>(value.clone()).unwrap_err().to_string();
        assert!(e.contains("damaged or edited"), "{e}");
        value.as_object_mut().unwrap().remove("manifest_sha256");
        let e = serde_json::from_value::<Manifest>(value).unwrap_err().to_string();
        assert!(e.contains("no manifest_sha256"), "{e}");
    }
}
