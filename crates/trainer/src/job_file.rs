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
    job.validate().map_err(|problem| ConfigError::Invalid { source_name: source.to_string(), problem })?;
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

/// The first line of a run's resolved job.
const RESOLVED_HEADER: &str = "The fully resolved configuration of this run (defaults included). Written by musashi.";

/// The second line: the checksum of everything after it.
const CHECKSUM_PREFIX: &str = "# crc32 of the lines below: ";

/// The job as TOML, every value written out, under a header with the CRC-32 of the body (so
/// that a damaged file is refused rather than read with defaults).
pub fn resolved_toml(job: &Job) -> String {
    let text = to_toml(job, RESOLVED_HEADER).expect("a job serialises");
    let body = text.split_once('\n').map_or("", |(_, b)| b);
    format!("# {RESOLVED_HEADER}\n{CHECKSUM_PREFIX}{:08x}\n{body}", crc32fast::hash(body.as_bytes()))
}

/// Reads a run's recorded job (`config.resolved.toml`): its checksum must match, and a file
/// written before the checksum existed must name every key (a missing key would silently take
/// its default).
pub fn load_recorded(path: &Path) -> Result<Job, TrainError> {
    let source = path.display().to_string();
    let text = std::fs::read_to_string(path).map_err(|e| ConfigError::Read { path: path.into(), source: e })?;
    let damaged = |why: String| -> TrainError {
        ConfigError::Damaged {
            source_name: source.clone(),
            message: format!("the run's recorded job is damaged: {why}"),
        }
        .into()
    };
    let mut lines = text.splitn(3, '\n');
    let (first, second, rest) = (lines.next().unwrap_or(""), lines.next().unwrap_or(""), lines.next().unwrap_or(""));
    if let Some(recorded) = second.strip_prefix(CHECKSUM_PREFIX) {
        let actual = format!("{:08x}", crc32fast::hash(rest.as_bytes()));
        if recorded.trim() != actual {
            return Err(damaged(format!("its checksum is {actual}, the file records {}", recorded.trim())));
        }
    } else if first == format!("# {RESOLVED_HEADER}") && !second.starts_with('#') {
        // Written before the checksum existed: every key must be there.
        let missing = missing_keys(&text);
        if !missing.is_empty() {
            return Err(damaged(format!("it lacks {}", missing.join(", "))));
        }
    } else {
        return Err(damaged("its header and checksum line are not musashi's".into()));
    }
    job_from_text(&text, &source, &[])
}

/// The keys the resolved form of the job in `text` has that `text` lacks (every key when it is
/// not a job at all).
fn missing_keys(text: &str) -> Vec<String> {
    let (Ok(table), Ok(job)) = (text.parse::<toml::Table>(), from_toml::<Job>(text, "", &[])) else {
        return vec!["every key (it is not a job)".into()];
    };
    let full = toml::Value::try_from(job).expect("a job serialises");
    let mut missing = Vec::new();
    collect_missing("", &full, &toml::Value::Table(table), &mut missing);
    missing
}

fn collect_missing(prefix: &str, full: &toml::Value, have: &toml::Value, out: &mut Vec<String>) {
    let (Some(full), Some(have)) = (full.as_table(), have.as_table()) else { return };
    for (k, v) in full {
        let key = if prefix.is_empty() { k.clone() } else { format!("{prefix}.{k}") };
        match have.get(k) {
            None => out.push(key),
            Some(h) => collect_missing(&key, v, h, out),
        }
    }
}
