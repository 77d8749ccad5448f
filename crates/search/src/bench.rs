//! What `musashi bench search` measures: alpha-beta's speed at a fixed depth and the depth it
//! reaches in a time budget, from the classic start and on seeded middle-game positions.

use crate::agent::Score;
use crate::alphabeta::{AlphaBeta, Config, Limits, SearchResult};
use musashi_game::{Game, Preset};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use std::time::Duration;

/// Classic-rules games after a seeded number of random plies (20-60), still running.
pub fn middle_games(count: usize) -> Vec<Game> {
    let mut rng = SmallRng::seed_from_u64(2024);
    let mut out = Vec::new();
    while out.len() < count {
        let mut game = Game::new(Preset::Classic.ruleset());
        let plies = rng.random_range(20..=60);
        while !game.is_over() && game.plies() < plies {
            let moves = game.legal_moves();
            game.play(moves[rng.random_range(0..moves.len())]).expect("a legal move");
        }
        if !game.is_over() {
            out.push(game);
        }
    }
    out
}

/// Searches with a fresh engine and these limits.
fn search(game: &Game, limits: Limits) -> SearchResult {
    AlphaBeta::new(Config { limits, ..Config::default() }).search(game)
}

/// Totals of fixed-depth searches.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Throughput {
    /// Nodes searched.
    pub nodes: u64,
    /// Seconds spent.
    pub seconds: f64,
}

impl Throughput {
    /// Millions of nodes per second.
    pub fn mnodes_per_second(&self) -> f64 {
        self.nodes as f64 / self.seconds.max(1e-9) / 1e6
    }
}

/// What a timed search reaches on positions without a forced result.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Reach {
    /// The depth of each search that found no forced result, sorted.
    pub depths: Vec<u32>,
    /// Searches that proved a win or loss (their depth says nothing about speed).
    pub proven: usize,
}

/// A fixed-depth search of `game`.
pub fn at_depth(game: &Game, depth: u32) -> SearchResult {
    search(game, Limits { depth: Some(depth), ..Limits::default() })
}

/// A search of `game` limited to `ms` milliseconds.
pub fn in_time(game: &Game, ms: u64) -> SearchResult {
    search(game, Limits { time: Some(Duration::from_millis(ms)), ..Limits::default() })
}

/// Fixed-depth searches of every game, totalled.
pub fn throughput(games: &[Game], depth: u32) -> Throughput {
    let mut t = Throughput { nodes: 0, seconds: 0.0 };
    for g in games {
        let r = at_depth(g, depth);
        t.nodes += r.nodes;
        t.seconds += r.elapsed.as_secs_f64();
    }
    t
}

/// Timed searches of every game: the depths reached.
pub fn reach(games: &[Game], ms: u64) -> Reach {
    let mut out = Reach::default();
    for g in games {
        let r = in_time(g, ms);
        if matches!(r.score, Score::WinIn(_) | Score::LossIn(_)) {
            out.proven += 1;
        } else {
            out.depths.push(r.depth);
        }
    }
    out.depths.sort();
    out
}
