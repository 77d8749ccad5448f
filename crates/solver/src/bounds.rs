//! The capture bounds of a level's General positions while the block pass runs its plies
//! ([`crate::captures`]): one byte per position, computed before the first ply from the lower
//! levels and only read afterwards (a position's value, once won, goes to the General's win log,
//! not into these bytes).
//!
//! They are the largest array of a level after the pass's words (`E` bytes per soldier set,
//! 10.7 GiB on the 33-point board's level of 13 soldiers), so a solve into a directory keeps them
//! in a scratch file beside the tables and reads one block's bytes at a time when the block's
//! General step needs them: the operating system's page cache holds what memory allows, the rest
//! comes from disk. An in-memory solve keeps them in memory.

use crate::captures::capture_bounds;
use crate::geometry::Geometry;
use crate::index::LevelShape;
use crate::soldier_wins::ScratchError;
use rayon::prelude::*;
use std::fs;
use std::io::{self, Write};
use std::ops::Range;
use std::os::unix::fs::FileExt;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// Sets per parallel work unit while the bounds are computed.
const CHUNK: usize = 4096;

/// Sets whose bounds are computed, then written, at a time into a scratch file.
const FILE_CHUNK: usize = 64 * CHUNK;

/// A level's capture bounds, by position index.
#[derive(Debug)]
pub(crate) enum Bounds {
    /// In memory.
    Memory(Vec<u8>),
    /// In a scratch file, removed when the bounds are dropped.
    File {
        /// The open file.
        file: fs::File,
        /// Its path.
        path: PathBuf,
    },
}

/// The capture bounds of consecutive stored soldier sets from number `first` into `out` (`e`
/// bytes per set), in parallel.
fn compute_into(
    geo: &Geometry,
    threshold: u32,
    n: u32,
    lower: &[Option<Arc<Vec<u8>>>],
    first: usize,
    e: usize,
    out: &mut [u8],
) {
    let shape = LevelShape { points: geo.points, soldiers: n };
    out.par_chunks_mut(CHUNK * e).enumerate().for_each(|(ci, gd)| {
        let mut set = shape.set_at((first + ci * CHUNK) as u64);
        for gd in gd.chunks_mut(e) {
            capture_bounds(geo, threshold, n, set, lower, gd);
            set = shape.next_set(set);
        }
    });
}

impl Bounds {
    /// Computes every bound of level `n` from the lower levels a capture reaches: in memory, or
    /// (with `dir`) into a scratch file there, named after the level and this process, a chunk at
    /// a time so that the bounds are never in memory whole.
    pub(crate) fn compute(
        geo: &Geometry,
        threshold: u32,
        n: u32,
        lower: &[Option<Arc<Vec<u8>>>],
        dir: Option<&Path>,
    ) -> Result<Bounds, ScratchError> {
        let shape = LevelShape { points: geo.points, soldiers: n };
        let (sets, e) = (shape.num_sets() as usize, shape.empties() as usize);
        let Some(dir) = dir else {
            let mut out = vec![0u8; sets * e];
            compute_into(geo, threshold, n, lower, 0, e, &mut out);
            return Ok(Bounds::Memory(out));
        };
        let path = dir.join(format!("level-{n:02}.bounds.tmp-{}", std::process::id()));
        let fail = |source| ScratchError { path: path.clone(), source };
        let file = fs::OpenOptions::new().read(true).write(true).create_new(true).open(&path).map_err(fail)?;
        // From here on the file is removed if anything fails.
        let bounds = Bounds::File { file, path: path.clone() };
        let Bounds::File { file, .. } = &bounds else { unreachable!("just built") };
        let mut w = io::BufWriter::with_capacity(1 << 20, file);
        let mut buf = vec![0u8; FILE_CHUNK.min(sets) * e];
        for first in (0..sets).step_by(FILE_CHUNK) {
            let take = FILE_CHUNK.min(sets - first);
            compute_into(geo, threshold, n, lower, first, e, &mut buf[..take * e]);
            w.write_all(&buf[..take * e]).map_err(fail)?;
        }
        w.flush().map_err(fail)?;
        drop(w);
        Ok(bounds)
    }

    /// Makes the bounds of the positions `range` (indices of the level) available to
    /// [`Bounds::get`]: reads them from the scratch file into `buf` (nothing to do in memory).
    pub(crate) fn load(&self, range: Range<usize>, buf: &mut Vec<u8>) -> Result<(), ScratchError> {
        if let Bounds::File { file, path } = self {
            buf.resize(range.len(), 0);
            file.read_exact_at(buf, range.start as u64)
                .map_err(|source| ScratchError { path: path.clone(), source })?;
        }
        Ok(())
    }

    /// The bounds of the positions `range` after [`Bounds::load`] of the same range into `buf`.
    pub(crate) fn get<'a>(&'a self, range: Range<usize>, buf: &'a [u8]) -> &'a [u8] {
        match self {
            Bounds::Memory(v) => &v[range],
            Bounds::File { .. } => buf,
        }
    }

    /// Bytes held in memory.
    pub(crate) fn memory_bytes(&self) -> u64 {
        match self {
            Bounds::Memory(v) => v.len() as u64,
            Bounds::File { .. } => 0,
        }
    }
}

impl Drop for Bounds {
    /// A scratch file goes with its bounds, whatever happened.
    fn drop(&mut self) {
        if let Bounds::File { path, .. } = self {
            let _ = fs::remove_file(path);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use musashi_game::Board;

    #[test]
    fn a_scratch_file_holds_the_bounds_memory_holds_and_goes_with_them() {
        // Level 4 of the 33-point board with the General winning at 3 or fewer: captures from it
        // reach level 2, below the threshold, so no lower level is read.
        let geo = Geometry::new(Board::Setchin33);
        let lower = vec![None; 4];
        let dir = std::env::temp_dir().join(format!("musashi-bounds-{}", std::process::id()));
        fs::create_dir_all(&dir).unwrap();
        let memory = Bounds::compute(&geo, 3, 4, &lower, None).unwrap();
        let Bounds::Memory(expected) = &memory else { panic!("in memory") };
        assert!(expected.contains(&crate::value::GENERAL_WINS_BYTE), "some capture wins");
        let file = Bounds::compute(&geo, 3, 4, &lower, Some(&dir)).unwrap();
        assert_eq!(file.memory_bytes(), 0);
        let mut buf = Vec::new();
        let n = expected.len();
        file.load(0..n, &mut buf).unwrap();
        assert!(file.get(0..n, &buf) == &expected[..]);
        file.load(n / 3..n / 2, &mut buf).unwrap();
        assert_eq!(file.get(n / 3..n / 2, &buf), &expected[n / 3..n / 2]);
        // Reading past the end names the file.
        let err = file.load(n - 1..n + 1, &mut buf).unwrap_err();
        assert!(err.path.starts_with(&dir), "{}", err.path.display());
        drop(file);
        assert_eq!(fs::read_dir(&dir).unwrap().count(), 0, "the scratch file is removed");
        let _ = fs::remove_dir_all(&dir);
    }
}
