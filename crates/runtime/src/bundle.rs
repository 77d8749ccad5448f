//! Loading and playing export bundles: a `manifest.json` ([`Manifest`], `manifest.rs`) and
//! safetensors weight files, read from a folder or from bytes (a page that fetched them, a game
//! engine's asset). Loading checks the format version, the encoding version, the manifest's own
//! SHA-256, the network shape and every weight file's SHA-256, and refuses the bundle with an
//! error naming the file when any of them is wrong. The format is documented in `docs/export.md`.

use crate::level::Level;
use crate::manifest::{
    BUNDLE_FORMAT_VERSION, LevelEntry, MANIFEST, Manifest, Missing, OLDEST_FORMAT_VERSION, sha256_hex,
};
use crate::nearest::Fit;
use crate::network::{Network, NetworkEvaluator};
use crate::network_info::NetworkInfo;
use crate::search_constants::SearchConstants;
use musashi_encoding::ENCODING_VERSION;
use musashi_game::{Game, Ruleset, Side};
use musashi_search::{Agent, Choice, MctsAgent, PlaySettings};
use std::collections::BTreeMap;
use std::fmt;
use std::path::Path;
use std::sync::Arc;

/// Why a bundle could not be loaded or used.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum BundleError {
    /// The bundle cannot be read, is damaged, or is of another version.
    Unreadable {
        /// Where the bundle came from (its folder, or the name it was loaded under).
        bundle: String,
        /// What is wrong (it names the file).
        problem: String,
    },
    /// The bundle has no levels for the rules, or not this level.
    Missing {
        /// Where the bundle came from.
        bundle: String,
        /// What it lacks.
        missing: Missing,
    },
}

impl fmt::Display for BundleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BundleError::Unreadable { bundle, problem } => write!(f, "bundle {bundle}: {problem}"),
            BundleError::Missing { bundle, missing } => write!(f, "bundle {bundle} has {missing}"),
        }
    }
}

impl std::error::Error for BundleError {}

/// A loaded bundle: its manifest and networks, checked.
#[derive(Clone, Debug)]
pub struct Bundle {
    origin: String,
    manifest: Manifest,
    networks: BTreeMap<String, Arc<Network>>,
}

impl Bundle {
    /// Loads and checks the bundle in the folder `dir`.
    pub fn load(dir: &Path) -> Result<Bundle, BundleError> {
        Bundle::from_source(&dir.display().to_string(), |file| std::fs::read(dir.join(file)).map_err(|e| e.to_string()))
    }

    /// Loads and checks a bundle held in memory: the manifest's bytes and each weight file's
    /// bytes by its name in the manifest. `origin` names the bundle in errors.
    pub fn from_bytes(origin: &str, manifest: &[u8], files: &BTreeMap<String, Vec<u8>>) -> Result<Bundle, BundleError> {
        Bundle::from_source(origin, |file| {
            if file == MANIFEST {
                return Ok(manifest.to_vec());
            }
            files.get(file).cloned().ok_or_else(|| "not given".to_string())
        })
    }

    /// Loads and checks a bundle whose files `read` returns by name (`manifest.json` first).
    pub fn from_source(
        origin: &str,
        mut read: impl FnMut(&str) -> Result<Vec<u8>, String>,
    ) -> Result<Bundle, BundleError> {
        let fail = |problem: String| BundleError::Unreadable { bundle: origin.to_string(), problem };
        let bad = |what: String| fail(format!("{MANIFEST}: {what}"));
        let text = read(MANIFEST).map_err(|e| fail(format!("cannot read {MANIFEST}: {e}")))?;
        let manifest = parse_manifest(&text).map_err(bad)?;
        let mut networks = BTreeMap::new();
        for w in &manifest.weights {
            if w.file.contains(['/', '\\']) || w.file.starts_with('.') {
                return Err(bad(format!("weight file name '{}' is not a plain file name", w.file)));
            }
            let bytes = read(&w.file).map_err(|e| fail(format!("cannot read {}: {e}", w.file)))?;
            let hash = sha256_hex(&bytes);
            if hash != w.sha256 {
                return Err(fail(format!(
                    "{} is corrupt or was changed: SHA-256 {hash}, the manifest says {}",
                    w.file, w.sha256
                )));
            }
            let net = Network::from_safetensors(&bytes, manifest.network.shape)
                .map_err(|e| fail(format!("{}: {e}", w.file)))?;
            networks.insert(w.file.clone(), Arc::new(net));
        }
        check_references(&manifest, |file| networks.contains_key(file)).map_err(bad)?;
        Ok(Bundle { origin: origin.to_string(), manifest, networks })
    }

    /// The manifest.
    pub fn manifest(&self) -> &Manifest {
        &self.manifest
    }

    /// Where it was loaded from: its folder, or the name given to [`Bundle::from_bytes`].
    pub fn origin(&self) -> &str {
        &self.origin
    }

    /// The network of a weight file named in the manifest.
    pub fn network(&self, weights: &str) -> Option<&Arc<Network>> {
        self.networks.get(weights)
    }

    /// The level for exactly these rules, `side` and `level`.
    pub fn level(&self, rules: &Ruleset, side: Side, level: Level) -> Result<&LevelEntry, BundleError> {
        self.manifest.level(rules, side, level).map_err(|m| self.missing(m))
    }

    /// The error for something the manifest lacks.
    pub(crate) fn missing(&self, missing: Missing) -> BundleError {
        BundleError::Missing { bundle: self.origin.clone(), missing }
    }

    /// An agent playing `level` (one side).
    pub fn agent(&self, level: &LevelEntry) -> MctsAgent {
        self.agent_with(level, level.settings.play())
    }

    /// An agent playing `level`'s network with other settings.
    fn agent_with(&self, level: &LevelEntry, settings: PlaySettings) -> MctsAgent {
        let net = self.networks[&level.weights].clone();
        let name = format!("{}:{}:{}:{}", self.manifest.name, level.preset, level.side, level.level);
        settings.agent(name, Box::new(NetworkEvaluator::new(net)))
    }

    /// A player of difficulty `level` for `rules` that plays whichever side is to move, with that
    /// side's level: the calibrated one, or for rules the bundle was not calibrated on, that of
    /// the nearest calibrated ruleset (`Bundle::serving`); its name then says which, as in
    /// `classic:hard@classic`.
    pub fn player(&self, rules: &Ruleset, level: Level) -> Result<LevelPlayer, BundleError> {
        self.player_adjusted(rules, level, "", |s| s)
    }

    /// `player` with each side's settings passed through `adjust` (to study a level at other
    /// settings, e.g. its strength against the simulation count); `label` (such as
    /// `[sims=1600]`) is appended to the player's name.
    pub fn player_adjusted(
        &self,
        rules: &Ruleset,
        level: Level,
        label: &str,
        adjust: impl Fn(PlaySettings) -> PlaySettings,
    ) -> Result<LevelPlayer, BundleError> {
        let (general, soldiers) = match (
            self.manifest.serving(rules, Side::General, level),
            self.manifest.serving(rules, Side::Soldiers, level),
        ) {
            (Ok(g), Ok(s)) => (g, s),
            // Missing for both sides: the error is about the level, not a side.
            (Err(Missing::Level { level, presets, have, .. }), Err(_)) => {
                return Err(self.missing(Missing::Level { level, side: None, presets, have }));
            }
            (Err(e), _) | (_, Err(e)) => return Err(self.missing(e)),
        };
        let mut name = format!("{}:{level}", self.manifest.name);
        if let Some(p) = [general.1, soldiers.1].into_iter().find_map(|f| match f {
            Fit::Nearest(p) => Some(p),
            Fit::Calibrated => None,
        }) {
            name = format!("{name}@{p}");
        }
        name.push_str(label);
        let agent = |l: &LevelEntry| self.agent_with(l, adjust(l.settings.play()));
        Ok(LevelPlayer { name, agents: [agent(general.0), agent(soldiers.0)] })
    }

    /// The level for `rules`, `side` and `level`: the calibrated one, or that of the nearest
    /// calibrated ruleset (`Manifest::serving`).
    pub fn serving(&self, rules: &Ruleset, side: Side, level: Level) -> Result<(&LevelEntry, Fit<'_>), BundleError> {
        self.manifest.serving(rules, side, level).map_err(|m| self.missing(m))
    }
}

/// The manifest from its bytes: the versions first, so that a bundle of another version is
/// named as such rather than failing on a field this build does not know; then the schema and
/// seal, the network's description and every level's settings.
fn parse_manifest(text: &[u8]) -> Result<Manifest, String> {
    let value: serde_json::Value = serde_json::from_slice(text).map_err(|e| format!("not JSON (damaged?): {e}"))?;
    match value.get("format_version").and_then(|v| v.as_u64()) {
        Some(v) if (OLDEST_FORMAT_VERSION as u64..=BUNDLE_FORMAT_VERSION as u64).contains(&v) => {}
        Some(v) => {
            return Err(format!(
                "format version {v}, this build reads versions {OLDEST_FORMAT_VERSION} to {BUNDLE_FORMAT_VERSION}: export it again with this build or use a matching runtime"
            ));
        }
        None => return Err("no format_version".into()),
    }
    match value.get("encoding_version").and_then(|v| v.as_u64()) {
        Some(v) if v == ENCODING_VERSION as u64 => {}
        v => {
            return Err(format!(
                "feature encoding version {}, this build encodes version {ENCODING_VERSION}",
                v.map_or("missing".to_string(), |v| v.to_string())
            ));
        }
    }
    let manifest: Manifest = serde_json::from_value(value).map_err(|e| e.to_string())?;
    let want = NetworkInfo::new(manifest.network.shape);
    if manifest.network != want {
        return Err(format!("network {:?}, this build runs {:?}", manifest.network, want));
    }
    if let Some(search) = &manifest.search {
        let mine = SearchConstants::of_this_build();
        if *search != mine {
            return Err(format!(
                "its levels were calibrated with the search constants {search:?}; this build searches with {mine:?}, \
                 so they would not play at their measured strength: use a runtime of the exporting build, or export again"
            ));
        }
    }
    Ok(manifest)
}

/// Every level names weights and rules the manifest has, with valid settings, and every spot
/// check a calibrated ruleset.
fn check_references(manifest: &Manifest, has_weights: impl Fn(&str) -> bool) -> Result<(), String> {
    for l in &manifest.levels {
        let level = format!("level {} {} {}", l.preset, l.side, l.level);
        if !has_weights(&l.weights) {
            return Err(format!("{level} names unknown weights {}", l.weights));
        }
        if !manifest.rules.iter().any(|r| r.preset == l.preset) {
            return Err(format!("{level} names unknown rules {}", l.preset));
        }
        l.settings.validate().map_err(|e| format!("{level}: {e}"))?;
    }
    for c in &manifest.spot_checks {
        if !manifest.rules.iter().any(|r| r.preset == c.served_by) {
            return Err(format!("spot check {} names unknown rules {}", c.name, c.served_by));
        }
    }
    Ok(())
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
    use crate::mlp::Architecture;
    use crate::network_info::NetworkShape;

    /// A bundle records the search constants its levels were measured with; another build's
    /// are refused, this build's and none (older formats) are read.
    #[test]
    fn levels_measured_with_other_search_constants_are_refused() {
        let shape = NetworkShape::Mlp(Architecture {
            hidden: 4,
            blocks: 1,
            value_hidden: 2,
            moves_left_hidden: 0,
            role_heads: false,
        });
        let manifest = |search: Option<SearchConstants>| Manifest {
            format_version: if search.is_some() { 5 } else { 4 },
            name: "x".into(),
            encoding_version: ENCODING_VERSION,
            network: NetworkInfo::new(shape),
            weights: Vec::new(),
            rules: Vec::new(),
            levels: Vec::new(),
            spot_checks: Vec::new(),
            search,
            license: None,
        };
        let parse = |m: Manifest| parse_manifest(&serde_json::to_vec(&m).unwrap());
        assert!(parse(manifest(None)).is_ok());
        assert!(parse(manifest(Some(SearchConstants::of_this_build()))).is_ok());
        let other = SearchConstants { fpu_reduction: 0.3, ..SearchConstants::of_this_build() };
        let e = parse(manifest(Some(other))).unwrap_err();
        assert!(e.contains("search constants") && e.contains("fpu_reduction: 0.3"), "{e}");
    }
}
