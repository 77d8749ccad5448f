//! Putting a run on the cluster: record the run (so that every job finds it), write the two
//! scripts into `RUN/slurm/`, and submit the trainer, then the workers' array.

use crate::slurm_scripts::{render_trainer, render_workers};
use crate::{ClusterError, SlurmPlan};
use musashi_config::write_atomic;
use musashi_trainer::{TrainRequest, prepare};
use std::path::{Path, PathBuf};
use std::process::Command;

/// What `launch` did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Launch {
    /// The run directory (absolute).
    pub run: PathBuf,
    /// The trainer's script.
    pub trainer_script: PathBuf,
    /// The workers' array script.
    pub workers_script: PathBuf,
    /// The trainer's job id (none when only written).
    pub trainer_job: Option<String>,
    /// The workers' array job id (none when only written).
    pub workers_job: Option<String>,
}

/// `path` made absolute against the current folder (the compute nodes do not share it).
fn absolute(path: &Path) -> PathBuf {
    match std::env::current_dir() {
        Ok(cwd) if path.is_relative() => cwd.join(path),
        _ => path.to_path_buf(),
    }
}

/// Runs the submission program on `script` with `args`; returns the job id it prints.
fn sbatch(program: &Path, args: &[String], script: &Path) -> Result<String, ClusterError> {
    let out = Command::new(program)
        .arg("--parsable")
        .args(args)
        .arg(script)
        .output()
        .map_err(|source| ClusterError::Spawn { program: program.display().to_string(), source })?;
    let stdout = String::from_utf8_lossy(&out.stdout).trim().to_string();
    if !out.status.success() {
        let stderr = String::from_utf8_lossy(&out.stderr).trim().to_string();
        return Err(ClusterError::Refused { script: script.into(), stderr });
    }
    // `--parsable` prints `JOBID` or `JOBID;CLUSTER`.
    let id = stdout.lines().last().unwrap_or("").split(';').next().unwrap_or("").trim().to_string();
    if id.is_empty() || !id.bytes().all(|b| b.is_ascii_digit()) {
        return Err(ClusterError::NoJobId { script: script.into(), stdout });
    }
    Ok(id)
}

fn write(path: &Path, text: &str) -> Result<(), ClusterError> {
    Ok(write_atomic(path, text.as_bytes())?)
}

/// Records the plan's run, writes its scripts and, when `submit`, submits the trainer and then
/// the workers' array (which starts once the trainer has started). A run directory that holds
/// this job already is continued, as `musashi train` continues it.
pub fn launch(plan: &SlurmPlan, submit: bool) -> Result<Launch, ClusterError> {
    plan.validate()?;
    let run = absolute(&plan.run);
    let mut overrides = plan.overrides.clone();
    overrides.push("selfplay.workers=\"external\"".into());
    let request = TrainRequest { config: plan.config.clone(), overrides, out: Some(run.clone()), ..Default::default() };
    let dir = prepare(&request)?;
    let plan = SlurmPlan { musashi: absolute(&plan.musashi), ..plan.clone() };
    let folder = run.join("slurm");
    std::fs::create_dir_all(&folder).map_err(|source| ClusterError::Folder { path: folder.clone(), source })?;
    let trainer_script = folder.join("trainer.sbatch");
    let workers_script = folder.join("workers.sbatch");
    write(&trainer_script, &render_trainer(&plan, &run, &dir.config()))?;
    let trainer_job = if submit { Some(sbatch(&plan.sbatch, &[], &trainer_script)?) } else { None };
    write(&workers_script, &render_workers(&plan, &run, trainer_job.as_deref()))?;
    let workers_job = match &trainer_job {
        Some(id) => {
            Some(sbatch(&plan.sbatch, &[format!("--dependency=after:{id}")], &workers_script).map_err(|e| {
                ClusterError::WorkersNotSubmitted {
                    trainer_job: id.clone(),
                    workers_script: workers_script.clone(),
                    source: Box::new(e),
                }
            })?)
        }
        None => None,
    };
    Ok(Launch { run, trainer_script, workers_script, trainer_job, workers_job })
}
