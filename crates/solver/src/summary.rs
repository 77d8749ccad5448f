//! A solve's summary as text: the per-level table, the longest forced wins and the start's
//! value, as `musashi solve` and `musashi bench solve` print them.

use crate::principal_line::{line_text, principal_line};
use crate::{LevelShape, LevelStats, SolveConfig, TableError, Tables, level_memory_bytes};
use musashi_game::{Position, Side};
use std::fmt::Write;

impl LevelStats {
    /// Positions of the level, both sides to move.
    pub fn positions(&self) -> u64 {
        let (g, s) = (&self.general_to_move, &self.soldiers_to_move);
        g.soldiers_win + g.general_wins + s.soldiers_win + s.general_wins
    }
}

/// What a solve covered, in a line: the board, the threshold (as the rules name it, and as a
/// count), and the levels up to `highest`.
pub fn solved_line(config: SolveConfig, general_wins_at: impl std::fmt::Display, highest: u32) -> String {
    format!(
        "solved the {}-point board, general_wins_at {general_wins_at} (the General wins after a capture leaving {} or \
         fewer), {} levels {} to {highest} soldiers",
        config.board,
        config.threshold,
        config.levels.name(),
        config.levels.lowest()
    )
}

/// One line for a finished level: size, time, plies, the peak memory (bytes, where measured)
/// against the estimate, and how long the levels `left` may take at this rate.
pub fn level_line(s: &LevelStats, config: SolveConfig, left: impl Iterator<Item = u32>, peak: Option<u64>) -> String {
    let positions = s.positions();
    let rate = positions as f64 / s.seconds.max(1e-9);
    let points = config.board.num_points() as u32;
    let rest: u64 = left.map(|n| 2 * LevelShape { points, soldiers: n }.positions_per_side()).sum();
    let gib = |b: u64| b as f64 / (1024.0 * 1024.0 * 1024.0);
    let peak = peak.map_or("-".to_string(), |p| format!("{:.2} GiB", gib(p)));
    // An estimate from a level of less than a second says nothing.
    let eta = if rest == 0 || s.seconds < 1.0 {
        String::new()
    } else {
        format!(", levels left {:.1}+ min at this rate", rest as f64 / rate / 60.0)
    };
    format!(
        "level {:>2}: {} positions in {:.1} s ({:.1} M/s), {} plies, peak memory {peak} (estimate {:.2} GiB){eta}",
        s.soldiers,
        positions,
        s.seconds,
        rate / 1e6,
        s.steps,
        gib(level_memory_bytes(config, s.soldiers))
    )
}

/// Bytes in MiB.
fn mib(bytes: u64) -> f64 {
    bytes as f64 / (1024.0 * 1024.0)
}

/// The per-level table: wins per side to move, longest win, seconds and memory per level.
pub fn levels_table(stats: &[LevelStats]) -> String {
    let row = |cells: [&str; 8]| {
        format!(
            "{:>8}  {:>8}  {:>14}  {:>14}  {:>7}  {:>8}  {:>10}  {:>10}\n",
            cells[0], cells[1], cells[2], cells[3], cells[4], cells[5], cells[6], cells[7]
        )
    };
    let mut out =
        row(["soldiers", "to move", "soldiers win", "general wins", "longest", "seconds", "work MiB", "lower MiB"]);
    for s in stats {
        for (i, (side, v)) in
            [("general", &s.general_to_move), ("soldiers", &s.soldiers_to_move)].into_iter().enumerate()
        {
            let longest = v.longest.map_or("-".to_string(), |l| l.to_string());
            let [secs, work, lower] = match i {
                0 if s.resumed => ["resumed".into(), "-".into(), "-".into()],
                0 => [
                    format!("{:.2}", s.seconds),
                    format!("{:.1}", mib(s.working_bytes)),
                    format!("{:.1}", mib(s.lower_bytes)),
                ],
                _ => Default::default(),
            };
            let (n, sw, gw) = (s.soldiers.to_string(), v.soldiers_win.to_string(), v.general_wins.to_string());
            out += &row([&n, side, &sw, &gw, &longest, &secs, &work, &lower]);
        }
    }
    out
}

/// The longest forced win over all levels for each side to move, a line each.
pub fn longest_wins(stats: &[LevelStats]) -> String {
    let mut out = String::new();
    for side in [Side::Soldiers, Side::General] {
        let longest = |s: &LevelStats| {
            if side == Side::Soldiers { s.soldiers_to_move.longest } else { s.general_to_move.longest }
        };
        let best = stats.iter().filter_map(|s| longest(s).map(|l| (l, s.soldiers))).max();
        let name = if side == Side::Soldiers { "soldiers" } else { "general" };
        let _ = match best {
            Some((l, n)) => writeln!(out, "longest forced win, {name} to move: {l} plies (with {n} soldiers)"),
            None => writeln!(out, "longest forced win, {name} to move: none"),
        };
    }
    out
}

impl Tables {
    /// The start position's value for both first movers, a line each (or that the tables do not
    /// reach it), each followed by its principal line where the soldiers win.
    pub fn start_values(&self) -> Result<String, TableError> {
        let mut out = String::new();
        for side in [Side::Soldiers, Side::General] {
            let start = Position::start(self.board(), side);
            if !self.covers(start.num_soldiers()) {
                let _ =
                    writeln!(out, "start, {side} to move: not covered (tables up to {} soldiers)", self.max_soldiers());
                continue;
            }
            let _ = writeln!(out, "start, {side} to move: {}", self.probe(&start)?);
            let line = principal_line(self, &start)?;
            if !line.is_empty() {
                let _ = writeln!(out, "  principal line: {}", line_text(&line));
            }
        }
        Ok(out)
    }
}
