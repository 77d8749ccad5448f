//! The keys of `PlaySettings`, declared once (as lc0 declares its options): each key's name in
//! agent specs, its field (the name manifests and export candidates use), its range, its help
//! line and how to read and write it; the default is `PlaySettings::default()`'s. Parsing and
//! printing `key=value` settings, checking them, the agents' help text, the `bundle:` overrides
//! and the export's candidates all go through this table.

use crate::mcts::agent::PlaySettings;
use crate::{AgentSpec, SettingError, SpecError};
use serde::de::MapAccess;
use std::fmt;

/// The value of one play setting.
#[derive(Clone, Copy, PartialEq, Debug)]
pub enum PlayValue {
    /// A whole number (`sims`).
    Count(u32),
    /// A real number (`temp`).
    Real(f32),
    /// A switch (`sym`).
    Switch(bool),
}

impl fmt::Display for PlayValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayValue::Count(n) => n.fmt(f),
            PlayValue::Real(x) => x.fmt(f),
            PlayValue::Switch(b) => b.fmt(f),
        }
    }
}

/// A field of `PlaySettings`: its name and how to read and write it.
#[derive(Debug)]
struct Field {
    name: &'static str,
    get: fn(&PlaySettings) -> PlayValue,
    /// Writes a value of the kind `get` returns (the only kind this table makes for the field).
    set: fn(&mut PlaySettings, PlayValue),
}

/// The `Field` `PlaySettings::$name`, which holds a `PlayValue::$kind`.
macro_rules! field {
    ($name:ident, $kind:ident) => {
        Field {
            name: stringify!($name),
            get: |s| PlayValue::$kind(s.$name),
            set: |s, v| {
                if let PlayValue::$kind(x) = v {
                    s.$name = x;
                }
            },
        }
    };
}

/// One key of the play settings.
#[derive(Debug)]
pub struct PlayKey {
    /// Its name in agent specs (`temp`).
    pub name: &'static str,
    field: Field,
    /// What a spec gives it, in the help text (`T`).
    pub placeholder: &'static str,
    /// What it does, in the help text.
    pub help: &'static str,
    /// What a value must be, as errors and the help text say it (`in 0..=1`).
    pub expected: &'static str,
    /// Whether the settings' value of this key is in its range.
    valid: fn(&PlaySettings) -> bool,
    /// Left out of printed settings where it has its default (as manifests leave it out, so
    /// that bundles written before the key existed keep their digests).
    pub quiet: bool,
}

/// Every play setting, in the order settings are printed.
pub static PLAY_KEYS: &[PlayKey] = &[
    PlayKey {
        name: "sims",
        field: field!(sims, Count),
        placeholder: "N",
        help: "simulations per move, 0 plays the raw policy",
        expected: "at most 1000000",
        valid: |s| s.sims <= 1_000_000,
        quiet: false,
    },
    PlayKey {
        name: "temp",
        field: field!(temperature, Real),
        placeholder: "T",
        help: "move-selection temperature at every ply, 0 plays the most visited move",
        expected: ">= 0",
        valid: |s| s.temperature >= 0.0 && s.temperature.is_finite(),
        quiet: false,
    },
    PlayKey {
        name: "cpuct",
        field: field!(cpuct, Real),
        placeholder: "C",
        help: "PUCT exploration constant",
        expected: "positive",
        valid: |s| s.cpuct > 0.0 && s.cpuct.is_finite(),
        quiet: false,
    },
    PlayKey {
        name: "blunder",
        field: field!(blunder, Real),
        placeholder: "P",
        help: "the chance per move of a move from the lower half instead",
        expected: "in 0..=1",
        valid: |s| (0.0..=1.0).contains(&s.blunder),
        quiet: false,
    },
    PlayKey {
        name: "ml",
        field: field!(moves_left, Real),
        placeholder: "F",
        help: "factor on the moves-left utility, 0 = off",
        expected: "in 0..=10",
        valid: |s| (0.0..=10.0).contains(&s.moves_left),
        quiet: true,
    },
    PlayKey {
        name: "fallible",
        field: field!(fallible, Real),
        placeholder: "F",
        help: "share of the opponent's replies drawn from its policy, 0 = off",
        expected: "in 0..=1",
        valid: |s| (0.0..=1.0).contains(&s.fallible),
        quiet: true,
    },
    PlayKey {
        name: "heur",
        field: field!(heuristic, Real),
        placeholder: "W",
        help: "weight of the hand-written evaluation in the leaves' values, 0 = off",
        expected: "in 0..=1",
        valid: |s| (0.0..=1.0).contains(&s.heuristic),
        quiet: true,
    },
    PlayKey {
        name: "sym",
        field: field!(symmetric_root, Switch),
        placeholder: "true",
        help: "the root's evaluation averaged over the board's symmetries",
        expected: "true or false",
        valid: |_| true,
        quiet: true,
    },
    PlayKey {
        name: "vary",
        field: field!(vary, Real),
        placeholder: "V",
        help: "with temp 0, draw among the moves with at least 1-V of the best move's visits, 0 = off",
        expected: "in 0..=0.5",
        valid: |s| (0.0..=0.5).contains(&s.vary),
        quiet: true,
    },
    PlayKey {
        name: "rank",
        field: field!(rank, Real),
        placeholder: "T",
        help: "where the side to move loses, the root's moves ranked by their positions' predicted plies, T plies a nat, 0 = off",
        expected: "in 0..=100",
        valid: |s| (0.0..=100.0).contains(&s.rank),
        quiet: true,
    },
];

impl PlayKey {
    /// Its field in `PlaySettings`, the name manifests and export candidates give it
    /// (`temperature`).
    pub fn field(&self) -> &'static str {
        self.field.name
    }

    /// Its value in `settings`.
    pub fn value(&self, settings: &PlaySettings) -> PlayValue {
        (self.field.get)(settings)
    }

    /// Its value in `PlaySettings::default()`.
    pub fn default_value(&self) -> PlayValue {
        self.value(&PlaySettings::default())
    }

    /// The error naming its field and range, unless its value in `settings` is in range.
    pub fn check(&self, settings: &PlaySettings) -> Result<(), SettingError> {
        SettingError::check((self.valid)(settings), self.field.name, self.expected)
    }

    /// Removes this key from `spec` and parses its value (none when absent).
    fn take(&self, spec: &mut AgentSpec) -> Result<Option<PlayValue>, SpecError> {
        Ok(match self.default_value() {
            PlayValue::Count(_) => spec.take(self.name)?.map(PlayValue::Count),
            PlayValue::Real(_) => spec.take(self.name)?.map(PlayValue::Real),
            PlayValue::Switch(_) => spec.take(self.name)?.map(PlayValue::Switch),
        })
    }
}

impl PlaySettings {
    /// The settings of an agent spec's keys (removed from it), the others at their defaults;
    /// not checked (see `validate`).
    pub fn take_from(spec: &mut AgentSpec) -> Result<PlaySettings, SpecError> {
        Ok(PlayOverrides::take_from(spec)?.apply(PlaySettings::default()))
    }

    /// Reads the value of the key whose field is `field` from a configuration table (an export
    /// candidate); false when no key has that field.
    pub fn read_field<'de, A: MapAccess<'de>>(&mut self, field: &str, map: &mut A) -> Result<bool, A::Error> {
        let Some(key) = PLAY_KEYS.iter().find(|k| k.field.name == field) else { return Ok(false) };
        let value = match key.default_value() {
            PlayValue::Count(_) => PlayValue::Count(map.next_value()?),
            PlayValue::Real(_) => PlayValue::Real(map.next_value()?),
            PlayValue::Switch(_) => PlayValue::Switch(map.next_value()?),
        };
        (key.field.set)(self, value);
        Ok(true)
    }
}

/// `sims=100,temp=0,cpuct=1.5,blunder=0`, followed by the quiet keys that differ from their
/// defaults (`,fallible=0.3`): the keys an `mcts:` spec takes, for names and labels.
impl fmt::Display for PlaySettings {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let shown = PLAY_KEYS.iter().filter(|k| !k.quiet || k.value(self) != k.default_value());
        for (i, key) in shown.enumerate() {
            let comma = if i == 0 { "" } else { "," };
            write!(f, "{comma}{}={}", key.name, key.value(self))?;
        }
        Ok(())
    }
}

/// Some play settings given key by key, laid over others: a `bundle:` spec's keys over its
/// level's calibrated settings.
#[derive(Clone, Debug, Default)]
pub struct PlayOverrides {
    given: Vec<(&'static PlayKey, PlayValue)>,
}

impl PlayOverrides {
    /// The play keys that `spec` gives (removed from it).
    pub fn take_from(spec: &mut AgentSpec) -> Result<PlayOverrides, SpecError> {
        let mut given = Vec::new();
        for key in PLAY_KEYS {
            if let Some(value) = key.take(spec)? {
                given.push((key, value));
            }
        }
        Ok(PlayOverrides { given })
    }

    /// `settings` with the given keys replaced.
    pub fn apply(&self, mut settings: PlaySettings) -> PlaySettings {
        for (key, value) in &self.given {
            (key.field.set)(&mut settings, *value);
        }
        settings
    }

    /// What a player's name gets appended, e.g. `[sims=1600,sym=true]`; empty when none is given.
    pub fn label(&self) -> String {
        if self.given.is_empty() {
            return String::new();
        }
        let parts: Vec<String> = self.given.iter().map(|(key, value)| format!("{}={value}", key.name)).collect();
        format!("[{}]", parts.join(","))
    }
}

/// The keys as a spec's optional part: `[,sims=N][,temp=T]...`.
pub fn play_keys_synopsis() -> String {
    PLAY_KEYS.iter().map(|k| format!("[,{}={}]", k.name, k.placeholder)).collect()
}

/// What each key does, its range and its default: `sims: simulations per move, ... (at most
/// 1000000, default 100); temp: ...`.
pub fn play_keys_help() -> String {
    let lines: Vec<String> = PLAY_KEYS
        .iter()
        .map(|k| format!("{}: {} ({}, default {})", k.name, k.help, k.expected, k.default_value()))
        .collect();
    lines.join("; ")
}
