//! What `musashi bench network` measures: the time a network takes per position at a batch
//! size, on one thread, on fixed varied inputs.

use crate::NetError;
use crate::encoding::NUM_FEATURES;
use crate::model::ModelConfig;
use crate::network::{DeviceKind, Network, Prediction};
use std::time::Instant;

/// Microseconds per position of a fresh `config` network on batches of `batch` positions, timed
/// for about `seconds` after one untimed batch, on the CPU.
pub fn time_inference(config: ModelConfig, batch: usize, seconds: f64) -> Result<f64, NetError> {
    config.validate()?;
    let device = DeviceKind::Cpu.device()?;
    let net = Network::init(config, &device, 1);
    let batch = batch.max(1);
    // Deterministic, varied inputs.
    let features: Vec<f32> = (0..batch * NUM_FEATURES).map(|i| ((i * 7919) % 13) as f32 / 13.0).collect();
    let mut out = Prediction::default();
    net.predict(&features, &mut out);
    let start = Instant::now();
    let mut positions = 0usize;
    while positions == 0 || start.elapsed().as_secs_f64() < seconds {
        net.predict(&features, &mut out);
        positions += batch;
    }
    Ok(start.elapsed().as_secs_f64() * 1e6 / positions as f64)
}
