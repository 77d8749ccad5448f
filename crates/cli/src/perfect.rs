//! The solver's tables as an `Oracle` (for perfect-play accuracy), and the perfect player:
//! `perfect:tables=DIR` plays a best move by the tables (the shortest win, or the longest
//! loss), ties broken by its seed, and falls back to alpha-beta where the tables do not reach.

use anyhow::{Result, bail};
use musashi_game::{Game, Position, Ruleset, Side};
use musashi_search::{Agent, AlphaBeta, Analysis, Choice, Oracle, Score};
use musashi_solver::{Tables, Value};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use std::sync::Arc;

/// A General win by endless play has no distance; the `Oracle` contract asks for a large one.
const ENDLESS: u32 = 10_000;

/// Solved tables for one board and threshold, as an exact oracle.
#[derive(Debug)]
pub(crate) struct TablesOracle {
    tables: Tables,
}

impl TablesOracle {
    /// Wraps tables after checking they are for `rules`' board and threshold.
    pub(crate) fn new(tables: Tables, rules: &Ruleset) -> Result<TablesOracle> {
        let oracle = TablesOracle { tables };
        oracle.check(rules)?;
        Ok(oracle)
    }

    /// Checks that these tables suit `rules` (a cached oracle may be asked for other rules).
    pub(crate) fn check(&self, rules: &Ruleset) -> Result<()> {
        if self.tables.board() != rules.board || self.tables.threshold() != rules.threshold() {
            bail!(
                "the tables are for the {}-point board with threshold {}, the rules ({rules}) need the {}-point board \
                 with threshold {}",
                self.tables.board(),
                self.tables.threshold(),
                rules.board,
                rules.threshold()
            );
        }
        Ok(())
    }
}

/// A table value as a score for the side to move of the position it belongs to.
fn score(value: Value, mover: Side) -> Score {
    match (value, mover) {
        (Value::SoldiersWin(n), Side::Soldiers) => Score::WinIn(n),
        (Value::SoldiersWin(n), Side::General) => Score::LossIn(n),
        (Value::GeneralWins, Side::General) => Score::WinIn(ENDLESS),
        (Value::GeneralWins, Side::Soldiers) => Score::LossIn(ENDLESS),
    }
}

impl Oracle for TablesOracle {
    fn probe(&self, pos: &Position) -> Option<Score> {
        if pos.num_soldiers() > self.tables.max_soldiers() {
            return None;
        }
        self.tables.probe(pos).ok().map(|v| score(v, pos.side_to_move()))
    }
}

/// Plays perfectly where the tables reach.
pub(crate) struct PerfectAgent {
    name: String,
    oracle: Arc<TablesOracle>,
    fallback: AlphaBeta,
    rng: SmallRng,
}

impl std::fmt::Debug for PerfectAgent {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PerfectAgent").field("name", &self.name).finish_non_exhaustive()
    }
}

impl PerfectAgent {
    pub(crate) fn new(name: String, oracle: Arc<TablesOracle>, fallback: AlphaBeta) -> PerfectAgent {
        PerfectAgent { name, oracle, fallback, rng: SmallRng::seed_from_u64(0) }
    }
}

impl Agent for PerfectAgent {
    fn name(&self) -> String {
        self.name.clone()
    }

    fn new_game(&mut self, seed: u64) {
        self.rng = SmallRng::seed_from_u64(seed);
        self.fallback.new_game(seed);
    }

    fn choose(&mut self, game: &Game) -> Choice {
        let pos = game.position();
        if pos.num_soldiers() <= self.oracle.tables.max_soldiers()
            && let Ok(best) = self.oracle.tables.best_moves(pos)
        {
            let legal: Vec<(musashi_game::Move, Value)> = best.into_iter().filter(|(m, _)| game.is_legal(*m)).collect();
            if !legal.is_empty() {
                let (mv, value) = legal[self.rng.random_range(0..legal.len())];
                // The value is the child's; from here the trap is one ply further.
                let value = match value {
                    Value::SoldiersWin(n) => Value::SoldiersWin(n + 1),
                    v => v,
                };
                let analysis =
                    Analysis { score: Some(score(value, pos.side_to_move())), pv: vec![mv], nodes: 0, depth: None };
                return Choice { mv, analysis };
            }
        }
        self.fallback.choose(game)
    }
}
