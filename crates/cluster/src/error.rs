//! The cluster launcher's errors: each names the value, file or command concerned.

use std::path::PathBuf;

/// Why a run could not be put on the cluster.
#[derive(Debug, thiserror::Error)]
pub enum ClusterError {
    /// A value of the plan (the key names it).
    #[error(transparent)]
    Invalid(#[from] musashi_config::Invalid),
    /// The job or its run directory.
    #[error(transparent)]
    Train(#[from] musashi_trainer::TrainError),
    /// Creating the scripts' folder.
    #[error("cannot create {}: {source}", path.display())]
    Folder {
        /// The folder.
        path: PathBuf,
        /// The cause.
        source: std::io::Error,
    },
    /// Writing a script (the error names the file).
    #[error(transparent)]
    Write(#[from] musashi_config::ConfigError),
    /// `sbatch` could not be started (not installed, not on PATH).
    #[error("cannot run {program} (is Slurm's client installed and on PATH?): {source}")]
    Spawn {
        /// The program.
        program: String,
        /// The cause.
        source: std::io::Error,
    },
    /// `sbatch` refused a script.
    #[error("sbatch refused {}: {stderr}", script.display())]
    Refused {
        /// The script.
        script: PathBuf,
        /// What sbatch printed on stderr.
        stderr: String,
    },
    /// The trainer was submitted, the workers' array was not: the trainer runs (and waits for
    /// games) until the workers' script is submitted by hand or the trainer is cancelled.
    #[error(
        "the trainer was submitted as job {trainer_job}, but its workers were not ({source}); \
         submit {} with --dependency=after:{trainer_job}, or scancel {trainer_job}",
        workers_script.display()
    )]
    WorkersNotSubmitted {
        /// The trainer's job id.
        trainer_job: String,
        /// The workers' script, written.
        workers_script: PathBuf,
        /// Why sbatch did not take it.
        source: Box<ClusterError>,
    },
    /// `sbatch --parsable` printed no job id.
    #[error("sbatch accepted {} but printed no job id: '{stdout}'", script.display())]
    NoJobId {
        /// The script.
        script: PathBuf,
        /// What it printed.
        stdout: String,
    },
}
