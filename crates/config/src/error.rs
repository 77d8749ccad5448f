//! The errors of reading and writing configuration files.

use std::path::PathBuf;

/// What went wrong with a configuration file or a write.
#[derive(Debug, thiserror::Error)]
pub enum ConfigError {
    /// The file could not be read.
    #[error("cannot read config {}: {source}", path.display())]
    Read {
        /// The file.
        path: PathBuf,
        /// The cause.
        source: std::io::Error,
    },
    /// The text is not TOML.
    #[error("{source_name}: {message}")]
    Syntax {
        /// The file (or another name for the text).
        source_name: String,
        /// The parser's message.
        message: String,
    },
    /// An override is not `key=value`, or its key is not a path of tables.
    #[error("override '{assignment}': {problem}")]
    Override {
        /// The override as given.
        assignment: String,
        /// What is wrong with it.
        problem: String,
    },
    /// A key has a value of the wrong type, or is unknown.
    #[error("{source_name}: key '{key}': {message}")]
    Key {
        /// The file.
        source_name: String,
        /// The dotted key.
        key: String,
        /// The deserialiser's message.
        message: String,
    },
    /// The document as a whole is wrong (a missing key, ...).
    #[error("{source_name}: {message}")]
    Document {
        /// The file.
        source_name: String,
        /// The deserialiser's message.
        message: String,
    },
    /// A file that musashi wrote (a run's resolved configuration) fails its checks.
    #[error("{source_name}: {message}")]
    Damaged {
        /// The file.
        source_name: String,
        /// What is wrong (the checksum, a missing key).
        message: String,
    },
    /// A value failed validation.
    #[error("{source_name}: {problem}")]
    Invalid {
        /// The file.
        source_name: String,
        /// The key and what is wrong with it.
        problem: crate::Invalid,
    },
    /// The value could not be written as TOML.
    #[error("cannot write the configuration as TOML: {0}")]
    Serialize(String),
    /// A file could not be written.
    #[error("cannot write {}: {source}", path.display())]
    Write {
        /// The file.
        path: PathBuf,
        /// The cause.
        source: std::io::Error,
    },
}
