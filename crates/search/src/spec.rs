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
pub struct SpecError(pub String);

impl fmt::Display for SpecError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for SpecError {}

impl FromStr for AgentSpec {
    type Err = SpecError;
    fn from_str(s: &str) -> Result<AgentSpec, SpecError> {
        let (kind, rest) = s.split_once(':').unwrap_or((s, ""));
        if kind.is_empty() || !kind.chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_') {
            return Err(SpecError(format!("bad agent spec '{s}': expected kind or kind:key=value,...")));
        }
        let mut params = BTreeMap::new();
        if !rest.is_empty() {
            for pair in rest.split(',') {
                let (k, v) = pair
                    .split_once('=')
                    .ok_or_else(|| SpecError(format!("bad agent spec '{s}': '{pair}' is not key=value")))?;
                if k.is_empty() || v.is_empty() {
                    return Err(SpecError(format!("bad agent spec '{s}': empty key or value in '{pair}'")));
                }
                if params.insert(k.to_string(), v.to_string()).is_some() {
                    return Err(SpecError(format!("bad agent spec '{s}': '{k}' given twice")));
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
            Some(v) => v
                .parse()
                .map(Some)
                .map_err(|e| SpecError(format!("agent '{}': bad value '{v}' for {key}: {e}", self.text))),
        }
    }

    /// Fails if any parameter was not taken (an unknown key).
    pub fn finish(&self) -> Result<(), SpecError> {
        match self.params.keys().next() {
            None => Ok(()),
            Some(k) => {
                Err(SpecError(format!("agent '{}': unknown parameter '{k}' for kind '{}'", self.text, self.kind)))
            }
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
