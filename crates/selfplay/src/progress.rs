//! What a self-play run reports: counters to poll while it runs, and the summary at the end.

use musashi_records::Shard;
use std::collections::BTreeMap;
use std::sync::atomic::AtomicU64;

/// Counters a caller can poll while self-play runs (for progress bars).
#[derive(Debug, Default)]
pub struct Progress {
    /// Games finished.
    pub games: AtomicU64,
    /// Positions recorded (moves played).
    pub positions: AtomicU64,
    /// States evaluated by the network.
    pub evaluations: AtomicU64,
    /// MCTS simulations run.
    pub simulations: AtomicU64,
}

/// What a self-play run produced.
#[derive(Debug, Default, Clone, PartialEq)]
pub struct SelfplaySummary {
    /// Games played in this run.
    pub games: u32,
    /// Positions recorded.
    pub positions: u64,
    /// Games won by the General.
    pub general_wins: u32,
    /// Games won by the soldiers.
    pub soldiers_wins: u32,
    /// Games per ending (`winner reason`).
    pub endings: BTreeMap<String, u32>,
    /// Sum of game lengths in plies.
    pub total_plies: u64,
    /// Wall time.
    pub seconds: f64,
    /// Shards written.
    pub shards: Vec<Shard>,
}
