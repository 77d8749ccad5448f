//! A level's wins for one side, kept as they are found and written as value bytes once the
//! level's plies are done. The block pass never reads these values (only the `ws` and `wg` words;
//! the General's capture bounds are bytes of their own, [`crate::bounds`]), so holding them as
//! bytes during the plies would cost `E` bytes per soldier set and side for nothing: on the
//! 33-point board's level of 12 soldiers that is 7.45 GB per side beside the working words. Each
//! ply instead appends `(rank, slots)` entries (one per soldier set that gained wins) to memory
//! or to a scratch file beside the tables, and [`WinLog::values`] turns them into the value array
//! after the words are let go.
//!
//! A scratch file is a run of records, one per work unit: the number of entries, then per entry
//! the rank's distance from the previous entry's (from 0 for the first) and the slots, all as
//! LEB128 varints. Ranks within a unit increase and the sets that gain wins are dense, so most
//! rank steps take one byte (a set gains wins at many plies: the scratch files of the 33-point
//! level of 10 soldiers peaked at about 30 bytes per set).

use crate::value::GENERAL_WINS_BYTE;
use musashi_game::Side;
use std::fs;
use std::io::{self, BufWriter, Read, Write};
use std::path::{Path, PathBuf};
use std::sync::Mutex;

/// Appends `x` as a LEB128 varint.
fn put_varint(out: &mut Vec<u8>, mut x: u32) {
    while x >= 0x80 {
        out.push(x as u8 | 0x80);
        x >>= 7;
    }
    out.push(x as u8);
}

/// One ply's entries: the ply and its (rank, slots) pairs.
type PlyEntries = (u32, Vec<(u32, u32)>);

/// Where a level's wins for one side wait for the end of its plies.
#[derive(Debug)]
pub(crate) enum WinLog {
    /// In memory, one list per ply.
    Memory(Mutex<Vec<PlyEntries>>),
    /// One scratch file per ply in a folder (removed once read back).
    Files(Mutex<Scratch>),
}

#[derive(Debug)]
pub(crate) struct Scratch {
    dir: PathBuf,
    soldiers: u32,
    side: Side,
    /// The files written so far, by ply; the last one open.
    plies: Vec<(u32, PathBuf)>,
    open: Option<BufWriter<fs::File>>,
    /// The first failure, reported when the pass ends.
    error: Option<(PathBuf, io::Error)>,
}

/// A scratch file that could not be written or read back.
#[derive(Debug)]
pub(crate) struct ScratchError {
    pub(crate) path: PathBuf,
    pub(crate) source: io::Error,
}

impl WinLog {
    /// Entries kept in memory.
    pub(crate) fn memory() -> WinLog {
        WinLog::Memory(Mutex::new(Vec::new()))
    }

    /// Entries of `side`'s wins written to scratch files in `dir`, named after the level, the
    /// side and this process.
    pub(crate) fn files(dir: &Path, soldiers: u32, side: Side) -> WinLog {
        WinLog::Files(Mutex::new(Scratch {
            dir: dir.to_path_buf(),
            soldiers,
            side,
            plies: Vec::new(),
            open: None,
            error: None,
        }))
    }

    /// Appends the entries one work unit found at ply `ply` (plies come in increasing order;
    /// within one, units append in any order).
    pub(crate) fn record(&self, ply: u32, entries: &[(u32, u32)]) {
        if entries.is_empty() {
            return;
        }
        match self {
            WinLog::Memory(lists) => {
                let mut lists = lists.lock().expect("no unit panics holding the log");
                if lists.last().is_none_or(|l| l.0 != ply) {
                    lists.push((ply, Vec::new()));
                }
                lists.last_mut().expect("just pushed").1.extend_from_slice(entries);
            }
            WinLog::Files(scratch) => scratch.lock().expect("no unit panics holding the log").append(ply, entries),
        }
    }

    /// The side's value bytes of a level of `positions` positions per side, `e` per soldier set:
    /// each logged slot gets its ply, every other position is the General's.
    pub(crate) fn values(self, positions: usize, e: usize) -> Result<Vec<u8>, ScratchError> {
        let mut values = vec![GENERAL_WINS_BYTE; positions];
        let mut put = |ply: u32, rank: u32, slots: u32| -> io::Result<()> {
            if (slots as u64) >> e != 0 {
                return Err(bad("a slot"));
            }
            let base = rank as usize * e;
            let mut bits = slots;
            while bits != 0 {
                *values.get_mut(base + bits.trailing_zeros() as usize).ok_or_else(|| bad("a position"))? = ply as u8;
                bits &= bits - 1;
            }
            Ok(())
        };
        match self {
            WinLog::Memory(lists) => {
                for (ply, list) in lists.into_inner().expect("no unit panicked") {
                    for (r, s) in list {
                        put(ply, r, s).expect("entries in memory name positions of the level");
                    }
                }
            }
            WinLog::Files(scratch) => {
                let mut scratch = scratch.into_inner().expect("no unit panicked");
                scratch.close()?;
                // Files not read back (a failure) are removed when `scratch` is dropped.
                for (ply, path) in scratch.plies.clone() {
                    read_entries(&path, |r, s| put(ply, r, s))
                        .map_err(|source| ScratchError { path: path.clone(), source })?;
                    fs::remove_file(&path).map_err(|source| ScratchError { path, source })?;
                }
            }
        }
        Ok(values)
    }
}

impl Scratch {
    fn append(&mut self, ply: u32, entries: &[(u32, u32)]) {
        if self.error.is_some() {
            return;
        }
        if self.plies.last().is_none_or(|p| p.0 != ply) {
            if let Err(e) = self.close() {
                self.error = Some((e.path, e.source));
                return;
            }
            let side = match self.side {
                Side::General => "general",
                Side::Soldiers => "soldier",
            };
            let name = format!("level-{:02}.{side}-wins-{ply:03}.tmp-{}", self.soldiers, std::process::id());
            let path = self.dir.join(name);
            match fs::File::create(&path) {
                Ok(f) => self.open = Some(BufWriter::with_capacity(1 << 20, f)),
                Err(e) => {
                    self.error = Some((path, e));
                    return;
                }
            }
            self.plies.push((ply, path));
        }
        let w = self.open.as_mut().expect("a file is open for the current ply");
        let mut bytes = Vec::with_capacity(entries.len() * 5 + 5);
        put_varint(&mut bytes, entries.len() as u32);
        let mut last = 0;
        for &(r, s) in entries {
            debug_assert!(r >= last, "ranks increase within a unit");
            put_varint(&mut bytes, r - last);
            put_varint(&mut bytes, s);
            last = r;
        }
        if let Err(e) = w.write_all(&bytes) {
            self.error = Some((self.plies.last().expect("a ply").1.clone(), e));
        }
    }

    /// Flushes the open file; reports the first failure so far.
    fn close(&mut self) -> Result<(), ScratchError> {
        if let Some(w) = self.open.take()
            && let Err(e) = w.into_inner().map_err(|e| e.into_error())
        {
            self.error.get_or_insert((self.plies.last().expect("a ply").1.clone(), e));
        }
        match self.error.take() {
            Some((path, source)) => Err(ScratchError { path, source }),
            None => Ok(()),
        }
    }
}

impl Drop for Scratch {
    /// Scratch files are removed whatever happens (read back, or the solve failed).
    fn drop(&mut self) {
        self.open = None;
        for (_, path) in &self.plies {
            let _ = fs::remove_file(path);
        }
    }
}

/// Calls `f(rank, slots)` for every entry of a scratch file.
fn read_entries(path: &Path, mut f: impl FnMut(u32, u32) -> io::Result<()>) -> io::Result<()> {
    let mut r = Varints { file: fs::File::open(path)?, buf: vec![0; 1 << 20], pos: 0, end: 0 };
    while r.more()? {
        let count = r.next()?;
        let mut rank = 0u32;
        for _ in 0..count {
            rank = rank.checked_add(r.next()?).ok_or_else(|| bad("a rank"))?;
            f(rank, r.next()?)?;
        }
    }
    Ok(())
}

fn bad(what: &str) -> io::Error {
    io::Error::new(io::ErrorKind::InvalidData, format!("a scratch file is damaged: {what} out of range"))
}

/// LEB128 varints read from a file through a buffer.
struct Varints {
    file: fs::File,
    buf: Vec<u8>,
    pos: usize,
    end: usize,
}

impl Varints {
    /// Whether anything is left (refilling the buffer when it runs low).
    fn more(&mut self) -> io::Result<bool> {
        if self.end - self.pos < 5 {
            self.buf.copy_within(self.pos..self.end, 0);
            self.end -= self.pos;
            self.pos = 0;
            while self.end < self.buf.len() {
                match self.file.read(&mut self.buf[self.end..])? {
                    0 => break,
                    n => self.end += n,
                }
            }
        }
        Ok(self.pos < self.end)
    }

    /// The next varint.
    fn next(&mut self) -> io::Result<u32> {
        if !self.more()? {
            return Err(io::Error::new(io::ErrorKind::UnexpectedEof, "a scratch file ends inside a record"));
        }
        let (mut x, mut shift) = (0u32, 0);
        loop {
            let b = *self.buf[self.pos..self.end].first().ok_or_else(|| bad("a varint"))?;
            self.pos += 1;
            x |= ((b & 0x7f) as u32).checked_shl(shift).filter(|_| shift < 32).ok_or_else(|| bad("a varint"))?;
            if b & 0x80 == 0 {
                return Ok(x);
            }
            shift += 7;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record_all(log: &WinLog) {
        // Three soldiers' plies, each from two units (ranks increasing within a unit).
        for ply in [1, 3, 5] {
            let entries: Vec<(u32, u32)> =
                (0..3000u32).filter(|r| (r + ply) % 3 == 0).map(|r| (r * 700, 1 << ((r + ply) % 5) | 1 << 4)).collect();
            let (a, b) = entries.split_at(entries.len() / 2);
            log.record(ply, b);
            log.record(ply, a);
        }
    }

    #[test]
    fn scratch_files_give_the_values_memory_gives_and_a_cut_file_is_an_error() {
        let dir = std::env::temp_dir().join(format!("musashi-soldier-wins-{}", std::process::id()));
        fs::create_dir_all(&dir).unwrap();
        let (e, positions) = (5, 3000 * 700 * 5);
        let memory = WinLog::memory();
        record_all(&memory);
        let expected = memory.values(positions, e).unwrap();
        // Rank 0 is logged at ply 3 with slots 3 and 4.
        assert_eq!(&expected[..5], &[GENERAL_WINS_BYTE, GENERAL_WINS_BYTE, GENERAL_WINS_BYTE, 3, 3]);
        let files = WinLog::files(&dir, 7, Side::Soldiers);
        record_all(&files);
        assert!(files.values(positions, e).unwrap() == expected);
        assert_eq!(fs::read_dir(&dir).unwrap().count(), 0, "scratch files are removed once read");
        // A file cut short is an error naming it, and every scratch file goes.
        let files = WinLog::files(&dir, 7, Side::Soldiers);
        record_all(&files);
        let cut = match &files {
            WinLog::Files(s) => {
                let mut s = s.lock().unwrap();
                s.close().unwrap();
                s.plies[1].1.clone()
            }
            WinLog::Memory(_) => unreachable!(),
        };
        let len = fs::metadata(&cut).unwrap().len();
        fs::OpenOptions::new().write(true).open(&cut).unwrap().set_len(len - 1).unwrap();
        let err = files.values(positions, e).unwrap_err();
        assert_eq!(err.path, cut);
        assert_eq!(fs::read_dir(&dir).unwrap().count(), 0);
        let _ = fs::remove_dir_all(&dir);
    }
}
