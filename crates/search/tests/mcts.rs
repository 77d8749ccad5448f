//! MCTS behaviour: forced traps found with a uniform evaluator (checked by an exact minimax
//! written here), the state machine's bookkeeping, tree reuse, the Gumbel root, determinism.

use musashi_game::*;
use musashi_search::mcts::{ForcedPlayouts, GumbelRoot, PlayoutCap};
use musashi_search::*;

fn pos(s: &str) -> Position {
    Position::parse(s).unwrap()
}

/// Exact value for the side to move with `depth` plies left: +1 if it forces a win within the
/// horizon, -1 if it loses by force within it, 0 if unknown.
fn minimax(g: &mut Game, depth: u32) -> i32 {
    if let Some(o) = g.outcome() {
        return if o.winner == g.position().side_to_move() { 1 } else { -1 };
    }
    if depth == 0 {
        return 0;
    }
    let mut best = -1;
    for m in g.legal_moves().to_vec() {
        g.play(m).unwrap();
        let v = -minimax(g, depth - 1);
        g.undo();
        best = best.max(v);
        if best == 1 {
            break;
        }
    }
    best
}

fn search(game: &Game, config: MctsConfig, seed: u64) -> SearchResult {
    let mut m = Mcts::new(config, game.clone(), seed);
    let mut ev = UniformEvaluator;
    let mut out = Evaluations::default();
    while let Step::Evaluate(s) = m.step() {
        ev.evaluate(&[s], &mut out);
        m.provide(&out.logits, out.values[0], out.plies_of(0));
    }
    m.result()
}

fn plain(sims: u32) -> MctsConfig {
    MctsConfig { sims, ..MctsConfig::default() }
}

#[test]
fn finds_the_trap_in_one() {
    let g = Game::from_position(Preset::Classic.ruleset(), pos("...../...../...../...../...../S../G.S.. s")).unwrap();
    for config in [
        plain(30),
        MctsConfig {
            gumbel: Some(GumbelRoot { considered: 16, c_visit: 50.0, c_scale: 1.0, side: None }),
            ..plain(16)
        },
    ] {
        let r = search(&g, config, 1);
        assert_eq!(r.choose(0.0, 0.5).to_string(), "c7-b7", "{config:?}");
        if config.gumbel.is_none() {
            assert!(r.value > 0.5, "the soldiers know they win: {}", r.value);
        }
    }
}

/// Random sparse positions where the side to move wins by force within 3 plies: MCTS with a
/// uniform evaluator plays a move that keeps a forced win (it has no reason to prefer the
/// fastest one, so the check allows a win within 7 plies).
#[test]
fn keeps_forced_wins_found_by_minimax() {
    let mut seed = 99u64;
    let mut next = || {
        seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        (seed >> 33) as usize
    };
    let rules = Ruleset { repetition: Repetition::None, move_limit: MoveLimit::None, ..Preset::Classic.ruleset() };
    let mut checked = 0;
    let mut tried = 0;
    while checked < 15 && tried < 20000 {
        tried += 1;
        let general = Point::new(next() % 33).unwrap();
        let mut soldiers = 0u64;
        for _ in 0..(2 + next() % 6) {
            let p = Point::new(next() % 33).unwrap();
            if p != general {
                soldiers |= p.bit();
            }
        }
        let side = if next() % 2 == 0 { Side::General } else { Side::Soldiers };
        let Ok(p) = Position::new(Board::Setchin33, general, soldiers, side) else { continue };
        let Ok(mut g) = Game::from_position(rules, p) else { continue };
        if g.is_over() || minimax(&mut g, 1) == 1 || minimax(&mut g, 3) != 1 {
            continue;
        }
        // A uniform evaluator knows nothing: it needs a few thousand simulations to prove a
        // 3-ply win among ~25 moves and their replies.
        let r = search(&g, plain(4000), 5);
        let mv = r.choose(0.0, 0.5);
        g.play(mv).unwrap();
        assert_eq!(minimax(&mut g, 6), -1, "{p}: {mv} gives up the forced win");
        checked += 1;
    }
    assert!(checked >= 10, "only {checked} positions found");
}

#[test]
fn bookkeeping_reuse_and_determinism() {
    let g = Game::new(Preset::Classic.ruleset());
    let r = search(&g, plain(64), 3);
    assert_eq!(r.sims, 64);
    assert_eq!(r.visits.iter().sum::<u32>(), 63, "the root's own evaluation is the first simulation");
    assert!((r.policy_target.iter().sum::<f32>() - 1.0).abs() < 1e-4);
    assert_eq!(r, search(&g, plain(64), 3), "same seed, same result");

    // Tree reuse: the chosen child's visits carry over.
    let mut m = Mcts::new(plain(64), g.clone(), 3);
    let mut ev = UniformEvaluator;
    let mut out = Evaluations::default();
    while let Step::Evaluate(s) = m.step() {
        ev.evaluate(&[s], &mut out);
        m.provide(&out.logits, out.values[0], out.plies_of(0));
    }
    let r = m.result();
    let best = (0..r.moves.len()).max_by_key(|&i| r.visits[i]).unwrap();
    m.advance(r.moves[best]);
    assert_eq!(m.game().plies(), 1);
    let mut evaluations = 0;
    while let Step::Evaluate(s) = m.step() {
        evaluations += 1;
        ev.evaluate(&[s], &mut out);
        m.provide(&out.logits, out.values[0], out.plies_of(0));
    }
    let r2 = m.result();
    assert_eq!(evaluations, 64, "a reused root needs no new root evaluation");
    assert_eq!(r2.visits.iter().sum::<u32>(), r.visits[best] - 1 + 64);
}

#[test]
fn efficiency_methods_run_and_produce_distributions() {
    let g = Game::new(Preset::NoSetchin.ruleset());
    let configs = [
        MctsConfig { dirichlet_fraction: 0.25, temperature: 1.0, temperature_plies: 10, ..plain(50) },
        MctsConfig { forced_playouts: Some(ForcedPlayouts { k: 2.0 }), dirichlet_fraction: 0.25, ..plain(80) },
        MctsConfig { playout_cap: Some(PlayoutCap { cheap_sims: 8, full_probability: 0.25 }), ..plain(40) },
        MctsConfig { gumbel: Some(GumbelRoot { considered: 8, c_visit: 50.0, c_scale: 1.0, side: None }), ..plain(12) },
    ];
    for c in configs {
        c.validate().unwrap();
        for seed in 0..6 {
            let r = search(&g, c, seed);
            assert!((r.policy_target.iter().sum::<f32>() - 1.0).abs() < 1e-4, "{c:?}");
            assert!(r.policy_target.iter().all(|p| p.is_finite() && *p >= 0.0));
            let mv = r.choose(c.temperature_at(0), 0.3);
            assert!(g.is_legal(mv));
            if c.playout_cap.is_some() {
                assert_eq!(r.sims, if r.full { 40 } else { 8 });
            }
        }
    }
}

#[test]
fn raw_policy_with_zero_sims_plays_the_prior() {
    let g = Game::new(Preset::Classic.ruleset());
    let r = search(&g, plain(0), 1);
    assert_eq!(r.sims, 1);
    assert!(r.visits.iter().all(|&v| v == 0));
    assert!(g.is_legal(r.choose(0.0, 0.1)));
}

#[test]
fn agent_plays_whole_games_under_every_preset() {
    for preset in Preset::ALL {
        let mut a = MctsAgent::new("mcts", plain(8), Box::new(UniformEvaluator));
        let mut b = RandomAgent::new(2);
        a.new_game(1);
        let mut g = Game::new(preset.ruleset());
        while !g.is_over() && g.plies() < 400 {
            let mv = if g.plies().is_multiple_of(2) { a.choose(&g).mv } else { b.choose(&g).mv };
            g.play(mv).unwrap();
        }
    }
}

#[test]
fn a_handicapped_side_searches_less_and_never_fully() {
    let mut g = Game::new(Preset::Classic.ruleset());
    let mut m = Mcts::new(plain(64), g.clone(), 5).with_handicap(Side::Soldiers, 8);
    let mut ev = UniformEvaluator;
    let mut out = Evaluations::default();
    for _ in 0..4 {
        while let Step::Evaluate(s) = m.step() {
            ev.evaluate(&[s], &mut out);
            m.provide(&out.logits, out.values[0], out.plies_of(0));
        }
        let r = m.result();
        let soldiers = g.position().side_to_move() == Side::Soldiers;
        assert_eq!(r.sims, if soldiers { 8 } else { 64 }, "ply {}", g.plies());
        assert_eq!(r.full, !soldiers);
        let mv = r.choose(0.0, 0.5);
        g.play(mv).unwrap();
        m.advance(mv);
    }
}

/// A Gumbel root for one side: that side's searches use it, the other side's use PUCT; with no
/// side given, both sides' do.
#[test]
fn a_gumbel_root_for_one_side_leaves_the_other_to_puct() {
    let for_general = GumbelRoot { considered: 4, c_visit: 50.0, c_scale: 1.0, side: Some(Side::General) };
    let config = MctsConfig { gumbel: Some(for_general), ..plain(16) };
    let start = Game::new(Preset::Classic.ruleset());
    assert!(search(&start, config, 1).gumbel_choice.is_some(), "the General's search");
    let mut after = start.clone();
    after.play(after.legal_moves()[0]).unwrap();
    assert!(search(&after, config, 1).gumbel_choice.is_none(), "the soldiers' search");
    let both = MctsConfig { gumbel: Some(GumbelRoot { side: None, ..for_general }), ..plain(16) };
    assert!(search(&after, both, 1).gumbel_choice.is_some());
}

/// Plies to the end a test evaluator predicts for `s` (from its hash).
fn test_plies(s: &Snapshot) -> f32 {
    (s.position.hash() % 40) as f32
}

/// Runs one search of `config` at `g` with an evaluator of even logits, value `general_value`
/// for the General to move (its negation for the soldiers) and `test_plies`; returns the
/// evaluated states and the result.
fn ranked_search(config: MctsConfig, g: &Game, general_value: f32) -> (Vec<Snapshot>, SearchResult) {
    let mut m = Mcts::new(config, g.clone(), 5);
    let mut asked = Vec::new();
    while let Step::Evaluate(s) = m.step() {
        let v = if s.position.side_to_move() == Side::General { general_value } else { -general_value };
        asked.push(s);
        m.provide(&[0.0; NUM_ACTIONS], v, Some(test_plies(&s)));
    }
    (asked, m.result())
}

#[test]
fn a_losing_roots_priors_follow_its_childrens_predicted_plies() {
    let mut g = Game::new(Preset::Classic.ruleset());
    while g.position().side_to_move() != Side::General {
        g.play(g.legal_moves()[0]).unwrap();
    }
    let children: Vec<Snapshot> = g.legal_moves().iter().map(|&m| g.after(m).unwrap().snapshot()).collect();
    let config = MctsConfig { sims: 1, root_ranking: 4.0, ..MctsConfig::default() };
    let (asked, r) = ranked_search(config, &g, -0.9);
    assert_eq!(asked[0], g.snapshot());
    assert_eq!(asked[1..], children[..], "then each child once, not counted as simulations");
    assert_eq!(r.sims, 1);
    let exp: Vec<f32> = children.iter().map(|c| (test_plies(c) / 4.0).exp()).collect();
    let total: f32 = exp.iter().sum();
    for (p, e) in r.priors.iter().zip(&exp) {
        assert!((p - e / total).abs() < 1e-5, "{:?} against {exp:?}", r.priors);
    }
    // Off, not losing enough, or an evaluator without plies: the root alone, even priors.
    let even = 1.0 / children.len() as f32;
    for (config, value) in [(MctsConfig { root_ranking: 0.0, ..config }, -0.9), (config, -0.4), (config, 0.9)] {
        let (asked, r) = ranked_search(config, &g, value);
        assert_eq!(asked.len(), 1, "{config:?} at {value}");
        assert!(r.priors.iter().all(|p| (p - even).abs() < 1e-6));
    }
    let mut m = Mcts::new(config, g.clone(), 5);
    let mut evaluations = 0;
    while let Step::Evaluate(_) = m.step() {
        evaluations += 1;
        m.provide(&[0.0; NUM_ACTIONS], -0.9, None);
    }
    assert_eq!(evaluations, 1, "no plies, no ranking");
}

#[test]
fn a_reused_root_is_ranked_again_and_the_search_still_finds_what_it_finds() {
    let mut g = Game::new(Preset::Classic.ruleset());
    while g.position().side_to_move() != Side::Soldiers {
        g.play(g.legal_moves()[0]).unwrap();
    }
    let config = MctsConfig { sims: 300, root_ranking: 2.0, ..MctsConfig::default() };
    let mut m = Mcts::new(config, g.clone(), 5);
    let drive = |m: &mut Mcts| {
        let mut n = 0;
        while let Step::Evaluate(s) = m.step() {
            let v = if s.position.side_to_move() == Side::General { -0.9 } else { 0.9 };
            m.provide(&[0.0; NUM_ACTIONS], v, Some(test_plies(&s)));
            n += 1;
        }
        n
    };
    drive(&mut m);
    let r = m.result();
    m.advance(r.choose(0.0, 0.0));
    // Now the General, who loses, is at a reused root: its children are evaluated first.
    let general_root = m.game().clone();
    let n = general_root.legal_moves().len();
    let before = m.result().visits.iter().sum::<u32>();
    let evaluations = drive(&mut m);
    let r = m.result();
    assert!(evaluations >= n, "{evaluations} evaluations for {n} children");
    assert_eq!(r.visits.iter().sum::<u32>() - before, 300, "the simulations are the budget's");
    let top = r.priors.iter().copied().fold(0.0, f32::max);
    let k = r.priors.iter().position(|&p| p == top).unwrap();
    let plies_after = |mv: Move| test_plies(&general_root.after(mv).unwrap().snapshot());
    let most = general_root.legal_moves().iter().map(|&mv| plies_after(mv)).fold(0.0, f32::max);
    assert_eq!(plies_after(r.moves[k]), most, "the top prior leads to the most plies");
}
