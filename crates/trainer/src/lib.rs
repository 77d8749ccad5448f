//! The trainer: a replay window over the run's Parquet shards (growing with the run),
//! uniform or recency-weighted minibatches, symmetry augmentation, value targets (game result,
//! optionally mixed with the search value or replaced by exact endgame values) and the
//! learning-rate schedule. The optimizer step itself is the network crate's `Learner`.

mod augment;
mod batch;
mod config;
mod replay;
mod schedule;

pub use augment::augment;
pub use batch::build_batch;
pub use config::{LrSchedule, TrainerConfig};
pub use replay::{Replay, Sample, ValueOracle};
pub use schedule::learning_rate;
