//! Perft counts from `data/perft.txt`, checked against the engine at every listed depth and
//! against the naive reference implementation wherever it is fast enough.
//!
//! The counts in the file were produced by the naive implementation in `naive/` (run
//! `cargo test --release -p musashi-game --test perft -- --ignored --nocapture` to print them)
//! and the depth-1 counts of the start positions were also counted by hand (see the file).

mod naive;

use musashi_game::{Position, perft, perft_divide};

struct Case {
    line: usize,
    name: String,
    threshold: u32,
    position: String,
    counts: Vec<u64>,
}

fn cases() -> Vec<Case> {
    let text = include_str!("data/perft.txt");
    let mut out = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line = raw.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let f: Vec<&str> = line.split('|').map(str::trim).collect();
        assert_eq!(f.len(), 4, "line {}: expected name | threshold | position | counts", i + 1);
        out.push(Case {
            line: i + 1,
            name: f[0].to_string(),
            threshold: f[1].parse().unwrap_or_else(|_| panic!("line {}: bad threshold", i + 1)),
            position: f[2].to_string(),
            counts: f[3].split_whitespace().map(|c| c.parse().expect("count")).collect(),
        });
    }
    assert!(out.len() >= 10, "the perft file lost its cases");
    out
}

#[test]
fn engine_matches_every_listed_depth() {
    for case in cases() {
        let pos = Position::parse(&case.position).unwrap_or_else(|e| panic!("line {}: {e}", case.line));
        for (d, &want) in case.counts.iter().enumerate() {
            let got = perft(&pos, case.threshold, d as u32 + 1);
            assert_eq!(got, want, "{} (line {}) depth {}", case.name, case.line, d + 1);
        }
    }
}

#[test]
fn divide_sums_to_perft() {
    for case in cases() {
        let pos = Position::parse(&case.position).unwrap();
        let depth = case.counts.len().min(4) as u32;
        let total: u64 = perft_divide(&pos, case.threshold, depth).iter().map(|(_, n)| n).sum();
        assert_eq!(total, case.counts[depth as usize - 1], "{}", case.name);
    }
}

#[test]
fn naive_reference_matches_the_file() {
    for case in cases() {
        let board = naive::NBoard::new(case.position.matches('/').count() == 6);
        let pos = naive::NPos::parse(&board, &case.position);
        for (d, &want) in case.counts.iter().enumerate() {
            if want > 500_000 {
                break;
            }
            let got = naive::perft(&board, &pos, case.threshold as usize, d as u32 + 1);
            assert_eq!(got, want, "naive {} (line {}) depth {}", case.name, case.line, d + 1);
        }
    }
}

/// Prints the naive counts for every case, up to the depth where they exceed a few million.
#[test]
#[ignore]
fn print_naive_counts() {
    for case in cases() {
        let board = naive::NBoard::new(case.position.matches('/').count() == 6);
        let pos = naive::NPos::parse(&board, &case.position);
        let mut counts = Vec::new();
        for d in 1..=7 {
            let n = naive::perft(&board, &pos, case.threshold as usize, d);
            counts.push(n.to_string());
            if n > 3_000_000 {
                break;
            }
        }
        println!("{} | {} | {} | {}", case.name, case.threshold, case.position, counts.join(" "));
    }
}
