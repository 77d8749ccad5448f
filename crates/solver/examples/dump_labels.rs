//! Solves the 25-point game in memory and writes a sample of positions with their exact values,
//! for fitting and checking an evaluation elsewhere (the search crate never depends on the
//! solver; `musashi-search`'s `tune` example reads this file).
//!
//! ```text
//! cargo run -p musashi-solver --release --example dump_labels -- OUT [--threshold 5] \
//!     [--uniform N] [--walks N] [--seed S]
//! ```
//!
//! One line per position, tab-separated: the position in notation, its value in the solved form
//! (`S<n>`: the soldiers force a trap in n plies; `G`: they cannot), then every movement-legal
//! move with the value of the position it leads to (`c3-b2:S12`; a capture that leaves the
//! threshold or fewer soldiers is `G`, a move that traps the General `S0`), separated by spaces.
//! Positions are drawn two ways: `--uniform` uniform placements of 4-16 soldiers and a random
//! side to move (as `musashi bench validate` draws them), and `--walks` positions of random
//! games from the start (General first, a uniformly random length of 0-199 plies), which look
//! more like positions of play. Ended positions are skipped.

use musashi_game::{Board, Point, Position, Side};
use musashi_solver::{Levels, SolveConfig, Tables, Value, solve_in_memory};
use std::io::Write;
use std::time::Instant;

/// xorshift64*: the example needs a few seeded random numbers and no dependency.
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

fn line(tables: &Tables, pos: &Position) -> Option<String> {
    let value = tables.probe(pos).ok()?;
    let moves = tables.move_values(pos).ok()?;
    let moves: Vec<String> = moves.iter().map(|(m, v)| format!("{m}:{}", code(*v))).collect();
    Some(format!("{pos}\t{}\t{}", code(value), moves.join(" ")))
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let get = |key: &str, default: &str| -> String {
        args.iter().position(|a| a == key).map_or(default.to_string(), |i| args[i + 1].clone())
    };
    let out = args.first().filter(|a| !a.starts_with("--")).expect("usage: dump_labels OUT [options]").clone();
    let threshold: u32 = get("--threshold", "5").parse().unwrap();
    let uniform: usize = get("--uniform", "20000").parse().unwrap();
    let walks: usize = get("--walks", "20000").parse().unwrap();
    let mut rng = Rng(get("--seed", "1").parse::<u64>().unwrap() | 1);
    let board = Board::Square25;

    let t = Instant::now();
    let (tables, _) = solve_in_memory(SolveConfig { board, threshold, max_soldiers: 16, levels: Levels::All }, &|_| {})
        .expect("solves");
    eprintln!("solved the 25-point board (threshold {threshold}) in {:.1} s", t.elapsed().as_secs_f64());

    let mut file = std::io::BufWriter::new(std::fs::File::create(&out).expect("output file"));
    let points: Vec<Point> = board.points().collect();
    let mut written = [0usize; 2];
    while written[0] < uniform {
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
        let Ok(pos) = Position::new(board, g, mask, side) else { continue };
        if !pos.has_moves() {
            continue;
        }
        if let Some(l) = line(&tables, &pos) {
            writeln!(file, "{l}").unwrap();
            written[0] += 1;
        }
    }
    while written[1] < walks {
        let length = rng.below(200);
        let mut pos = Position::start(board, Side::General);
        let mut ended = false;
        for _ in 0..length {
            let moves = pos.moves();
            let (next, captured) = pos.play(moves[rng.below(moves.len())]);
            pos = next;
            if (captured != 0 && pos.num_soldiers() <= threshold) || !pos.has_moves() {
                ended = true;
                break;
            }
        }
        if ended {
            continue;
        }
        if let Some(l) = line(&tables, &pos) {
            writeln!(file, "{l}").unwrap();
            written[1] += 1;
        }
    }
    file.flush().unwrap();
    eprintln!("wrote {} uniform and {} random-game positions to {out}", written[0], written[1]);
}
