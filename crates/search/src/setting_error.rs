//! `SettingError`: a search or playing setting out of its range.

use std::fmt;

/// A setting out of its range. `key` is relative to the settings' own table (`sims`,
/// `moves_left.slope`); the caller that knows where the table sits (a config file's
/// `selfplay.mcts`, an agent spec) prefixes it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SettingError {
    /// The setting, e.g. `cpuct`.
    pub key: String,
    /// What it must be, e.g. `positive`.
    pub expected: String,
}

impl SettingError {
    /// `key` must be `expected`.
    pub fn new(key: impl Into<String>, expected: impl Into<String>) -> SettingError {
        SettingError { key: key.into(), expected: expected.into() }
    }

    /// The same error with its key under `table` (`table.key`).
    pub fn under(self, table: &str) -> SettingError {
        SettingError { key: format!("{table}.{}", self.key), ..self }
    }

    /// `Ok` when `ok`, else this error.
    pub fn check(ok: bool, key: &str, expected: &str) -> Result<(), SettingError> {
        if ok { Ok(()) } else { Err(SettingError::new(key, expected)) }
    }
}

impl fmt::Display for SettingError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} must be {}", self.key, self.expected)
    }
}

impl std::error::Error for SettingError {}
