//! Turning a `--model` argument into an evaluator factory: a checkpoint folder, or `random`
//! for generation 0 (uniform priors, zero values).

use anyhow::{Context, Result};
use musashi_net::{DeviceKind, Network, load_checkpoint};
use musashi_search::{Evaluator, UniformEvaluator};
use musashi_selfplay::NetEvaluator;
use std::path::Path;
use std::sync::Arc;

/// A model to evaluate with.
pub(crate) enum Model {
    /// Uniform priors and zero values.
    Uniform,
    /// A trained network.
    Net(Arc<Network>, String),
}

impl Model {
    pub(crate) fn load(arg: &str, device: DeviceKind) -> Result<Model> {
        if arg == "random" || arg == "uniform" {
            return Ok(Model::Uniform);
        }
        let device = device.device().map_err(anyhow::Error::msg)?;
        let (net, meta) =
            load_checkpoint(Path::new(arg), &device).with_context(|| format!("cannot load model '{arg}'"))?;
        Ok(Model::Net(Arc::new(net), format!("{arg} (generation {})", meta.generation)))
    }

    pub(crate) fn name(&self) -> String {
        match self {
            Model::Uniform => "uniform".to_string(),
            Model::Net(_, name) => name.clone(),
        }
    }

    pub(crate) fn evaluator(&self) -> Box<dyn Evaluator> {
        match self {
            Model::Uniform => Box::new(UniformEvaluator),
            Model::Net(net, _) => Box::new(NetEvaluator::new(net.clone(), 0)),
        }
    }
}
