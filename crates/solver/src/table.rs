//! A complete set of solved levels for one board and threshold (`Tables`), in memory or in a
//! folder of table files, and probing it. The files themselves are `level_file.rs`.

use crate::index::LevelShape;
use crate::level_file::{HEADER_LEN, LevelTable, level_file_name, read_header};
use crate::solve::Levels;
use crate::table_error::TableError;
use crate::value::Value;
use musashi_game::{Board, Move, Position, Side};
use std::fs;
use std::io;
use std::os::unix::fs::FileExt;
use std::path::{Path, PathBuf};
use std::sync::{Arc, OnceLock};

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
