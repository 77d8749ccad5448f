//! The errors of turning a spec into an agent.

use crate::kinds::kinds_help;
use std::path::PathBuf;

/// Why a spec does not give an agent.
#[derive(Debug, thiserror::Error)]
pub enum AgentError {
    /// The spec string does not parse, or a key's value is bad or unknown.
    #[error("{source}; accepted: {}", kinds_help())]
    Spec {
        /// The parser's error.
        #[from]
        source: musashi_search::SpecError,
    },
    /// No such kind.
    #[error("unknown agent kind '{kind}' in '{spec}'; accepted: {}", kinds_help())]
    UnknownKind {
        /// The kind given.
        kind: String,
        /// The whole spec.
        spec: String,
    },
    /// `human` where an agent is needed.
    #[error("'human' is a player only `musashi play` knows; here an agent is needed ({})", kinds_help())]
    Human,
    /// A value out of range, a missing key, or keys that do not go together.
    #[error("agent '{spec}': {problem}")]
    Invalid {
        /// The whole spec.
        spec: String,
        /// What is wrong.
        problem: String,
    },
    /// A checkpoint that does not load.
    #[error("agent checkpoint '{}': {message}", path.display())]
    Checkpoint {
        /// The folder (or pointer file) named.
        path: PathBuf,
        /// Why it does not load.
        message: String,
    },
    /// Solver tables that do not load or do not fit the rules.
    #[error("tables '{}': {message}", dir.display())]
    Tables {
        /// The folder named.
        dir: PathBuf,
        /// Why they cannot be used.
        message: String,
    },
    /// An export bundle that does not load, or lacks the level.
    #[error(transparent)]
    Bundle(Box<musashi_runtime::BundleError>),
    /// The network device is not available.
    #[error("network device: {0}")]
    Device(String),
}

impl From<musashi_runtime::BundleError> for AgentError {
    fn from(e: musashi_runtime::BundleError) -> AgentError {
        AgentError::Bundle(Box::new(e))
    }
}
