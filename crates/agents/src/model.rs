//! A model to evaluate with: a checkpoint folder (or a run's `BEST`/`LATEST` pointer to one),
//! or uniform priors with zero values.

use crate::AgentError;
use crate::cache::{Cache, cached};
use crate::plain_network::plain_copy;
use musashi_net::{DeviceKind, Network, load_checkpoint, read_meta};
use musashi_runtime::NetworkEvaluator;
use musashi_search::{Evaluator, UniformEvaluator};
use musashi_selfplay::NetEvaluator;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// A model to evaluate with.
#[derive(Clone, Debug)]
pub enum Model {
    /// Uniform priors and zero values.
    Uniform,
    /// A trained network (made with [`Model::trained`]).
    Net(Trained),
}

/// A trained network, its name, and (for an MLP on the CPU) its plain-Rust copy, which
/// searches that evaluate one state at a time run instead (`plain_network.rs`).
#[derive(Clone, Debug)]
pub struct Trained {
    /// The network.
    pub net: Arc<Network>,
    /// What to call it in output.
    pub name: String,
    plain: Option<Arc<musashi_runtime::Network>>,
}

impl Trained {
    /// Whether single-state searches run the plain-Rust copy.
    pub fn has_plain_copy(&self) -> bool {
        self.plain.is_some()
    }
}

/// A checkpoint folder, following a `BEST`/`LATEST` pointer file (which names a folder beside it).
pub fn resolve_checkpoint(path: &Path) -> Result<PathBuf, AgentError> {
    if !path.is_file() {
        return Ok(path.to_path_buf());
    }
    let fail = |message: String| AgentError::Checkpoint { path: path.to_path_buf(), message };
    // A pointer is tiny; never read (or echo) a large file given by mistake.
    let size = std::fs::metadata(path).map_err(|e| fail(e.to_string()))?.len();
    let name = if size <= 256 { std::fs::read_to_string(path).ok() } else { None };
    let name = name.as_deref().map(str::trim).filter(|n| is_folder_name(n));
    let name = name.ok_or_else(|| {
        fail("a file, and not a BEST/LATEST pointer (one line naming a checkpoint folder beside it)".into())
    })?;
    Ok(path.parent().unwrap_or(Path::new(".")).join(name))
}

/// A checkpoint folder's name as pointers hold it: one path component of plain characters.
fn is_folder_name(name: &str) -> bool {
    !name.is_empty()
        && name.len() <= 128
        && name != ".."
        && name.chars().all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.'))
}

/// A network error's message without the checkpoint's path, which the agent error names.
fn without_path(e: musashi_net::NetError) -> String {
    match e {
        musashi_net::NetError::Checkpoint { what, .. } => what,
        other => other.to_string(),
    }
}

impl Model {
    /// `uniform` (or `random`), or the checkpoint at `arg` (loaded once per process and device).
    pub fn load(arg: &str, device: DeviceKind) -> Result<Model, AgentError> {
        if arg == "random" || arg == "uniform" {
            return Ok(Model::Uniform);
        }
        let dir = resolve_checkpoint(Path::new(arg))?;
        let net = Model::network(&dir, device)?;
        let meta =
            read_meta(&dir).map_err(|e| AgentError::Checkpoint { path: dir.clone(), message: without_path(e) })?;
        Model::trained(net, format!("{arg} (generation {})", meta.generation))
    }

    /// A trained network called `name`.
    pub fn trained(net: Arc<Network>, name: String) -> Result<Model, AgentError> {
        let plain = plain_copy(&net, &name)?;
        Ok(Model::Net(Trained { net, name, plain }))
    }

    /// The network of the checkpoint in `dir` on `device` (loaded once per process).
    pub fn network(dir: &Path, device: DeviceKind) -> Result<Arc<Network>, AgentError> {
        static CPU: Cache<Network> = Cache::new();
        static GPU: Cache<Network> = Cache::new();
        let cache = if device == DeviceKind::Cpu { &CPU } else { &GPU };
        cached(cache, dir, |p| {
            let device = device.device().map_err(|e| AgentError::Device(e.to_string()))?;
            let (net, _) = load_checkpoint(p, &device)
                .map_err(|e| AgentError::Checkpoint { path: p.to_path_buf(), message: without_path(e) })?;
            Ok(net)
        })
    }

    /// What to call the model in output.
    pub fn name(&self) -> String {
        match self {
            Model::Uniform => "uniform".to_string(),
            Model::Net(t) => t.name.clone(),
        }
    }

    /// A fresh evaluator over the model for batches of states (self-play): Burn's.
    pub fn evaluator(&self) -> Box<dyn Evaluator> {
        match self {
            Model::Uniform => Box::new(UniformEvaluator),
            Model::Net(t) => Box::new(NetEvaluator::new(t.net.clone(), 0)),
        }
    }

    /// A fresh evaluator over the model for a search that evaluates one state at a time (an
    /// MCTS agent): the plain-Rust copy where there is one, Burn's otherwise.
    pub fn single_state_evaluator(&self) -> Box<dyn Evaluator> {
        match self {
            Model::Net(Trained { plain: Some(plain), .. }) => Box::new(NetworkEvaluator::new(plain.clone())),
            _ => self.evaluator(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pointers_name_a_folder_and_other_files_are_not_echoed() {
        let dir = std::env::temp_dir().join(format!("musashi-pointer-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let pointer = dir.join("BEST");
        std::fs::write(&pointer, "gen-0040\n").unwrap();
        assert_eq!(resolve_checkpoint(&pointer).unwrap(), dir.join("gen-0040"));
        for secret in ["root:x:0:0:root:/root:/bin/bash\n", "../../etc", "a/b", &"x".repeat(300)] {
            std::fs::write(&pointer, secret).unwrap();
            let e = resolve_checkpoint(&pointer).unwrap_err().to_string();
            assert!(e.contains("not a BEST/LATEST pointer"), "{e}");
            assert!(!e.contains(secret.trim()), "the file's contents are not printed: {e}");
        }
        assert_eq!(resolve_checkpoint(&dir).unwrap(), dir, "a folder is taken as it is");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
