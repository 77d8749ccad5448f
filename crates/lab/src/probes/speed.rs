//! `musashi-lab speed`: times models side by side in one run: µs per position for inference at
//! several batch sizes, and training steps per second at batch 256 on random legal-shaped batches.
//!
//! musashi-lab speed --model mlp:192x2 --model graph:32x4 [--seconds 2]

use anyhow::{Result, bail};
use musashi_game::{Game, NUM_ACTIONS, Preset};
use musashi_lab::distill::fresh_learner;
use musashi_lab::model_spec::parse_model;
use musashi_net::{DeviceKind, NUM_FEATURES, Network, Prediction, TrainBatch, encode};
use std::time::Instant;

#[derive(clap::Args, Debug)]
pub(crate) struct Args {
    /// Models, e.g. mlp:192x2, graph:32x4 (repeat the flag).
    #[arg(long = "model", required = true)]
    models: Vec<String>,
    /// Seconds per measurement.
    #[arg(long, default_value_t = 2.0)]
    seconds: f64,
    /// Inference batch sizes.
    #[arg(long, value_delimiter = ',', default_value = "1,32,256")]
    batches: Vec<usize>,
}

fn features(n: usize) -> Vec<f32> {
    let mut out = vec![0.0; n * NUM_FEATURES];
    let presets = [Preset::Classic, Preset::NoSetchin];
    for (i, row) in out.chunks_exact_mut(NUM_FEATURES).enumerate() {
        let g = Game::new(presets[i % 2].ruleset());
        encode(&g.snapshot(), row);
    }
    out
}

pub(crate) fn run(a: Args) -> Result<()> {
    if !a.seconds.is_finite() || a.seconds < 0.0 || a.batches.contains(&0) {
        bail!("--seconds must be finite and ≥ 0, every --batches size positive");
    }
    let device = DeviceKind::Cpu.device()?;
    for spec in &a.models {
        let config = parse_model(spec).map_err(anyhow::Error::msg)?;
        let net = Network::init(config, &device, 1);
        for &b in &a.batches {
            let x = features(b);
            let mut p = Prediction::default();
            let (t, mut n) = (Instant::now(), 0usize);
            while t.elapsed().as_secs_f64() < a.seconds {
                net.predict(&x, &mut p);
                n += b;
            }
            println!("{spec}\tinference batch {b}\t{:.2} µs/position", t.elapsed().as_secs_f64() * 1e6 / n as f64);
        }
        let mut learner = fresh_learner(config, 1).map_err(anyhow::Error::msg)?;
        let n = 256;
        let batch = TrainBatch {
            features: features(n),
            policy: vec![1.0 / NUM_ACTIONS as f32; n * NUM_ACTIONS],
            legal: vec![1.0; n * NUM_ACTIONS],
            value: vec![0.5; n],
            policy_weight: vec![1.0; n],
            plies: vec![30.0; n],
        };
        learner.step(&batch, 1e-4);
        let (t, mut steps) = (Instant::now(), 0);
        while t.elapsed().as_secs_f64() < a.seconds {
            learner.step(&batch, 1e-4);
            steps += 1;
        }
        let s = t.elapsed().as_secs_f64();
        println!(
            "{spec}\ttraining batch 256\t{:.1} steps/s\t{:.0} samples/s",
            steps as f64 / s,
            (steps * n) as f64 / s
        );
    }
    Ok(())
}
