//! The match settings that `match` and `rank` take from their flags.

use anyhow::{Result, bail};
use musashi_evaluator::MatchConfig;
use musashi_game::Ruleset;

/// A match of `games` games; `--threads` absent means every core, and 0 is refused.
pub(crate) fn match_config(
    rules: Ruleset,
    games: usize,
    seed: u64,
    threads: Option<usize>,
    opening_plies: u32,
    max_plies: u32,
) -> Result<MatchConfig> {
    let mut config = MatchConfig::new(rules, games);
    config.seed = seed;
    if let Some(t) = threads {
        if t == 0 {
            bail!("--threads must be at least 1");
        }
        config.threads = t;
    }
    config.opening_plies = opening_plies;
    config.max_plies = max_plies;
    Ok(config)
}
