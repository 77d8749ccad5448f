//! Errors that name the file and the problem.

use std::fmt;
use std::path::{Path, PathBuf};

/// A record file that could not be written or read. Every variant names the file concerned
/// ([`RecordError::path`]); the message says what is wrong with it.
#[derive(Debug)]
#[non_exhaustive]
pub enum RecordError {
    /// The file or directory could not be created, opened, read, written or listed.
    Io {
        /// The file or directory.
        path: PathBuf,
        /// What was being done (`open`, `write`, ...).
        action: &'static str,
        /// The error.
        source: std::io::Error,
    },
    /// A complete shard of this name exists already; shards are never overwritten.
    Exists {
        /// Its games file.
        path: PathBuf,
    },
    /// A file a complete shard must have is missing.
    Missing {
        /// The missing file.
        path: PathBuf,
        /// Why it must exist.
        why: &'static str,
    },
    /// The shard has no checksum file: written before shard format 2, or the file was lost. Its
    /// files cannot be told from damaged ones, so they are not read.
    Unchecked {
        /// The file that was to be read.
        path: PathBuf,
        /// The checksum file it lacks.
        checksums: PathBuf,
    },
    /// The checksum file is malformed or of an unknown version.
    BadChecksums {
        /// The checksum file.
        path: PathBuf,
        /// What is wrong.
        message: String,
    },
    /// The file's size or SHA-256 differs from what its checksum file recorded when the shard
    /// was completed: the file (or the checksum file) was damaged or changed since.
    Mismatch {
        /// The file.
        path: PathBuf,
        /// Its checksum file.
        checksums: PathBuf,
        /// `size` or `SHA-256`.
        what: &'static str,
        /// What the checksum file records.
        expected: String,
        /// What the file has.
        found: String,
    },
    /// Not a musashi record file of the table and version this build reads.
    Schema {
        /// The file.
        path: PathBuf,
        /// The schema tag found (none: not a musashi record file).
        found: Option<String>,
        /// The tag this build reads.
        expected: String,
    },
    /// The Parquet decoder refused the file (or panicked on it).
    Corrupt {
        /// The file.
        path: PathBuf,
        /// The decoder's message.
        message: String,
    },
    /// A row breaks the table's rules (a policy target that is not a distribution, a prior
    /// outside [0, 1], an illegal move, ...).
    Invalid {
        /// The file.
        path: PathBuf,
        /// The row (0-based, in file order).
        row: usize,
        /// What is wrong.
        message: String,
    },
}

impl RecordError {
    pub(crate) fn io(path: &Path, action: &'static str, source: std::io::Error) -> RecordError {
        RecordError::Io { path: path.to_path_buf(), action, source }
    }

    /// The file the error is about.
    pub fn path(&self) -> &Path {
        match self {
            RecordError::Io { path, .. }
            | RecordError::Exists { path }
            | RecordError::Missing { path, .. }
            | RecordError::Unchecked { path, .. }
            | RecordError::BadChecksums { path, .. }
            | RecordError::Mismatch { path, .. }
            | RecordError::Schema { path, .. }
            | RecordError::Corrupt { path, .. }
            | RecordError::Invalid { path, .. } => path,
        }
    }

    /// Whether the error says the data on disk is damaged or unverifiable (as opposed to an I/O
    /// failure or an attempt to overwrite a shard): a caller may choose to set such a shard
    /// aside and replay its games.
    pub fn is_damage(&self) -> bool {
        !matches!(self, RecordError::Io { .. } | RecordError::Exists { .. })
    }
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RecordError::Io { path, action, source } => write!(f, "{}: cannot {action}: {source}", path.display()),
            RecordError::Exists { path } => {
                write!(f, "{}: a complete shard of this name already exists", path.display())
            }
            RecordError::Missing { path, why } => write!(f, "{}: missing: {why}", path.display()),
            RecordError::Unchecked { path, checksums } => write!(
                f,
                "{}: its shard has no checksum file {} (written before shard format 2, or the file was lost), so \
                 damage cannot be ruled out; if the folder's shards are known to be undamaged, `musashi \
                 seal-shards {}` gives them their checksum files; else remove the shard to have its games played \
                 again",
                path.display(),
                checksums.display(),
                path.parent().unwrap_or(Path::new(".")).display()
            ),
            RecordError::BadChecksums { path, message } => {
                write!(f, "{}: damaged checksum file: {message}", path.display())
            }
            RecordError::Mismatch { path, checksums, what, expected, found } => write!(
                f,
                "{}: damaged or changed since the shard was completed: {what} {found}, {} records {expected}",
                path.display(),
                checksums.display()
            ),
            RecordError::Schema { path, found: Some(t), expected } => {
                write!(f, "{}: schema '{t}', this build reads '{expected}'", path.display())
            }
            RecordError::Schema { path, found: None, .. } => {
                write!(f, "{}: no musashi schema tag: not a musashi record file", path.display())
            }
            RecordError::Corrupt { path, message } => {
                write!(f, "{}: not a readable Parquet file (truncated or corrupt?): {message}", path.display())
            }
            RecordError::Invalid { path, row, message } => write!(f, "{}: row {row}: {message}", path.display()),
        }
    }
}

impl std::error::Error for RecordError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            RecordError::Io { source, .. } => Some(source),
            _ => None,
        }
    }
}
