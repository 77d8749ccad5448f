//! The export's errors: each names the file, key or agent concerned.

use std::path::PathBuf;

/// Why an export stopped.
#[derive(Debug, thiserror::Error)]
pub enum ExportError {
    /// The configuration file or an override.
    #[error(transparent)]
    Config(#[from] musashi_config::ConfigError),
    /// The bundle folder exists and the export was not asked to replace it.
    #[error("{} exists (an export replaces a bundle only when forced)", .0.display())]
    Exists(PathBuf),
    /// An agent of the configuration (the key or candidate names it).
    #[error("{what}: {source}")]
    Agent {
        /// Which agent.
        what: String,
        /// Why it does not give an agent.
        source: musashi_agents::AgentError,
    },
    /// A candidate's settings.
    #[error("{what}: {problem}")]
    Invalid {
        /// Which candidate.
        what: String,
        /// What is wrong.
        problem: String,
    },
    /// A checkpoint that cannot be used.
    #[error("checkpoint {}: {message}", path.display())]
    Checkpoint {
        /// The folder.
        path: PathBuf,
        /// What is wrong.
        message: String,
    },
    /// The ratings fit.
    #[error(transparent)]
    Ratings(#[from] musashi_evaluator::RatingError),
    /// Writing the bundle.
    #[error("{what} {}: {source}", path.display())]
    Io {
        /// What was being done.
        what: &'static str,
        /// The file or folder.
        path: PathBuf,
        /// The cause.
        source: std::io::Error,
    },
    /// A bundle whose network cannot be written as a checkpoint (`checkpoint_from_bundle`).
    #[error("bundle {}: {problem}", dir.display())]
    Unbundle {
        /// The bundle folder.
        dir: PathBuf,
        /// What is wrong.
        problem: String,
    },
    /// The bundle written does not load back.
    #[error("the bundle written does not load: {0}")]
    Bundle(#[from] musashi_runtime::BundleError),
}

impl ExportError {
    pub(crate) fn io(what: &'static str, path: impl Into<PathBuf>) -> impl FnOnce(std::io::Error) -> ExportError {
        let path = path.into();
        move |source| ExportError::Io { what, path, source }
    }
}
