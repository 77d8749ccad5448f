//! Which games a run has: its shards by generation and worker, and the game indices recorded.

use crate::TrainError;
use musashi_records::{
    GameRecord, Shard, ShardPrefix, count_rows, game_index, list_shards, read_games, shard_generation, shard_worker,
};
use musashi_selfplay::GameKinds;
use std::collections::HashSet;
use std::path::Path;

/// The worker name of the alpha-beta bootstrap games.
pub(crate) const BOOTSTRAP_WORKER: &str = "alphabeta";

/// The worker name of the trainer's own self-play.
pub(crate) const MAIN_WORKER: &str = "main";

/// Complete shards holding data for generations up to `g`, oldest generation first.
pub(crate) fn shards_up_to(games: &Path, g: u32) -> Result<Vec<Shard>, TrainError> {
    let mut shards: Vec<(u32, Shard)> = list_shards(games)?
        .into_iter()
        .filter_map(|s| Some((shard_generation(&s.name)?, s)))
        .filter(|(sg, _)| *sg <= g)
        .collect();
    shards.sort_by(|a, b| a.0.cmp(&b.0).then(a.1.name.cmp(&b.1.name)));
    Ok(shards.into_iter().map(|(_, s)| s).collect())
}

/// Self-play games recorded for generation `g` by every worker.
pub(crate) fn games_for_generation(games: &Path, g: u32) -> Result<u64, TrainError> {
    let mut n = 0;
    for s in list_shards(games)? {
        if shard_generation(&s.name) == Some(g) && shard_worker(&s.name) != Some(BOOTSTRAP_WORKER) {
            n += count_rows(&s.games)?;
        }
    }
    Ok(n)
}

/// The games of generation `g`'s shards whose worker `keep` accepts.
pub(crate) fn read_generation_games(
    games: &Path,
    g: u32,
    keep: impl Fn(&str) -> bool,
) -> Result<Vec<GameRecord>, TrainError> {
    let mut out = Vec::new();
    for s in list_shards(games)? {
        if shard_generation(&s.name) == Some(g) && shard_worker(&s.name).is_some_and(&keep) {
            out.extend(read_games(&s.games)?);
        }
    }
    Ok(out)
}

/// Whether any shard has the prefix.
pub(crate) fn any_shard(games: &Path, prefix: &ShardPrefix) -> Result<bool, TrainError> {
    Ok(list_shards(games)?.iter().any(|s| prefix.owns_shard(&s.name)))
}

/// Game indices already recorded under `prefix`.
pub(crate) fn recorded_indices(games: &Path, prefix: &ShardPrefix) -> Result<HashSet<u32>, TrainError> {
    let mut done = HashSet::new();
    for s in list_shards(games)? {
        if !prefix.owns_shard(&s.name) {
            continue;
        }
        for g in read_games(&s.games)? {
            if let Some(i) = game_index(&g.game_id) {
                done.insert(i);
            }
        }
    }
    Ok(done)
}

/// What the self-play games recorded under a prefix add up to.
#[derive(Clone, Debug, Default, PartialEq)]
pub(crate) struct Totals {
    pub games: u32,
    pub positions: u64,
    pub general_wins: u32,
    pub soldiers_wins: u32,
    /// Sparring games (against alpha-beta) and the network side's wins in them.
    pub sparring_games: u32,
    pub sparring_wins: u32,
    /// Past games (against an earlier checkpoint) and the current network's wins in them.
    pub past_games: u32,
    pub past_wins: u32,
    /// Games per ending (`winner reason`).
    pub endings: std::collections::BTreeMap<String, u32>,
    pub plies: u64,
}

/// The totals of every game recorded under `prefix` (whichever invocation played it); a game's
/// seed says what kind of game it was.
pub(crate) fn totals(games: &Path, prefix: &ShardPrefix, kinds: GameKinds<'_>) -> Result<Totals, TrainError> {
    let mut t = Totals::default();
    for s in list_shards(games)?.into_iter().filter(|s| prefix.owns_shard(&s.name)) {
        t.positions += count_rows(&s.positions)?;
        for g in read_games(&s.games)? {
            t.games += 1;
            t.plies += g.game.length() as u64;
            match g.game.outcome.winner {
                musashi_game::Side::General => t.general_wins += 1,
                musashi_game::Side::Soldiers => t.soldiers_wins += 1,
            }
            if let Some((alphabeta, _)) = kinds.sparring(g.game.seed) {
                t.sparring_games += 1;
                t.sparring_wins += (g.game.outcome.winner != alphabeta) as u32;
            }
            if let Some(past) = kinds.past(g.game.seed) {
                t.past_games += 1;
                t.past_wins += (g.game.outcome.winner != past) as u32;
            }
            *t.endings.entry(format!("{} {}", g.game.outcome.winner, g.game.outcome.reason)).or_default() += 1;
        }
    }
    Ok(t)
}
