//! `Invalid`: a value of a typed configuration that its validation refuses, with the dotted key
//! that holds it. Validation returns it; `ConfigError::Invalid` adds the file.

use std::fmt;

/// A refused value: its dotted key (from the document's root, or from a table that the caller
/// places with `under`) and what is wrong with it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Invalid {
    /// `key` must be `expected` (a range, a relation to another key, ...).
    Range {
        /// The dotted key, e.g. `run.generations`.
        key: String,
        /// What it must be, e.g. `1..=100000`.
        expected: String,
    },
    /// `key` holds a value that means nothing here (an unknown preset, a malformed spec, ...).
    Value {
        /// The dotted key, e.g. `eval.anchor`.
        key: String,
        /// What is wrong with it.
        problem: String,
    },
}

impl Invalid {
    /// `key` must be `expected`.
    pub fn range(key: impl Into<String>, expected: impl Into<String>) -> Invalid {
        Invalid::Range { key: key.into(), expected: expected.into() }
    }

    /// `key`'s value is wrong: `problem`.
    pub fn value(key: impl Into<String>, problem: impl fmt::Display) -> Invalid {
        Invalid::Value { key: key.into(), problem: problem.to_string() }
    }

    /// `Ok` when `ok`, else `key` must be `expected`.
    pub fn check(ok: bool, key: &str, expected: &str) -> Result<(), Invalid> {
        if ok { Ok(()) } else { Err(Invalid::range(key, expected)) }
    }

    /// The dotted key.
    pub fn key(&self) -> &str {
        match self {
            Invalid::Range { key, .. } | Invalid::Value { key, .. } => key,
        }
    }

    /// The same error with its key placed under `table` (`table.key`).
    pub fn under(self, table: &str) -> Invalid {
        match self {
            Invalid::Range { key, expected } => Invalid::Range { key: format!("{table}.{key}"), expected },
            Invalid::Value { key, problem } => Invalid::Value { key: format!("{table}.{key}"), problem },
        }
    }
}

impl fmt::Display for Invalid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Invalid::Range { key, expected } => write!(f, "{key} must be {expected}"),
            Invalid::Value { key, problem } => write!(f, "{key}: {problem}"),
        }
    }
}

impl std::error::Error for Invalid {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_name_the_key_and_keys_nest() {
        let e = Invalid::check(false, "sims", "at least 1").unwrap_err().under("selfplay.mcts");
        assert_eq!(e.key(), "selfplay.mcts.sims");
        assert_eq!(e.to_string(), "selfplay.mcts.sims must be at least 1");
        let v = Invalid::value("anchor", "unknown kind 'x'").under("eval");
        assert_eq!(v.to_string(), "eval.anchor: unknown kind 'x'");
        assert_eq!(Invalid::check(true, "k", "anything"), Ok(()));
    }
}
