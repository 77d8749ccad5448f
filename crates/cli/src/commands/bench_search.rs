//! `musashi bench search`: alpha-beta speed and depth reached in a time budget.

use anyhow::Result;
use musashi_game::{Game, Preset};
use musashi_search::Score;
use musashi_search::alphabeta::{AlphaBeta, Config, Limits};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use std::time::Duration;

/// Classic-rules games after a seeded number of random plies (20-60), still running.
fn middle_games(count: usize) -> Vec<Game> {
    let mut rng = SmallRng::seed_from_u64(2024);
    let mut out = Vec::new();
    while out.len() < count {
        let mut game = Game::new(Preset::Classic.ruleset());
        let plies = rng.random_range(20..=60);
        while !game.is_over() && game.plies() < plies {
            let moves = game.legal_moves();
            game.play(moves[rng.random_range(0..moves.len())]).expect("legal");
        }
        if !game.is_over() {
            out.push(game);
        }
    }
    out
}

pub(crate) fn bench_search(depth: u32, ms: u64, positions: usize) -> Result<()> {
    let fixed = |d: u32| Config { limits: Limits { depth: Some(d), ..Limits::default() }, ..Config::default() };
    let start = Game::new(Preset::Classic.ruleset());
    let mut engine = AlphaBeta::new(fixed(depth));
    let r = engine.search(&start);
    let secs = r.elapsed.as_secs_f64();
    println!(
        "classic start, depth {depth}: best {} ({}), {} nodes in {:.3} s, {:.2} M nodes/s",
        r.best,
        r.score,
        r.nodes,
        secs,
        r.nodes as f64 / secs.max(1e-9) / 1e6
    );
    let games = middle_games(positions);
    let (mut nodes, mut secs) = (0u64, 0f64);
    for g in &games {
        let mut e = AlphaBeta::new(fixed(depth));
        let r = e.search(g);
        nodes += r.nodes;
        secs += r.elapsed.as_secs_f64();
    }
    println!(
        "{} middle-game positions, depth {depth}: {nodes} nodes in {secs:.3} s, {:.2} M nodes/s",
        games.len(),
        nodes as f64 / secs.max(1e-9) / 1e6
    );
    let mut engine = AlphaBeta::new(Config {
        limits: Limits { time: Some(Duration::from_millis(ms)), ..Limits::default() },
        ..Config::default()
    });
    let r = engine.search(&start);
    println!(
        "classic start, {ms} ms: depth {} reached, {} nodes, best {} ({}), pv {}",
        r.depth,
        r.nodes,
        r.best,
        r.score,
        r.pv.iter().map(|m| m.to_string()).collect::<Vec<_>>().join(" ")
    );
    let mut reached = Vec::new();
    let mut proven = 0;
    for g in &games {
        let mut e = AlphaBeta::new(Config {
            limits: Limits { time: Some(Duration::from_millis(ms)), ..Limits::default() },
            ..Config::default()
        });
        let r = e.search(g);
        if matches!(r.score, Score::WinIn(_) | Score::LossIn(_)) {
            // A forced result ends the search early: its depth says nothing about speed.
            proven += 1;
        } else {
            reached.push(r.depth);
        }
    }
    reached.sort();
    if !reached.is_empty() {
        println!(
            "{} middle-game positions without a forced result, {ms} ms: depth reached min {}, median {}, max {} \
             ({proven} others were proven wins or losses)",
            reached.len(),
            reached[0],
            reached[reached.len() / 2],
            reached[reached.len() - 1]
        );
    }
    Ok(())
}
