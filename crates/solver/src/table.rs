//! Solved levels in memory, the table files (format in `docs/tables.md`), and probing.

use crate::index::LevelShape;
use crate::solve::Levels;
use crate::value::Value;
use musashi_game::{Board, Move, Position, Side};
use std::fmt;
use std::fs;
use std::io::{self, Read, Write};
use std::os::unix::fs::FileExt;
use std::path::{Path, PathBuf};
use std::sync::{Arc, OnceLock};

/// The file's first eight bytes.
pub const MAGIC: &[u8; 8] = b"MUSASHTB";
/// The format version this build writes and reads.
pub const FORMAT_VERSION: u32 = 2;
/// Header length in bytes.
pub const HEADER_LEN: usize = 64;

/// One solved level: every position with `n` soldiers, both sides to move, one byte each.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LevelTable {
    board: Board,
    threshold: u32,
    shape: LevelShape,
    general: Vec<u8>,
    /// Shared with the solver, which keeps only this side of lower levels for captures.
    soldiers: Arc<Vec<u8>>,
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

#[derive(Debug)]
struct Slot {
    path: Option<PathBuf>,
    table: OnceLock<Arc<LevelTable>>,
    /// A level checked in full but too large to hold: probed a byte at a time from its file.
    file: OnceLock<fs::File>,
}

/// A complete set of levels for one board and threshold, `0..=max_soldiers` or the even ones of
/// them (every level a capture reaches from one of them is there), in memory or in a directory:
/// [`Tables::open`] reads each level and checks it the first time it is probed (so a damaged value
/// array is an error of that probe), [`Tables::load`] reads and checks them all at once.
#[derive(Debug)]
pub struct Tables {
    board: Board,
    threshold: u32,
    /// By soldier count: `None` for the odd levels of even-only tables.
    levels: Vec<Option<Slot>>,
    /// A level not read yet whose values take more bytes than this is probed from its file.
    budget: u64,
}

impl Tables {
    /// Tables from solved levels `0..=K`, or the even ones of them (as the solver hands them out,
    /// in order).
    pub fn from_levels(levels: Vec<Arc<LevelTable>>) -> Result<Tables, TableError> {
        let first = levels.first().ok_or_else(|| TableError::Mismatch("no levels given".into()))?;
        let (board, threshold) = (first.board, first.threshold);
        let counts: Vec<u32> = levels.iter().map(|l| l.shape.soldiers).collect();
        if let Err(n) = Levels::of(&counts) {
            return Err(TableError::Mismatch(format!("level {n} is missing among the levels given")));
        }
        for l in &levels {
            if l.board != board || l.threshold != threshold {
                return Err(TableError::Mismatch(format!(
                    "level {} does not belong with the others",
                    l.shape.soldiers
                )));
            }
        }
        let slots = levels.into_iter().map(|t| {
            let (n, cell) = (t.shape.soldiers, OnceLock::new());
            let _ = cell.set(t);
            (n, Slot { path: None, table: cell, file: OnceLock::new() })
        });
        Ok(Tables { board, threshold, levels: by_count(slots), budget: Tables::MEMORY_BUDGET })
    }

    /// Opens a table directory: reads every level's header now (they must agree and cover
    /// `0..=K`, or its even or odd levels, without a gap) and each level's values on first use:
    /// into memory, or for a level larger than [`Tables::MEMORY_BUDGET`] (the 33-point board's
    /// from 12 soldiers on) checked in full, streamed, and then probed from its file.
    pub fn open(dir: &Path) -> Result<Tables, TableError> {
        Tables::open_within(dir, Tables::MEMORY_BUDGET)
    }

    /// [`Tables::open`] with another memory budget: a level whose values take more bytes is
    /// probed from its file (0: every level).
    pub fn open_within(dir: &Path, budget: u64) -> Result<Tables, TableError> {
        let io_err = |source| TableError::Io { path: dir.to_path_buf(), source };
        let mut found: Vec<(u32, PathBuf)> = Vec::new();
        let entries = match fs::read_dir(dir) {
            Err(e) if e.kind() == io::ErrorKind::NotFound => return Err(TableError::Absent { dir: dir.to_path_buf() }),
            r => r.map_err(io_err)?,
        };
        for entry in entries {
            let entry = entry.map_err(io_err)?;
            let name = entry.file_name();
            let Some(name) = name.to_str() else { continue };
            if let Some(num) = name.strip_prefix("level-").and_then(|s| s.strip_suffix(".mtb"))
                && let Ok(n) = num.parse::<u32>()
                && level_file_name(n) == name
            {
                found.push((n, entry.path()));
            }
        }
        found.sort();
        if found.is_empty() {
            return Err(TableError::Empty { dir: dir.to_path_buf() });
        }
        let counts: Vec<u32> = found.iter().map(|f| f.0).collect();
        if let Err(soldiers) = Levels::of(&counts) {
            return Err(TableError::MissingLevel { dir: dir.to_path_buf(), soldiers });
        }
        let mut levels = Vec::new();
        let mut rules: Option<(Board, u32)> = None;
        for (n, path) in found {
            let h = read_header(&path)?;
            if h.shape.soldiers != n {
                return Err(TableError::corrupt(&path, format!("holds {} soldiers, not {n}", h.shape.soldiers)));
            }
            match rules {
                None => rules = Some((h.board, h.threshold)),
                Some((b, t)) if (b, t) != (h.board, h.threshold) => {
                    return Err(TableError::Mismatch(format!(
                        "{} is for the {}-point board with threshold {}, but level 0 is for the {b}-point board with \
                         threshold {t}",
                        path.display(),
                        h.board,
                        h.threshold
                    )));
                }
                Some(_) => {}
            }
            levels.push((n, Slot { path: Some(path), table: OnceLock::new(), file: OnceLock::new() }));
        }
        let (board, threshold) = rules.expect("at least one level");
        Ok(Tables { board, threshold, levels: by_count(levels), budget })
    }

    /// Opens a table directory and reads and checks every level now (headers, lengths and
    /// value checksums): afterwards [`Tables::probe`] fails only for positions the tables do not
    /// cover, never for a damaged file. Levels are kept in memory, lowest first, while they fit
    /// in [`Tables::MEMORY_BUDGET`]; larger ones (the 33-point board's levels from 10 soldiers on)
    /// are probed from their files a byte at a time. This is the way to open tables for an
    /// agent, an oracle or training targets, which cannot report an error per probe; an absent
    /// directory is [`TableError::is_absent`], a damaged file an error naming it.
    pub fn load(dir: &Path) -> Result<Tables, TableError> {
        Tables::load_within(dir, Tables::MEMORY_BUDGET)
    }

    /// Bytes of values [`Tables::load`] keeps in memory at most.
    pub const MEMORY_BUDGET: u64 = 4 << 30;

    /// [`Tables::load`] with another memory budget (0: every level is probed from its file).
    pub fn load_within(dir: &Path, budget: u64) -> Result<Tables, TableError> {
        let mut tables = Tables::open_within(dir, budget)?;
        let mut used = 0u64;
        for n in tables.held().collect::<Vec<_>>() {
            let bytes = 2 * tables.shape(n).positions_per_side();
            if used + bytes <= budget {
                tables.level(n)?;
                used += bytes;
                continue;
            }
            let slot = tables.levels[n as usize].as_mut().expect("a level held");
            let path = slot.path.clone().expect("opened tables come from files");
            crate::solve_dir::check_level(&path)?;
            let file = fs::File::open(&path).map_err(|source| TableError::Io { path: path.clone(), source })?;
            let _ = slot.file.set(file);
        }
        Ok(tables)
    }

    /// Opens a table directory whose every level is probed from its file a byte at a time:
    /// headers are checked now, values are not (the file's checksums are the business of
    /// whoever wrote or loads them). For tools that check the values themselves, such as the
    /// sampled re-check, and need little memory on tables of any size.
    pub fn open_files(dir: &Path) -> Result<Tables, TableError> {
        let mut tables = Tables::open(dir)?;
        for slot in tables.levels.iter_mut().flatten() {
            let path = slot.path.clone().expect("opened tables come from files");
            let _ = slot.file.set(fs::File::open(&path).map_err(|source| TableError::Io { path, source })?);
        }
        Ok(tables)
    }

    fn shape(&self, soldiers: u32) -> LevelShape {
        LevelShape { points: self.board.num_points() as u32, soldiers }
    }

    /// Reads and checks every level not read yet (each is then kept in memory), so that a
    /// damaged file is found now rather than at the first probe that reaches it.
    pub fn verify(&self) -> Result<(), TableError> {
        for n in self.held() {
            self.level(n)?;
        }
        Ok(())
    }

    /// Writes every level into `dir` (created if needed).
    pub fn save(&self, dir: &Path) -> Result<(), TableError> {
        fs::create_dir_all(dir).map_err(|source| TableError::Io { path: dir.to_path_buf(), source })?;
        for n in self.held() {
            self.level(n)?.write(&dir.join(level_file_name(n)))?;
        }
        Ok(())
    }

    /// The board.
    pub fn board(&self) -> Board {
        self.board
    }
    /// The threshold: the General wins right after a capture that leaves this many or fewer.
    pub fn threshold(&self) -> u32 {
        self.threshold
    }
    /// The most soldiers covered.
    pub fn max_soldiers(&self) -> u32 {
        self.levels.len() as u32 - 1
    }

    /// Which levels the tables hold: all of `0..=max_soldiers`, or the even or the odd ones.
    pub fn levels(&self) -> Levels {
        match (self.levels.iter().all(Option::is_some), self.levels[0].is_some()) {
            (true, _) => Levels::All,
            (false, true) => Levels::Even,
            (false, false) => Levels::Odd,
        }
    }

    /// The soldier counts held, lowest first.
    pub fn held(&self) -> impl Iterator<Item = u32> + '_ {
        (0..self.levels.len() as u32).filter(|&n| self.levels[n as usize].is_some())
    }

    /// Whether positions with `soldiers` soldiers have values here.
    pub fn covers(&self, soldiers: u32) -> bool {
        self.levels.get(soldiers as usize).is_some_and(Option::is_some)
    }

    /// Why a level is not held (`NotCovered` above the highest, `OtherParity` between).
    fn not_held(&self, soldiers: u32) -> TableError {
        match soldiers > self.max_soldiers() {
            true => TableError::NotCovered { soldiers, max: self.max_soldiers() },
            false => TableError::OtherParity { soldiers, held: self.levels() },
        }
    }

    /// One level, read from its file on first use.
    pub fn level(&self, soldiers: u32) -> Result<&LevelTable, TableError> {
        let slot =
            self.levels.get(soldiers as usize).and_then(Option::as_ref).ok_or_else(|| self.not_held(soldiers))?;
        if let Some(t) = slot.table.get() {
            return Ok(t);
        }
        let path = slot.path.as_ref().expect("levels not in memory come from files");
        let t = LevelTable::read(path)?;
        if t.board != self.board || t.threshold != self.threshold || t.shape.soldiers != soldiers {
            return Err(TableError::Mismatch(format!("{} changed since the tables were opened", path.display())));
        }
        Ok(slot.table.get_or_init(|| Arc::new(t)))
    }

    fn check_board(&self, pos: &Position) -> Result<(), TableError> {
        if pos.board() != self.board {
            return Err(TableError::Mismatch(format!(
                "the position is on the {}-point board but the tables are for the {}-point board",
                pos.board(),
                self.board
            )));
        }
        Ok(())
    }

    /// The open file of a level probed from its file: one [`Tables::load`] or
    /// [`Tables::open_files`] opened so, or a level not read yet whose values are larger than the
    /// memory budget (checked in full now, streamed, then probed from its file rather than held).
    /// `None` for a level held in memory or small enough to be.
    fn large_level_file<'a>(&self, slot: &'a Slot, n: u32) -> Result<Option<&'a fs::File>, TableError> {
        if let Some(file) = slot.file.get() {
            return Ok(Some(file));
        }
        let Some(path) = &slot.path else { return Ok(None) };
        if slot.table.get().is_some() || 2 * self.shape(n).positions_per_side() <= self.budget {
            return Ok(None);
        }
        crate::solve_dir::check_level(path)?;
        let file = fs::File::open(path).map_err(|source| TableError::Io { path: path.clone(), source })?;
        Ok(Some(slot.file.get_or_init(|| file)))
    }

    /// The value of a position (the game going on from it: no capture has just happened).
    pub fn probe(&self, pos: &Position) -> Result<Value, TableError> {
        self.check_board(pos)?;
        let n = pos.num_soldiers();
        let (general, soldiers, side) = (pos.general().index() as u32, pos.soldiers(), pos.side_to_move());
        if let Some(Some(slot @ Slot { path: Some(path), .. })) = self.levels.get(n as usize)
            && let Some(file) = self.large_level_file(slot, n)?
        {
            let shape = self.shape(n);
            let side_start = if side == Side::Soldiers { shape.positions_per_side() } else { 0 };
            let mut byte = [0u8];
            file.read_exact_at(&mut byte, HEADER_LEN as u64 + side_start + shape.index(general, soldiers))
                .map_err(|source| TableError::Io { path: path.clone(), source })?;
            return Ok(Value::from_byte(byte[0]));
        }
        Ok(self.level(n)?.get(side, general, soldiers))
    }

    /// Every movement-legal move with the value of the position it leads to: a capture that
    /// leaves the threshold or fewer wins for the General; a move that traps the General is
    /// `SoldiersWin(0)`.
    pub fn move_values(&self, pos: &Position) -> Result<Vec<(Move, Value)>, TableError> {
        self.check_board(pos)?;
        if !self.covers(pos.num_soldiers()) {
            return Err(self.not_held(pos.num_soldiers()));
        }
        let mut out = Vec::new();
        for &m in pos.moves().iter() {
            let (child, captured) = pos.play(m);
            let v = if captured != 0 && child.num_soldiers() <= self.threshold {
                Value::GeneralWins
            } else {
                self.probe(&child)?
            };
            out.push((m, v));
        }
        Ok(out)
    }

    /// The moves that keep the best value for the side to move (all of them if none is legal).
    pub fn best_moves(&self, pos: &Position) -> Result<Vec<(Move, Value)>, TableError> {
        let all = self.move_values(pos)?;
        let side = pos.side_to_move();
        let Some(best) = all.iter().map(|x| x.1).max_by(|a, b| a.compare_for(*b, side)) else {
            return Ok(all);
        };
        Ok(all.into_iter().filter(|x| x.1 == best).collect())
    }
}

/// Levels by soldier count, `None` where a count is not held.
fn by_count(levels: impl IntoIterator<Item = (u32, Slot)>) -> Vec<Option<Slot>> {
    let mut out = Vec::new();
    for (n, slot) in levels {
        out.resize_with(n as usize + 1, || None);
        out[n as usize] = Some(slot);
    }
    out
}
