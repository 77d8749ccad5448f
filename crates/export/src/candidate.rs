//! `Candidate`: one candidate setting of a level in the export configuration. Its play settings
//! are read key by key through the play settings' table (`PLAY_KEYS`), so that a candidate takes
//! every key a level records, by the same names, and are written back as a manifest writes them.

use musashi_game::{Preset, Side};
use musashi_search::PlaySettings;
use musashi_search::mcts::PLAY_KEYS;
use serde::de::{self, MapAccess, Visitor};
use serde::{Deserialize, Deserializer, Serialize};
use std::fmt;
use std::path::PathBuf;
use std::sync::OnceLock;

/// One candidate setting of a level.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Candidate {
    /// How it plays: any key of `PlaySettings` by its field name (`sims`, `temperature`,
    /// `cpuct`, `blunder`, `moves_left`, `fallible`, `heuristic`, `symmetric_root`); those left
    /// out are `Candidate::base`'s.
    #[serde(flatten)]
    pub settings: PlaySettings,
    /// Another checkpoint for this candidate (default: the export's for the side measured).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub checkpoint: Option<PathBuf>,
    /// Only these presets' levels measure the candidate (absent: every preset's; an empty list
    /// is refused).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub presets: Option<Vec<Preset>>,
    /// Only this side's levels measure the candidate (absent: both sides').
    #[serde(skip_serializing_if = "Option::is_none")]
    pub side: Option<Side>,
}

/// A candidate's keys besides its play settings.
const OWN_FIELDS: [&str; 3] = ["checkpoint", "presets", "side"];

impl Candidate {
    /// The settings of a candidate that gives none: the raw policy (`sims = 0`), every other
    /// key at `PlaySettings`' default.
    pub fn base() -> PlaySettings {
        PlaySettings { sims: 0, ..PlaySettings::default() }
    }

    /// Whether `preset`'s levels of `side` measure this candidate.
    pub fn applies_to(&self, preset: Preset, side: Side) -> bool {
        self.presets.as_ref().is_none_or(|ps| ps.contains(&preset)) && self.side.is_none_or(|s| s == side)
    }
}

/// Every key a candidate takes, for the error about one it does not.
fn fields() -> &'static [&'static str] {
    static FIELDS: OnceLock<Vec<&'static str>> = OnceLock::new();
    FIELDS.get_or_init(|| PLAY_KEYS.iter().map(|k| k.field()).chain(OWN_FIELDS).collect())
}

impl<'de> Deserialize<'de> for Candidate {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Candidate, D::Error> {
        deserializer.deserialize_map(CandidateVisitor)
    }
}

/// Reads a candidate's table: its own keys, then the play settings' by their table.
struct CandidateVisitor;

impl<'de> Visitor<'de> for CandidateVisitor {
    type Value = Candidate;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("struct Candidate")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Candidate, A::Error> {
        let mut c = Candidate { settings: Candidate::base(), checkpoint: None, presets: None, side: None };
        while let Some(key) = map.next_key::<String>()? {
            match key.as_str() {
                "checkpoint" => c.checkpoint = Some(map.next_value()?),
                "presets" => c.presets = Some(map.next_value()?),
                "side" => c.side = Some(map.next_value()?),
                field => {
                    if !c.settings.read_field(field, &mut map)? {
                        return Err(de::Error::unknown_field(field, fields()));
                    }
                }
            }
        }
        Ok(c)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use musashi_config::{from_toml, to_toml};
    use musashi_search::mcts::PlayValue;

    #[derive(Debug, Serialize, Deserialize)]
    struct LevelEntry {
        candidates: Vec<Candidate>,
    }

    /// The candidates of `candidates = [ITEMS]`, or the error's message.
    fn read(items: &str) -> Result<Vec<Candidate>, String> {
        let text = format!("candidates = [{items}]");
        from_toml::<LevelEntry>(&text, "test.toml", &[]).map(|l| l.candidates).map_err(|e| e.to_string())
    }

    #[test]
    fn a_candidate_takes_every_play_setting_by_its_field() {
        let base = Candidate::base();
        for key in PLAY_KEYS {
            let value = match key.value(&base) {
                PlayValue::Count(n) => (n + 8).to_string(),
                PlayValue::Real(0.0) => "0.5".to_string(),
                PlayValue::Real(x) => (x / 2.0).to_string(),
                PlayValue::Switch(b) => (!b).to_string(),
            };
            let c = read(&format!("{{ {} = {value} }}", key.field())).unwrap().remove(0);
            assert_eq!(key.value(&c.settings).to_string(), value, "{}", key.field());
            for other in PLAY_KEYS.iter().filter(|o| o.name != key.name) {
                assert_eq!(other.value(&c.settings), other.value(&base), "{} given", key.field());
            }
        }
        assert_eq!(read("{}").unwrap()[0].settings, base, "nothing given: the raw policy");
        assert_eq!(read("{ temperature = 1 }").unwrap()[0].settings.temperature, 1.0, "an integer for a real");
        let e = read("{ sims = 8 }, { sims = 8, temp = 0.5 }").unwrap_err();
        assert!(e.contains("candidates[1]") && e.contains("unknown field `temp`, expected one of `sims`"), "{e}");
        let e = read("{ sims = 1.5 }").unwrap_err();
        assert!(e.contains("candidates[0].sims") && e.contains("expected u32"), "{e}");
        let e = read("{ symmetric_root = 1 }").unwrap_err();
        assert!(e.contains("candidates[0].symmetric_root") && e.contains("expected a boolean"), "{e}");
        let e = read("7").unwrap_err();
        assert!(e.contains("expected struct Candidate"), "{e}");
    }

    #[test]
    fn a_candidate_is_written_with_its_settings_as_a_manifest_has_them_and_read_back() {
        let items = "{ sims = 200, moves_left = 0.5, fallible = 0.3, checkpoint = \"c\", presets = [\"qdan\"], \
side = \"general\" }, { sims = 8, temperature = 0.3 }";
        let level = LevelEntry { candidates: read(items).unwrap() };
        let text = to_toml(&level, "test").unwrap();
        let back = from_toml::<LevelEntry>(&text, "written", &[]).unwrap();
        assert_eq!(back.candidates, level.candidates);
        let first = text.split("[[candidates]]").nth(1).unwrap();
        let keys: Vec<&str> = first.lines().filter_map(|l| l.split_once(" = ")).map(|(k, _)| k).collect();
        let settings = serde_json::to_value(level.candidates[0].settings).unwrap();
        let mut manifest: Vec<&str> = settings.as_object().unwrap().keys().map(String::as_str).collect();
        manifest.extend(OWN_FIELDS);
        let mut sorted = keys.clone();
        sorted.sort_unstable();
        manifest.sort_unstable();
        assert_eq!(sorted, manifest, "{text}");
        assert_eq!(keys[..4], ["sims", "temperature", "cpuct", "blunder"], "{text}");
    }
}
