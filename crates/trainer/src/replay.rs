//! The replay window: positions from the run's shards, newest kept, size growing with the run.

use crate::config::TrainerConfig;
use musashi_game::Snapshot;
use musashi_records::{RecordError, Shard, read_positions};
use rand::Rng;
use std::collections::{HashSet, VecDeque};

/// One training position.
#[derive(Clone, Debug, PartialEq)]
pub struct Sample {
    /// The position in its game context.
    pub state: Snapshot,
    /// Legal actions.
    pub legal: Vec<u16>,
    /// Policy target aligned with `legal`.
    pub policy: Vec<f32>,
    /// Value target for the side to move.
    pub value: f32,
    /// Whether the policy target comes from a full search (else it is not trained on).
    pub full: bool,
    /// Plies from this position to the end of its game (the moves-left target).
    pub plies: f32,
}

/// What endgame tables know about a position: the value for the side to move and, for a
/// forced soldiers' win, the plies to the end under perfect play.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ExactTarget {
    /// +1 or -1 for the side to move.
    pub value: f32,
    /// Plies to the end when the tables know them (a General's endless-play win has none).
    pub plies: Option<u32>,
}

/// Exact targets where known (endgame tables), or None.
pub type ValueOracle<'a> = &'a (dyn Fn(&Snapshot) -> Option<ExactTarget> + Sync);

/// The window of recent positions.
#[derive(Debug, Default)]
pub struct Replay {
    samples: VecDeque<Sample>,
    loaded: HashSet<String>,
    seen: u64,
    exact: u64,
}

impl Replay {
    /// An empty window.
    pub fn new() -> Replay {
        Replay::default()
    }

    /// Positions in the window.
    pub fn len(&self) -> usize {
        self.samples.len()
    }

    /// Whether the window is empty.
    pub fn is_empty(&self) -> bool {
        self.samples.is_empty()
    }

    /// Positions loaded so far in total (the window's growth follows this).
    pub fn seen(&self) -> u64 {
        self.seen
    }

    /// Positions whose value target came from the oracle.
    pub fn exact_values(&self) -> u64 {
        self.exact
    }

    /// Loads the shards not loaded before, then trims the window. The new positions are put in
    /// a canonical order (by game id, which starts with the data generation, then ply), so the
    /// window does not depend on how games were grouped into shards or in which order they
    /// finished. Value targets: the game result mixed with the search value, or the oracle's
    /// exact value where it knows one; moves-left targets: the plies to the game's end, or the
    /// oracle's exact distance where it knows one.
    pub fn load(
        &mut self,
        shards: &[Shard],
        config: &TrainerConfig,
        oracle: Option<ValueOracle>,
    ) -> Result<usize, RecordError> {
        let mut fresh = Vec::new();
        for shard in shards {
            if self.loaded.insert(shard.name.clone()) {
                fresh.extend(read_positions(&shard.positions)?);
            }
        }
        fresh.sort_by(|a, b| a.game_id.cmp(&b.game_id).then(a.ply.cmp(&b.ply)));
        let added = fresh.len();
        for r in fresh {
            let state = Snapshot {
                position: r.position,
                rules: r.rules,
                moves_left: r.moves_left,
                repetition_count: r.repetition_count,
            };
            let mix = config.search_value_mix;
            let mut value = (1.0 - mix) * r.result + mix * r.search_value;
            let mut plies = r.plies_to_end as f32;
            if let Some(e) = oracle.and_then(|o| o(&state)) {
                value = e.value;
                plies = e.plies.map_or(plies, |n| n as f32);
                self.exact += 1;
            }
            self.samples.push_back(Sample {
                state,
                legal: r.legal,
                policy: r.policy,
                value,
                full: r.full_search,
                plies,
            });
        }
        self.seen += added as u64;
        self.trim(config);
        Ok(added)
    }

    /// The window size for the positions seen so far.
    pub fn window(&self, config: &TrainerConfig) -> usize {
        let grown = (self.seen as f64 * config.window_fraction) as usize;
        grown.clamp(config.window_min, config.window_max)
    }

    fn trim(&mut self, config: &TrainerConfig) {
        let w = self.window(config);
        while self.samples.len() > w {
            self.samples.pop_front();
        }
    }

    /// A random sample: uniform for `recency` 0, skewed towards the newest otherwise.
    pub fn pick(&self, rng: &mut impl Rng, recency: f64) -> &Sample {
        let n = self.samples.len();
        assert!(n > 0, "sampling from an empty replay window");
        let u: f64 = rng.random();
        let x = if recency > 0.0 { u.powf(1.0 / (1.0 + recency)) } else { u };
        &self.samples[((x * n as f64) as usize).min(n - 1)]
    }
}
