//! Loading a job: a TOML file, `--set key=value` overrides, typed deserialisation whose errors
//! name the key and the file, then validation. The resolved job (every value, defaults
//! included) is what the run directory records.

use crate::train::job::Job;
use anyhow::{Context, Result, anyhow, bail};
use std::path::Path;

/// Applies `key=value` (dotted key) to a TOML table. The value is read as a TOML value
/// (`3`, `true`, `"x"`, `[1, 2]`, `{ kind = "constant" }`), or else taken as a string.
pub(crate) fn apply_override(table: &mut toml::Table, assignment: &str) -> Result<()> {
    let (key, raw) = assignment.split_once('=').ok_or_else(|| anyhow!("--set '{assignment}': expected key=value"))?;
    let key = key.trim();
    if key.is_empty() || key.split('.').any(str::is_empty) {
        bail!("--set '{assignment}': bad key '{key}'");
    }
    let raw = raw.trim();
    let value = match format!("v = {raw}").parse::<toml::Table>() {
        Ok(mut t) => t.remove("v").expect("parsed v"),
        Err(_) => toml::Value::String(raw.to_string()),
    };
    let parts: Vec<&str> = key.split('.').collect();
    let mut cur = table;
    for part in &parts[..parts.len() - 1] {
        let entry = cur.entry(part.to_string()).or_insert_with(|| toml::Value::Table(toml::Table::new()));
        cur = entry.as_table_mut().ok_or_else(|| anyhow!("--set '{assignment}': '{part}' is not a table"))?;
    }
    cur.insert(parts[parts.len() - 1].to_string(), value);
    Ok(())
}

/// Reads a job from TOML text (named `source` in errors) with overrides.
pub(crate) fn job_from_text(text: &str, source: &str, overrides: &[String]) -> Result<Job> {
    let mut table: toml::Table = text.parse().map_err(|e| anyhow!("{source}: {e}"))?;
    for o in overrides {
        apply_override(&mut table, o)?;
    }
    let job: Job = serde_path_to_error::deserialize(toml::Value::Table(table)).map_err(|e| {
        let path = e.path().to_string();
        let inner = e.into_inner();
        if path == "." { anyhow!("{source}: {inner}") } else { anyhow!("{source}: key '{path}': {inner}") }
    })?;
    job.validate().map_err(|e| anyhow!("{source}: {e}"))?;
    Ok(job)
}

/// Reads a job file with overrides.
pub(crate) fn load_job(path: &Path, overrides: &[String]) -> Result<Job> {
    let text = std::fs::read_to_string(path).with_context(|| format!("cannot read config {}", path.display()))?;
    job_from_text(&text, &path.display().to_string(), overrides)
}

/// The job as TOML, every value written out.
pub(crate) fn resolved_toml(job: &Job) -> String {
    let body = toml::to_string_pretty(job).expect("a job serialises");
    format!("# The fully resolved configuration of this run (defaults included). Written by musashi.\n{body}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_shipped_config_is_valid() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("configs");
        let mut n = 0;
        for e in std::fs::read_dir(&dir).unwrap() {
            let p = e.unwrap().path();
            if p.file_name().is_some_and(|x| x == "export.toml") {
                // Not a training job: the export configuration.
                crate::export_config::load_config(&p, &[]).unwrap_or_else(|e| panic!("{}: {e:#}", p.display()));
            } else if p.extension().is_some_and(|x| x == "toml") {
                load_job(&p, &[]).unwrap_or_else(|e| panic!("{}: {e:#}", p.display()));
                n += 1;
            }
        }
        assert!(n >= 6, "configs/ lost its jobs");
        let quick = job_from_text(crate::train::resolve::QUICK, "embedded", &[]).unwrap();
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
