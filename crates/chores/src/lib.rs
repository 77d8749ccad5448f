//! Small chores that several crates need, written once, with no dependencies: an atomic file
//! write, "0 threads means every core", one SplitMix64 step, and the memory the system reports
//! (`memory.rs`).

mod memory;

pub use memory::{available_memory, peak_memory, reset_peak_memory};

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};

/// Writes `bytes` to `path` through a temporary file beside it (`NAME.tmp-PID`), synced, then
/// renamed over `path`: a reader (or a resumed run) sees the old file or the new one, never half
/// of one. The temporary file is removed if anything fails.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let tmp = PathBuf::from(format!("{}.tmp-{}", path.display(), std::process::id()));
    let result = (|| {
        let mut file = fs::File::create(&tmp)?;
        file.write_all(bytes)?;
        file.sync_all()?;
        fs::rename(&tmp, path)
    })();
    if result.is_err() {
        let _ = fs::remove_file(&tmp);
    }
    result
}

/// `threads`, or one per core for 0 (the meaning of 0 threads everywhere).
pub fn threads_or_all(threads: usize) -> usize {
    if threads > 0 { threads } else { std::thread::available_parallelism().map_or(1, |n| n.get()) }
}

/// One step of SplitMix64 (Steele, Lea and Flood): a well-mixed 64-bit value from `x`, for
/// deriving seeds and ids from a seed.
pub fn splitmix64(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_atomic_write_replaces_the_file_and_leaves_no_temporary() {
        let dir = std::env::temp_dir().join(format!("musashi-chores-{}", std::process::id()));
        fs::create_dir_all(&dir).unwrap();
        let path = dir.join("x.toml");
        write_atomic(&path, b"one").unwrap();
        write_atomic(&path, b"two").unwrap();
        assert_eq!(fs::read(&path).unwrap(), b"two");
        assert_eq!(fs::read_dir(&dir).unwrap().count(), 1, "no temporary file left");
        assert!(write_atomic(&dir.join("missing").join("y"), b"z").is_err());
        assert_eq!(fs::read_dir(&dir).unwrap().count(), 1);
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn zero_threads_is_every_core_and_splitmix_matches_its_reference() {
        assert_eq!(threads_or_all(3), 3);
        assert!(threads_or_all(0) >= 1);
        // The first output of SplitMix64 seeded with 0 (Vigna's splitmix64.c).
        assert_eq!(splitmix64(0), 0xe220_a839_7b1d_cdaf);
    }
}
