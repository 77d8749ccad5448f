//! One solved level in memory (`LevelTable`) and its table file (format in `docs/tables.md`):
//! the header, writing a level as it is solved (`LevelWriter`), reading a header back. Knows
//! nothing of a folder of levels or of resuming a solve.

use crate::index::LevelShape;
use crate::table_error::TableError;
use crate::value::Value;
use musashi_game::{Board, Side};
use std::fs;
use std::io::{self, Read, Write};
use std::os::unix::fs::FileExt;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// The file's first eight bytes.
pub const MAGIC: &[u8; 8] = b"MUSASHTB";
/// The format version this build writes and reads.
pub const FORMAT_VERSION: u32 = 2;
/// Header length in bytes.
pub const HEADER_LEN: usize = 64;

/// One solved level: every position with `n` soldiers, both sides to move, one byte each.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LevelTable {
    pub(crate) board: Board,
    pub(crate) threshold: u32,
    pub(crate) shape: LevelShape,
    pub(crate) general: Vec<u8>,
    /// Shared with the solver, which keeps only this side of lower levels for captures.
    pub(crate) soldiers: Arc<Vec<u8>>,
}

impl LevelTable {
    pub(crate) fn new(board: Board, threshold: u32, shape: LevelShape, general: Vec<u8>, soldiers: Vec<u8>) -> Self {
        debug_assert_eq!(general.len() as u64, shape.positions_per_side());
        debug_assert_eq!(soldiers.len() as u64, shape.positions_per_side());
        LevelTable { board, threshold, shape, general, soldiers: Arc::new(soldiers) }
    }

    /// The soldiers-to-move values, shared.
    pub(crate) fn soldiers_shared(&self) -> Arc<Vec<u8>> {
        self.soldiers.clone()
    }

    /// The board.
    pub fn board(&self) -> Board {
        self.board
    }
    /// The threshold the level was solved with.
    pub fn threshold(&self) -> u32 {
        self.threshold
    }
    /// Soldiers on the board in this level.
    pub fn soldiers(&self) -> u32 {
        self.shape.soldiers
    }
    /// The level's sizes.
    pub fn shape(&self) -> LevelShape {
        self.shape
    }
    /// The stored bytes with the General to move, in index order.
    pub fn general_bytes(&self) -> &[u8] {
        &self.general
    }
    /// The stored bytes with the soldiers to move, in index order.
    pub fn soldiers_bytes(&self) -> &[u8] {
        &self.soldiers
    }
    /// The stored bytes of one side.
    pub fn side_bytes(&self, side: Side) -> &[u8] {
        match side {
            Side::General => &self.general,
            Side::Soldiers => &self.soldiers,
        }
    }

    /// The value of the position with the General on `general` and these soldiers (which must
    /// number this level's count and leave `general` empty).
    #[inline]
    pub fn get(&self, side: Side, general: u32, soldiers: u64) -> Value {
        debug_assert_eq!(soldiers.count_ones(), self.shape.soldiers);
        debug_assert_eq!(soldiers >> general & 1, 0);
        Value::from_byte(self.side_bytes(side)[self.shape.index(general, soldiers) as usize])
    }

    /// Writes the level to `path` (see `docs/tables.md`): to a temporary name beside it, synced,
    /// then renamed, so a crash never leaves a partial file under the level's name.
    pub fn write(&self, path: &Path) -> Result<(), TableError> {
        let mut w = LevelWriter::create(path, self.board, self.threshold, self.shape)?;
        w.write_side(&self.general)?;
        w.write_side(&self.soldiers)?;
        w.finish()
    }

    /// Reads and checks a level file written by [`LevelTable::write`].
    pub fn read(path: &Path) -> Result<LevelTable, TableError> {
        let io_err = |source| TableError::Io { path: path.to_path_buf(), source };
        let (info, mut file) = open_level(path)?;
        let per_side = info.shape.positions_per_side() as usize;
        let mut general = vec![0u8; per_side];
        let mut soldiers = vec![0u8; per_side];
        file.read_exact(&mut general).map_err(io_err)?;
        file.read_exact(&mut soldiers).map_err(io_err)?;
        if crc32fast::hash(&general) != info.crc_general {
            return Err(TableError::corrupt(path, "checksum mismatch in the General-to-move values".into()));
        }
        if crc32fast::hash(&soldiers) != info.crc_soldiers {
            return Err(TableError::corrupt(path, "checksum mismatch in the soldiers-to-move values".into()));
        }
        Ok(LevelTable::new(info.board, info.threshold, info.shape, general, soldiers))
    }
}

/// A level file written one side at a time (the General-to-move values, then the soldiers'), so
/// that a level's two value arrays need not be in memory together: to a temporary name beside
/// the level's, whose header is written last with both checksums, then synced and renamed. A
/// writer dropped before [`LevelWriter::finish`] removes its temporary file.
#[derive(Debug)]
pub struct LevelWriter {
    path: PathBuf,
    tmp: PathBuf,
    file: Option<io::BufWriter<fs::File>>,
    board: Board,
    threshold: u32,
    shape: LevelShape,
    /// The checksums of the sides written so far.
    crcs: Vec<u32>,
}

impl LevelWriter {
    /// Starts the file of a level of `shape` for `board` and `threshold` that will be at `path`.
    pub fn create(path: &Path, board: Board, threshold: u32, shape: LevelShape) -> Result<LevelWriter, TableError> {
        let tmp = PathBuf::from(format!("{}.tmp-{}", path.display(), std::process::id()));
        let mut w =
            LevelWriter { path: path.to_path_buf(), file: None, tmp, board, threshold, shape, crcs: Vec::new() };
        let file = fs::File::create(&w.tmp).map_err(|e| w.io_err(e))?;
        let mut file = io::BufWriter::with_capacity(1 << 20, file);
        // The header's place; it is written once both checksums are known.
        file.write_all(&[0u8; HEADER_LEN]).map_err(|e| w.io_err(e))?;
        w.file = Some(file);
        Ok(w)
    }

    fn io_err(&self, source: io::Error) -> TableError {
        TableError::Io { path: self.tmp.clone(), source }
    }

    /// Appends the next side's values: the General-to-move ones first, then the soldiers'.
    pub fn write_side(&mut self, values: &[u8]) -> Result<(), TableError> {
        if self.crcs.len() == 2 || values.len() as u64 != self.shape.positions_per_side() {
            return Err(TableError::Mismatch(format!(
                "{}: a side of {} values handed over as side {} of a level of {} positions per side",
                self.path.display(),
                values.len(),
                self.crcs.len() + 1,
                self.shape.positions_per_side()
            )));
        }
        let file = self.file.as_mut().expect("open until finished");
        let written = file.write_all(values);
        written.map_err(|e| self.io_err(e))?;
        self.crcs.push(crc32fast::hash(values));
        Ok(())
    }

    /// Writes the header, syncs the file and gives it the level's name.
    pub fn finish(mut self) -> Result<(), TableError> {
        let &[general, soldiers] = &self.crcs[..] else {
            return Err(TableError::Mismatch(format!(
                "{}: finished with {} of its 2 sides written",
                self.path.display(),
                self.crcs.len()
            )));
        };
        let header = header(self.board, self.threshold, self.shape, general, soldiers);
        let file = self.file.take().expect("open until finished");
        let done = (|| {
            let file = file.into_inner().map_err(|e| e.into_error())?;
            file.write_all_at(&header, 0)?;
            file.sync_all()?;
            fs::rename(&self.tmp, &self.path)
        })();
        done.map_err(|e| self.io_err(e))
    }
}

impl Drop for LevelWriter {
    fn drop(&mut self) {
        if self.file.take().is_some() {
            let _ = fs::remove_file(&self.tmp);
        }
    }
}

/// A level file's header (`docs/tables.md`).
fn header(board: Board, threshold: u32, shape: LevelShape, crc_general: u32, crc_soldiers: u32) -> [u8; HEADER_LEN] {
    debug_assert_eq!(shape.points, board.num_points() as u32);
    let mut h = [0u8; HEADER_LEN];
    h[0..8].copy_from_slice(MAGIC);
    h[8..12].copy_from_slice(&FORMAT_VERSION.to_le_bytes());
    h[12..16].copy_from_slice(&(HEADER_LEN as u32).to_le_bytes());
    h[16..20].copy_from_slice(&shape.points.to_le_bytes());
    h[20..24].copy_from_slice(&threshold.to_le_bytes());
    h[24..28].copy_from_slice(&shape.soldiers.to_le_bytes());
    h[28..32].copy_from_slice(&shape.empties().to_le_bytes());
    h[32..40].copy_from_slice(&shape.num_sets().to_le_bytes());
    h[40..48].copy_from_slice(&shape.positions_per_side().to_le_bytes());
    h[48..52].copy_from_slice(&crc_general.to_le_bytes());
    h[52..56].copy_from_slice(&crc_soldiers.to_le_bytes());
    let crc = crc32fast::hash(&h[0..60]);
    h[60..64].copy_from_slice(&crc.to_le_bytes());
    h
}

/// Opens a level file, checks its header and its length against the header, and leaves the file
/// at the first value byte.
pub(crate) fn open_level(path: &Path) -> Result<(HeaderInfo, fs::File), TableError> {
    let io_err = |source| TableError::Io { path: path.to_path_buf(), source };
    let mut file = fs::File::open(path).map_err(io_err)?;
    let len = file.metadata().map_err(io_err)?.len();
    let mut head = [0u8; HEADER_LEN];
    if len < HEADER_LEN as u64 {
        return Err(TableError::corrupt(path, format!("the file is {len} bytes, shorter than a header")));
    }
    file.read_exact(&mut head).map_err(io_err)?;
    let info = parse_header(path, &head)?;
    let expected = HEADER_LEN as u64 + 2 * info.shape.positions_per_side();
    if len != expected {
        return Err(TableError::corrupt(
            path,
            format!("the file is {len} bytes but its header describes {expected} (truncated or padded)"),
        ));
    }
    Ok((info, file))
}

/// What a level file's header says.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct HeaderInfo {
    /// The board.
    pub board: Board,
    /// The threshold.
    pub threshold: u32,
    /// The level's sizes.
    pub shape: LevelShape,
    pub(crate) crc_general: u32,
    pub(crate) crc_soldiers: u32,
}

fn u32_at(h: &[u8], at: usize) -> u32 {
    u32::from_le_bytes(h[at..at + 4].try_into().expect("four bytes"))
}

fn u64_at(h: &[u8], at: usize) -> u64 {
    u64::from_le_bytes(h[at..at + 8].try_into().expect("eight bytes"))
}

fn parse_header(path: &Path, h: &[u8; HEADER_LEN]) -> Result<HeaderInfo, TableError> {
    if &h[0..8] != MAGIC {
        return Err(TableError::NotATable { path: path.to_path_buf() });
    }
    let version = u32_at(h, 8);
    if version != FORMAT_VERSION {
        return Err(TableError::Version { path: path.to_path_buf(), found: version });
    }
    if crc32fast::hash(&h[0..60]) != u32_at(h, 60) {
        return Err(TableError::corrupt(path, "header checksum mismatch".into()));
    }
    let bad = |what: String| Err(TableError::corrupt(path, what));
    if u32_at(h, 12) as usize != HEADER_LEN {
        return bad(format!("header length {} (expected {HEADER_LEN})", u32_at(h, 12)));
    }
    let board = match u32_at(h, 16) {
        25 => Board::Square25,
        33 => Board::Setchin33,
        p => return bad(format!("unknown board of {p} points")),
    };
    let threshold = u32_at(h, 20);
    let soldiers = u32_at(h, 24);
    if soldiers > 16 || threshold > 16 {
        return bad(format!("{soldiers} soldiers, threshold {threshold}: out of range"));
    }
    let shape = LevelShape { points: board.num_points() as u32, soldiers };
    if u32_at(h, 28) != shape.empties()
        || u64_at(h, 32) != shape.num_sets()
        || u64_at(h, 40) != shape.positions_per_side()
    {
        return bad("the header's sizes do not match its board and soldier count".into());
    }
    Ok(HeaderInfo { board, threshold, shape, crc_general: u32_at(h, 48), crc_soldiers: u32_at(h, 52) })
}

/// Reads only the header of a level file.
pub fn read_header(path: &Path) -> Result<HeaderInfo, TableError> {
    let io_err = |source| TableError::Io { path: path.to_path_buf(), source };
    let mut file = fs::File::open(path).map_err(io_err)?;
    let mut head = [0u8; HEADER_LEN];
    file.read_exact(&mut head).map_err(|e| {
        if e.kind() == io::ErrorKind::UnexpectedEof {
            TableError::corrupt(path, "the file is shorter than a header".into())
        } else {
            io_err(e)
        }
    })?;
    parse_header(path, &head)
}

/// The file name of a level in a table directory.
pub fn level_file_name(soldiers: u32) -> String {
    format!("level-{soldiers:02}.mtb")
}
