//! Alpha-beta against the exact solver's tables (the 25-point game up to 6 soldiers, solved in
//! the test): it finds the forced traps the tables mark as short wins and never walks into a
//! short loss it can see; and the `perfect` agent built from the tables keeps every result.

use crate::common::{Exact, tables};
use musashi_game::*;
use musashi_search::validation::{sample_positions, short_range_failures, validate};
use musashi_search::{Oracle, Score};
use std::sync::Arc;

#[test]
fn alphabeta_finds_short_wins_and_avoids_short_losses() {
    let oracle = Exact(tables());
    let rules = Ruleset { board: Board::Square25, ..Preset::Solved.ruleset() };
    let samples = sample_positions(&oracle, rules, 400, 4..=6, 7);
    assert!(samples.len() >= 300);
    for depth in [2, 4] {
        let failures = short_range_failures(rules, &samples, depth);
        assert!(failures.is_empty(), "depth {depth}: {failures:#?}");
    }
    // The report counts what it should: deeper search keeps at least as many wins, roughly.
    let report = validate(rules, &samples[..200], 1..=4, 2);
    let kept = |d: u32, s: Side| {
        report.rows.iter().find(|r| r.depth == d && r.side == s).map(|r| (r.kept, r.winning)).unwrap()
    };
    for side in Side::BOTH {
        let (k1, w) = kept(1, side);
        let (k4, _) = kept(4, side);
        assert!(k4 + 2 >= k1 && k4 <= w, "{side}: depth 1 kept {k1}, depth 4 kept {k4} of {w}");
    }
}

#[test]
fn perfect_play_keeps_every_result() {
    use musashi_search::{Agent, PerfectAgent, RandomAgent};
    let t = tables();
    let oracle: Arc<dyn Oracle> = Arc::new(Exact(t.clone()));
    let rules = Ruleset { board: Board::Square25, ..Preset::Solved.ruleset() };
    let samples = sample_positions(oracle.as_ref(), rules, 300, 4..=6, 11);
    let mut agent = PerfectAgent::new("perfect", oracle, Box::new(RandomAgent::new(1)));
    for (i, s) in samples.iter().enumerate() {
        agent.new_game(i as u64);
        let game = Game::from_position(rules, s.pos).unwrap();
        let mv = agent.choose(&game).mv;
        let got = s.moves.iter().find(|(m, _)| *m == mv).unwrap().1;
        assert_eq!(std::mem::discriminant(&got), std::mem::discriminant(&s.value), "{}: {mv}", s.pos);
        if let (Score::WinIn(a), Score::WinIn(b)) = (got, s.value) {
            assert_eq!(a, b, "{}: the shortest win", s.pos);
        }
    }
}
