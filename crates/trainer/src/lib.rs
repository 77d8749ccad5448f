//! The trainer: the training job from its config file to its last checkpoint.
//!
//! - The job: typed sections, every key defaulted and validated (`job.rs`), read from TOML with
//!   `key=value` overrides (`job_file.rs`), a new run or the resumed one (`resolve.rs`), the run
//!   directory (`run_dir.rs`), `run.json` (`run_info.rs`), the metrics events (`metrics.rs`), the
//!   seeds derived from the run seed (`seeds.rs`).
//! - The loop (`run.rs`, entry point [`train`]): per generation, self-play by the trainer
//!   (`selfplay_phase.rs`, its handicap games' blunder rate per generation from
//!   `handicap_rates.rs`) or by external workers (`worker.rs`, entry point [`run_worker`], each
//!   holding a lease on its name, `worker_lease.rs`; [`prepare`] records a run for them),
//!   alpha-beta bootstrap games (`bootstrap.rs`), training (`train_phase.rs`), evaluation
//!   (`eval_phase.rs`) and the gate (`gate.rs`). Progress goes to an [`Observer`].
//! - Learning itself: the replay window over shards (`replay.rs`), symmetry augmentation
//!   (`augment.rs`), minibatches (`batch.rs`) with the losing positions' children for the
//!   sibling ranking (`siblings.rs`, `train.rank_siblings`), the learning-rate schedule (`schedule.rs`) and
//!   the trainer's settings (`config.rs`). The optimizer step is the network crate's `Learner`.
//!
//! A run from Rust, without the binary:
//!
//! ```no_run
//! use musashi_trainer::{Silent, TrainRequest, train};
//!
//! let request = TrainRequest {
//!     config: Some("configs/quick.toml".into()),
//!     overrides: vec!["run.generations=2".into()],
//!     out: Some("runs/from-rust".into()),
//!     ..TrainRequest::default()
//! };
//! let outcome = train(&request, &Silent)?;
//! println!("latest generation {}", outcome.latest);
//! # Ok::<(), musashi_trainer::TrainError>(())
//! ```

mod augment;
mod batch;
mod bootstrap;
mod config;
mod context;
mod error;
mod eval_phase;
mod gate;
mod generation_players;
mod handicap_rates;
mod job;
mod job_file;
mod metrics;
mod observer;
mod replay;
mod resolve;
mod run;
mod run_dir;
mod run_info;
mod schedule;
mod seeds;
mod selfplay_phase;
mod shards;
mod siblings;
mod train_phase;
mod worker;
mod worker_lease;

pub use augment::augment;
pub use batch::{Minibatch, build_batch, build_minibatch};
pub use config::{LrSchedule, TrainerConfig};
pub use error::TrainError;
pub use generation_players::generation_players;
pub use job::{BootstrapSection, EvalSection, GateSection, Job, RulesSection, RunSection, SelfplaySection, Workers};
pub use job_file::{QUICK, QUICK_NAME, job_from_text, load_job, load_recorded, resolved_toml};
pub use metrics::{Event, Logged, Metrics, read_events};
pub use observer::{Observer, Phase, Silent};
pub use replay::{ExactTarget, Replay, Sample, ValueOracle};
pub use resolve::TrainRequest;
pub use run::{TrainOutcome, prepare, train};
pub use run_dir::{Pointer, RunDir};
pub use schedule::learning_rate;
pub use siblings::{Group, group};
pub use worker::{WorkerRequest, run_worker};
pub use worker_lease::LeaseTiming;
