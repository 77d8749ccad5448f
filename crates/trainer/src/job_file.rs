//! Reading a job: a TOML file (or the embedded quick job), `key=value` overrides, typed
//! deserialisation whose errors name the key and the file, then validation. The resolved job
//! (every value, defaults included) is what the run directory records.

use crate::TrainError;
use crate::job::Job;
use musashi_config::{ConfigError, from_toml, read_toml_file, to_toml};
use std::path::Path;

/// The embedded default job (`configs/quick.toml`).
pub const QUICK: &str = include_str!("../../../configs/quick.toml");

/// What the embedded job is called in messages.
pub const QUICK_NAME: &str = "configs/quick.toml (embedded)";

fn validated(job: Job, source: &str) -> Result<Job, TrainError> {
    job.validate().map_err(|message| ConfigError::Invalid { source_name: source.to_string(), message })?;
    Ok(job)
}

/// Reads a job from TOML text (named `source` in errors) with overrides.
pub fn job_from_text(text: &str, source: &str, overrides: &[String]) -> Result<Job, TrainError> {
    validated(from_toml(text, source, overrides)?, source)
}

/// Reads a job file with overrides.
pub fn load_job(path: &Path, overrides: &[String]) -> Result<Job, TrainError> {
    validated(read_toml_file(path, overrides)?, &path.display().to_string())
}

/// The job as TOML, every value written out.
pub fn resolved_toml(job: &Job) -> String {
    to_toml(job, "The fully resolved configuration of this run (defaults included). Written by musashi.")
        .expect("a job serialises")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_shipped_job_is_valid() {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../configs");
        let mut n = 0;
        for e in std::fs::read_dir(&dir).unwrap() {
            let p = e.unwrap().path();
            // export.toml is the export configuration, checked by the export crate.
            if p.extension().is_some_and(|x| x == "toml") && p.file_name().is_none_or(|x| x != "export.toml") {
                load_job(&p, &[]).unwrap_or_else(|e| panic!("{}: {e}", p.display()));
                n += 1;
            }
        }
        assert!(n >= 6, "configs/ lost its jobs");
        let quick = job_from_text(QUICK, "embedded", &[]).unwrap();
        assert_eq!(quick, load_job(&dir.join("quick.toml"), &[]).unwrap(), "the embedded job is configs/quick.toml");
    }

    #[test]
    fn defaults_overrides_and_errors() {
        let job = job_from_text("", "empty.toml", &[]).unwrap();
        assert_eq!(job, Job::default());
        let job = job_from_text(
            "[run]\ngenerations = 3\n[train]\nlearning_rate = 0.01\n",
            "a.toml",
            &["run.seed=7".into(), "rules.presets=[\"no-setchin\", \"qdan\"]".into(), "eval.anchor=greedy".into()],
        )
        .unwrap();
        assert_eq!(job.run.generations, 3);
        assert_eq!(job.run.seed, 7);
        assert_eq!(job.rules.presets, ["no-setchin", "qdan"]);
        assert_eq!(job.eval.anchor, "greedy");
        let e = job_from_text("[train]\nlearning_rat = 0.01\n", "b.toml", &[]).unwrap_err().to_string();
        assert!(e.contains("b.toml") && e.contains("learning_rat"), "{e}");
        let e = job_from_text("[run]\ngenerations = \"x\"\n", "c.toml", &[]).unwrap_err().to_string();
        assert!(e.contains("run.generations"), "{e}");
        let e = job_from_text("[train]\nlearning_rate = -1.0\n", "d.toml", &[]).unwrap_err().to_string();
        assert!(e.contains("train.learning_rate"), "{e}");
        let e = job_from_text("[rules]\npresets = [\"clasic\"]\n", "e.toml", &[]).unwrap_err().to_string();
        assert!(e.contains("unknown preset 'clasic'"), "{e}");
        let e = job_from_text("[run\n", "f.toml", &[]).unwrap_err().to_string();
        assert!(e.contains("f.toml"), "{e}");
        assert!(job_from_text("", "g.toml", &["nokey".into()]).is_err());
        // The resolved form reads back to the same job.
        let job = job_from_text("[selfplay.mcts]\nsims = 5\n", "h.toml", &[]).unwrap();
        assert_eq!(job_from_text(&resolved_toml(&job), "resolved", &[]).unwrap(), job);
    }
}
