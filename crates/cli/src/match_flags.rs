//! The match settings that `match` and `rank` take from their flags.

use musashi_evaluator::MatchConfig;
use musashi_game::Ruleset;
use musashi_selfplay::threads_or_all;

/// A match of `games` games; `--threads` absent or 0 means every core (as everywhere).
pub(crate) fn match_config(
    rules: Ruleset,
    games: usize,
    seed: u64,
    threads: Option<usize>,
    opening_plies: u32,
    max_plies: u32,
) -> MatchConfig {
    let threads = threads.map_or(MatchConfig::new(rules, games).threads, threads_or_all);
    MatchConfig { rules, games, seed, threads, opening_plies, max_plies }
}
