//! MCTS judged by the exact solver (the 25-point game up to 6 soldiers, solved in the test):
//! with a uniform evaluator it finds the forced traps of short solver-verified wins, and with
//! more simulations it keeps the theoretical result more often than with few; with exact
//! distances as its moves-left estimates, a lost General resists longest.

use crate::common::{Exact, tables};
use musashi_game::*;
use musashi_search::validation::{Sample, sample_positions};
use musashi_search::{
    Evaluations, Evaluator, Mcts, MctsConfig, MovesLeftUtility, Oracle, Score, Step, UniformEvaluator,
};

/// The most visited move of a search from `sample` with `config` over `ev`.
fn searched_move(sample: &Sample, rules: Ruleset, config: MctsConfig, seed: u64, ev: &mut dyn Evaluator) -> Move {
    let game = Game::from_position(rules, sample.pos).unwrap();
    let mut m = Mcts::new(config, game, seed);
    let mut out = Evaluations::default();
    while let Step::Evaluate(s) = m.step() {
        ev.evaluate(&[s], &mut out);
        m.provide(&out.logits, out.values[0], out.plies_of(0));
    }
    m.result().choose(0.0, 0.5)
}

fn mcts_move(sample: &Sample, rules: Ruleset, sims: u32, seed: u64) -> Move {
    searched_move(sample, rules, MctsConfig { sims, ..MctsConfig::default() }, seed, &mut UniformEvaluator)
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

/// The solver as an evaluator that knows results but not distances in its priors: the exact
/// result as the value, the exact distance as the predicted plies to the end (a perfect
/// moves-left head), and priors that rule out the moves that throw a win away and are uniform
/// over the rest. With it every move of a lost position has the same value and the same prior:
/// only the moves-left estimates can tell the longest resistance.
struct ExactEvaluator(Exact);

impl Evaluator for ExactEvaluator {
    fn evaluate(&mut self, batch: &[Snapshot], out: &mut Evaluations) {
        out.clear();
        out.logits.resize(batch.len() * NUM_ACTIONS, 0.0);
        for (i, s) in batch.iter().enumerate() {
            let (value, plies) = match self.0.probe(&s.position) {
                Some(Score::WinIn(n)) => (1.0, n.min(500) as f32),
                Some(Score::LossIn(n)) => (-1.0, n.min(500) as f32),
                _ => (0.0, 50.0),
            };
            if value > 0.0 {
                for (m, v) in self.0.move_values(&s.position, s.rules.threshold()).unwrap_or_default() {
                    if matches!(v, Score::LossIn(_)) {
                        out.logits[i * NUM_ACTIONS + m.action()] = -20.0;
                    }
                }
            }
            out.values.push(value);
            out.plies.push(plies);
        }
    }
}

#[test]
fn the_moves_left_utility_makes_a_lost_general_resist_longest() {
    let oracle = Exact(tables());
    let rules = Ruleset { board: Board::Square25, ..Preset::Solved.ruleset() };
    // The General to move, lost, with moves that lose at different distances.
    let lost: Vec<Sample> = sample_positions(&oracle, rules, 4000, 4..=6, 7)
        .into_iter()
        .filter(|s| s.pos.side_to_move() == Side::General && matches!(s.value, Score::LossIn(n) if n >= 6))
        .filter(|s| {
            let d: Vec<u32> =
                s.moves.iter().filter_map(|(_, v)| if let Score::LossIn(n) = v { Some(*n) } else { None }).collect();
            d.iter().max() != d.iter().min()
        })
        .take(40)
        .collect();
    assert!(lost.len() >= 20, "only {} lost positions sampled", lost.len());
    let longest = |s: &Sample, moves_left: MovesLeftUtility| {
        let config = MctsConfig { sims: 400, moves_left, ..MctsConfig::default() };
        let mv = searched_move(s, rules, config, 3, &mut ExactEvaluator(Exact(oracle.0.clone())));
        let delay = |v: &Score| if let Score::LossIn(n) = v { *n } else { 0 };
        let best = s.moves.iter().map(|(_, v)| delay(v)).max().unwrap();
        delay(&s.moves.iter().find(|(m, _)| *m == mv).unwrap().1) == best
    };
    let with = lost.iter().filter(|s| longest(s, MovesLeftUtility::default())).count();
    let without = lost.iter().filter(|s| longest(s, MovesLeftUtility::OFF)).count();
    // Measured: 32 of 40 with the default utility, 21 without (a larger effect, 0.05 per ply up
    // to 0.5, reaches 35). The rest are lost to the averaging of MCTS: a child's plies are the
    // mean over the winner's explored replies, not the quickest.
    assert!(
        with * 4 >= lost.len() * 3 && with >= without + 6,
        "longest resistance in {with} of {} with the utility, {without} without",
        lost.len()
    );
}
