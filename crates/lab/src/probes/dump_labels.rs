//! `musashi-lab dump-labels`: solves the 25-point game in memory and writes a sample of
//! positions with their exact values, to fit and check alpha-beta's evaluation on
//! (`tune-eval` reads the file; the search crate never depends on the solver).
//!
//! musashi-lab dump-labels --out OUT [--threshold 5] [--uniform N] [--walks N] [--seed S]
//!
//! One line per position, tab-separated: the position in notation, its value in the solved form
//! (`S<n>`: the soldiers force a trap in n plies; `G`: they cannot), then every movement-legal
//! move with the value of the position it leads to (`c3-b2:S12`; a capture that leaves the
//! threshold or fewer soldiers is `G`, a move that traps the General `S0`), separated by spaces.
//! Positions are drawn two ways: `--uniform` uniform placements of 4-16 soldiers and a random
//! side to move (as `musashi bench validate` draws them), and `--walks` positions of random
//! games from the start (General first, a uniformly random length of 0-199 plies), which look
//! more like positions of play. Ended positions are skipped.

use anyhow::{Context, Result, bail};
use musashi_game::{Board, Point, Position, Side};
use musashi_solver::{Levels, SolveConfig, Tables, Value, solve_in_memory};
use std::io::Write;
use std::path::PathBuf;
use std::time::Instant;

#[derive(clap::Args, Debug)]
pub(crate) struct Args {
    /// The file to write.
    #[arg(long)]
    out: PathBuf,
    /// The General wins when this many soldiers or fewer remain (0-15).
    #[arg(long, default_value_t = 5)]
    threshold: u32,
    /// Positions of uniform placements.
    #[arg(long, default_value_t = 20_000)]
    uniform: usize,
    /// Positions of random games from the start.
    #[arg(long, default_value_t = 20_000)]
    walks: usize,
    /// Seed of the draws.
    #[arg(long, default_value_t = 1)]
    seed: u64,
}

/// xorshift64*, seeded with `seed | 1`: the stream the first version of this tool drew, so that
/// a seed gives the same file as it did (docs/alphabeta.md's fits were made on those files).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

fn code(v: Value) -> String {
    match v {
        Value::SoldiersWin(n) => format!("S{n}"),
        Value::GeneralWins => "G".to_string(),
    }
}

/// A position's line, or None where the tables do not answer it.
fn line(tables: &Tables, pos: &Position) -> Option<String> {
    let value = tables.probe(pos).ok()?;
    let moves = tables.move_values(pos).ok()?;
    let moves: Vec<String> = moves.iter().map(|(m, v)| format!("{m}:{}", code(*v))).collect();
    Some(format!("{pos}\t{}\t{}", code(value), moves.join(" ")))
}

/// A uniform placement of 4-16 soldiers, the General elsewhere, a random side to move.
fn uniform_position(rng: &mut Rng, points: &[Point]) -> Option<Position> {
    let n = 4 + rng.below(13) as u32;
    let g = points[rng.below(points.len())];
    let mut mask = 0u64;
    while mask.count_ones() < n {
        let p = points[rng.below(points.len())];
        if p != g {
            mask |= p.bit();
        }
    }
    let side = if rng.below(2) == 0 { Side::General } else { Side::Soldiers };
    Position::new(Board::Square25, g, mask, side).ok().filter(|p| p.has_moves())
}

/// The position after 0-199 random plies from the start, if the game has not ended.
fn walk_position(rng: &mut Rng, threshold: u32) -> Option<Position> {
    let mut pos = Position::start(Board::Square25, Side::General);
    for _ in 0..rng.below(200) {
        let moves = pos.moves();
        let (next, captured) = pos.play(moves[rng.below(moves.len())]);
        pos = next;
        if (captured != 0 && pos.num_soldiers() <= threshold) || !pos.has_moves() {
            return None;
        }
    }
    Some(pos)
}

pub(crate) fn run(a: Args) -> Result<()> {
    if a.threshold > 15 {
        bail!("--threshold must be 0-15, got {}", a.threshold);
    }
    let t = Instant::now();
    let config = SolveConfig { board: Board::Square25, threshold: a.threshold, max_soldiers: 16, levels: Levels::All };
    let (tables, _) = solve_in_memory(config, &|_| {}).context("solving the 25-point board")?;
    eprintln!("solved the 25-point board (threshold {}) in {:.1} s", a.threshold, t.elapsed().as_secs_f64());
    let file = std::fs::File::create(&a.out).with_context(|| format!("cannot write {}", a.out.display()))?;
    let mut file = std::io::BufWriter::new(file);
    let points: Vec<Point> = Board::Square25.points().collect();
    let mut rng = Rng(a.seed | 1);
    let mut written = [0usize; 2];
    while written[0] < a.uniform || written[1] < a.walks {
        let kind = usize::from(written[0] >= a.uniform);
        let pos = if kind == 0 { uniform_position(&mut rng, &points) } else { walk_position(&mut rng, a.threshold) };
        if let Some(l) = pos.and_then(|p| line(&tables, &p)) {
            writeln!(file, "{l}")?;
            written[kind] += 1;
        }
    }
    file.into_inner().map_err(|e| e.into_error())?.sync_all()?;
    eprintln!("wrote {} uniform and {} random-game positions to {}", written[0], written[1], a.out.display());
    Ok(())
}
