//! `SlurmPlan`: a training job on Slurm — the job, the run directory, how many workers, the
//! resources of each job — checked before anything is written or submitted.

use musashi_config::Invalid;
use std::path::PathBuf;

/// The resources of one job (the trainer, or each task of the workers' array).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Resources {
    /// `--cpus-per-task`: the job's threads.
    pub cpus: u32,
    /// `--mem`: memory per node, in Slurm's syntax (`4G`, `500M`).
    pub mem: String,
    /// `--time`: the time limit, in Slurm's syntax (`90`, `2:00:00`, `1-12:00:00`).
    pub time: String,
}

/// A training job to put on a Slurm cluster.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SlurmPlan {
    /// The job's config file (none: the embedded quick job).
    pub config: Option<PathBuf>,
    /// `key=value` overrides of the job (`selfplay.workers = "external"` is added).
    pub overrides: Vec<String>,
    /// The run directory, on storage every node sees.
    pub run: PathBuf,
    /// Self-play workers: the array's tasks.
    pub workers: u32,
    /// Worker names are this prefix and the task id (`w0`, `w1`, ...).
    pub worker_prefix: String,
    /// The trainer job's resources.
    pub trainer: Resources,
    /// Each worker task's resources.
    pub worker: Resources,
    /// `--partition`, when the cluster wants one.
    pub partition: Option<String>,
    /// `--account`, when the cluster wants one.
    pub account: Option<String>,
    /// The musashi binary as the compute nodes see it.
    pub musashi: PathBuf,
    /// The submission program (`sbatch`; another path for a wrapper).
    pub sbatch: PathBuf,
    /// The partition's description program (`sinfo`), for `capacity_warning`.
    pub sinfo: PathBuf,
}

impl Resources {
    fn validate(&self) -> Result<(), Invalid> {
        Invalid::check((1..=4096).contains(&self.cpus), "cpus", "1..=4096")?;
        let (digits, unit) = self.mem.split_at(self.mem.trim_end_matches(['K', 'M', 'G', 'T']).len());
        let mem_ok = !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) && unit.len() <= 1;
        Invalid::check(mem_ok, "mem", "a Slurm memory size such as 4G or 500M")?;
        let time_ok = self.time.starts_with(|c: char| c.is_ascii_digit())
            && self.time.chars().all(|c| c.is_ascii_digit() || c == ':' || c == '-')
            && self.time.matches('-').count() <= 1
            && self.time.matches(':').count() <= 2;
        Invalid::check(time_ok, "time", "a Slurm time limit such as 90, 2:00:00 or 1-12:00:00")
    }
}

/// Whether `s` can stand in a batch script's directive or single-quoted value unchanged.
fn plain(s: &str) -> bool {
    !s.is_empty() && !s.contains(['\'', '\n', '\r', '@', '\\'])
}

impl SlurmPlan {
    /// Checks every value; the error names the key (as the command's flags name them).
    pub fn validate(&self) -> Result<(), Invalid> {
        Invalid::check((1..=10_000).contains(&self.workers), "workers", "1..=10000")?;
        let prefix_ok = !self.worker_prefix.is_empty() && self.worker_prefix.chars().all(|c| c.is_ascii_alphanumeric());
        Invalid::check(prefix_ok, "worker_prefix", "letters and digits")?;
        self.trainer.validate().map_err(|e| e.under("trainer"))?;
        self.worker.validate().map_err(|e| e.under("worker"))?;
        for (key, value) in [("partition", &self.partition), ("account", &self.account)] {
            if let Some(v) = value {
                let ok = v.chars().all(|c| c.is_ascii_alphanumeric() || "-_,.".contains(c)) && !v.is_empty();
                Invalid::check(ok, key, "letters, digits, '-', '_', ',' or '.'")?;
            }
        }
        for (key, path) in [("run", &self.run), ("musashi", &self.musashi)] {
            let ok = path.to_str().is_some_and(plain);
            Invalid::check(ok, key, "a path without quotes, '@', backslashes or line breaks")?;
        }
        Ok(())
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    pub(crate) fn plan() -> SlurmPlan {
        let r = |cpus| Resources { cpus, mem: "2G".into(), time: "30:00".into() };
        SlurmPlan {
            config: None,
            overrides: Vec::new(),
            run: "/shared/runs/r1".into(),
            workers: 2,
            worker_prefix: "w".into(),
            trainer: r(2),
            worker: r(1),
            partition: None,
            account: None,
            musashi: "/opt/musashi/bin/musashi".into(),
            sbatch: "sbatch".into(),
            sinfo: "sinfo".into(),
        }
    }

    #[test]
    fn refuses_what_a_script_cannot_hold() {
        assert_eq!(plan().validate(), Ok(()));
        let bad = |f: fn(&mut SlurmPlan)| {
            let mut p = plan();
            f(&mut p);
            p.validate().unwrap_err().key().to_string()
        };
        assert_eq!(bad(|p| p.workers = 0), "workers");
        assert_eq!(bad(|p| p.worker_prefix = "w-".into()), "worker_prefix");
        assert_eq!(bad(|p| p.trainer.mem = "lots".into()), "trainer.mem");
        assert_eq!(bad(|p| p.worker.time = "1h".into()), "worker.time");
        assert_eq!(bad(|p| p.worker.cpus = 0), "worker.cpus");
        assert_eq!(bad(|p| p.partition = Some("a b".into())), "partition");
        assert_eq!(bad(|p| p.run = "/runs/it's".into()), "run");
        for time in ["90", "2:00:00", "1-12:00:00", "0-1"] {
            let mut p = plan();
            p.trainer.time = time.into();
            assert_eq!(p.validate(), Ok(()), "{time}");
        }
    }
}
