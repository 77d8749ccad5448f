//! Self-play settings.

use crate::detours::Detours;
use crate::game_kinds::GameKinds;
use crate::handicap::Handicap;
use crate::past::PastGames;
use crate::sparring::Sparring;
use musashi_game::Ruleset;
use musashi_search::{MctsConfig, SettingError};
use serde::{Deserialize, Serialize};

/// What to play and how.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SelfplayConfig {
    /// Games to play.
    pub games: u32,
    /// Worker threads.
    pub threads: usize,
    /// Games each worker plays at once (their leaves make one network batch).
    pub concurrent_games: usize,
    /// Rulesets; game `i` uses `rules[i % rules.len()]`.
    pub rules: Vec<Ruleset>,
    /// The search.
    pub mcts: MctsConfig,
    /// For rulesets without a move limit: after this many plies the game is adjudicated as
    /// endless play, a win for the General (as the solved form counts it).
    pub max_plies: u32,
    /// Base seed; game `i` is seeded from it and `i` alone.
    pub seed: u64,
    /// The generation written into the records.
    pub generation: u32,
    /// Games per shard file.
    pub shard_games: usize,
    /// The model's name in the games table.
    pub agent_name: String,
    /// Handicap games (off by default).
    #[serde(default)]
    pub handicap: Handicap,
    /// Sparring games against alpha-beta (off by default).
    #[serde(default)]
    pub sparring: Sparring,
    /// Random moves of one side (off by default).
    #[serde(default)]
    pub detours: Detours,
    /// Games against a past checkpoint (off by default; the caller supplies the checkpoint).
    #[serde(default)]
    pub past: PastGames,
}

impl SelfplayConfig {
    /// Plain self-play outside a training job (`musashi selfplay`, `musashi bench selfplay`):
    /// `games` games of `rules` by `agent_name` at `sims` simulations (`selfplay_mcts`), on
    /// `threads` threads of `concurrent_games` games each; 400 plies at most, 64 games a shard,
    /// generation 0, no handicap, sparring, detours or past games.
    pub fn plain(rules: Ruleset, games: u32, sims: u32, threads: usize, concurrent_games: usize) -> SelfplayConfig {
        SelfplayConfig {
            games,
            threads,
            concurrent_games,
            rules: vec![rules],
            mcts: selfplay_mcts(sims),
            max_plies: 400,
            seed: 1,
            generation: 0,
            shard_games: 64,
            agent_name: String::new(),
            handicap: Handicap::default(),
            sparring: Sparring::default(),
            detours: Detours::default(),
            past: PastGames::default(),
        }
    }

    /// The settings that draw each game's kind.
    pub fn kinds(&self) -> GameKinds<'_> {
        GameKinds { sparring: &self.sparring, past: &self.past, handicap: &self.handicap }
    }

    /// Checks the settings; the error names the key.
    pub fn validate(&self) -> Result<(), SettingError> {
        let check = SettingError::check;
        check((1..=256).contains(&self.threads), "threads", &format!("in 1..=256, not {}", self.threads))?;
        let concurrent = self.concurrent_games;
        check((1..=4096).contains(&concurrent), "concurrent_games", &format!("in 1..=4096, not {concurrent}"))?;
        check(!self.rules.is_empty(), "rules", "at least one ruleset")?;
        check(self.max_plies >= 1, "max_plies", "at least 1")?;
        check(self.shard_games >= 1, "shard_games", "at least 1")?;
        self.handicap.validate(self.mcts.sims).map_err(|e| e.under("handicap"))?;
        self.sparring.validate().map_err(|e| e.under("sparring"))?;
        self.detours.validate().map_err(|e| e.under("detours"))?;
        self.past.validate().map_err(|e| e.under("past"))?;
        self.mcts.validate().map_err(|e| e.under("mcts"))
    }
}

/// Self-play's search at `sims` simulations: root noise and an early temperature for variety.
pub fn selfplay_mcts(sims: u32) -> MctsConfig {
    MctsConfig {
        sims,
        dirichlet_fraction: 0.25,
        dirichlet_alpha: 0.3,
        temperature: 1.0,
        temperature_plies: 12,
        ..MctsConfig::default()
    }
}

pub use musashi_chores::threads_or_all;
