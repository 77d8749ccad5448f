//! Alpha-beta against a brute-force minimax over `Game` (every rule applied by the rules crate,
//! no pruning, no table), plus tactics, determinism and limits.

use super::*;
use musashi_game::{Board, MoveLimit, Position, Preset, Repetition, Ruleset, Side, Threshold};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

/// Exact minimax to `depth` plies with `Game`: `Some(±(MATE - n))` for a forced result in `n`
/// plies, `None` when no forced result exists within the depth.
fn brute(game: &mut Game, depth: u32, ply: u32) -> Option<i32> {
    let side = game.position().side_to_move();
    if let Some(o) = game.outcome() {
        let s = MATE - ply as i32;
        return Some(if o.winner == side { s } else { -s });
    }
    if depth == 0 {
        return None;
    }
    // Unknown counts as 0: between any loss and any win.
    let mut best = -INF;
    for m in game.legal_moves().to_vec() {
        game.play(m).unwrap();
        let v = brute(game, depth - 1, ply + 1).map_or(0, |v| -v);
        game.undo();
        best = best.max(v);
    }
    if best.abs() > MATE_BOUND { Some(best) } else { None }
}

fn engine(depth: u32, lmr: bool) -> AlphaBeta {
    AlphaBeta::new(Config {
        limits: Limits { depth: Some(depth), ..Limits::default() },
        tt_mb: 1,
        lmr,
        early_repetition: false,
        ..Config::default()
    })
}

/// A random position with `n` soldiers, the side to move and at least one move each.
fn random_position(rng: &mut SmallRng, board: Board, n: u32) -> Position {
    loop {
        let points: Vec<_> = board.points().collect();
        let g = points[rng.random_range(0..points.len())];
        let mut soldiers = 0u64;
        while soldiers.count_ones() < n {
            let p = points[rng.random_range(0..points.len())];
            if p != g {
                soldiers |= p.bit();
            }
        }
        let side = if rng.random_bool(0.5) { Side::General } else { Side::Soldiers };
        let pos = Position::new(board, g, soldiers, side).unwrap();
        if pos.has_moves() && pos.with_side_to_move(side.opponent()).has_moves() {
            return pos;
        }
    }
}

/// Alpha-beta agrees with brute force on every forced result within the depth: same winner,
/// same distance; and claims no forced result within the depth that brute force does not see.
fn check_against_brute(rules: Ruleset, counters: (u32, u32), seed: u64, count: usize, depth: u32, lmr: bool) -> usize {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut forced = 0;
    let mut ab = engine(depth, lmr);
    for _ in 0..count {
        let n = rng.random_range(3..=8);
        let pos = random_position(&mut rng, rules.board, n);
        let mut game = Game::with_counters(rules, pos, counters.0, counters.1).unwrap();
        if game.is_over() {
            continue;
        }
        let expected = brute(&mut game, depth, 0);
        ab.clear();
        let r = ab.search(&game);
        assert!(game.is_legal(r.best));
        let got = match r.score {
            Score::WinIn(n) if n <= depth => Some(MATE - n as i32),
            Score::LossIn(n) if n <= depth => Some(-(MATE - n as i32)),
            _ => None,
        };
        assert_eq!(got, expected, "{pos} under {rules} with counters {counters:?}: {:?}", r.score);
        if let Some(e) = expected {
            forced += 1;
            if e > 0 {
                // The chosen move keeps the win.
                game.play(r.best).unwrap();
                let after = brute(&mut game, depth - 1, 1).map(|v| -v);
                assert_eq!(after, expected, "{pos}: {} does not keep the win", r.best);
            }
        }
    }
    forced
}

#[test]
fn agrees_with_brute_force_on_forced_results() {
    let square = Preset::NoSetchin.ruleset();
    let solved25 = Ruleset { board: Board::Square25, ..Preset::Solved.ruleset() };
    let mut forced = 0;
    forced += check_against_brute(square, (0, 0), 1, 60, 4, false);
    forced += check_against_brute(square, (0, 0), 2, 60, 4, true);
    forced += check_against_brute(solved25, (0, 0), 3, 60, 5, false);
    forced += check_against_brute(Preset::Classic.ruleset(), (0, 0), 4, 40, 4, true);
    assert!(forced > 20, "too few forced positions ({forced}) to mean anything");
}

/// With repetitions scored for the General (the default), the soldiers'
/// forced wins within the depth are still exactly those of brute force.
#[test]
fn early_repetition_keeps_the_soldiers_wins() {
    let mut rng = SmallRng::seed_from_u64(11);
    let rules = Preset::NoSetchin.ruleset();
    let mut ab = AlphaBeta::new(Config {
        limits: Limits { depth: Some(5), ..Limits::default() },
        tt_mb: 1,
        ..Config::default()
    });
    let mut soldiers_wins = 0;
    for _ in 0..60 {
        let n = rng.random_range(3..=7);
        let pos = random_position(&mut rng, rules.board, n);
        let mut game = Game::from_position(rules, pos).unwrap();
        if game.is_over() {
            continue;
        }
        let expected = brute(&mut game, 5, 0);
        ab.clear();
        let r = ab.search(&game);
        let soldiers_win = |s: i32| (s > 0) == (pos.side_to_move() == Side::Soldiers);
        let got = match r.score {
            Score::WinIn(n) if n <= 5 => Some(MATE - n as i32),
            Score::LossIn(n) if n <= 5 => Some(-(MATE - n as i32)),
            _ => None,
        };
        let e_soldiers = expected.filter(|&e| soldiers_win(e));
        let g_soldiers = got.filter(|&g| soldiers_win(g));
        assert_eq!(g_soldiers, e_soldiers, "{pos}: {:?}", r.score);
        soldiers_wins += e_soldiers.is_some() as usize;
    }
    assert!(soldiers_wins > 3, "{soldiers_wins}");
}

#[test]
fn agrees_with_brute_force_near_the_move_limit() {
    let mut rules = Preset::NoSetchin.ruleset();
    rules.general_wins_at = Threshold::AtMost(1);
    // Three plies left, then two soldier moves left under qdan's unit.
    check_against_brute(rules, (297, 148), 5, 50, 4, true);
    let qdan25 = Ruleset { board: Board::Square25, ..Preset::Qdan.ruleset() };
    check_against_brute(qdan25, (50, 98), 6, 50, 4, true);
}

#[test]
fn agrees_with_brute_force_under_soldiers_may_not_repeat() {
    let rules = Ruleset {
        board: Board::Square25,
        repetition: Repetition::SoldiersMayNotRepeat,
        move_limit: MoveLimit::None,
        ..Preset::Qdan.ruleset()
    };
    check_against_brute(rules, (0, 0), 7, 40, 5, false);
}

#[test]
fn takes_the_trap_and_the_winning_capture() {
    // Soldiers to move: c1-b1 traps the General on a1.
    let rules = Preset::NoSetchin.ruleset();
    let pos: Position = "G.S../SS.../...../...../....S s".parse().unwrap();
    let game = Game::from_position(rules, pos).unwrap();
    let r = engine(3, true).search(&game);
    assert_eq!(r.best.to_string(), "c1-b1");
    assert_eq!(r.score, Score::WinIn(1));
    // General to move with 7 soldiers and threshold 5: b2 takes b1+b3 (and a2+c2) and wins.
    let pos: Position = "SS.../S.S../.SG../...../....S g".parse().unwrap();
    let game = Game::from_position(rules, pos).unwrap();
    let r = engine(3, true).search(&game);
    assert_eq!(r.best.to_string(), "c3-b2");
    assert_eq!(r.score, Score::WinIn(1));
}

#[test]
fn deterministic_for_a_seed_and_legal_in_whole_games() {
    for preset in Preset::ALL {
        let play = |seed: u64| {
            let mut a = AlphaBeta::new(Config {
                limits: Limits { depth: Some(2), ..Limits::default() },
                tt_mb: 1,
                noise: 5,
                ..Config::default()
            });
            a.new_game(seed);
            let mut game = Game::new(preset.ruleset());
            let mut moves = Vec::new();
            while !game.is_over() && moves.len() < 120 {
                let c = a.choose(&game);
                assert_eq!(c.analysis.pv.first(), Some(&c.mv));
                game.play(c.mv).unwrap();
                moves.push(c.mv);
            }
            moves
        };
        assert_eq!(play(1), play(1), "{preset}");
    }
}

#[test]
fn node_limit_stops_after_the_first_iteration() {
    let game = Game::new(Preset::Classic.ruleset());
    let mut a = engine(30, true);
    let r = a.search_with(&game, Limits { depth: Some(30), nodes: Some(2_000), time: None });
    assert!(r.depth >= 1 && r.depth < 30);
    assert!(game.is_legal(r.best));
    assert_eq!(r.iterations.len() as u32, r.depth);
    assert_eq!(r.pv.first(), Some(&r.best));
}

/// Plays a classic game with a blundering engine on both sides, returning at each turn the
/// move chosen, the move the same engine without blunders finds, and the number of legal moves.
fn blunder_trace(chance: f32, seed: u64, turns: usize) -> Vec<(Move, Move, usize)> {
    let config = Config { limits: Limits { depth: Some(2), ..Limits::default() }, tt_mb: 1, ..Config::default() };
    let mut agent = AlphaBeta::new(config.clone()).with_blunder(chance);
    let mut plain = AlphaBeta::new(config);
    agent.new_game(seed);
    plain.new_game(seed);
    let mut game = Game::new(Preset::Classic.ruleset());
    let mut out = Vec::new();
    while !game.is_over() && out.len() < turns {
        let best = plain.choose(&game).mv;
        let mv = agent.choose(&game).mv;
        assert!(game.is_legal(mv), "{mv} in {}", game.position());
        out.push((mv, best, game.legal_moves().len()));
        // Both continue along the blunderer's line.
        game.play(mv).unwrap();
    }
    out
}

#[test]
fn blunders_are_other_moves_at_the_given_rate_and_replay_from_the_seed() {
    // Without blunders the agent plays the search's move.
    assert!(blunder_trace(0.0, 7, 40).iter().all(|(mv, best, _)| mv == best));
    // Always blundering: never the best move where there is another.
    let always = blunder_trace(1.0, 7, 40);
    assert!(always.iter().all(|&(mv, best, n)| (mv != best) == (n > 1)), "{always:?}");
    assert!(always.iter().filter(|t| t.2 > 1).count() > 30);
    // Half the time: roughly half the moves differ from the search's.
    let half = blunder_trace(0.5, 7, 200);
    let differ = half.iter().filter(|(mv, best, _)| mv != best).count();
    assert!((0.3..0.7).contains(&(differ as f64 / half.len() as f64)), "{differ} of {}", half.len());
    // The same seed replays the same game; another seed another one.
    assert_eq!(blunder_trace(0.5, 7, 60), blunder_trace(0.5, 7, 60));
    assert_ne!(blunder_trace(0.5, 7, 60), blunder_trace(0.5, 8, 60));
}
