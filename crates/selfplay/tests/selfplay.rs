//! Self-play writes complete, readable shards with consistent records, and skips recorded games.

use musashi_game::*;
use musashi_net::{DeviceKind, ModelConfig, Network};
use musashi_records::{ShardPrefix, list_shards, read_games, read_positions};
use musashi_search::{Evaluator, MctsConfig, UniformEvaluator};
use musashi_selfplay::*;
use std::collections::HashSet;
use std::sync::Arc;

fn config(games: u32) -> SelfplayConfig {
    SelfplayConfig {
        games,
        threads: 2,
        concurrent_games: 3,
        rules: vec![Preset::Classic.ruleset(), Preset::NoSetchin.ruleset(), Preset::Solved.ruleset()],
        mcts: MctsConfig {
            sims: 12,
            dirichlet_fraction: 0.25,
            temperature: 1.0,
            temperature_plies: 8,
            ..MctsConfig::default()
        },
        max_plies: 120,
        seed: 5,
        generation: 2,
        shard_games: 4,
        agent_name: "test".into(),
        handicap: Default::default(),
        detours: Default::default(),
        sparring: Default::default(),
        past: Default::default(),
    }
}

/// An empty scratch folder for the test named `tag`, unique to this process.
fn fresh_dir(tag: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("musashi-selfplay-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

#[test]
fn games_and_positions_are_consistent() {
    let dir = fresh_dir("g");
    let net = Arc::new(Network::init(ModelConfig::mlp(16, 1, 8, 0), &DeviceKind::Cpu.device().unwrap(), 3));
    let make = move || -> Box<dyn Evaluator> { Box::new(NetEvaluator::new(net.clone(), 1000)) };
    let progress = Progress::default();
    let c = config(9);
    let s = run_selfplay(&c, &make, None, &dir, &ShardPrefix::plain("g0002"), &HashSet::new(), &progress).unwrap();
    assert_eq!(s.games, 9);
    assert_eq!(s.shards.len(), 3, "9 games in shards of 4");
    assert_eq!(s.general_wins + s.soldiers_wins, 9);
    let mut ids = HashSet::new();
    let mut total_positions = 0;
    for shard in list_shards(&dir).unwrap() {
        let games = read_games(&shard.games).unwrap();
        let positions = read_positions(&shard.positions).unwrap();
        total_positions += positions.len();
        for record in &games {
            let g = &record.game;
            assert!(ids.insert(record.game_id.clone()));
            let index: usize = record.game_id.rsplit('-').next().unwrap().parse().unwrap();
            assert_eq!(g.rules, c.rules[index % 3]);
            // Replaying the moves gives the recorded positions and outcome.
            let mut game = Game::new(g.rules);
            let mine: Vec<_> = positions.iter().filter(|p| p.game_id == record.game_id).collect();
            assert_eq!(mine.len(), g.moves.len());
            for (p, m) in mine.iter().zip(&g.moves) {
                assert_eq!(p.position, *game.position());
                assert_eq!(p.played as usize, m.action());
                assert!((p.policy.iter().sum::<f32>() - 1.0).abs() < 1e-3);
                assert_eq!(p.result, if p.position.side_to_move() == g.outcome.winner { 1.0 } else { -1.0 });
                game.play(*m).unwrap();
            }
            match game.outcome() {
                Some(o) => assert_eq!(o, g.outcome),
                None => assert_eq!(g.outcome.reason, EndReason::MoveLimit, "adjudicated endless play"),
            }
        }
    }
    assert_eq!(total_positions as u64, s.positions);
    assert_eq!(progress.games.load(std::sync::atomic::Ordering::Relaxed), 9);

    // A second run skipping the recorded indices plays only the rest, into new shards.
    let done: HashSet<u32> = (0..9).collect();
    let s2 = run_selfplay(&config(11), &make, None, &dir, &ShardPrefix::plain("g0002"), &done, &Progress::default())
        .unwrap();
    assert_eq!(s2.games, 2);
    assert_eq!(list_shards(&dir).unwrap().len(), 4);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_uniform_evaluator_plays_generation_zero() {
    let dir = fresh_dir("u");
    let make = || -> Box<dyn Evaluator> { Box::new(UniformEvaluator) };
    let s = run_selfplay(
        &config(3),
        &make,
        None,
        &dir,
        &ShardPrefix::plain("g0000"),
        &HashSet::new(),
        &Progress::default(),
    )
    .unwrap();
    assert_eq!(s.games, 3);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn sparring_games_record_only_the_network_side() {
    let dir = fresh_dir("s");
    let make = || -> Box<dyn Evaluator> { Box::new(UniformEvaluator) };
    let mut c = config(6);
    c.sparring = Sparring { share: 0.5, side: Side::Soldiers, depths: vec![1, 2] };
    let s = run_selfplay(&c, &make, None, &dir, &ShardPrefix::plain("g0001"), &HashSet::new(), &Progress::default())
        .unwrap();
    assert_eq!(s.games, 6);
    let (mut sparring, mut plain) = (0, 0);
    for shard in list_shards(&dir).unwrap() {
        let positions = read_positions(&shard.positions).unwrap();
        for record in read_games(&shard.games).unwrap() {
            let g = &record.game;
            let mine: Vec<_> = positions.iter().filter(|p| p.game_id == record.game_id).collect();
            let spar = record.soldiers_agent.ends_with("(sparring)");
            assert_eq!(spar, c.sparring.of_game(g.seed).is_some(), "the seed decides: {}", record.soldiers_agent);
            if let Some((_, depth)) = c.sparring.of_game(g.seed) {
                assert_eq!(record.soldiers_agent, format!("alphabeta:depth={depth} (sparring)"));
                assert_eq!(record.general_agent, "test");
            }
            // Replay: every recorded position is one the network's side moved from, with the
            // recorded move; alpha-beta's positions are not recorded.
            let mut game = Game::new(g.rules);
            let mut recorded = mine.iter();
            for m in &g.moves {
                let mover = game.position().side_to_move();
                if !(spar && mover == Side::Soldiers) {
                    let p = recorded.next().expect("a record for the network's move");
                    assert_eq!((p.position, p.played as usize), (*game.position(), m.action()));
                    assert_eq!(p.result, if mover == g.outcome.winner { 1.0 } else { -1.0 });
                }
                game.play(*m).unwrap();
            }
            assert!(recorded.next().is_none());
            if spar {
                sparring += 1;
                assert!(mine.iter().all(|p| p.position.side_to_move() == Side::General));
            } else {
                plain += 1;
                assert_eq!(mine.len(), g.moves.len());
            }
        }
    }
    assert!(sparring > 0 && plain > 0, "{sparring} sparring and {plain} plain games of 6");
    assert_eq!(sparring + plain, 6);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn detours_replace_one_sides_searched_moves_with_random_ones() {
    let dir = fresh_dir("d");
    let make = || -> Box<dyn Evaluator> { Box::new(UniformEvaluator) };
    let mut c = config(6);
    c.mcts = MctsConfig { sims: 48, temperature_plies: 0, ..c.mcts };
    c.detours = Detours { rate: 1.0, side: Side::Soldiers };
    run_selfplay(&c, &make, None, &dir, &ShardPrefix::plain("g0001"), &HashSet::new(), &Progress::default()).unwrap();
    // Without temperature the searched move is a most-visited one: the General's always is, the
    // soldiers' random ones mostly are not.
    let (mut general, mut soldiers) = ((0, 0), (0, 0));
    for shard in list_shards(&dir).unwrap() {
        let positions = read_positions(&shard.positions).unwrap();
        for record in read_games(&shard.games).unwrap() {
            assert_eq!((record.general_agent.as_str(), record.soldiers_agent.as_str()), ("test", "test (detours: 1)"));
            let mut game = Game::new(record.game.rules);
            let mine: Vec<_> = positions.iter().filter(|p| p.game_id == record.game_id).collect();
            assert_eq!(mine.len(), record.game.moves.len(), "every move is recorded");
            for (p, m) in mine.iter().zip(&record.game.moves) {
                assert_eq!((p.position, p.played as usize), (*game.position(), m.action()));
                let k = p.legal.iter().position(|&a| a == p.played).unwrap();
                let top = p.policy[k] >= p.policy.iter().cloned().fold(0.0, f32::max);
                let tally = if p.position.side_to_move() == Side::General { &mut general } else { &mut soldiers };
                *tally = (tally.0 + top as u32, tally.1 + 1);
                game.play(*m).unwrap();
            }
        }
    }
    assert_eq!(general.0, general.1, "the General always plays its searched move");
    assert!(soldiers.1 > 50 && soldiers.0 * 10 < soldiers.1 * 8, "soldiers' searched moves: {soldiers:?}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Priors that favour the highest action index by far: a player easy to tell apart.
struct HighestActionEvaluator;

impl Evaluator for HighestActionEvaluator {
    fn evaluate(&mut self, batch: &[Snapshot], out: &mut musashi_search::Evaluations) {
        out.clear();
        for _ in batch {
            out.logits.extend((0..NUM_ACTIONS).map(|a| 3.0 * a as f32));
        }
        out.values.resize(batch.len(), 0.0);
    }
}

#[test]
fn past_games_play_one_side_with_the_past_checkpoints_evaluator_and_record_only_the_other() {
    let dir = fresh_dir("p");
    let make = || -> Box<dyn Evaluator> { Box::new(UniformEvaluator) };
    let make_past = || -> Box<dyn Evaluator> { Box::new(HighestActionEvaluator) };
    let mut c = config(12);
    c.mcts = MctsConfig { dirichlet_fraction: 0.0, temperature_plies: 0, ..c.mcts };
    c.past = PastGames { share: 0.7, side: Side::Soldiers, window: 0 };
    let past = PastOpponent { name: "gen-0001 (past)".into(), make_evaluator: &make_past };
    run_selfplay(&c, &make, Some(&past), &dir, &ShardPrefix::plain("g0002"), &HashSet::new(), &Progress::default())
        .unwrap();
    let (mut past_games, mut plain) = (0, 0);
    // How often the soldiers' move was their highest legal action, in past and in plain games.
    let (mut soldiers, mut plain_soldiers) = ((0, 0), (0, 0));
    for shard in list_shards(&dir).unwrap() {
        let positions = read_positions(&shard.positions).unwrap();
        for record in read_games(&shard.games).unwrap() {
            let g = &record.game;
            let is_past = c.past.of_game(g.seed).is_some();
            assert_eq!(record.soldiers_agent == "gen-0001 (past)", is_past, "the seed decides");
            assert_eq!(record.general_agent, "test");
            let mine: Vec<_> = positions.iter().filter(|p| p.game_id == record.game_id).collect();
            let mut game = Game::new(g.rules);
            let mut recorded = mine.iter();
            for m in &g.moves {
                let mover = game.position().side_to_move();
                if mover == Side::Soldiers {
                    let highest = game.legal_moves().iter().map(|l| l.action()).max() == Some(m.action());
                    let tally = if is_past { &mut soldiers } else { &mut plain_soldiers };
                    *tally = (tally.0 + highest as u32, tally.1 + 1);
                }
                if !(is_past && mover == Side::Soldiers) {
                    let p = recorded.next().expect("a record for the current network's move");
                    assert_eq!((p.position, p.played as usize), (*game.position(), m.action()));
                }
                game.play(*m).unwrap();
            }
            assert!(recorded.next().is_none(), "the past side's moves are not recorded");
            if is_past { past_games += 1 } else { plain += 1 }
        }
    }
    assert!(past_games > 0 && plain > 0, "{past_games} past and {plain} plain games of 12");
    assert!(
        soldiers.1 > 10 && soldiers.0 * 10 >= soldiers.1 * 9,
        "the past soldiers follow their priors: {soldiers:?}"
    );
    assert!(plain_soldiers.0 * 2 < plain_soldiers.1, "the current soldiers do not: {plain_soldiers:?}");
    // Without a past checkpoint the same settings play no past game.
    let dir2 = fresh_dir("p2");
    run_selfplay(&c, &make, None, &dir2, &ShardPrefix::plain("g0002"), &HashSet::new(), &Progress::default()).unwrap();
    for shard in list_shards(&dir2).unwrap() {
        assert!(read_games(&shard.games).unwrap().iter().all(|r| r.soldiers_agent == "test"));
    }
    std::fs::remove_dir_all(&dir).unwrap();
    std::fs::remove_dir_all(&dir2).unwrap();
}
