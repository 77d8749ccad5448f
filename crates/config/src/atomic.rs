//! Atomic writes: a temporary file beside the target, synced, then renamed over it, so that a
//! reader (or a resumed run) sees the old file or the new one, never half of one.

use crate::ConfigError;
use std::path::Path;

/// Writes `bytes` to `path` through a temporary file (`NAME.tmp-PID`), a sync and a rename
/// (`musashi_chores::write_atomic`).
pub fn write_atomic(path: &Path, bytes: &[u8]) -> Result<(), ConfigError> {
    musashi_chores::write_atomic(path, bytes).map_err(|source| ConfigError::Write { path: path.to_path_buf(), source })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_failed_write_names_the_path() {
        let path = std::env::temp_dir().join(format!("musashi-config-atomic-{}", std::process::id())).join("missing");
        let e = write_atomic(&path.join("y.toml"), b"z").unwrap_err().to_string();
        assert!(e.contains("missing") && e.contains("y.toml"), "{e}");
    }
}
