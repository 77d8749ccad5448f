//! Which job a `musashi train` invocation runs, and in which directory: a new run from a
//! config file (or the embedded quick job), or the recorded job of an existing run.

use crate::train::config_file::{job_from_text, load_job, resolved_toml};
use crate::train::job::Job;
use crate::train::run_dir::{RunDir, write_atomic};
use anyhow::{Result, bail};
use std::path::{Path, PathBuf};

/// The embedded default job (`configs/quick.toml`).
pub(crate) const QUICK: &str = include_str!("../../../../configs/quick.toml");

/// Keys that may change when a run is continued: stop conditions and the thread count.
const MAY_CHANGE: [&str; 4] = ["run.generations", "run.max_minutes", "run.target_anchor_score", "run.threads"];

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

/// The keys whose values differ between two jobs.
pub(crate) fn differences(a: &Job, b: &Job) -> Vec<String> {
    let (mut x, mut y) = (Vec::new(), Vec::new());
    flatten("", &toml::Value::try_from(a).expect("serialises"), &mut x);
    flatten("", &toml::Value::try_from(b).expect("serialises"), &mut y);
    let mut keys: Vec<String> = x.iter().chain(&y).map(|(k, _)| k.clone()).collect();
    keys.sort();
    keys.dedup();
    keys.into_iter()
        .filter(|k| x.iter().find(|(a, _)| a == k).map(|p| &p.1) != y.iter().find(|(b, _)| b == k).map(|p| &p.1))
        .collect()
}

/// Decides the job and directory, and records the resolved job in the directory.
pub(crate) fn resolve(
    config: Option<&Path>,
    sets: &[String],
    out: Option<&Path>,
    resume: bool,
) -> Result<(Job, RunDir)> {
    let stem =
        config.and_then(|c| c.file_stem()).map(|s| s.to_string_lossy().into_owned()).unwrap_or_else(|| "quick".into());
    let root: PathBuf = out.map(Path::to_path_buf).unwrap_or_else(|| PathBuf::from("runs").join(&stem));
    let dir = RunDir::new(&root);
    let recorded = if dir.config().exists() {
        Some(load_job(&dir.config(), &[]).map_err(|e| e.context("the run's recorded configuration is unreadable"))?)
    } else {
        None
    };
    let job = match (recorded, resume) {
        (None, true) => bail!("nothing to resume: {} has no config.resolved.toml", root.display()),
        (Some(rec), true) => {
            let job = job_from_text(&resolved_toml(&rec), &dir.config().display().to_string(), sets)?;
            let changed: Vec<String> =
                differences(&rec, &job).into_iter().filter(|k| !MAY_CHANGE.contains(&k.as_str())).collect();
            if !changed.is_empty() {
                bail!(
                    "a resumed run keeps its configuration; only {} may change (--set tried {})",
                    MAY_CHANGE.join(", "),
                    changed.join(", ")
                );
            }
            job
        }
        (rec, false) => {
            let job = match config {
                Some(path) => load_job(path, sets)?,
                None => job_from_text(QUICK, "configs/quick.toml (embedded)", sets)?,
            };
            if let Some(rec) = rec {
                let changed: Vec<String> =
                    differences(&rec, &job).into_iter().filter(|k| !MAY_CHANGE.contains(&k.as_str())).collect();
                if !changed.is_empty() {
                    bail!(
                        "{} holds a run with a different configuration (differs in {}); choose another --out, or --resume it",
                        root.display(),
                        changed.join(", ")
                    );
                }
            }
            job
        }
    };
    std::fs::create_dir_all(dir.games())?;
    std::fs::create_dir_all(dir.checkpoints())?;
    write_atomic(&dir.config(), resolved_toml(&job).as_bytes())?;
    Ok((job, dir))
}
