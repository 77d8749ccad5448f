//! Agent spec strings: `kind` or `kind:key=value,key=value`, for example `random`,
//! `alphabeta:depth=6`, `mcts:ckpt=runs/x/checkpoints/latest,sims=200`.
//! This module only parses; the factory that turns a spec into an agent lives where every
//! kind of agent is known (the command line), and uses `take_*` and `finish` so that an
//! unknown key or a bad value is a clear error.

use std::collections::BTreeMap;
use std::fmt;
use std::str::FromStr;

/// A parsed agent spec.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct AgentSpec {
    /// The kind of agent (`random`, `alphabeta`, ...).
    pub kind: String,
    params: BTreeMap<String, String>,
    text: String,
}

/// A spec that could not be parsed or used.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum SpecError {
    /// The text is not `kind` or `kind:key=value,...`.
    Syntax {
        /// The spec as given.
        spec: String,
        /// What is wrong with it.
        problem: String,
    },
    /// A key's value does not parse.
    BadValue {
        /// The spec as given.
        spec: String,
        /// The key.
        key: String,
        /// The value given.
        value: String,
        /// The parser's message.
        message: String,
    },
    /// A key the kind does not take.
    UnknownKey {
        /// The spec as given.
        spec: String,
        /// The key.
        key: String,
        /// The kind.
        kind: String,
    },
}

impl fmt::Display for SpecError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SpecError::Syntax { spec, problem } => write!(f, "bad agent spec '{spec}': {problem}"),
            SpecError::BadValue { spec, key, value, message } => {
                write!(f, "agent '{spec}': bad value '{value}' for {key}: {message}")
            }
            SpecError::UnknownKey { spec, key, kind } => {
                write!(f, "agent '{spec}': unknown parameter '{key}' for kind '{kind}'")
            }
        }
    }
}

impl std::error::Error for SpecError {}

impl FromStr for AgentSpec {
    type Err = SpecError;
    fn from_str(s: &str) -> Result<AgentSpec, SpecError> {
        let syntax = |problem: String| SpecError::Syntax { spec: s.to_string(), problem };
        let (kind, rest) = s.split_once(':').unwrap_or((s, ""));
        if kind.is_empty() || !kind.chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_') {
            return Err(syntax("expected kind or kind:key=value,...".into()));
        }
        let mut params = BTreeMap::new();
        if !rest.is_empty() {
            for pair in rest.split(',') {
                let (k, v) = pair.split_once('=').ok_or_else(|| syntax(format!("'{pair}' is not key=value")))?;
                if k.is_empty() || v.is_empty() {
                    return Err(syntax(format!("empty key or value in '{pair}'")));
                }
                if params.insert(k.to_string(), v.to_string()).is_some() {
                    return Err(syntax(format!("'{k}' given twice")));
                }
            }
        }
        Ok(AgentSpec { kind: kind.to_string(), params, text: s.to_string() })
    }
}

impl fmt::Display for AgentSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)
    }
}

impl AgentSpec {
    /// Removes and returns a string parameter.
    pub fn take_str(&mut self, key: &str) -> Option<String> {
        self.params.remove(key)
    }

    /// Removes and parses a parameter.
    pub fn take<T: FromStr>(&mut self, key: &str) -> Result<Option<T>, SpecError>
    where
        T::Err: fmt::Display,
    {
        match self.params.remove(key) {
            None => Ok(None),
            Some(v) => v.parse::<T>().map(Some).map_err(|e| SpecError::BadValue {
                spec: self.text.clone(),
                key: key.to_string(),
                value: v,
                message: e.to_string(),
            }),
        }
    }

    /// Fails if any parameter was not taken (an unknown key).
    pub fn finish(&self) -> Result<(), SpecError> {
        match self.params.keys().next() {
            None => Ok(()),
            Some(k) => Err(SpecError::UnknownKey { spec: self.text.clone(), key: k.clone(), kind: self.kind.clone() }),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_kinds_and_params() {
        let mut s: AgentSpec = "alphabeta:depth=6,ms=200".parse().unwrap();
        assert_eq!(s.kind, "alphabeta");
        assert_eq!(s.take::<u32>("depth").unwrap(), Some(6));
        assert_eq!(s.to_string(), "alphabeta:depth=6,ms=200");
        assert!(s.finish().is_err());
        assert_eq!(s.take::<u64>("ms").unwrap(), Some(200));
        assert!(s.finish().is_ok());
        let s: AgentSpec = "random".parse().unwrap();
        assert_eq!(s.kind, "random");
        assert!("".parse::<AgentSpec>().is_err());
        assert!("alphabeta:depth".parse::<AgentSpec>().is_err());
        assert!("alphabeta:depth=1,depth=2".parse::<AgentSpec>().is_err());
        let mut s: AgentSpec = "alphabeta:depth=x".parse().unwrap();
        assert!(s.take::<u32>("depth").unwrap_err().to_string().contains("bad value 'x' for depth"));
    }
}
