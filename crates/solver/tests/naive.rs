//! The solver against a naive value iteration over every position of small levels, and against
//! a naive depth-limited minimax from hand-built endgames. Neither uses the solver's indexing or
//! its bit tricks: positions are keys of a hash map, moves come from `Position::moves`.

use musashi_game::{Board, Point, Position, Side, Threshold};
use musashi_solver::{Levels, SolveConfig, Tables, Value, recheck, solve_in_memory};
use std::collections::HashMap;

fn tables(board: Board, threshold: u32, max_soldiers: u32) -> Tables {
    solve_in_memory(SolveConfig { board, threshold, max_soldiers, levels: Levels::All }, &|_| {}).expect("solves").0
}

/// Every position with at most `max` soldiers.
fn all_positions(board: Board, max: u32) -> Vec<Position> {
    fn sets(points: &[Point], from: usize, set: u64, left: u32, out: &mut Vec<u64>) {
        out.push(set);
        if left == 0 {
            return;
        }
        for i in from..points.len() {
            sets(points, i + 1, set | points[i].bit(), left - 1, out);
        }
    }
    let points: Vec<Point> = board.points().collect();
    let mut all = Vec::new();
    sets(&points, 0, 0, max, &mut all);
    let mut out = Vec::new();
    for &s in &all {
        for &g in &points {
            if s & g.bit() == 0 {
                for side in Side::BOTH {
                    out.push(Position::new(board, g, s, side).unwrap());
                }
            }
        }
    }
    out
}

/// Naive value iteration: `won[k]` = the soldiers force a trap within k plies.
fn naive_values(board: Board, threshold: u32, max: u32) -> HashMap<Position, Value> {
    let positions = all_positions(board, max);
    let mut dist: HashMap<Position, u32> = HashMap::new();
    let mut k = 0;
    loop {
        let mut newly = Vec::new();
        for pos in &positions {
            if dist.contains_key(pos) {
                continue;
            }
            let moves = pos.moves();
            let child_won = |m| {
                let (c, captured) = pos.play(m);
                if captured != 0 && c.num_soldiers() <= threshold { false } else { dist.contains_key(&c) }
            };
            let won = match pos.side_to_move() {
                Side::General => moves.is_empty() || moves.iter().all(|&m| child_won(m)),
                Side::Soldiers => moves.iter().any(|&m| child_won(m)),
            };
            if won {
                newly.push(*pos);
            }
        }
        if newly.is_empty() && k > 0 {
            break;
        }
        for p in newly {
            dist.insert(p, k);
        }
        k += 1;
    }
    positions.into_iter().map(|p| (p, dist.get(&p).map_or(Value::GeneralWins, |&d| Value::SoldiersWin(d)))).collect()
}

fn compare_with_naive(board: Board, threshold: u32, max: u32) {
    let t = tables(board, threshold, max);
    let naive = naive_values(board, threshold, max);
    let mut won = 0;
    for (pos, want) in &naive {
        assert_eq!(t.probe(pos).unwrap(), *want, "{pos} (board {board}, threshold {threshold})");
        won += matches!(want, Value::SoldiersWin(_)) as u32;
    }
    assert!(won > 0, "the test should contain soldiers' wins");
    let report = recheck(&t, 0..=max).unwrap();
    assert_eq!(report.mismatches, 0, "{:?}", report.examples);
    // The re-check covers the stored positions (on the 33-point board, a mirror-canonical half
    // and a little more), the naive values every position of the board.
    let shape = |n| musashi_solver::LevelShape { points: board.num_points() as u32, soldiers: n };
    assert_eq!(report.positions, (0..=max).map(|n| 2 * shape(n).positions_per_side()).sum::<u64>());
    assert_eq!(naive.len() as u64, (0..=max).map(|n| 2 * shape(n).board_positions_per_side()).sum::<u64>());
}

#[test]
fn small_levels_match_naive_value_iteration_25() {
    compare_with_naive(Board::Square25, 0, 3);
    compare_with_naive(Board::Square25, Threshold::TooFew.count(Board::Square25), 3);
}

#[test]
fn small_levels_match_naive_value_iteration_33() {
    compare_with_naive(Board::Setchin33, 0, 3);
    compare_with_naive(Board::Setchin33, 1, 3);
}

/// Whether the soldiers force a trap within `d` plies (plain minimax, memoised).
fn wins_within(pos: &Position, d: u32, threshold: u32, memo: &mut HashMap<(Position, u32), bool>) -> bool {
    if let Some(&v) = memo.get(&(*pos, d)) {
        return v;
    }
    let moves = pos.moves();
    let result = match pos.side_to_move() {
        Side::General if moves.is_empty() => true,
        Side::Soldiers if moves.is_empty() => false,
        _ if d == 0 => false,
        side => {
            let mut child = |m| {
                let (c, captured) = pos.play(m);
                !(captured != 0 && c.num_soldiers() <= threshold) && wins_within(&c, d - 1, threshold, memo)
            };
            match side {
                Side::General => moves.iter().all(|&m| child(m)),
                Side::Soldiers => moves.iter().any(|&m| child(m)),
            }
        }
    };
    memo.insert((*pos, d), result);
    result
}

#[test]
fn hand_built_endgames_match_naive_minimax() {
    let t = tables(Board::Square25, 0, 5);
    // Small endgames, short enough for a plain search to confirm (values from the solver are
    // only trusted when the naive search agrees).
    let cases = [
        "G.S../.S.../S..../...../..... s",
        "G..../.SS../S..../...../..... s",
        "GS.../..S../.S.../...../..... s",
        "G..S./.S.../S..../...../..... s",
        "G..../.S.../..S../S..../..... g",
        "..G../.S.S./...../...../..... s",
        "....G/...SS/....S/...../..... g",
        "S.G.S/.S.S./...../...../..... s",
    ];
    let mut memo = HashMap::new();
    let mut wins = 0;
    for text in cases {
        let pos = Position::parse(text).unwrap();
        let v = t.probe(&pos).unwrap();
        match v {
            Value::SoldiersWin(n) => {
                wins += 1;
                assert!(wins_within(&pos, n, 0, &mut memo), "{text}: not won within {n}");
                if n > 0 {
                    assert!(!wins_within(&pos, n - 1, 0, &mut memo), "{text}: won within {}", n - 1);
                }
            }
            Value::GeneralWins => {
                assert!(!wins_within(&pos, 9, 0, &mut memo), "{text}: the solver says the General wins")
            }
        }
        // Every move's value agrees with the naive search one ply further.
        for (m, mv) in t.move_values(&pos).unwrap() {
            let (child, captured) = pos.play(m);
            match mv {
                Value::SoldiersWin(n) => assert!(wins_within(&child, n, 0, &mut memo), "{text} {m}"),
                Value::GeneralWins => assert!(
                    captured != 0 || !wins_within(&child, 7, 0, &mut memo),
                    "{text} {m}: the solver says the General wins"
                ),
            }
        }
    }
    assert!(wins >= 3, "the cases should include soldiers' wins ({wins})");
}
