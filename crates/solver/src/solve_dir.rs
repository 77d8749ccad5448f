//! A solve into a table directory that survives interruption. Each finished level is written
//! (temporary name, sync, rename; `docs/tables.md`) with its checksums before the next level
//! starts, and nothing of it stays in memory: the lower levels a capture reaches are read back
//! from their files. A solve started again on the same directory checks every level it finds
//! there (header, length, both checksums) and goes on above the last complete one.

use crate::index::LevelShape;
use crate::level_file::{HEADER_LEN, LevelTable, LevelWriter, level_file_name, open_level, read_header};
use crate::solve::{LevelStats, LevelStore, SideStats, SolveConfig, WinCount};
use crate::table_error::TableError;
use std::fs;
use std::io::{self, Read, Seek, SeekFrom};
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// A table directory being solved into: the [`LevelStore`] of `musashi solve`.
#[derive(Debug)]
pub struct SolveDir {
    dir: PathBuf,
    config: SolveConfig,
}

/// The bytes of one level's table file on a board of `points` points.
pub fn level_file_bytes(points: u32, soldiers: u32) -> u64 {
    HEADER_LEN as u64 + 2 * LevelShape { points, soldiers }.positions_per_side()
}

/// About the most disk a level's scratch files take while it is solved beside its table (they
/// are removed as they are read back, the bounds when the plies end): the capture bounds (a
/// byte per General position), and per soldier set 32 bytes of the soldiers' wins and 25 of the
/// General's (about 10% above the 28.6 and 22.3 measured at the peak of the 33-point level of
/// 11 soldiers, `docs/solver.md`).
pub fn level_scratch_bytes(points: u32, soldiers: u32) -> u64 {
    let shape = LevelShape { points, soldiers };
    shape.positions_per_side() + 57 * shape.num_sets()
}

impl SolveDir {
    /// Opens `dir` for a solve of `config` (created if needed). Temporary files that a killed
    /// solve left behind are removed. With `replace`, table files already there are removed;
    /// otherwise the levels found there must be the first ones of `config.levels` (`0..k`, or the
    /// even ones below `k`), for the same board and threshold, and each is checked in full
    /// (`on_check(n)` before level `n`): their statistics come back, and the solve goes on at
    /// level `k`. A damaged or missing level is an error naming the file, never
    /// overwritten.
    pub fn open(
        dir: &Path,
        config: SolveConfig,
        replace: bool,
        on_check: &dyn Fn(u32),
    ) -> Result<(SolveDir, Vec<LevelStats>), TableError> {
        let fail = |source| TableError::Io { path: dir.to_path_buf(), source };
        if dir.exists() && !dir.is_dir() {
            return Err(fail(io::Error::new(io::ErrorKind::AlreadyExists, "exists and is not a directory")));
        }
        fs::create_dir_all(dir).map_err(fail)?;
        let mut levels: Vec<(u32, PathBuf)> = Vec::new();
        for entry in fs::read_dir(dir).map_err(fail)? {
            let path = entry.map_err(fail)?.path();
            let Some(name) = path.file_name().and_then(|n| n.to_str()).map(str::to_owned) else { continue };
            let tmp = name.rsplit_once(".tmp-").filter(|_| name.starts_with("level-"));
            if let Some(pid) = tmp.and_then(|(_, pid)| pid.parse::<u32>().ok()) {
                // A level (or a level's scratch file) of a solve that is no longer running.
                if pid == std::process::id() || !Path::new(&format!("/proc/{pid}")).exists() {
                    fs::remove_file(&path).map_err(|source| TableError::Io { path: path.clone(), source })?;
                }
            } else if path.extension().is_some_and(|x| x == "mtb") {
                let n = name.strip_prefix("level-").and_then(|s| s.strip_suffix(".mtb")).and_then(|s| s.parse().ok());
                match n {
                    Some(n) if level_file_name(n) == name => levels.push((n, path)),
                    _ => {
                        return Err(TableError::Mismatch(format!(
                            "{} is not a level file name (level-NN.mtb)",
                            path.display()
                        )));
                    }
                }
            }
        }
        levels.sort();
        let store = SolveDir { dir: dir.to_path_buf(), config };
        if replace {
            for (_, path) in levels {
                fs::remove_file(&path).map_err(|source| TableError::Io { path: path.clone(), source })?;
            }
            return Ok((store, Vec::new()));
        }
        let mut stats = Vec::new();
        let mut expected = (0..).filter(|&n| config.levels.contains(n));
        for (n, path) in levels {
            if !config.levels.contains(n) {
                return Err(TableError::Occupied {
                    dir: dir.to_path_buf(),
                    what: format!(
                        "{} is not one of the {} levels this solve is of",
                        path.display(),
                        config.levels.name()
                    ),
                });
            }
            let expect = expected.next().expect("endless");
            if n != expect {
                return Err(TableError::MissingLevel { dir: dir.to_path_buf(), soldiers: expect });
            }
            let h = read_header(&path)?;
            let points = config.board.num_points() as u32;
            if (h.board, h.threshold) != (config.board, config.threshold) {
                return Err(TableError::Occupied {
                    dir: dir.to_path_buf(),
                    what: format!(
                        "{} is for the {}-point board with threshold {}, this solve for the {}-point board with \
                         threshold {}",
                        path.display(),
                        h.board.num_points(),
                        h.threshold,
                        points,
                        config.threshold
                    ),
                });
            }
            on_check(n);
            stats.push(check_level(&path)?);
        }
        Ok((store, stats))
    }

    /// The directory.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    fn path(&self, soldiers: u32) -> PathBuf {
        self.dir.join(level_file_name(soldiers))
    }
}

impl LevelStore for SolveDir {
    type Error = TableError;

    fn put(&mut self, table: Arc<LevelTable>, _stats: &LevelStats) -> Result<(), TableError> {
        debug_assert_eq!((table.board(), table.threshold()), (self.config.board, self.config.threshold));
        table.write(&self.path(table.soldiers()))
    }

    fn writer(&mut self, shape: LevelShape) -> Option<Result<LevelWriter, TableError>> {
        let path = self.path(shape.soldiers);
        Some(LevelWriter::create(&path, self.config.board, self.config.threshold, shape))
    }

    fn scratch(&self) -> Option<PathBuf> {
        Some(self.dir.clone())
    }

    fn soldiers_side(&mut self, soldiers: u32) -> Result<Arc<Vec<u8>>, TableError> {
        let path = self.path(soldiers);
        let io_err = |source| TableError::Io { path: path.clone(), source };
        let (h, mut file) = open_level(&path)?;
        let per_side = h.shape.positions_per_side();
        file.seek(SeekFrom::Current(per_side as i64)).map_err(io_err)?;
        let mut values = vec![0u8; per_side as usize];
        file.read_exact(&mut values).map_err(io_err)?;
        if crc32fast::hash(&values) != h.crc_soldiers {
            return Err(TableError::corrupt(&path, "checksum mismatch in the soldiers-to-move values".into()));
        }
        Ok(Arc::new(values))
    }
}

/// Bytes read at a time while a level file is checked.
const CHECK_CHUNK: usize = 8 << 20;

/// Checks a level file in full without holding it (header, length, both sides' checksums) and
/// counts its values.
pub fn check_level(path: &Path) -> Result<LevelStats, TableError> {
    let io_err = |source| TableError::Io { path: path.to_path_buf(), source };
    let (h, mut file) = open_level(path)?;
    let per_side = h.shape.positions_per_side();
    let mut buf = vec![0u8; CHECK_CHUNK];
    let runs = h.shape.weight_runs();
    let mut side = |crc: u32, what: &str| -> Result<SideStats, TableError> {
        let (mut hasher, mut at, mut count) = (crc32fast::Hasher::new(), 0u64, WinCount::default());
        while at < per_side {
            let take = (per_side - at).min(CHECK_CHUNK as u64) as usize;
            file.read_exact(&mut buf[..take]).map_err(io_err)?;
            hasher.update(&buf[..take]);
            count.add(WinCount::of(&buf[..take], at, &runs));
            at += take as u64;
        }
        if hasher.finalize() != crc {
            return Err(TableError::corrupt(path, format!("checksum mismatch in the {what} values")));
        }
        Ok(count.stats(h.shape))
    };
    let general_to_move = side(h.crc_general, "General-to-move")?;
    let soldiers_to_move = side(h.crc_soldiers, "soldiers-to-move")?;
    Ok(LevelStats {
        soldiers: h.shape.soldiers,
        general_to_move,
        soldiers_to_move,
        resumed: true,
        ..LevelStats::default()
    })
}
