//! What every phase of a run needs: the job, the run directory, the device, the metrics, and
//! the job's agents, parsed once when the run starts (a bad spec is an error before any game).

use crate::handicap_rates::HandicapRates;
use crate::job::Job;
use crate::metrics::Metrics;
use crate::run_dir::RunDir;
use crate::{ExactTarget, Replay, TrainError};
use musashi_agents::{AgentRecipe, TableOracle};
use musashi_game::{Ruleset, Side, Snapshot};
use musashi_net::{Device, Network, load_checkpoint};
use musashi_search::{Oracle, Score};
use std::path::Path;
use std::sync::Arc;

/// A run in progress.
pub(crate) struct Context {
    pub job: Job,
    pub dir: RunDir,
    pub rules: Vec<Ruleset>,
    pub threads: usize,
    pub device: Device,
    pub metrics: Metrics,
    pub agents: Agents,
    /// The replay window this process loaded last, and for which generation.
    pub replay: Option<(u32, Replay)>,
    /// The handicap games' blunder rates derived so far.
    pub handicap_rates: HandicapRates,
}

/// The job's agents, per ruleset (by the index in `Context::rules`).
pub(crate) struct Agents {
    /// `eval.anchor` followed by `eval.extra_opponents`.
    pub opponents: Vec<Vec<AgentRecipe>>,
    /// `bootstrap.alphabeta_spec`.
    pub bootstrap: Vec<AgentRecipe>,
    /// `bootstrap.tablebase`, when set.
    pub tablebase: Option<TableOracle>,
}

fn recipe(key: &str, spec: &str, rules: &Ruleset) -> Result<AgentRecipe, TrainError> {
    AgentRecipe::parse_str(spec, rules).map_err(|source| TrainError::Agent { key: key.to_string(), source })
}

impl Agents {
    /// Parses and loads every agent the job names, for each of its rulesets.
    pub(crate) fn parse(job: &Job, rules: &[Ruleset]) -> Result<Agents, TrainError> {
        let mut opponents = Vec::new();
        let mut bootstrap = Vec::new();
        for r in rules {
            let mut fixed = vec![recipe("eval.anchor", &job.eval.anchor, r)?];
            for o in &job.eval.extra_opponents {
                fixed.push(recipe("eval.extra_opponents", o, r)?);
            }
            opponents.push(fixed);
            bootstrap.push(recipe("bootstrap.alphabeta_spec", &job.bootstrap.alphabeta_spec, r)?);
        }
        Ok(Agents { opponents, bootstrap, tablebase: tablebase(job, rules)? })
    }
}

/// The tables of `bootstrap.tablebase`, checked to fit one of the run's rulesets.
fn tablebase(job: &Job, rules: &[Ruleset]) -> Result<Option<TableOracle>, TrainError> {
    let dir = &job.bootstrap.tablebase;
    if dir.is_empty() {
        return Ok(None);
    }
    let bad = |message: String| TrainError::Run(format!("bootstrap.tablebase '{dir}': {message}"));
    let tables = Arc::new(musashi_solver::Tables::load(Path::new(dir)).map_err(|e| bad(e.to_string()))?);
    if !rules.iter().any(|r| r.board == tables.board() && r.threshold() == tables.threshold()) {
        return Err(bad(format!(
            "the tables are for the {}-point board at threshold {}, which no ruleset of this run uses",
            tables.board(),
            tables.threshold()
        )));
    }
    Ok(Some(TableOracle { tables }))
}

impl Context {
    /// The network of generation `g`.
    pub(crate) fn load_network(&self, g: u32) -> Result<Arc<Network>, TrainError> {
        let path = self.dir.checkpoint(g);
        let (net, _) = load_checkpoint(&path, &self.device).map_err(TrainError::checkpoint(&path))?;
        Ok(Arc::new(net))
    }

    /// Exact targets from `bootstrap.tablebase`, for positions the tables cover (same board and
    /// threshold) and whose exact result still holds under their rules: the value, and the
    /// distance of a forced soldiers' win; with `bootstrap.tablebase_policy`, the best moves.
    pub(crate) fn exact_target(&self, s: &Snapshot, unrepeated: bool) -> Option<ExactTarget> {
        let oracle = self.agents.tablebase.as_ref()?;
        if s.rules.board != oracle.tables.board() || s.rules.threshold() != oracle.tables.threshold() {
            return None;
        }
        let score = oracle.probe(&s.position)?;
        let value = musashi_search::oracle_value_in_game(s, score, unrepeated)?;
        let soldiers_win = (value > 0.0) == (s.position.side_to_move() == Side::Soldiers);
        let plies = match score {
            Score::WinIn(n) | Score::LossIn(n) if soldiers_win => Some(n),
            _ => None,
        };
        let best = match self.job.bootstrap.tablebase_policy {
            true => oracle.move_values(&s.position, s.rules.threshold()).map_or_else(Vec::new, |values| {
                musashi_search::best_moves(&values).iter().map(|m| m.action() as u16).collect()
            }),
            false => Vec::new(),
        };
        Some(ExactTarget { value, plies, best })
    }
}
