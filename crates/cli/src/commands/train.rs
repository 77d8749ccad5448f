//! `musashi train`: the training job (`musashi_trainer::train`) with progress bars.

use crate::train_bars::TrainBars;
use anyhow::Result;
use musashi_trainer::{TrainError, TrainRequest, train};
use std::path::PathBuf;

#[derive(clap::Args, Debug)]
pub(crate) struct Args {
    /// The job's config file (TOML); without it, the embedded `configs/quick.toml`.
    #[arg(long)]
    config: Option<PathBuf>,
    /// Override a config key, e.g. `--set train.learning_rate=0.002` (repeatable).
    #[arg(long = "set", value_name = "KEY=VALUE")]
    sets: Vec<String>,
    /// The run directory (default: runs/<config name>).
    #[arg(long)]
    out: Option<PathBuf>,
    /// Continue the run in the run directory with its recorded configuration.
    #[arg(long)]
    resume: bool,
}

pub(crate) fn run(a: Args) -> Result<()> {
    let request = TrainRequest {
        config: a.config,
        overrides: a.sets,
        out: a.out,
        resume: a.resume,
        command_line: std::env::args_os().map(|a| a.to_string_lossy().into_owned()).collect(),
        build_commit: env!("MUSASHI_BUILD_COMMIT").to_string(),
    };
    let outcome = train(&request, &TrainBars::new()).map_err(with_flags)?;
    println!("run {}: latest generation {}, best {}", outcome.root.display(), outcome.latest, outcome.best);
    Ok(())
}

/// The error, with the flags that answer it.
fn with_flags(e: TrainError) -> anyhow::Error {
    match e {
        TrainError::OtherRun { .. } => anyhow::anyhow!("{e}; choose another --out, or --resume it"),
        TrainError::ResumeChanges { .. } => anyhow::anyhow!("{e}: drop those --set overrides"),
        other => other.into(),
    }
}
