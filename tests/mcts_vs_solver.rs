//! MCTS judged by the exact solver (the 25-point game up to 6 soldiers, solved in the test):
//! with a uniform evaluator it finds the forced traps of short solver-verified wins, and with
//! more simulations it keeps the theoretical result more often than with few.

mod common;

use common::{Exact, tables};
use musashi_game::*;
use musashi_search::validation::{Sample, sample_positions};
use musashi_search::{Evaluator, Mcts, MctsConfig, Score, Step, UniformEvaluator};

fn mcts_move(sample: &Sample, rules: Ruleset, sims: u32, seed: u64) -> Move {
    let game = Game::from_position(rules, sample.pos).unwrap();
    let mut m = Mcts::new(MctsConfig { sims, ..MctsConfig::default() }, game, seed);
    let mut ev = UniformEvaluator;
    let (mut l, mut v) = (Vec::new(), Vec::new());
    while let Step::Evaluate(s) = m.step() {
        ev.evaluate(&[s], &mut l, &mut v);
        m.provide(&l, v[0]);
    }
    m.result().choose(0.0, 0.5)
}

fn keeps(sample: &Sample, mv: Move) -> bool {
    let got = sample.moves.iter().find(|(m, _)| *m == mv).unwrap().1;
    matches!((sample.value, got), (Score::WinIn(_), Score::WinIn(_)) | (Score::LossIn(_), _))
}

#[test]
fn uniform_mcts_finds_short_solver_verified_traps() {
    let oracle = Exact(tables());
    let rules = Ruleset { board: Board::Square25, ..Preset::Solved.ruleset() };
    // Soldiers to move with a forced trap in 1 or 3 plies.
    let short: Vec<Sample> = sample_positions(&oracle, rules, 3000, 4..=6, 3)
        .into_iter()
        .filter(|s| s.pos.side_to_move() == Side::Soldiers && matches!(s.value, Score::WinIn(n) if n <= 3))
        .take(40)
        .collect();
    assert!(short.len() >= 20, "only {} short wins sampled", short.len());
    for s in &short {
        let mv = mcts_move(s, rules, 3000, 1);
        assert!(keeps(s, mv), "{}: {mv} gives up the forced trap ({:?})", s.pos, s.value);
    }
}

#[test]
fn more_simulations_keep_the_result_more_often() {
    let oracle = Exact(tables());
    let rules = Ruleset { board: Board::Square25, ..Preset::Solved.ruleset() };
    // Positions where the side to move wins and some move throws the win away.
    let samples: Vec<Sample> = sample_positions(&oracle, rules, 1500, 4..=6, 5)
        .into_iter()
        .filter(|s| matches!(s.value, Score::WinIn(_)) && s.moves.iter().any(|(_, v)| matches!(v, Score::LossIn(_))))
        .take(120)
        .collect();
    assert!(samples.len() >= 80);
    let kept = |sims: u32| samples.iter().filter(|s| keeps(s, mcts_move(s, rules, sims, 2))).count();
    let (few, many) = (kept(8), kept(800));
    assert!(many > few, "800 simulations kept {many}, 8 kept {few} of {}", samples.len());
}
