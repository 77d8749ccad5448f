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

impl std::fmt::Display for SelfplaySummary {
    /// The summary as `musashi selfplay` prints it: totals, endings, then each shard written.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let avg = if self.games > 0 { self.total_plies as f64 / self.games as f64 } else { 0.0 };
        writeln!(
            f,
            "played {} games ({} positions) in {:.1} s: general {} wins, soldiers {} wins, average {avg:.1} plies",
            self.games, self.positions, self.seconds, self.general_wins, self.soldiers_wins
        )?;
        for (ending, n) in &self.endings {
            writeln!(f, "  {ending}: {n}")?;
        }
        for shard in &self.shards {
            writeln!(f, "wrote {}", shard.positions.display())?;
        }
        Ok(())
    }
}
