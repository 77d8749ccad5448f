//! Self-play: each worker thread plays many games at once and evaluates their search leaves in
//! one batched network call; finished games become Parquet shards. This crate is where search
//! meets the network (`NetEvaluator`), so neither knows the other.

pub mod bench;
mod config;
mod detours;
mod finished;
mod game_kinds;
mod handicap;
mod net_evaluator;
mod past;
mod progress;
mod run;
mod sparring;
mod worker;

pub use config::{SelfplayConfig, selfplay_mcts, threads_or_all};
pub use detours::Detours;
pub use finished::Finished;
pub use game_kinds::GameKinds;
pub use handicap::{Handicap, HandicapGame};
pub use net_evaluator::NetEvaluator;
pub use past::{PastGames, PastOpponent};
pub use progress::{Progress, SelfplaySummary};
pub use run::run_selfplay;
pub use sparring::{MAX_SPARRING_DEPTH, Sparring};
