//! A training job on a Slurm cluster. The run directory already decouples the trainer from
//! its self-play workers (`selfplay.workers = "external"`): they meet only through shared
//! storage, as KataGo's distributed training does. This crate turns a job into two batch
//! scripts — the trainer, and a job array of workers whose `SLURM_ARRAY_TASK_ID` names each
//! worker — from the templates in `deploy/slurm/`, records the run first (so every job finds
//! it) and submits them with `sbatch` (`docs/cluster.md`).
//!
//! - `SlurmPlan` (`slurm_plan.rs`): what to run and with which resources, validated.
//! - `render` (`slurm_scripts.rs`): the two scripts, placeholders and resources filled in.
//! - `launch` (`launch.rs`): record the run, write the scripts, submit (or only write them).
//! - `capacity_warning` (`capacity.rs`): whether the partition can run the trainer and a worker
//!   at once (`sinfo`).
//! - `ClusterError` (`error.rs`).

mod capacity;
mod error;
mod launch;
mod slurm_plan;
mod slurm_scripts;

pub use capacity::capacity_warning;
pub use error::ClusterError;
pub use launch::{Launch, launch};
pub use slurm_plan::{Resources, SlurmPlan};
pub use slurm_scripts::{Scripts, TRAINER_TEMPLATE, WORKERS_TEMPLATE, render_trainer, render_workers};
