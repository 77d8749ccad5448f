//! A solve's summary as text: the per-level table, the longest forced wins and the start's
//! value, as `musashi solve` and `musashi bench solve` print them.

use crate::principal_line::{line_text, principal_line};
use crate::{LevelStats, TableError, Tables};
use musashi_game::{Position, Side};
use std::fmt::Write;

impl LevelStats {
    /// Positions of the level, both sides to move.
    pub fn positions(&self) -> u64 {
        let (g, s) = (&self.general_to_move, &self.soldiers_to_move);
        g.soldiers_win + g.general_wins + s.soldiers_win + s.general_wins
    }
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
