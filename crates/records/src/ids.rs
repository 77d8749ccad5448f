//! The names of run data: a shard prefix (`spGGGG-WORKER` in a training run, anything for a
//! plain `musashi selfplay`), shard names `PREFIX-sNNNNN` and game ids `PREFIX-NNNNNN`. Every
//! name is built and read here, and nowhere else.

use std::fmt;

/// The stem shared by a batch of shards and the ids of their games.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct ShardPrefix(String);

impl ShardPrefix {
    /// The data of generation `generation` played by `worker` in a training run.
    pub fn run(generation: u32, worker: &str) -> ShardPrefix {
        ShardPrefix(format!("sp{generation:04}-{worker}"))
    }

    /// Any other prefix (letters, digits and `-`).
    pub fn plain(text: &str) -> ShardPrefix {
        ShardPrefix(text.to_string())
    }

    /// The name of shard number `n`.
    pub fn shard_name(&self, n: u32) -> String {
        format!("{}-s{n:05}", self.0)
    }

    /// The id of game `index`.
    pub fn game_id(&self, index: u32) -> String {
        format!("{}-{index:06}", self.0)
    }

    /// Whether the shard named `name` has this prefix.
    pub fn owns_shard(&self, name: &str) -> bool {
        name.strip_prefix(self.0.as_str()).is_some_and(|rest| rest.starts_with("-s"))
    }
}

impl fmt::Display for ShardPrefix {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// The training generation a run's shard belongs to (from its name `spGGGG-...`).
pub fn shard_generation(name: &str) -> Option<u32> {
    name.strip_prefix("sp")?.get(..4)?.parse().ok()
}

/// The worker that wrote a run's shard (`spGGGG-WORKER-sNNNNN`).
pub fn shard_worker(name: &str) -> Option<&str> {
    let rest = name.strip_prefix("sp")?.get(4..)?.strip_prefix('-')?;
    Some(rest.rsplit_once("-s")?.0)
}

/// The index of a game from its id (`PREFIX-NNNNNN`).
pub fn game_index(id: &str) -> Option<u32> {
    id.rsplit('-').next()?.parse().ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_read_back() {
        let p = ShardPrefix::run(12, "w1");
        assert_eq!(p.to_string(), "sp0012-w1");
        assert_eq!(p.shard_name(3), "sp0012-w1-s00003");
        assert_eq!(p.game_id(45), "sp0012-w1-000045");
        assert!(p.owns_shard("sp0012-w1-s00003"));
        assert!(!p.owns_shard("sp0012-w10-s00003"));
        assert_eq!(shard_generation("sp0012-w1-s00003"), Some(12));
        assert_eq!(shard_worker("sp0012-w1-s00003"), Some("w1"));
        assert_eq!(shard_worker("sp0012-alphabeta-s00000"), Some("alphabeta"));
        assert_eq!(game_index(&p.game_id(45)), Some(45));
        assert_eq!(shard_generation("sp-s00000"), None);
        assert_eq!(ShardPrefix::plain("sp").shard_name(0), "sp-s00000");
    }
}
