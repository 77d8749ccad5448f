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
    use std::fs;

    #[test]
    fn replaces_the_file_and_leaves_no_temporary() {
        let dir = std::env::temp_dir().join(format!("musashi-config-atomic-{}", std::process::id()));
        fs::create_dir_all(&dir).unwrap();
        let path = dir.join("x.toml");
        write_atomic(&path, b"one").unwrap();
        write_atomic(&path, b"two").unwrap();
        assert_eq!(fs::read(&path).unwrap(), b"two");
        assert_eq!(fs::read_dir(&dir).unwrap().count(), 1, "no temporary file left");
        let e = write_atomic(&dir.join("missing").join("y"), b"z").unwrap_err().to_string();
        assert!(e.contains("missing"), "{e}");
        fs::remove_dir_all(&dir).unwrap();
    }
}
