//! A model to evaluate with: a checkpoint folder (or a run's `BEST`/`LATEST` pointer to one),
//! or uniform priors with zero values.

use crate::AgentError;
use crate::cache::{Cache, cached};
use musashi_net::{DeviceKind, Network, load_checkpoint, read_meta};
use musashi_search::{Evaluator, UniformEvaluator};
use musashi_selfplay::NetEvaluator;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// A model to evaluate with.
#[derive(Clone, Debug)]
pub enum Model {
    /// Uniform priors and zero values.
    Uniform,
    /// A trained network and a name for it.
    Net(Arc<Network>, String),
}

/// A checkpoint folder, following a `BEST`/`LATEST` pointer file (which names a folder beside it).
pub fn resolve_checkpoint(path: &Path) -> Result<PathBuf, AgentError> {
    if !path.is_file() {
        return Ok(path.to_path_buf());
    }
    let name = std::fs::read_to_string(path)
        .map_err(|e| AgentError::Checkpoint { path: path.to_path_buf(), message: e.to_string() })?;
    Ok(path.parent().unwrap_or(Path::new(".")).join(name.trim()))
}

impl Model {
    /// `uniform` (or `random`), or the checkpoint at `arg` (loaded once per process and device).
    pub fn load(arg: &str, device: DeviceKind) -> Result<Model, AgentError> {
        if arg == "random" || arg == "uniform" {
            return Ok(Model::Uniform);
        }
        let dir = resolve_checkpoint(Path::new(arg))?;
        let net = Model::network(&dir, device)?;
        let meta = read_meta(&dir).map_err(|e| AgentError::Checkpoint { path: dir.clone(), message: e.to_string() })?;
        Ok(Model::Net(net, format!("{arg} (generation {})", meta.generation)))
    }

    /// The network of the checkpoint in `dir` on `device` (loaded once per process).
    pub fn network(dir: &Path, device: DeviceKind) -> Result<Arc<Network>, AgentError> {
        static CPU: Cache<Network> = Cache::new();
        static GPU: Cache<Network> = Cache::new();
        let cache = if device == DeviceKind::Cpu { &CPU } else { &GPU };
        cached(cache, dir, |p| {
            let device = device.device().map_err(|e| AgentError::Device(e.to_string()))?;
            let (net, _) = load_checkpoint(p, &device)
                .map_err(|e| AgentError::Checkpoint { path: p.to_path_buf(), message: e.to_string() })?;
            Ok(net)
        })
    }

    /// What to call the model in output.
    pub fn name(&self) -> String {
        match self {
            Model::Uniform => "uniform".to_string(),
            Model::Net(_, name) => name.clone(),
        }
    }

    /// A fresh evaluator over the model.
    pub fn evaluator(&self) -> Box<dyn Evaluator> {
        match self {
            Model::Uniform => Box::new(UniformEvaluator),
            Model::Net(net, _) => Box::new(NetEvaluator::new(net.clone(), 0)),
        }
    }
}
