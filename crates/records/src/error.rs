//! Errors that name the file and the problem.

use std::fmt;
use std::path::{Path, PathBuf};

/// A record file that could not be written or read.
#[derive(Debug)]
pub struct RecordError {
    /// The file concerned.
    pub path: PathBuf,
    /// What went wrong.
    pub message: String,
}

impl RecordError {
    pub(crate) fn new(path: &Path, message: impl fmt::Display) -> RecordError {
        RecordError { path: path.to_path_buf(), message: message.to_string() }
    }
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.path.display(), self.message)
    }
}

impl std::error::Error for RecordError {}
