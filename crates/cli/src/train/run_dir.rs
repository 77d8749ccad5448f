//! The run directory: everything needed to resume or reproduce a run.
//!
//! ```text
//! RUN/config.resolved.toml   the job, every value written out
//! RUN/run.json               versions, git commit, command line, start time
//! RUN/games/                 Parquet shards (spGGGG-WORKER-sNNNNN.{positions,games}.parquet)
//! RUN/checkpoints/gen-GGGG/  checkpoints; LATEST and BEST name the current ones
//! RUN/metrics.jsonl          one JSON object per event
//! RUN/DONE                   written when the run has finished
//! ```

use anyhow::{Context, Result};
use serde_json::Value;
use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};

/// Paths inside a run directory.
#[derive(Clone, Debug)]
pub(crate) struct RunDir {
    pub root: PathBuf,
}

/// Writes `bytes` to `path` through a temporary file and a rename.
pub(crate) fn write_atomic(path: &Path, bytes: &[u8]) -> Result<()> {
    let tmp = path.with_extension(format!("tmp-{}", std::process::id()));
    let mut f = fs::File::create(&tmp).with_context(|| format!("cannot write {}", tmp.display()))?;
    f.write_all(bytes)?;
    f.sync_all()?;
    fs::rename(&tmp, path).with_context(|| format!("cannot write {}", path.display()))?;
    Ok(())
}

impl RunDir {
    pub(crate) fn new(root: &Path) -> RunDir {
        RunDir { root: root.to_path_buf() }
    }

    pub(crate) fn config(&self) -> PathBuf {
        self.root.join("config.resolved.toml")
    }
    pub(crate) fn run_json(&self) -> PathBuf {
        self.root.join("run.json")
    }
    pub(crate) fn games(&self) -> PathBuf {
        self.root.join("games")
    }
    pub(crate) fn checkpoints(&self) -> PathBuf {
        self.root.join("checkpoints")
    }
    pub(crate) fn metrics(&self) -> PathBuf {
        self.root.join("metrics.jsonl")
    }
    pub(crate) fn done_marker(&self) -> PathBuf {
        self.root.join("DONE")
    }

    /// The checkpoint folder of generation `g`.
    pub(crate) fn checkpoint(&self, g: u32) -> PathBuf {
        self.checkpoints().join(format!("gen-{g:04}"))
    }

    /// The folder of a partial (mid-generation) checkpoint.
    pub(crate) fn partial(&self, g: u32, step: u32) -> PathBuf {
        self.checkpoints().join(format!("partial-gen-{g:04}-step-{step:06}"))
    }

    /// The newest partial checkpoint of generation `g`, with its step.
    pub(crate) fn latest_partial(&self, g: u32) -> Option<(u32, PathBuf)> {
        let prefix = format!("partial-gen-{g:04}-step-");
        fs::read_dir(self.checkpoints())
            .ok()?
            .filter_map(|e| e.ok())
            .filter_map(|e| {
                let name = e.file_name().to_string_lossy().into_owned();
                let step: u32 = name.strip_prefix(&prefix)?.parse().ok()?;
                Some((step, e.path()))
            })
            .max_by_key(|(s, _)| *s)
    }

    /// Removes the partial checkpoints of generation `g`, except `keep`.
    pub(crate) fn remove_partials(&self, g: u32, keep: Option<&Path>) {
        let prefix = format!("partial-gen-{g:04}-step-");
        if let Ok(entries) = fs::read_dir(self.checkpoints()) {
            for e in entries.flatten() {
                let is_partial = e.file_name().to_string_lossy().starts_with(&prefix);
                if is_partial && keep != Some(e.path().as_path()) {
                    let _ = fs::remove_dir_all(e.path());
                }
            }
        }
    }

    /// The highest generation with a complete checkpoint.
    pub(crate) fn last_generation(&self) -> Option<u32> {
        fs::read_dir(self.checkpoints())
            .ok()?
            .filter_map(|e| e.ok())
            .filter_map(|e| e.file_name().to_string_lossy().strip_prefix("gen-")?.parse::<u32>().ok())
            .max()
    }

    /// Writes a pointer file (`LATEST` or `BEST`) naming a generation.
    pub(crate) fn set_pointer(&self, name: &str, g: u32) -> Result<()> {
        write_atomic(&self.checkpoints().join(name), format!("gen-{g:04}\n").as_bytes())
    }

    /// The generation a pointer file names.
    pub(crate) fn pointer(&self, name: &str) -> Option<u32> {
        let text = fs::read_to_string(self.checkpoints().join(name)).ok()?;
        text.trim().strip_prefix("gen-")?.parse().ok()
    }
}

/// Removes temporary files and folders (`*.tmp-PID`) left by processes that died mid-write,
/// in the run folder, `games/` and `checkpoints/`. Those of living processes (a worker writing
/// a shard right now) are kept.
pub(crate) fn remove_stale_temporaries(dir: &RunDir) {
    for folder in [dir.root.clone(), dir.games(), dir.checkpoints()] {
        let Ok(entries) = fs::read_dir(&folder) else { continue };
        for e in entries.flatten() {
            let name = e.file_name().to_string_lossy().into_owned();
            let Some(pid) = name.rsplit_once(".tmp-").and_then(|(_, p)| p.parse::<u32>().ok()) else { continue };
            if pid == std::process::id() || Path::new(&format!("/proc/{pid}")).exists() {
                continue;
            }
            let p = e.path();
            let _ = if p.is_dir() { fs::remove_dir_all(&p) } else { fs::remove_file(&p) };
        }
    }
}

/// Appends JSON events to `metrics.jsonl`, one per line, synced.
#[derive(Debug)]
pub(crate) struct Metrics {
    file: fs::File,
    start: std::time::Instant,
    offset: f64,
}

impl Metrics {
    /// Opens the metrics file, dropping a torn last line left by a crash.
    pub(crate) fn open(path: &Path) -> Result<Metrics> {
        if let Ok(text) = fs::read(path)
            && !text.is_empty()
            && text.last() != Some(&b'\n')
        {
            let keep = text.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
            write_atomic(path, &text[..keep])?;
        }
        let offset = read_events(path)?.iter().filter_map(|e| e["wall_seconds"].as_f64()).fold(0.0, f64::max);
        let file = fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(path)
            .with_context(|| format!("cannot open {}", path.display()))?;
        Ok(Metrics { file, start: std::time::Instant::now(), offset })
    }

    /// Appends one event; `wall_seconds` (run time across resumes) is added.
    pub(crate) fn log(&mut self, mut event: Value) -> Result<()> {
        event["wall_seconds"] = Value::from(self.offset + self.start.elapsed().as_secs_f64());
        let mut line = serde_json::to_vec(&event)?;
        line.push(b'\n');
        self.file.write_all(&line)?;
        self.file.sync_data()?;
        Ok(())
    }
}

/// Every event recorded so far.
pub(crate) fn read_events(path: &Path) -> Result<Vec<Value>> {
    let text = match fs::read_to_string(path) {
        Ok(t) => t,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(e) => return Err(e).with_context(|| format!("cannot read {}", path.display())),
    };
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .enumerate()
        .map(|(i, l)| {
            serde_json::from_str(l).with_context(|| format!("{}: line {} is not JSON", path.display(), i + 1))
        })
        .collect()
}
