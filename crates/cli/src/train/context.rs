//! What every phase of a run needs: the job, the run directory, the device and the metrics.

use crate::train::job::Job;
use crate::train::run_dir::{Metrics, RunDir};
use anyhow::{Context as _, Result};
use musashi_game::Ruleset;
use musashi_net::{Device, Network, load_checkpoint};
use std::sync::Arc;

/// A run in progress.
pub(crate) struct Context {
    pub job: Job,
    pub dir: RunDir,
    pub rules: Vec<Ruleset>,
    pub threads: usize,
    pub device: Device,
    pub metrics: Metrics,
}

impl Context {
    /// The network of generation `g`.
    pub(crate) fn load_network(&self, g: u32) -> Result<Arc<Network>> {
        let path = self.dir.checkpoint(g);
        let (net, _) = load_checkpoint(&path, &self.device).with_context(|| format!("generation {g}"))?;
        Ok(Arc::new(net))
    }
}
