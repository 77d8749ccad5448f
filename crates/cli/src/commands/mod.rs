//! One module per subcommand.

pub(crate) mod bench;
mod bench_network;
mod bench_search;
mod bench_selfplay;
mod bench_solve;
mod bench_validate;
pub(crate) mod export;
pub(crate) mod hint;
pub(crate) mod match_cmd;
pub(crate) mod perft;
pub(crate) mod play;
pub(crate) mod probe;
pub(crate) mod rank;
pub(crate) mod selfplay;
pub(crate) mod show;
pub(crate) mod solve;
