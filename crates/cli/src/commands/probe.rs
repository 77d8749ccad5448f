//! `musashi probe`: values of positions from solved tables.

use crate::rules_args::positions;
use anyhow::{Context, Result};
use musashi_game::Position;
use musashi_solver::{Tables, line_text, principal_line};
use std::path::PathBuf;

#[derive(clap::Args, Debug)]
pub(crate) struct Args {
    /// Directory of table files written by `musashi solve`.
    #[arg(long)]
    tables: PathBuf,
    /// Read positions from this file, one per line (blank lines and lines starting with # are
    /// skipped), before those given as arguments.
    #[arg(long)]
    positions: Option<PathBuf>,
    /// Also print the value after each legal move.
    #[arg(long)]
    moves: bool,
    /// Also print the principal line of a position the soldiers win: each side keeping its best
    /// value (the soldiers the shortest win, the General the longest delay), down to the trap.
    #[arg(long)]
    line: bool,
    /// Positions (notation: rows/... side).
    position: Vec<String>,
}

pub(crate) fn run(a: Args) -> Result<()> {
    let tables = Tables::open(&a.tables).with_context(|| format!("cannot use the tables in {}", a.tables.display()))?;
    let texts = positions(a.positions.as_deref(), &a.position)?;
    let mut out = String::new();
    for text in &texts {
        let pos = Position::parse(text).with_context(|| format!("bad position \"{}\"", musashi_game::excerpt(text)))?;
        let value = tables.probe(&pos).with_context(|| format!("cannot probe \"{text}\""))?;
        out.push_str(&format!("{pos}\t{value}"));
        if a.moves {
            for (m, v) in tables.move_values(&pos)? {
                out.push_str(&format!("\t{m} {v}"));
            }
        }
        if a.line {
            let line =
                principal_line(&tables, &pos).with_context(|| format!("cannot follow the line of \"{text}\""))?;
            match line.len() {
                0 => out.push_str("\tline: none"),
                n => {
                    let plies = if n == 1 { "ply" } else { "plies" };
                    out.push_str(&format!("\tline ({n} {plies}): {}", line_text(&line)))
                }
            }
        }
        out.push('\n');
    }
    print!("{out}");
    Ok(())
}
