//! Self-play: each worker thread plays many games at once and evaluates their search leaves in
//! one batched network call; finished games become Parquet shards. This crate is where search
//! meets the network (`NetEvaluator`), so neither knows the other.

mod config;
mod net_evaluator;
mod run;
mod worker;

pub use config::SelfplayConfig;
pub use net_evaluator::NetEvaluator;
pub use run::{Progress, SelfplaySummary, game_id, run_selfplay};
