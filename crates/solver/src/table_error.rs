//! `TableError`: why tables could not be written, read or used; every error names the file.

use crate::level_file::{FORMAT_VERSION, level_file_name};
use crate::solve::Levels;
use std::fmt;
use std::io;
use std::path::{Path, PathBuf};

/// Why tables could not be used.
#[derive(Debug)]
pub enum TableError {
    /// Reading or writing failed.
    Io {
        /// The file or directory.
        path: PathBuf,
        /// The error.
        source: io::Error,
    },
    /// The file does not start with the table magic.
    NotATable {
        /// The file.
        path: PathBuf,
    },
    /// Written by another format version.
    Version {
        /// The file.
        path: PathBuf,
        /// Its version.
        found: u32,
    },
    /// The file is damaged: checksum, length or header fields.
    Corrupt {
        /// The file.
        path: PathBuf,
        /// What is wrong.
        what: String,
    },
    /// Files or rules that do not belong together.
    Mismatch(String),
    /// The directory does not exist.
    Absent {
        /// The directory.
        dir: PathBuf,
    },
    /// The directory holds no level files.
    Empty {
        /// The directory.
        dir: PathBuf,
    },
    /// A level below the highest one is missing.
    MissingLevel {
        /// The directory.
        dir: PathBuf,
        /// The missing soldier count.
        soldiers: u32,
    },
    /// The output folder of a solve already holds table files it cannot go on from (another
    /// board or threshold), and may not replace them.
    Occupied {
        /// The folder.
        dir: PathBuf,
        /// What the files there are.
        what: String,
    },
    /// The position has more soldiers than the tables cover.
    NotCovered {
        /// Soldiers in the position.
        soldiers: u32,
        /// Most soldiers the tables cover.
        max: u32,
    },
    /// The position's number of soldiers has the other parity than the levels the tables hold
    /// (the even or the odd ones only).
    OtherParity {
        /// Soldiers in the position.
        soldiers: u32,
        /// What the tables hold.
        held: Levels,
    },
}

impl TableError {
    pub(crate) fn corrupt(path: &Path, what: String) -> TableError {
        TableError::Corrupt { path: path.to_path_buf(), what }
    }

    /// Whether the tables are simply not there: the directory does not exist or holds no level
    /// files. Every other error of [`Tables::open`] or [`Tables::load`] is about tables that
    /// exist but cannot be used (damaged, of another version, incomplete, mismatched), which a
    /// caller must refuse rather than treat as absent.
    pub fn is_absent(&self) -> bool {
        matches!(self, TableError::Absent { .. } | TableError::Empty { .. })
    }

    /// Whether a table file exists but fails its checks: not a table file, another format
    /// version, a header, length or checksum that does not hold, a level missing below the
    /// highest, or files that do not belong together.
    pub fn is_damage(&self) -> bool {
        matches!(
            self,
            TableError::NotATable { .. }
                | TableError::Version { .. }
                | TableError::Corrupt { .. }
                | TableError::MissingLevel { .. }
                | TableError::Mismatch(_)
        )
    }

    /// The file or directory the error is about, if it is about one.
    pub fn path(&self) -> Option<&Path> {
        match self {
            TableError::Io { path, .. }
            | TableError::NotATable { path }
            | TableError::Version { path, .. }
            | TableError::Corrupt { path, .. } => Some(path),
            TableError::Absent { dir }
            | TableError::Empty { dir }
            | TableError::Occupied { dir, .. }
            | TableError::MissingLevel { dir, .. } => Some(dir),
            TableError::Mismatch(_) | TableError::NotCovered { .. } | TableError::OtherParity { .. } => None,
        }
    }
}

impl fmt::Display for TableError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TableError::Io { path, source } => write!(f, "{}: {source}", path.display()),
            TableError::NotATable { path } => write!(f, "{} is not a musashi table file (bad magic)", path.display()),
            TableError::Version { path, found } => write!(
                f,
                "{} has table format version {found}; this build reads version {FORMAT_VERSION}: tables are not \
                 converted, solve them again with `musashi solve --preset PRESET --out {}` (docs/tables.md)",
                path.display(),
                path.parent().unwrap_or(Path::new(".")).display()
            ),
            TableError::Corrupt { path, what } => write!(f, "{} is corrupt: {what}", path.display()),
            TableError::Mismatch(what) => f.write_str(what),
            TableError::Absent { dir } => write!(f, "{} does not exist: no tables there", dir.display()),
            TableError::Empty { dir } => write!(f, "{} holds no table files (level-NN.mtb)", dir.display()),
            TableError::MissingLevel { dir, soldiers } => {
                write!(f, "{} lacks the table for {soldiers} soldiers ({})", dir.display(), level_file_name(*soldiers))
            }
            TableError::NotCovered { soldiers, max } => {
                write!(f, "the position has {soldiers} soldiers; the tables cover at most {max}")
            }
            TableError::OtherParity { soldiers, held } => write!(
                f,
                "the position has {soldiers} soldiers; the tables hold the {} levels only{}",
                held.name(),
                if *held == Levels::Even { " (those a game from the start reaches)" } else { "" }
            ),
            TableError::Occupied { dir, what } => write!(
                f,
                "{} already holds table files this solve cannot go on from ({what}): replace them or choose another \
                 folder",
                dir.display()
            ),
        }
    }
}

impl std::error::Error for TableError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            TableError::Io { source, .. } => Some(source),
            _ => None,
        }
    }
}
