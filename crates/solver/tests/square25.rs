//! The complete 25-point game, solved once: the published facts (from the start the soldiers win
//! in 31 plies moving first and in 32 with the General moving first; the longest forced win with
//! the soldiers to move is 37 plies), and every level's counts as the block pass, the orbit pass
//! and the re-check (`musashi bench solve`, 0 mismatches) have all found them.

use musashi_game::{Board, Position, Side, Threshold};
use musashi_solver::{Levels, SolveConfig, Value, principal_line, solve_in_memory};

/// Per soldier count: soldiers' wins with the General to move, then with the soldiers to move.
const SOLDIERS_WINS: [(u64, u64); 17] = [
    (0, 0),
    (0, 0),
    (0, 0),
    (188, 1_560),
    (4_056, 27_236),
    (866_040, 1_060_248),
    (2_502_662, 3_343_918),
    (8_530_124, 8_652_600),
    (17_876_977, 18_386_749),
    (32_658_312, 32_687_600),
    (48_921_116, 49_031_400),
    (62_403_392, 62_403_600),
    (67_602_500, 67_603_900),
    (62_403_600, 62_403_600),
    (49_031_400, 49_031_400),
    (32_687_600, 32_687_600),
    (18_386_775, 18_386_775),
];

#[test]
fn the_square_is_solved_with_the_published_values() {
    let board = Board::Square25;
    let threshold = Threshold::TooFew.count(board);
    let (tables, stats) =
        solve_in_memory(SolveConfig { board, threshold, max_soldiers: 16, levels: Levels::All }, &|_| {})
            .expect("solves");
    let start = |side| tables.probe(&Position::start(board, side)).expect("the start is covered");
    assert_eq!(start(Side::Soldiers), Value::SoldiersWin(31));
    assert_eq!(start(Side::General), Value::SoldiersWin(32));
    // The principal line from the start: 31 legal plies, each keeping the value, down to the trap.
    let mut pos = Position::start(board, Side::Soldiers);
    let line = principal_line(&tables, &pos).expect("the line is covered");
    assert_eq!(line.len(), 31);
    for (i, &(m, v)) in line.iter().enumerate() {
        assert!(pos.moves().contains(&m), "ply {i}: {m} is legal");
        pos = pos.play(m).0;
        assert_eq!((v, tables.probe(&pos).unwrap()), (Value::SoldiersWin(30 - i as u32), v), "ply {i}");
    }
    assert!(pos.side_to_move() == Side::General && pos.moves().is_empty(), "the line ends in a trap");
    let longest = stats.iter().filter_map(|s| s.soldiers_to_move.longest.map(|l| (l, s.soldiers))).max();
    assert_eq!(longest, Some((37, 5)), "longest forced win with the soldiers to move (plies, soldiers)");
    let positions: u64 = stats
        .iter()
        .map(|s| {
            let (g, o) = (s.general_to_move, s.soldiers_to_move);
            g.soldiers_win + g.general_wins + o.soldiers_win + o.general_wins
        })
        .sum();
    assert_eq!(positions, 812_053_050);
    for s in &stats {
        let got = (s.general_to_move.soldiers_win, s.soldiers_to_move.soldiers_win);
        assert_eq!(got, SOLDIERS_WINS[s.soldiers as usize], "{} soldiers", s.soldiers);
    }
}
