//! One module per subcommand; no command uses another (what two share lives beside `commands/`).

pub(crate) mod bench;
pub(crate) mod cluster;
pub(crate) mod export;
pub(crate) mod hint;
pub(crate) mod match_cmd;
pub(crate) mod perft;
pub(crate) mod play;
pub(crate) mod probe;
pub(crate) mod rank;
pub(crate) mod retune;
pub(crate) mod seal_shards;
pub(crate) mod selfplay;
pub(crate) mod serve;
pub(crate) mod show;
pub(crate) mod site;
pub(crate) mod solve;
pub(crate) mod train;
pub(crate) mod unbundle;
