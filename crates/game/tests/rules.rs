//! Hand-built positions for every ending and every subtle rule.

use musashi_game::*;

fn pos(s: &str) -> Position {
    Position::parse(s).unwrap_or_else(|e| panic!("{s}: {e}"))
}

fn mv(board: Board, s: &str) -> Move {
    Move::parse(board, s).unwrap()
}

fn rules(board: Board, threshold: Threshold, repetition: Repetition, move_limit: MoveLimit) -> Ruleset {
    Ruleset { board, first: Side::General, general_wins_at: threshold, repetition, move_limit }
}

fn names(mask: u64) -> Vec<String> {
    Bits(mask).map(|p| p.to_string()).collect()
}

#[test]
fn bent_line_at_c1_does_not_capture() {
    let full = Board::Setchin33;
    // b2 c1 d2 bends at c1 (the diamond turns there): stepping c2-c1 between them captures nothing.
    let p = pos("...../.SGS./...../...../...../.../..... g");
    let (next, captured) = p.play(mv(full, "c2-c1"));
    assert_eq!(captured, 0);
    assert_eq!(next.num_soldiers(), 2);
    // b1 c1 d1 is straight: the same step captures that pair.
    let p = pos(".S.S./..G../...../...../...../.../..... g");
    let (next, captured) = p.play(mv(full, "c2-c1"));
    assert_eq!(names(captured), ["b1", "d1"]);
    assert_eq!(next.num_soldiers(), 0);
}

#[test]
fn three_pairs_are_captured_at_once() {
    // The General steps c2-c3 between b3-d3, b2-d4 and d2-b4: six soldiers at once.
    let p = pos("...../.SGS./.S.S./.S.S./SSSSS g");
    let (next, captured) = p.play(mv(Board::Square25, "c2-c3"));
    assert_eq!(names(captured), ["b2", "d2", "b3", "d3", "b4", "d4"]);
    assert_eq!(next.num_soldiers(), 5);
    // Soldiers on both sides of the General do nothing when they move.
    let p = pos("...../.S.../.SG.S/...../..... s");
    let (next, captured) = p.play(mv(Board::Square25, "e3-d3"));
    assert_eq!(captured, 0);
    assert_eq!(next.num_soldiers(), 3);
}

#[test]
fn trap_wins_for_the_soldiers() {
    // a7 has two neighbours: b7 and b6.
    let r = Preset::Classic.ruleset();
    let mut g = Game::from_position(r, pos("...../...../...../...../...../S../G.S.. s")).unwrap();
    assert_eq!(g.outcome(), None);
    let o = g.play(mv(Board::Setchin33, "c7-b7")).unwrap();
    assert_eq!(o, Some(Outcome { winner: Side::Soldiers, reason: EndReason::Trap }));
    assert!(g.legal_moves().is_empty());
    assert!(matches!(g.play(mv(Board::Setchin33, "b7-c7")), Err(IllegalMove::GameOver(_))));
}

#[test]
fn a_trap_on_the_last_allowed_move_wins() {
    let p = pos("...../...../...../...../...../S../G.S.. s");
    for limit in [MoveLimit::Plies(300), MoveLimit::SoldierMoves(100)] {
        let r = rules(Board::Setchin33, Threshold::AtMost(5), Repetition::ThirdTimeGeneralWins, limit);
        let mut g = Game::with_counters(r, p, 299, 99).unwrap();
        assert_eq!(g.moves_left(), Some(1));
        let o = g.play(mv(Board::Setchin33, "c7-b7")).unwrap();
        assert_eq!(o, Some(Outcome { winner: Side::Soldiers, reason: EndReason::Trap }), "{limit}");
        // Any other last move loses to the limit.
        let mut g = Game::with_counters(r, p, 299, 99).unwrap();
        let o = g.play(mv(Board::Setchin33, "c7-d7")).unwrap();
        assert_eq!(o, Some(Outcome { winner: Side::General, reason: EndReason::MoveLimit }), "{limit}");
    }
}

#[test]
fn too_few_threshold_on_each_board() {
    let square = Board::Square25;
    let full = Board::Setchin33;
    let too_few = |b| rules(b, Threshold::TooFew, Repetition::None, MoveLimit::None);
    // 33 points: too-few is "1 or fewer". Capturing 2 of 3 leaves 1: the General wins.
    let mut g = Game::from_position(too_few(full), pos("...../.S.S./..G../...../....S/.../..... g")).unwrap();
    assert_eq!(
        g.play(mv(full, "c3-c2")).unwrap(),
        Some(Outcome { winner: Side::General, reason: EndReason::TooFewSoldiers })
    );
    // Capturing 2 of 4 leaves 2: the game goes on on 33 points (two soldiers can trap in a7)...
    let four = "...../.S.S./..G../...../S...S";
    let mut g = Game::from_position(too_few(full), pos(&format!("{four}/.../..... g"))).unwrap();
    assert_eq!(g.play(mv(full, "c3-c2")).unwrap(), None);
    // ...but not on 25 points, where too-few is "2 or fewer".
    let mut g = Game::from_position(too_few(square), pos(&format!("{four} g"))).unwrap();
    assert_eq!(
        g.play(mv(square, "c3-c2")).unwrap(),
        Some(Outcome { winner: Side::General, reason: EndReason::TooFewSoldiers })
    );
    // A fixed threshold: at or below N after a capture; no capture, no ending.
    let r5 = rules(full, Threshold::AtMost(5), Repetition::None, MoveLimit::None);
    let mut g = Game::from_position(r5, pos("...../.S.S./..G../...../SS.SS/.../..... g")).unwrap();
    assert_eq!(g.outcome(), None, "6 soldiers, no capture yet");
    assert_eq!(
        g.play(mv(full, "c3-c2")).unwrap(),
        Some(Outcome { winner: Side::General, reason: EndReason::TooFewSoldiers })
    );
    let mut g = Game::from_position(r5, pos("...../.S.S./..G../...../SS.SS/.../..... g")).unwrap();
    assert_eq!(g.play(mv(full, "c3-c4")).unwrap(), None, "a move without capture never ends by the threshold");
}

#[test]
fn soldiers_stuck_wins_for_the_general() {
    // The setchin full of soldiers and the General on c5: no soldier can move.
    let p = pos("...../...../...../...../..G../SSS/SSSSS s");
    let g = Game::from_position(Preset::Classic.ruleset(), p).unwrap();
    assert_eq!(g.outcome(), Some(Outcome { winner: Side::General, reason: EndReason::SoldiersStuck }));
}

#[test]
fn soldiers_may_not_repeat_can_leave_them_stuck() {
    let start = pos("...../...../...../...../...../G../.S... g");
    let qdan_like = rules(Board::Setchin33, Threshold::AtMost(0), Repetition::SoldiersMayNotRepeat, MoveLimit::None);
    let mut g = Game::from_position(qdan_like, start).unwrap();
    for m in ["b6-c6", "b7-a7"] {
        assert_eq!(g.play(mv(Board::Setchin33, m)).unwrap(), None, "{m}");
    }
    let o = g.play(mv(Board::Setchin33, "c6-b6")).unwrap();
    // a7-b7 would recreate the initial position (recorded, as the General moved first).
    let back = mv(Board::Setchin33, "a7-b7");
    assert!(g.position().is_legal(back), "legal by movement alone");
    assert_eq!(o, Some(Outcome { winner: Side::General, reason: EndReason::SoldiersStuck }));
    // Under the third-time rule the same move is fine.
    let third = Ruleset { repetition: Repetition::ThirdTimeGeneralWins, ..qdan_like };
    let mut g = Game::from_position(third, start).unwrap();
    for m in ["b6-c6", "b7-a7", "c6-b6", "a7-b7"] {
        g.play(mv(Board::Setchin33, m)).unwrap();
    }
    assert_eq!(g.outcome(), None);
    assert!(g.repetition_warning(), "the start position occurred for the second time");
}

#[test]
fn soldiers_may_not_repeat_forbids_only_recorded_positions() {
    // Soldiers first: the initial position is not recorded (it is not after a soldier move and
    // the General does not move first).
    let r = Ruleset { first: Side::Soldiers, ..Preset::Qdan.ruleset() };
    let mut g = Game::new(r);
    for m in ["c1-c2", "c3-b3", "c2-c1", "b3-c3"] {
        g.play(mv(Board::Setchin33, m)).unwrap();
    }
    // Now c1-c2 would recreate the position recorded after the first move.
    let again = mv(Board::Setchin33, "c1-c2");
    assert_eq!(g.play(again), Err(IllegalMove::Repeats(again)));
    assert!(g.legal_moves().iter().all(|&m| m != again));
    assert!(!g.legal_moves().is_empty());
}

#[test]
fn third_occurrence_wins_for_the_general_with_a_warning_at_the_second() {
    let mut g = Game::new(Preset::Classic.ruleset());
    let cycle = ["c3-c4", "b1-b2", "c4-c3", "b2-b1"];
    for m in cycle {
        g.play(mv(Board::Setchin33, m)).unwrap();
    }
    assert_eq!(g.repetition_count(), 2);
    assert!(g.repetition_warning());
    for (i, m) in cycle.iter().enumerate() {
        let o = g.play(mv(Board::Setchin33, m)).unwrap();
        if i < 3 {
            assert_eq!(o, None, "move {m}");
        } else {
            assert_eq!(o, Some(Outcome { winner: Side::General, reason: EndReason::Repetition }));
        }
    }
    assert_eq!(g.plies(), 8);
}

#[test]
fn move_limit_in_plies_and_soldier_moves() {
    let plies = rules(Board::Setchin33, Threshold::AtMost(5), Repetition::None, MoveLimit::Plies(3));
    let mut g = Game::new(plies);
    for m in ["c3-c4", "b1-b2", "c4-c3"] {
        g.play(mv(Board::Setchin33, m)).unwrap();
    }
    assert_eq!(g.outcome(), Some(Outcome { winner: Side::General, reason: EndReason::MoveLimit }));
    let soldier = rules(Board::Setchin33, Threshold::AtMost(5), Repetition::None, MoveLimit::SoldierMoves(2));
    let mut g = Game::new(soldier);
    for m in ["c3-c4", "b1-b2", "c4-c3"] {
        assert_eq!(g.play(mv(Board::Setchin33, m)).unwrap(), None);
    }
    assert_eq!(g.soldier_moves(), 1);
    assert_eq!(
        g.play(mv(Board::Setchin33, "b2-b1")).unwrap(),
        Some(Outcome { winner: Side::General, reason: EndReason::MoveLimit })
    );
}

#[test]
fn resignation_and_undo() {
    let mut g = Game::new(Preset::Classic.ruleset());
    g.play(mv(Board::Setchin33, "c3-b2")).unwrap();
    assert_eq!(g.position().num_soldiers(), 14);
    assert_eq!(names(g.last_captured()), ["c1", "a3"]);
    g.resign(Side::Soldiers);
    assert_eq!(g.outcome(), Some(Outcome { winner: Side::General, reason: EndReason::Resignation }));
    assert_eq!(g.undo(), Some(mv(Board::Setchin33, "c3-b2")));
    assert_eq!(g.outcome(), None);
    assert_eq!(*g.position(), Position::start(Board::Setchin33, Side::General));
    assert_eq!(g.undo(), None);
    assert_eq!(g.plies(), 0);
}

#[test]
fn a_position_on_the_wrong_board_is_refused() {
    let r = Preset::NoSetchin.ruleset();
    let e = Game::from_position(r, Position::start(Board::Setchin33, Side::General)).unwrap_err();
    assert!(e.to_string().contains("33-point"), "{e}");
}

#[test]
fn illegal_moves_are_refused_with_a_reason() {
    let mut g = Game::new(Preset::Classic.ruleset());
    let e = g.play(mv(Board::Setchin33, "a1-b2")).unwrap_err();
    assert!(e.to_string().contains("a1-b2 is not legal"), "{e}");
    assert!(Move::parse(Board::Setchin33, "b5-b6").is_err(), "no line b5-b6");
    assert!(Move::parse(Board::Square25, "c5-c6").is_err(), "no setchin on 25 points");
    assert!(Move::parse(Board::Setchin33, "c3b2").is_err());
}

#[test]
fn the_game_after_a_move_is_the_move_played_on_a_copy() {
    let g = Game::new(Preset::Classic.ruleset());
    for &m in g.legal_moves().iter() {
        let mut played = g.clone();
        played.play(m).unwrap();
        let after = g.after(m).unwrap();
        assert_eq!(
            (after.snapshot(), after.plies(), after.outcome()),
            (played.snapshot(), played.plies(), played.outcome())
        );
    }
    assert_eq!(g.plies(), 0, "the game itself is unchanged");
    let mut soldiers_move = Game::new(Preset::Classic.ruleset());
    let m = soldiers_move.legal_moves()[0];
    soldiers_move.play(m).unwrap();
    assert!(soldiers_move.after(m).is_err(), "the General's move is not legal for the soldiers");
}
