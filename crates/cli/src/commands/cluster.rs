//! `musashi cluster slurm`: a training job on a Slurm cluster (`musashi_cluster::launch`): the
//! run recorded, the trainer's and the workers' batch scripts written to RUN/slurm/ and
//! submitted (or, with --dry-run, only written).

use anyhow::{Context, Result};
use musashi_cluster::{Resources, SlurmPlan, capacity_warning, launch};
use std::path::PathBuf;

#[derive(clap::Subcommand, Debug)]
pub(crate) enum Args {
    /// Submit the trainer and a job array of self-play workers with sbatch (docs/cluster.md).
    Slurm(SlurmArgs),
}

#[derive(clap::Args, Debug)]
pub(crate) struct SlurmArgs {
    /// The job's config file (TOML); without it, the embedded `configs/quick.toml`.
    #[arg(long)]
    config: Option<PathBuf>,
    /// Override a config key (repeatable); `selfplay.workers = "external"` is always set.
    #[arg(long = "set", value_name = "KEY=VALUE")]
    sets: Vec<String>,
    /// The run directory, on storage every node sees.
    #[arg(long)]
    out: PathBuf,
    /// Self-play worker tasks (named PREFIX0, PREFIX1, ...).
    #[arg(long, default_value_t = 2)]
    workers: u32,
    /// The workers' name prefix (letters and digits).
    #[arg(long, default_value = "w")]
    worker_prefix: String,
    /// CPUs of the trainer job.
    #[arg(long, default_value_t = 2)]
    trainer_cpus: u32,
    /// CPUs of each worker task (its threads).
    #[arg(long, default_value_t = 1)]
    worker_cpus: u32,
    /// Memory of the trainer job (Slurm's syntax).
    #[arg(long, default_value = "4G")]
    trainer_mem: String,
    /// Memory of each worker task.
    #[arg(long, default_value = "2G")]
    worker_mem: String,
    /// Time limit of each job (Slurm's syntax); jobs requeue themselves before it.
    #[arg(long, default_value = "1-00:00:00")]
    time: String,
    /// Slurm partition.
    #[arg(long)]
    partition: Option<String>,
    /// Slurm account.
    #[arg(long)]
    account: Option<String>,
    /// The musashi binary as the compute nodes see it (default: this one).
    #[arg(long)]
    musashi: Option<PathBuf>,
    /// Write the scripts without submitting them.
    #[arg(long)]
    dry_run: bool,
}

pub(crate) fn run(a: Args) -> Result<()> {
    let Args::Slurm(a) = a;
    let musashi = a.musashi.map_or_else(|| std::env::current_exe().context("give --musashi"), Ok)?;
    let plan = SlurmPlan {
        config: a.config,
        overrides: a.sets,
        run: a.out,
        workers: a.workers,
        worker_prefix: a.worker_prefix,
        trainer: Resources { cpus: a.trainer_cpus, mem: a.trainer_mem, time: a.time.clone() },
        worker: Resources { cpus: a.worker_cpus, mem: a.worker_mem, time: a.time },
        partition: a.partition,
        account: a.account,
        musashi,
        sbatch: "sbatch".into(),
        sinfo: "sinfo".into(),
    };
    if let Some(warning) = capacity_warning(&plan) {
        eprintln!("warning: {warning}");
    }
    let l = launch(&plan, !a.dry_run)?;
    println!("run {}\nwrote {}\nwrote {}", l.run.display(), l.trainer_script.display(), l.workers_script.display());
    match (l.trainer_job, l.workers_job) {
        (Some(t), Some(w)) => println!("submitted: trainer job {t}, workers array {w} (0-{})", plan.workers - 1),
        _ => println!(
            "not submitted (--dry-run): sbatch the trainer's script, then the workers' with --dependency=after:JOB"
        ),
    }
    Ok(())
}
