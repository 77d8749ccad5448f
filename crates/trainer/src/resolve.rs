//! Which job a run executes, and in which directory: a new run from a config file (or the
//! embedded quick job), or the recorded job of an existing run.

use crate::TrainError;
use crate::job::Job;
use crate::job_file::{QUICK, QUICK_NAME, job_from_text, load_job, load_recorded, resolved_toml};
use crate::run_dir::RunDir;
use musashi_config::write_atomic;
use std::path::PathBuf;

/// What to run: the job's source, its overrides, the run directory, and whether to resume.
#[derive(Clone, Debug, Default)]
pub struct TrainRequest {
    /// The job's config file; none: the embedded `configs/quick.toml`.
    pub config: Option<PathBuf>,
    /// `key=value` overrides of the job.
    pub overrides: Vec<String>,
    /// The run directory (default: `runs/<config name>`).
    pub out: Option<PathBuf>,
    /// Continue the run in the directory with its recorded job.
    pub resume: bool,
    /// The command line, recorded in `run.json`.
    pub command_line: Vec<String>,
    /// The commit the program was built from, recorded in `run.json`.
    pub build_commit: String,
}

/// Keys that may change when a run is continued: stop conditions, the thread count, and the
/// evaluation's opponents and game count (they decide no training data, and an invalid
/// opponent must be correctable).
const MAY_CHANGE: [&str; 9] = [
    "run.generations",
    "run.max_minutes",
    "run.target_anchor_score",
    "run.threads",
    "eval.anchor",
    "eval.every",
    "eval.extra_opponents",
    "eval.games",
    "eval.previous",
];

fn flatten(prefix: &str, v: &toml::Value, out: &mut Vec<(String, String)>) {
    match v {
        toml::Value::Table(t) => {
            for (k, x) in t {
                let key = if prefix.is_empty() { k.clone() } else { format!("{prefix}.{k}") };
                flatten(&key, x, out);
            }
        }
        other => out.push((prefix.to_string(), other.to_string())),
    }
}

/// The keys whose values differ between two jobs, except those that may change on resume.
fn fixed_differences(a: &Job, b: &Job) -> Vec<String> {
    let (mut x, mut y) = (Vec::new(), Vec::new());
    flatten("", &toml::Value::try_from(a).expect("a job serialises"), &mut x);
    flatten("", &toml::Value::try_from(b).expect("a job serialises"), &mut y);
    let mut keys: Vec<String> = x.iter().chain(&y).map(|(k, _)| k.clone()).collect();
    keys.sort();
    keys.dedup();
    keys.into_iter()
        .filter(|k| x.iter().find(|(a, _)| a == k).map(|p| &p.1) != y.iter().find(|(b, _)| b == k).map(|p| &p.1))
        .filter(|k| !MAY_CHANGE.contains(&k.as_str()))
        .collect()
}

/// The run's root folder.
fn root_of(request: &TrainRequest) -> PathBuf {
    let stem = request
        .config
        .as_deref()
        .and_then(|c| c.file_stem())
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_else(|| "quick".into());
    request.out.clone().unwrap_or_else(|| PathBuf::from("runs").join(&stem))
}

/// Decides the job and directory (nothing is written yet: see `record`).
pub(crate) fn resolve(request: &TrainRequest) -> Result<(Job, RunDir), TrainError> {
    let root = root_of(request);
    let dir = RunDir::new(&root);
    let recorded = match dir.config().exists() {
        true => Some(
            load_recorded(&dir.config())
                .map_err(|e| TrainError::Run(format!("the run's recorded configuration is unreadable: {e}")))?,
        ),
        false => None,
    };
    let sets = &request.overrides;
    let job = match (recorded, request.resume) {
        (None, true) => {
            return Err(TrainError::NothingToResume(root));
        }
        (Some(rec), true) => {
            let job = job_from_text(&resolved_toml(&rec), &dir.config().display().to_string(), sets)?;
            let changed = fixed_differences(&rec, &job);
            if !changed.is_empty() {
                return Err(TrainError::ResumeChanges { changed, may_change: MAY_CHANGE.to_vec() });
            }
            job
        }
        (rec, false) => {
            let job = match &request.config {
                Some(path) => load_job(path, sets)?,
                None => job_from_text(QUICK, QUICK_NAME, sets)?,
            };
            if let Some(rec) = rec {
                let changed = fixed_differences(&rec, &job);
                if !changed.is_empty() {
                    return Err(TrainError::OtherRun { root, differs: changed });
                }
            }
            job
        }
    };
    Ok((job, dir))
}

/// Creates the run directory and records the resolved job in it.
pub(crate) fn record(job: &Job, dir: &RunDir) -> Result<(), TrainError> {
    std::fs::create_dir_all(dir.games()).map_err(TrainError::io(dir.games()))?;
    std::fs::create_dir_all(dir.checkpoints()).map_err(TrainError::io(dir.checkpoints()))?;
    Ok(write_atomic(&dir.config(), resolved_toml(job).as_bytes())?)
}
