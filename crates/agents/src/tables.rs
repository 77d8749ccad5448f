//! The solver's tables as an `Oracle` for searches and agents (the search crate defines the
//! trait, the solver knows nothing of it; this adapter is where they meet), loaded once per
//! process so that a match's games share one copy.

use crate::AgentError;
use crate::cache::{Cache, cached};
use musashi_game::{Position, Ruleset, Side};
use musashi_search::{Oracle, Score};
use musashi_solver::{Tables, Value};
use std::path::Path;
use std::sync::Arc;

/// The distance reported for a General win by endless play (no trap can be forced): the search
/// crate's, which its validation and the evaluator's accuracy read as "no distance".
pub use musashi_search::validation::ENDLESS;

/// Solved tables answering for the side to move.
#[derive(Debug, Clone)]
pub struct TableOracle {
    /// The tables.
    pub tables: Arc<Tables>,
}

impl Oracle for TableOracle {
    fn probe(&self, pos: &Position) -> Option<Score> {
        if pos.board() != self.tables.board() || !self.tables.covers(pos.num_soldiers()) {
            return None;
        }
        let v = self.tables.probe(pos).ok()?;
        let (winner, n) = match v {
            Value::SoldiersWin(n) => (Side::Soldiers, n),
            Value::GeneralWins => (Side::General, ENDLESS),
        };
        Some(if winner == pos.side_to_move() { Score::WinIn(n) } else { Score::LossIn(n) })
    }
}

/// The tables in `dir` (loaded once per process), checked against `rules`' board and threshold.
pub fn load_tables(dir: &Path, rules: &Ruleset) -> Result<Arc<Tables>, AgentError> {
    static CACHE: Cache<Tables> = Cache::new();
    let fail = |message: String| AgentError::Tables { dir: dir.to_path_buf(), message };
    let tables = cached(&CACHE, dir, |p| Tables::load(p).map_err(|e| fail(e.to_string())))?;
    if tables.board() != rules.board || tables.threshold() != rules.threshold() {
        return Err(fail(format!(
            "they are for the {}-point board with the General winning at {} soldiers; the rules use the {}-point board and {}",
            tables.board(),
            tables.threshold(),
            rules.board,
            rules.threshold()
        )));
    }
    Ok(tables)
}
