//! The bundle's `manifest.json`: its schema, its seal and the lookups a player needs, apart from
//! loading files (`bundle.rs`) and from the search's own types. A search refactor does not
//! change this schema: a level's settings are the manifest's [`LevelSettings`], turned into the
//! search's `PlaySettings` when a level is played. The format is documented in `docs/export.md`.

use crate::level::Level;
use crate::network_info::{NetworkInfo, NetworkShape};
use crate::search_constants::SearchConstants;
use crate::spot_check::{LevelBehaviour, SpotCheck};
use musashi_game::{Ruleset, Side};
use musashi_search::{PlaySettings, SettingError};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use std::fmt;

/// The newest bundle format this build writes. 2 added `manifest_sha256`; 3 added the network
/// shape's `moves_left_hidden` (present only for a network with a moves-left head); 4 added each
/// level's `behaviour` and the manifest's `spot_checks` (both optional: a format 2 or 3 bundle
/// loads with none, and its digest is unchanged); 5 added the graph network (`network.architecture`
/// `graph-v1`, with `shape.reach`), a level's `vary` and the manifest's `search` constants; 6
/// added the MLP's per-role heads (`shape.role_heads`); 7 a level's `rank` (the root's moves
/// ranked by their children's predicted plies). A bundle is written in the oldest format that
/// holds it ([`Manifest::needed_format`]); the export records the search constants and the
/// weights' licence, so what it writes now is format 5, 6 for a network with per-role heads, 7
/// for a level with `rank`.
pub const BUNDLE_FORMAT_VERSION: u32 = 7;
/// The oldest bundle format this build reads. Format 1 has no `manifest_sha256`: its manifest is
/// read unchecked (its weight files are still checked against the SHA-256 it lists); a format 1
/// or 2 network has no moves-left head.
pub(crate) const OLDEST_FORMAT_VERSION: u32 = 1;
/// The first format whose manifest records its own SHA-256.
const SEALED_FORMAT_VERSION: u32 = 2;
/// The newest format without the graph network.
const MLP_FORMAT_VERSION: u32 = 4;
/// The newest format without per-role heads: the graph network, `vary`, search constants and
/// licences.
const GRAPH_FORMAT_VERSION: u32 = 5;
/// The newest format without a level's `rank`: per-role heads.
const ROLES_FORMAT_VERSION: u32 = 6;
/// The manifest's file name in a bundle.
pub const MANIFEST: &str = "manifest.json";

/// How a level plays, as the manifest records it (`docs/export.md`): the search's settings that
/// a level may choose. Optional fields are left out at their defaults, so bundles written before
/// them keep their digests.
#[derive(Clone, Copy, PartialEq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LevelSettings {
    /// Simulations per move (0 = the raw policy).
    pub sims: u32,
    /// Move-selection temperature over visit counts (priors with `sims = 0`), every ply.
    pub temperature: f32,
    /// PUCT exploration constant.
    pub cpuct: f32,
    /// Chance per move of playing one of the lower half of the moves instead of the best.
    pub blunder: f32,
    /// Factor on the moves-left utility (0 = off).
    #[serde(default = "one", skip_serializing_if = "is_one")]
    pub moves_left: f32,
    /// The fallible-opponent model's share (0 = off).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub fallible: f32,
    /// Weight of the hand-written evaluation blended into the network's values (0 = off).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub heuristic: f32,
    /// The root's evaluation averaged over the board's symmetries.
    #[serde(default, skip_serializing_if = "is_false")]
    pub symmetric_root: bool,
    /// Variety among near-equal best moves (format 5; 0 = off).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub vary: f32,
    /// Where the side to move loses, the root's moves ranked by their children's predicted plies
    /// to the end, this many plies a nat (format 7; 0 = off).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub rank: f32,
}

fn one() -> f32 {
    1.0
}

fn is_one(x: &f32) -> bool {
    *x == 1.0
}

fn is_zero(x: &f32) -> bool {
    *x == 0.0
}

pub(crate) fn is_false(b: &bool) -> bool {
    !*b
}

impl From<PlaySettings> for LevelSettings {
    fn from(p: PlaySettings) -> LevelSettings {
        let PlaySettings {
            sims,
            temperature,
            cpuct,
            blunder,
            moves_left,
            fallible,
            heuristic,
            symmetric_root,
            vary,
            rank,
        } = p;
        LevelSettings { sims, temperature, cpuct, blunder, moves_left, fallible, heuristic, symmetric_root, vary, rank }
    }
}

impl From<LevelSettings> for PlaySettings {
    fn from(l: LevelSettings) -> PlaySettings {
        let LevelSettings {
            sims,
            temperature,
            cpuct,
            blunder,
            moves_left,
            fallible,
            heuristic,
            symmetric_root,
            vary,
            rank,
        } = l;
        PlaySettings { sims, temperature, cpuct, blunder, moves_left, fallible, heuristic, symmetric_root, vary, rank }
    }
}

impl LevelSettings {
    /// The search's settings.
    pub fn play(self) -> PlaySettings {
        self.into()
    }

    /// Checks every value's range; the error names the field.
    pub fn validate(self) -> Result<(), SettingError> {
        self.play().validate()
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
pub struct LevelEntry {
    /// The preset (one of the manifest's `rules`).
    pub preset: String,
    /// The side this level plays.
    pub side: Side,
    /// The level.
    pub level: Level,
    /// The weight file (one of the manifest's `weights`).
    pub weights: String,
    /// How it plays.
    pub settings: LevelSettings,
    /// What the calibration measured.
    pub measured: Measured,
    /// How it played in its behaviour games against the anchor (format 4; absent in older
    /// bundles).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub behaviour: Option<LevelBehaviour>,
}

/// What a manifest lacks for a request.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Missing {
    /// No levels for these rules.
    Rules {
        /// The rules asked for.
        rules: String,
        /// The presets it has.
        have: Vec<String>,
    },
    /// No such level (for a side, or for either).
    Level {
        /// The level asked for.
        level: Level,
        /// The side, when the other side has the level.
        side: Option<Side>,
        /// The presets of the rules.
        presets: String,
        /// The levels it has.
        have: Vec<Level>,
    },
}

impl fmt::Display for Missing {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Missing::Rules { rules, have } => write!(f, "no levels for the rules {rules}; it has: {}", have.join(", ")),
            Missing::Level { level, side, presets, have } => {
                let side = side.map(|s| format!(" for the {s}")).unwrap_or_default();
                let have: Vec<&str> = have.iter().map(|l| l.name()).collect();
                write!(f, "no level '{level}'{side} under {presets}; it has: {}", have.join(", "))
            }
        }
    }
}

/// The bundle's `manifest.json`. Serialised, it carries `manifest_sha256`, the SHA-256 of the
/// other fields (`docs/export.md`); deserialising requires it and checks it, so a manifest
/// changed by damage or by hand is refused.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
#[serde(try_from = "SealedManifest", into = "SealedManifest")]
pub struct Manifest {
    /// The bundle format of the writer ([`Manifest::needed_format`]).
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
    pub levels: Vec<LevelEntry>,
    /// Rules outside `rules`, served by the nearest calibrated ruleset's levels and measured
    /// (format 4; empty in older bundles). Any other ruleset is served the same way, unmeasured.
    pub spot_checks: Vec<SpotCheck>,
    /// The search constants the levels were calibrated with (format 5; absent in older
    /// bundles, whose levels played with the constants of `SearchConstants::of_this_build` as of
    /// format 4).
    pub search: Option<SearchConstants>,
    /// The licence the weights are released under, an SPDX expression (format 5; absent in
    /// older bundles).
    pub license: Option<String>,
}

impl Manifest {
    /// The oldest format that holds this manifest: 7 for a level with `rank`, 6 for an MLP with
    /// per-role heads, 5 for the graph network, a level with `vary`, recorded search constants
    /// or a licence, else 4.
    pub fn needed_format(&self) -> u32 {
        let graph = matches!(self.network.shape, NetworkShape::Graph(_));
        let roles = matches!(self.network.shape, NetworkShape::Mlp(a) if a.role_heads);
        let vary = self.levels.iter().any(|l| l.settings.vary > 0.0);
        let rank = self.levels.iter().any(|l| l.settings.rank > 0.0);
        if rank {
            BUNDLE_FORMAT_VERSION
        } else if roles {
            ROLES_FORMAT_VERSION
        } else if graph || vary || self.search.is_some() || self.license.is_some() {
            GRAPH_FORMAT_VERSION
        } else {
            MLP_FORMAT_VERSION
        }
    }

    /// The level for exactly these rules, `side` and `level`.
    pub fn level(&self, rules: &Ruleset, side: Side, level: Level) -> Result<&LevelEntry, Missing> {
        let presets: Vec<&str> = self.rules.iter().filter(|r| r.rules == *rules).map(|r| r.preset.as_str()).collect();
        if presets.is_empty() {
            let have = self.rules.iter().map(|r| r.preset.clone()).collect();
            return Err(Missing::Rules { rules: rules.to_string(), have });
        }
        let of_side = |l: &&LevelEntry| presets.contains(&l.preset.as_str()) && l.side == side;
        self.levels.iter().filter(of_side).find(|l| l.level == level).ok_or_else(|| Missing::Level {
            level,
            side: Some(side),
            presets: presets.join("/"),
            have: self.levels.iter().filter(of_side).map(|l| l.level).collect(),
        })
    }
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
    levels: Vec<LevelEntry>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    spot_checks: Vec<SpotCheck>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    search: Option<SearchConstants>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    license: Option<String>,
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
        let Manifest {
            format_version,
            name,
            encoding_version,
            network,
            weights,
            rules,
            levels,
            spot_checks,
            search,
            license,
        } = m;
        SealedManifest {
            format_version,
            name,
            encoding_version,
            network,
            weights,
            rules,
            levels,
            spot_checks,
            search,
            license,
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
            search,
            license,
            manifest_sha256,
        } = s;
        let m = Manifest {
            format_version,
            name,
            encoding_version,
            network,
            weights,
            rules,
            levels,
            spot_checks,
            search,
            license,
        };
        // What only formats 5 to 7 hold (older formats are read as they were).
        let needed = m.needed_format();
        if needed > MLP_FORMAT_VERSION && m.format_version < needed {
            let what = if needed > ROLES_FORMAT_VERSION {
                "a level's rank".to_string()
            } else if needed > GRAPH_FORMAT_VERSION {
                "per-role heads".to_string()
            } else {
                format!("a {} network, a level's vary, search constants or a licence", m.network.shape.name())
            };
            return Err(format!("{what} in bundle format {}, which cannot hold them (damaged?)", m.format_version));
        }
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mlp::Architecture;
    use musashi_encoding::ENCODING_VERSION;
    use musashi_game::Preset;

    fn manifest(settings: LevelSettings, measured: f64) -> Manifest {
        let shape = Architecture { hidden: 8, blocks: 1, value_hidden: 4, moves_left_hidden: 0, role_heads: false };
        Manifest {
            format_version: BUNDLE_FORMAT_VERSION,
            name: "classic".into(),
            encoding_version: ENCODING_VERSION,
            network: NetworkInfo::new(NetworkShape::Mlp(shape)),
            weights: vec![WeightsFile {
                file: "w.safetensors".into(),
                sha256: "0".repeat(64),
                parameters: 1,
                source: "x".into(),
            }],
            rules: vec![RulesEntry { preset: "classic".into(), rules: Preset::Classic.ruleset() }],
            levels: vec![LevelEntry {
                preset: "classic".into(),
                side: Side::General,
                level: Level::Easy,
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
            search: None,
            license: None,
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
            let settings = LevelSettings {
                sims: (next() % 1000) as u32,
                temperature: f(next()).min(10.0),
                cpuct: f(next()).clamp(0.01, 10.0),
                blunder: unit(next()) as f32,
                moves_left: if next() % 2 == 0 { 1.0 } else { unit(next()) as f32 },
                fallible: if next() % 2 == 0 { 0.0 } else { unit(next()) as f32 },
                heuristic: if next() % 2 == 0 { 0.0 } else { unit(next()) as f32 },
                symmetric_root: next() % 2 == 0,
                vary: if next() % 2 == 0 { 0.0 } else { (unit(next()) / 2.0) as f32 },
                rank: if next() % 2 == 0 { 0.0 } else { (unit(next()) * 4.0) as f32 },
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
    fn a_level_that_ranks_its_roots_moves_needs_format_7_and_is_refused_under_an_older_one() {
        let plain = manifest(PlaySettings::default().into(), 0.5);
        let ranked = manifest(LevelSettings { rank: 1.0, ..PlaySettings::default().into() }, 0.5);
        assert!(plain.needed_format() < 7);
        assert_eq!(ranked.needed_format(), 7);
        let text = serde_json::to_string(&ranked).unwrap();
        assert!(text.contains(r#""rank":1.0"#), "{text}");
        assert!(!serde_json::to_string(&plain).unwrap().contains("rank"), "left out at 0");
        assert_eq!(serde_json::from_str::<Manifest>(&text).unwrap().levels[0].settings.rank, 1.0);
        let older = serde_json::to_string(&Manifest { format_version: 6, ..ranked }).unwrap();
        let e = serde_json::from_str::<Manifest>(&older).unwrap_err().to_string();
        assert!(e.contains("a level's rank in bundle format 6"), "{e}");
    }

    #[test]
    fn a_manifest_without_or_against_its_checksum_is_refused() {
        let m = manifest(PlaySettings::default().into(), 0.5);
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

#[cfg(test)]
mod format_tests {
    use super::*;
    use crate::graph::GraphShape;
    use crate::mlp::Architecture;

    /// The MLP keeps format 4 (older runtimes read it); the graph network needs 5 and per-role
    /// heads 6, and either under an older format number is refused.
    #[test]
    fn each_network_is_written_in_the_oldest_format_that_holds_it() {
        let mlp = NetworkInfo::new(NetworkShape::Mlp(Architecture {
            hidden: 8,
            blocks: 1,
            value_hidden: 4,
            moves_left_hidden: 0,
            role_heads: false,
        }));
        let NetworkShape::Mlp(shape) = mlp.shape else { unreachable!() };
        let roles = NetworkInfo::new(NetworkShape::Mlp(Architecture { role_heads: true, ..shape }));
        let graph = NetworkInfo::new(NetworkShape::Graph(GraphShape {
            hidden: 8,
            blocks: 1,
            reach: 2,
            value_hidden: 4,
            moves_left_hidden: 3,
        }));
        let bare = |network| Manifest {
            format_version: 0,
            name: "x".into(),
            encoding_version: 1,
            network,
            weights: Vec::new(),
            rules: Vec::new(),
            levels: Vec::new(),
            spot_checks: Vec::new(),
            search: None,
            license: None,
        };
        assert_eq!(bare(mlp).needed_format(), 4);
        assert_eq!(bare(graph).needed_format(), 5);
        assert_eq!(bare(roles).needed_format(), 6);
        let roles_text = serde_json::to_string(&roles).unwrap();
        assert!(roles_text.contains(r#""role_heads":true"#), "{roles_text}");
        assert_eq!(serde_json::from_str::<NetworkInfo>(&roles_text).unwrap(), roles);
        let graph_roles =
            serde_json::to_string(&graph).unwrap().replace(r#""reach":2"#, r#""reach":2,"role_heads":true"#);
        let e = serde_json::from_str::<NetworkInfo>(&graph_roles).unwrap_err().to_string();
        assert!(e.contains("graph-v1 has no per-role heads"), "{e}");
        assert_eq!(Manifest { search: Some(SearchConstants::of_this_build()), ..bare(mlp) }.needed_format(), 5);
        assert_eq!(Manifest { license: Some("MIT".into()), ..bare(mlp) }.needed_format(), 5);
        let text = serde_json::to_string(&graph).unwrap();
        assert!(text.contains(r#""architecture":"graph-v1""#) && text.contains(r#""reach":2"#), "{text}");
        assert_eq!(serde_json::from_str::<NetworkInfo>(&text).unwrap(), graph);
        let mlp_text = serde_json::to_string(&mlp).unwrap();
        assert!(!mlp_text.contains("reach"), "{mlp_text}");
        let unknown = mlp_text.replace("residual-mlp-v1", "transformer-v9");
        let e = serde_json::from_str::<NetworkInfo>(&unknown).unwrap_err().to_string();
        assert!(e.contains("unknown network architecture 'transformer-v9'"), "{e}");
        let no_reach = text.replace(r#","reach":2"#, "");
        assert!(serde_json::from_str::<NetworkInfo>(&no_reach).unwrap_err().to_string().contains("reach"));
        // An MLP manifest of any format parses as far as the network goes; a graph one needs 5.
        let m = |network: NetworkInfo, format_version| Manifest {
            format_version,
            name: "x".into(),
            encoding_version: 1,
            network,
            weights: Vec::new(),
            rules: Vec::new(),
            levels: Vec::new(),
            spot_checks: Vec::new(),
            search: None,
            license: None,
        };
        let cases =
            [(mlp, 1, true), (mlp, 4, true), (graph, 4, false), (graph, 5, true), (roles, 5, false), (roles, 6, true)];
        for (network, format, ok) in cases {
            let text = serde_json::to_string(&m(network, format)).unwrap();
            assert_eq!(serde_json::from_str::<Manifest>(&text).is_ok(), ok, "{format}: {text}");
        }
    }
}
