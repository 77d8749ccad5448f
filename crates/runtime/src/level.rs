//! The difficulty levels a bundle offers: parsed once from their names, typed after.

use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// A difficulty level, weakest first.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Level {
    /// The weakest.
    Easy,
    /// Between the two.
    Normal,
    /// The strongest.
    Hard,
}

impl Level {
    /// Every level, weakest first.
    pub const ALL: [Level; 3] = [Level::Easy, Level::Normal, Level::Hard];

    /// The name in manifests, configs and requests.
    pub fn name(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Normal => "normal",
            Level::Hard => "hard",
        }
    }

    /// The position in [`Level::ALL`].
    pub fn index(self) -> usize {
        self as usize
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A name that is not a level.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct UnknownLevel(pub String);

impl fmt::Display for UnknownLevel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names: Vec<&str> = Level::ALL.iter().map(|l| l.name()).collect();
        write!(f, "unknown level '{}': expected one of {}", self.0, names.join(", "))
    }
}

impl std::error::Error for UnknownLevel {}

impl FromStr for Level {
    type Err = UnknownLevel;

    fn from_str(s: &str) -> Result<Level, UnknownLevel> {
        Level::ALL.into_iter().find(|l| l.name() == s).ok_or_else(|| UnknownLevel(s.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_and_others_are_refused() {
        for (i, l) in Level::ALL.into_iter().enumerate() {
            assert_eq!(l.name().parse::<Level>(), Ok(l));
            assert_eq!(serde_json::to_string(&l).unwrap(), format!("\"{l}\""));
            assert_eq!(l.index(), i);
        }
        let e = "expert".parse::<Level>().unwrap_err().to_string();
        assert_eq!(e, "unknown level 'expert': expected one of easy, normal, hard");
        assert!(serde_json::from_str::<Level>("\"Hard\"").is_err(), "names are lowercase");
    }
}
