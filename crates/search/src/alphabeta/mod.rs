//! The alpha-beta baseline: negamax with iterative deepening, a transposition table keyed by
//! the position hash, move ordering (hash move, captures, killers, history), principal
//! variation search with late move reductions, limits by depth, nodes or time, every rule of
//! the ruleset applied inside the tree (`tree.rs`), mate-distance scores, a hand-written
//! evaluation (`eval.rs`) and optional exact probes (`Oracle`). See `docs/alphabeta.md`.

mod eval;
mod ordering;
mod search;
mod tree;
mod tt;
pub mod tune;

pub use eval::{Features, LATE_HORIZON, NUM_FEATURES, Weights, dot, evaluate, evaluate_with_limit, features, score};

/// The static evaluation of `pos` for its side to move, in eval units (a soldier = 100), with
/// `threshold` the ruleset's capture threshold.
pub fn evaluate_for_mover(pos: &musashi_game::Position, threshold: u32, weights: &Weights) -> i32 {
    eval::evaluate(pos, threshold, weights)
}

use crate::agent::{Agent, Analysis, Choice, Score};
use crate::oracle::Oracle;
use musashi_game::{Game, Move};
use ordering::Ordering;
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use search::{INF, MATE, MATE_BOUND, Searcher, to_score};
use std::sync::Arc;
use std::time::{Duration, Instant};
use tree::Path;
use tt::Table;

/// Mixed into the game's seed for the blunder draws, so that they are not the noise's.
const BLUNDER_SEED: u64 = 0xB1_0DE5;

/// With probability `chance` (drawn from `rng` only when `chance > 0` and there is another
/// legal move), a move drawn uniformly from `game`'s legal moves other than `best`.
pub(crate) fn blunder(rng: &mut SmallRng, chance: f32, game: &Game, best: Move) -> Option<Move> {
    if chance <= 0.0 {
        return None;
    }
    let others: Vec<Move> = game.legal_moves().iter().copied().filter(|&m| m != best).collect();
    if others.is_empty() || rng.random::<f32>() >= chance {
        return None;
    }
    Some(others[rng.random_range(0..others.len())])
}

/// The deepest iteration the search will run.
pub const MAX_DEPTH: u32 = 64;

/// When to stop searching. Without any limit the search runs to `MAX_DEPTH` (or a proven
/// result). Node and time limits are checked after the first iteration, which always completes.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Default)]
pub struct Limits {
    /// Deepest iteration.
    pub depth: Option<u32>,
    /// Nodes (all iterations together).
    pub nodes: Option<u64>,
    /// Wall-clock time (not reproducible: use depth or nodes where results must repeat).
    pub time: Option<Duration>,
}

/// The engine's settings.
#[derive(Clone, PartialEq, Debug)]
pub struct Config {
    /// When to stop.
    pub limits: Limits,
    /// Transposition table size in MiB.
    pub tt_mb: usize,
    /// Amplitude of the seeded evaluation noise (0 = none), in eval units (a soldier = 100).
    /// A small amount varies the choice between near-equal moves from game to game.
    pub noise: i32,
    /// Late move reductions.
    pub lmr: bool,
    /// Score a position that already occurred (in the game or the search path) as a General
    /// win, under `third-time-general-wins` and `none` (see `docs/alphabeta.md`). Off, only
    /// the rules' third occurrence ends a line.
    pub early_repetition: bool,
    /// The evaluation's weights.
    pub weights: Weights,
    /// Chance per move (0..=1) that the agent plays a weaker move: one drawn uniformly from
    /// the legal moves other than the one its search found best (see `docs/alphabeta.md`).
    /// The draws come from the game's seed, and only an agent with a chance above 0 draws.
    /// `AlphaBeta::search` ignores it; only `Agent::choose` blunders.
    pub blunder: f32,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            limits: Limits { depth: Some(6), ..Limits::default() },
            tt_mb: 16,
            noise: 0,
            lmr: true,
            early_repetition: true,
            weights: Weights::default(),
            blunder: 0.0,
        }
    }
}

/// One completed iteration of iterative deepening.
#[derive(Clone, PartialEq, Debug)]
pub struct Iteration {
    /// Its depth.
    pub depth: u32,
    /// The score for the side to move.
    pub score: Score,
    /// The principal variation.
    pub pv: Vec<Move>,
    /// Nodes searched so far (all iterations).
    pub nodes: u64,
    /// Time since the search started.
    pub elapsed: Duration,
}

/// The result of a search.
#[derive(Clone, PartialEq, Debug)]
pub struct SearchResult {
    /// The best move found.
    pub best: Move,
    /// Its score for the side to move.
    pub score: Score,
    /// Principal variation, starting with `best`.
    pub pv: Vec<Move>,
    /// Nodes searched (including those of an unfinished last iteration).
    pub nodes: u64,
    /// Depth of the last completed iteration.
    pub depth: u32,
    /// Wall-clock time.
    pub elapsed: Duration,
    /// Every completed iteration.
    pub iterations: Vec<Iteration>,
}

/// The alpha-beta engine; also an `Agent`.
pub struct AlphaBeta {
    config: Config,
    name: String,
    tt: Table,
    ord: Ordering,
    seed: u64,
    oracle: Option<Arc<dyn Oracle>>,
    /// The blunder draws, seeded from the game's seed in `new_game`.
    rng: SmallRng,
}

impl std::fmt::Debug for AlphaBeta {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("AlphaBeta").field("name", &self.name).field("config", &self.config).finish()
    }
}

impl AlphaBeta {
    /// An engine with these settings, named `alphabeta` plus its limits.
    pub fn new(config: Config) -> AlphaBeta {
        let mut parts = Vec::new();
        if let Some(d) = config.limits.depth {
            parts.push(format!("depth={d}"));
        }
        if let Some(n) = config.limits.nodes {
            parts.push(format!("nodes={n}"));
        }
        if let Some(t) = config.limits.time {
            parts.push(format!("ms={}", t.as_millis()));
        }
        let name = if parts.is_empty() { "alphabeta".to_string() } else { format!("alphabeta:{}", parts.join(",")) };
        AlphaBeta {
            tt: Table::new(config.tt_mb),
            ord: Ordering::new(),
            config,
            name,
            seed: 0,
            oracle: None,
            rng: SmallRng::seed_from_u64(BLUNDER_SEED),
        }
    }

    /// Uses `oracle` for exact values inside the tree.
    pub fn with_oracle(mut self, oracle: Arc<dyn Oracle>) -> AlphaBeta {
        self.oracle = Some(oracle);
        self
    }

    /// Plays, with probability `chance` per move, a move drawn uniformly from the legal moves
    /// other than the best one found (`Config::blunder`).
    pub fn with_blunder(mut self, chance: f32) -> AlphaBeta {
        self.config.blunder = chance;
        self
    }

    /// Replaces the name reported by `Agent::name` (for example the spec string it was built from).
    pub fn with_name(mut self, name: impl Into<String>) -> AlphaBeta {
        self.name = name.into();
        self
    }

    /// The settings.
    pub fn config(&self) -> &Config {
        &self.config
    }

    /// Forgets the transposition table, killers and history.
    pub fn clear(&mut self) {
        self.tt.clear();
        self.ord.clear();
    }

    /// Searches the current position of `game` (which must not be over) within the limits.
    pub fn search(&mut self, game: &Game) -> SearchResult {
        self.search_with(game, self.config.limits)
    }

    /// Searches with other limits than the configured ones.
    pub fn search_with(&mut self, game: &Game, limits: Limits) -> SearchResult {
        assert!(!game.is_over(), "search called on a finished game");
        let start = Instant::now();
        let (path, root) = Path::from_game(game);
        let root_moves = path.legal_moves(&root);
        let max_depth = limits.depth.unwrap_or(MAX_DEPTH).clamp(1, MAX_DEPTH);
        self.tt.new_search();
        self.ord.age();
        let mut s = Searcher::new(
            path,
            &mut self.tt,
            &mut self.ord,
            &self.config.weights,
            self.oracle.as_deref(),
            self.config.noise,
            self.seed,
            self.config.lmr,
        );
        s.early_repetition = self.config.early_repetition;
        s.node_limit = limits.nodes.unwrap_or(u64::MAX);
        s.deadline = limits.time.map(|t| start + t);
        let mut iterations: Vec<Iteration> = Vec::new();
        let mut best = (root_moves[0], -INF, vec![root_moves[0]]);
        for depth in 1..=max_depth {
            let score = s.negamax(&root, depth, 0, -INF, INF);
            if s.stopped {
                break;
            }
            let pv = s.root_pv();
            let mv = pv.first().copied().unwrap_or(root_moves[0]);
            best = (mv, score, if pv.is_empty() { vec![mv] } else { pv.clone() });
            iterations.push(Iteration { depth, score: to_score(score), pv, nodes: s.nodes, elapsed: start.elapsed() });
            s.may_stop = true;
            // A forced result found within this depth is final.
            if score.abs() > MATE_BOUND && MATE - score.abs() <= depth as i32 {
                break;
            }
            if s.nodes >= s.node_limit {
                break;
            }
            // Another iteration costs several times this one: do not start what cannot finish.
            if let Some(t) = limits.time
                && start.elapsed() * 2 > t
            {
                break;
            }
        }
        let depth = iterations.last().map_or(0, |i| i.depth);
        SearchResult {
            best: best.0,
            score: to_score(best.1),
            pv: best.2,
            nodes: s.nodes,
            depth,
            elapsed: start.elapsed(),
            iterations,
        }
    }
}

impl Agent for AlphaBeta {
    fn name(&self) -> String {
        self.name.clone()
    }

    fn new_game(&mut self, seed: u64) {
        self.seed = seed;
        self.rng = SmallRng::seed_from_u64(seed ^ BLUNDER_SEED);
        self.clear();
    }

    fn choose(&mut self, game: &Game) -> Choice {
        let r = self.search(game);
        if let Some(mv) = blunder(&mut self.rng, self.config.blunder, game, r.best) {
            return Choice {
                mv,
                analysis: Analysis { score: None, pv: vec![mv], nodes: r.nodes, depth: Some(r.depth) },
            };
        }
        Choice {
            mv: r.best,
            analysis: Analysis { score: Some(r.score), pv: r.pv, nodes: r.nodes, depth: Some(r.depth) },
        }
    }
}

#[cfg(test)]
mod tests;
