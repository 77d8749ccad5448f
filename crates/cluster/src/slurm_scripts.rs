//! The batch scripts: the templates of `deploy/slurm/` (the same files a cluster user may edit
//! by hand) with their placeholders filled in and their resource directives set to the plan's.

use crate::SlurmPlan;
use crate::slurm_plan::Resources;
use std::path::Path;

/// `deploy/slurm/trainer.sbatch`.
pub const TRAINER_TEMPLATE: &str = include_str!("../../../deploy/slurm/trainer.sbatch");
/// `deploy/slurm/workers.sbatch`.
pub const WORKERS_TEMPLATE: &str = include_str!("../../../deploy/slurm/workers.sbatch");

/// The two scripts of a run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Scripts {
    /// The trainer's.
    pub trainer: String,
    /// The workers' array.
    pub workers: String,
}

/// Sets `#SBATCH --NAME=VALUE`: replaces the directive's line, or adds one after the last
/// directive.
fn set_directive(script: &str, name: &str, value: &str) -> String {
    let line = format!("#SBATCH --{name}={value}");
    let prefix = format!("#SBATCH --{name}=");
    let mut lines: Vec<String> = script.lines().map(str::to_string).collect();
    if let Some(l) = lines.iter_mut().find(|l| l.starts_with(&prefix)) {
        *l = line;
    } else {
        let last = lines.iter().rposition(|l| l.starts_with("#SBATCH ")).map_or(1, |i| i + 1);
        lines.insert(last, line);
    }
    lines.join("\n") + "\n"
}

/// The plan's directives: resources, partition and account.
fn with_directives(script: &str, plan: &SlurmPlan, r: &Resources) -> String {
    let mut s = set_directive(script, "cpus-per-task", &r.cpus.to_string());
    s = set_directive(&s, "mem", &r.mem);
    s = set_directive(&s, "time", &r.time);
    for (name, value) in [("partition", &plan.partition), ("account", &plan.account)] {
        if let Some(v) = value {
            s = set_directive(&s, name, v);
        }
    }
    s
}

/// The trainer's script for the run in `run` (absolute) whose recorded job is `config`.
pub fn render_trainer(plan: &SlurmPlan, run: &Path, config: &Path) -> String {
    let s = TRAINER_TEMPLATE
        .replace("@MUSASHI@", &plan.musashi.display().to_string())
        .replace("@RUN@", &run.display().to_string())
        .replace("@CONFIG@", &config.display().to_string())
        .replace("@TRAIN_ARGS@", "");
    with_directives(&s, plan, &plan.trainer)
}

/// The workers' array script; `trainer_job` is the trainer's job id (none: the workers do not
/// watch the trainer).
pub fn render_workers(plan: &SlurmPlan, run: &Path, trainer_job: Option<&str>) -> String {
    let s = WORKERS_TEMPLATE
        .replace("@MUSASHI@", &plan.musashi.display().to_string())
        .replace("@RUN@", &run.display().to_string())
        .replace("@WORKERS@", &(plan.workers - 1).to_string())
        .replace("@WORKER_PREFIX@", &plan.worker_prefix)
        .replace("@TRAINER_JOB@", trainer_job.unwrap_or(""));
    with_directives(&s, plan, &plan.worker)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::slurm_plan::tests::plan;

    /// Placeholders (`@NAME@`) left on lines that are not comments (the placeholders' list is a
    /// comment; `--signal=B:USR1@300` is no placeholder).
    fn placeholders_left(script: &str) -> Vec<String> {
        let code = script.lines().filter(|l| !l.starts_with("# ") && *l != "#");
        let names = |l: &str| -> Vec<String> {
            let parts: Vec<&str> = l.split('@').collect();
            let inner = parts.get(1..parts.len().saturating_sub(1)).unwrap_or(&[]);
            inner
                .iter()
                .filter(|p| !p.is_empty() && p.chars().all(|c| c.is_ascii_uppercase() || c == '_'))
                .map(|p| p.to_string())
                .collect()
        };
        code.flat_map(names).collect()
    }

    #[test]
    fn the_check_for_placeholders_sees_them() {
        let set = |s: &str| placeholders_left(s).into_iter().collect::<std::collections::BTreeSet<_>>();
        let want = |names: &[&str]| names.iter().map(|n| n.to_string()).collect::<std::collections::BTreeSet<_>>();
        assert_eq!(set(TRAINER_TEMPLATE), want(&["CONFIG", "MUSASHI", "RUN", "TRAIN_ARGS"]));
        let workers = ["MUSASHI", "RUN", "TRAINER_JOB", "WORKERS", "WORKER_PREFIX"];
        assert_eq!(set(WORKERS_TEMPLATE), want(&workers));
    }

    #[test]
    fn fills_every_placeholder_and_sets_the_resources() {
        let mut p = plan();
        p.partition = Some("short".into());
        let run = Path::new("/shared/runs/r1");
        let t = render_trainer(&p, run, &run.join("config.resolved.toml"));
        let w = render_workers(&p, run, Some("4242"));
        for s in [&t, &w] {
            assert!(s.starts_with("#!/usr/bin/env bash\n"), "the shebang stays first");
            assert_eq!(placeholders_left(s), Vec::<String>::new(), "{s}");
            assert_eq!(s.matches("#SBATCH --partition=short").count(), 1);
            assert!(s.contains("#SBATCH --mem=2G\n") && s.contains("#SBATCH --time=30:00\n"));
            assert!(s.contains("MUSASHI='/opt/musashi/bin/musashi'"));
        }
        assert!(
            t.contains("#SBATCH --cpus-per-task=2\n") && t.contains("CONFIG='/shared/runs/r1/config.resolved.toml'")
        );
        assert!(w.contains("#SBATCH --cpus-per-task=1\n") && w.contains("#SBATCH --array=0-1\n"));
        assert!(w.contains("TRAINER_JOB='4242'") && w.contains("NAME=\"w${SLURM_ARRAY_TASK_ID"));
        assert_eq!(t.matches("#SBATCH --cpus-per-task=").count(), 1, "replaced, not added");
        assert!(!t.contains("#SBATCH --account"), "no account asked for");
    }
}
