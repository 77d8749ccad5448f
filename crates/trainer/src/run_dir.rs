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

use crate::TrainError;
use musashi_config::write_atomic;
use std::fs;
use std::path::{Path, PathBuf};

/// Paths inside a run directory.
#[derive(Clone, Debug)]
pub struct RunDir {
    /// The run's folder.
    pub root: PathBuf,
}

/// A pointer file in `checkpoints/` naming a generation.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Pointer {
    /// The newest trained generation.
    Latest,
    /// The generation self-play uses (the newest, or the gate's incumbent).
    Best,
}

impl Pointer {
    /// The pointer's file name.
    pub fn file_name(self) -> &'static str {
        match self {
            Pointer::Latest => "LATEST",
            Pointer::Best => "BEST",
        }
    }
}

impl RunDir {
    /// The run in `root`.
    pub fn new(root: &Path) -> RunDir {
        RunDir { root: root.to_path_buf() }
    }

    /// The resolved job.
    pub fn config(&self) -> PathBuf {
        self.root.join("config.resolved.toml")
    }
    /// Versions and invocations.
    pub fn run_json(&self) -> PathBuf {
        self.root.join("run.json")
    }
    /// The shards.
    pub fn games(&self) -> PathBuf {
        self.root.join("games")
    }
    /// The checkpoints and pointers.
    pub fn checkpoints(&self) -> PathBuf {
        self.root.join("checkpoints")
    }
    /// The metrics events.
    pub fn metrics(&self) -> PathBuf {
        self.root.join("metrics.jsonl")
    }
    /// An external worker's own metrics events.
    pub fn worker_metrics(&self, worker: &str) -> PathBuf {
        self.root.join(format!("worker-{worker}.jsonl"))
    }
    /// Written when the run has finished.
    pub fn done_marker(&self) -> PathBuf {
        self.root.join("DONE")
    }

    /// The checkpoint folder of generation `g`.
    pub fn checkpoint(&self, g: u32) -> PathBuf {
        self.checkpoints().join(format!("gen-{g:04}"))
    }

    /// The folder of a partial (mid-generation) checkpoint.
    pub fn partial(&self, g: u32, step: u32) -> PathBuf {
        self.checkpoints().join(format!("partial-gen-{g:04}-step-{step:06}"))
    }

    /// The newest partial checkpoint of generation `g`, with its step.
    pub fn latest_partial(&self, g: u32) -> Option<(u32, PathBuf)> {
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
    pub fn remove_partials(&self, g: u32, keep: Option<&Path>) {
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

    /// The highest generation with a checkpoint folder.
    pub fn last_generation(&self) -> Option<u32> {
        fs::read_dir(self.checkpoints())
            .ok()?
            .filter_map(|e| e.ok())
            .filter_map(|e| e.file_name().to_string_lossy().strip_prefix("gen-")?.parse::<u32>().ok())
            .max()
    }

    /// The complete checkpoints (with their metadata), oldest first: (generation, folder).
    pub fn generations(&self) -> Result<Vec<(u32, PathBuf)>, TrainError> {
        let dir = self.checkpoints();
        let mut gens = Vec::new();
        for e in fs::read_dir(&dir).map_err(TrainError::io(&dir))? {
            let e = e.map_err(TrainError::io(&dir))?;
            let name = e.file_name().to_string_lossy().into_owned();
            if let Some(n) = name.strip_prefix("gen-").and_then(|n| n.parse::<u32>().ok())
                && e.path().join("meta.json").is_file()
            {
                gens.push((n, e.path()));
            }
        }
        gens.sort();
        Ok(gens)
    }

    /// Writes a pointer file naming generation `g`.
    pub fn set_pointer(&self, pointer: Pointer, g: u32) -> Result<(), TrainError> {
        Ok(write_atomic(&self.checkpoints().join(pointer.file_name()), format!("gen-{g:04}\n").as_bytes())?)
    }

    /// The generation a pointer file names.
    pub fn pointer(&self, pointer: Pointer) -> Option<u32> {
        let text = fs::read_to_string(self.checkpoints().join(pointer.file_name())).ok()?;
        text.trim().strip_prefix("gen-")?.parse().ok()
    }

    /// Removes temporary files and folders (`*.tmp-PID`) left by processes that died mid-write,
    /// in the run folder, `games/` and `checkpoints/`. Those of living processes (a worker
    /// writing a shard right now) are kept.
    pub fn remove_stale_temporaries(&self) {
        for folder in [self.root.clone(), self.games(), self.checkpoints()] {
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
}
