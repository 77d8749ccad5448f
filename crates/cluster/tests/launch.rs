//! `launch` against a stand-in for `sbatch` (a script that records its arguments and prints job
//! ids): the run is recorded before anything is submitted, the trainer goes first, the workers'
//! array waits for it and watches its job id, a refusal is an error naming the script. The real
//! Slurm test is `.ci/slurm/test.sh`.

use musashi_cluster::{ClusterError, Resources, SlurmPlan, capacity_warning, launch};
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};

fn temp(tag: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("musashi-cluster-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// A stand-in `sbatch`: appends its arguments to `calls`, prints 100 + the call's number, or
/// fails with a message when `refuse` exists (or, for the workers' script, `refuse-workers`).
fn fake_sbatch(dir: &Path) -> PathBuf {
    let path = dir.join("sbatch");
    let script = format!(
        "#!/bin/sh\n[ -e {d}/refuse ] && {{ echo 'sbatch: error: invalid partition' >&2; exit 1; }}\n\
         case \"$*\" in *workers.sbatch) [ -e {d}/refuse-workers ] && {{ echo 'sbatch: error: QOS' >&2; exit 1; }};; esac\n\
         echo \"$@\" >> {d}/calls\necho $((100 + $(wc -l < {d}/calls)))\n",
        d = dir.display()
    );
    std::fs::write(&path, script).unwrap();
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
    path
}

fn plan(dir: &Path) -> SlurmPlan {
    let r = |cpus| Resources { cpus, mem: "2G".into(), time: "10:00".into() };
    SlurmPlan {
        config: None,
        overrides: vec!["run.generations=1".into()],
        run: dir.join("run"),
        workers: 3,
        worker_prefix: "w".into(),
        trainer: r(2),
        worker: r(1),
        partition: Some("debug".into()),
        account: None,
        musashi: "/opt/musashi".into(),
        sbatch: fake_sbatch(dir),
        sinfo: dir.join("no-sinfo-here"),
    }
}

/// A stand-in `sinfo`: records its arguments and prints the lines given, one per node.
fn fake_sinfo(dir: &Path, nodes: &str) -> PathBuf {
    let path = dir.join("sinfo");
    let script = format!("#!/bin/sh\necho \"$@\" > {d}/sinfo-args\nprintf '{nodes}'\n", d = dir.display());
    std::fs::write(&path, script).unwrap();
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
    path
}

#[test]
fn a_partition_too_small_for_the_trainer_and_a_worker_is_warned_of() {
    let dir = temp("sinfo");
    let mut p = plan(&dir);
    assert_eq!(capacity_warning(&p), None, "no sinfo: nothing said, nothing refused");
    p.sinfo = fake_sinfo(&dir, "node1|2\\n");
    let warning = capacity_warning(&p).expect("2 CPUs cannot run a trainer of 2 and a worker of 1");
    assert!(warning.contains("partition debug has 2 CPUs in all"), "{warning}");
    let args = std::fs::read_to_string(dir.join("sinfo-args")).unwrap();
    assert_eq!(args.trim(), "--Node --noheader --format=%N|%c --partition=debug");
    p.trainer.cpus = 1;
    assert_eq!(capacity_warning(&p), None, "1 + 1 fits");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn records_the_run_then_submits_the_trainer_and_the_workers() {
    let dir = temp("submit");
    let p = plan(&dir);
    let l = launch(&p, true).unwrap();
    assert_eq!((l.trainer_job.as_deref(), l.workers_job.as_deref()), (Some("101"), Some("102")));
    let resolved = std::fs::read_to_string(l.run.join("config.resolved.toml")).unwrap();
    assert!(resolved.contains("workers = \"external\""), "the workers play: {resolved}");
    assert!(resolved.contains("generations = 1"), "the overrides are recorded");
    let calls = std::fs::read_to_string(dir.join("calls")).unwrap();
    let calls: Vec<&str> = calls.lines().collect();
    assert_eq!(calls[0], format!("--parsable {}", l.trainer_script.display()));
    assert_eq!(calls[1], format!("--parsable --dependency=after:101 {}", l.workers_script.display()));
    let trainer = std::fs::read_to_string(&l.trainer_script).unwrap();
    let workers = std::fs::read_to_string(&l.workers_script).unwrap();
    assert!(trainer.contains(&format!("CONFIG='{}'", l.run.join("config.resolved.toml").display())));
    assert!(workers.contains("TRAINER_JOB='101'") && workers.contains("#SBATCH --array=0-2"));
    assert!(workers.contains("#SBATCH --partition=debug") && trainer.contains("#SBATCH --cpus-per-task=2"));

    // Again on the same run, only written: the run is continued, nothing is submitted.
    let again = launch(&p, false).unwrap();
    assert_eq!((again.trainer_job, again.workers_job), (None, None));
    assert_eq!(std::fs::read_to_string(dir.join("calls")).unwrap().lines().count(), 2);
    assert!(std::fs::read_to_string(&again.workers_script).unwrap().contains("TRAINER_JOB=''"));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn refusals_and_conflicts_are_errors_that_say_what() {
    let dir = temp("refuse");
    let mut p = plan(&dir);
    std::fs::write(dir.join("refuse"), "").unwrap();
    let e = launch(&p, true).unwrap_err();
    assert!(matches!(e, ClusterError::Refused { .. }) && e.to_string().contains("invalid partition"), "{e}");
    assert!(e.to_string().contains("trainer.sbatch"), "{e}");
    // The trainer taken, its workers refused: the error names the running trainer's job id.
    std::fs::remove_file(dir.join("refuse")).unwrap();
    std::fs::write(dir.join("refuse-workers"), "").unwrap();
    let e = launch(&p, true).unwrap_err();
    let says = e.to_string();
    assert!(matches!(e, ClusterError::WorkersNotSubmitted { ref trainer_job, .. } if trainer_job == "101"), "{e}");
    assert!(says.contains("QOS") && says.contains("workers.sbatch") && says.contains("scancel 101"), "{says}");
    // The run recorded above holds one generation: another job in the same folder is refused.
    p.overrides = vec!["run.seed=9".into()];
    let e = launch(&p, false).unwrap_err();
    assert!(matches!(e, ClusterError::Train(_)) && e.to_string().contains("different configuration"), "{e}");
    // A plan that cannot be written into a script: nothing is recorded.
    p.run = dir.join("it's");
    let e = launch(&p, false).unwrap_err();
    assert!(matches!(e, ClusterError::Invalid(_)) && e.to_string().contains("run must be"), "{e}");
    assert!(!dir.join("it's").exists());
    let _ = std::fs::remove_dir_all(&dir);
}
