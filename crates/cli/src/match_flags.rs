//! The match settings that `match` and `rank` share: their flags and the `MatchConfig` they make.

use musashi_evaluator::MatchConfig;
use musashi_game::Ruleset;
use musashi_selfplay::threads_or_all;

#[derive(clap::Args, Debug)]
pub(crate) struct MatchFlags {
    /// Seed: game i of a match is seeded from (seed, i), whatever the number of threads.
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// Worker threads (absent or 0: every core).
    #[arg(long)]
    threads: Option<usize>,
    /// Random moves at the start of each game (seeded), so that games between deterministic
    /// agents differ (0 plays every game from the start).
    #[arg(long, default_value_t = 2)]
    opening_plies: u32,
    /// Rulesets without a move limit: a game longer than this is adjudicated to the General.
    #[arg(long, default_value_t = 1000)]
    max_plies: u32,
}

impl MatchFlags {
    /// A match of `games` games; `--threads` absent or 0 means every core (as everywhere).
    pub(crate) fn config(&self, rules: Ruleset, games: usize) -> MatchConfig {
        let threads = self.threads.map_or(MatchConfig::new(rules, games).threads, threads_or_all);
        let (seed, opening_plies, max_plies) = (self.seed, self.opening_plies, self.max_plies);
        MatchConfig { rules, games, seed, threads, opening_plies, max_plies }
    }
}
