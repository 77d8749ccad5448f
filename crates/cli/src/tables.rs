//! The solver's tables as an `Oracle` for searches and agents (the search crate defines the
//! trait, the solver knows nothing of it; this adapter is where they meet), with a cache so a
//! match's games share one copy.

use anyhow::{Context, Result, bail};
use musashi_game::{Position, Ruleset, Side};
use musashi_search::{Oracle, Score};
use musashi_solver::{Tables, Value};
use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::{Arc, Mutex, OnceLock};

/// The distance reported for a General win by endless play (no trap can be forced).
pub(crate) const ENDLESS: u32 = 1000;

/// Solved tables answering for the side to move.
#[derive(Debug, Clone)]
pub(crate) struct TableOracle {
    pub tables: Arc<Tables>,
}

impl Oracle for TableOracle {
    fn probe(&self, pos: &Position) -> Option<Score> {
        if pos.board() != self.tables.board() || pos.num_soldiers() > self.tables.max_soldiers() {
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
pub(crate) fn load_tables(dir: &str, rules: &Ruleset) -> Result<Arc<Tables>> {
    static CACHE: OnceLock<Mutex<HashMap<PathBuf, Arc<Tables>>>> = OnceLock::new();
    let key = PathBuf::from(dir);
    let tables = {
        let mut cache = CACHE.get_or_init(Default::default).lock().expect("no panic while loading");
        match cache.get(&key) {
            Some(t) => t.clone(),
            None => {
                let t = Arc::new(Tables::open(&key).with_context(|| format!("tables '{dir}'"))?);
                cache.insert(key, t.clone());
                t
            }
        }
    };
    if tables.board() != rules.board || tables.threshold() != rules.threshold() {
        bail!(
            "tables '{dir}' are for the {}-point board with the General winning at {} soldiers; the rules use the {}-point board and {}",
            tables.board(),
            tables.threshold(),
            rules.board,
            rules.threshold()
        );
    }
    Ok(tables)
}
