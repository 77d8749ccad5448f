//! The training phase of a generation: the replay window, optimizer steps with the schedule,
//! partial checkpoints for crash safety, and the generation's checkpoint.

use crate::train::context::Context;
use crate::train::selfplay_phase::shards_up_to;
use anyhow::{Context as _, Result};
use musashi_net::{
    CheckpointMeta, Learner, Network, TrainBatch, load_checkpoint, load_training_state, save_checkpoint,
};
use musashi_trainer::{Replay, ValueOracle, build_batch, learning_rate};
use rand::SeedableRng;
use rand::rngs::SmallRng;
use serde_json::json;
use std::path::Path;
use std::time::Instant;

/// What a training phase did.
pub(crate) struct TrainSummary {
    pub steps: u32,
    pub window: usize,
    pub policy_loss: f32,
    pub value_loss: f32,
}

fn meta(ctx: &Context, g: u32, step: u64, net: &Network) -> CheckpointMeta {
    CheckpointMeta {
        format_version: 0,
        encoding_version: 0,
        model: net.config(),
        rules: ctx.rules.clone(),
        generation: g,
        step,
        parent: g.checked_sub(1).map(|p| format!("gen-{p:04}")),
        weights_sha256: String::new(),
        training_sha256: None,
    }
}

fn load_learner(ctx: &Context, from: &Path) -> Result<Learner> {
    let (net, _) = load_checkpoint(from, &ctx.device)?;
    let t = &ctx.job.train;
    Ok(match load_training_state(from)? {
        Some(state) => Learner::resume(&net, t.optimizer, t.weight_decay, t.value_weight, state)
            .map_err(anyhow::Error::msg)
            .with_context(|| format!("{}", from.display()))?,
        None => Learner::new(&net, t.optimizer, t.weight_decay, t.value_weight),
    })
}

/// Trains generation `g` from generation `g - 1` (or from its newest partial checkpoint).
pub(crate) fn run_train_phase(
    ctx: &mut Context,
    g: u32,
    oracle: Option<ValueOracle>,
    on_step: &dyn Fn(u32, f32),
) -> Result<TrainSummary> {
    let t = ctx.job.train;
    let steps = t.steps_per_generation;
    let (mut learner, first_step) = match ctx.dir.latest_partial(g) {
        Some((step, path)) => (load_learner(ctx, &path)?, step),
        None => (load_learner(ctx, &ctx.dir.checkpoint(g - 1))?, 0),
    };
    let mut replay = Replay::new();
    replay.load(&shards_up_to(&ctx.dir.games(), g)?, &t, oracle)?;
    anyhow::ensure!(!replay.is_empty(), "generation {g}: no training positions in {}", ctx.dir.games().display());
    let total_steps = ctx.job.run.generations as u64 * steps as u64;
    let mut batch = TrainBatch::default();
    let log_every = (steps / 10).max(1);
    let start = Instant::now();
    let mut last = musashi_net::Losses::default();
    let mut trained = 0u32;
    for step in first_step..steps {
        let global = (g as u64 - 1) * steps as u64 + step as u64;
        let mut rng =
            SmallRng::seed_from_u64(ctx.job.run.seed ^ global.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ 0x0074_7261_696e);
        build_batch(&replay, &t, &mut rng, &mut batch);
        let lr = learning_rate(&t, global, total_steps);
        last = learner.step(&batch, lr);
        trained += 1;
        on_step(step + 1, last.total);
        let done = step + 1;
        if done % log_every == 0 || done == steps {
            let secs = start.elapsed().as_secs_f64().max(1e-9);
            ctx.metrics.log(json!({
                "event": "train", "generation": g, "step": done, "global_step": global + 1,
                "policy_loss": last.policy, "value_loss": last.value, "total_loss": last.total,
                "learning_rate": lr, "window": replay.len(), "positions_seen": replay.seen(),
                "exact_values": replay.exact_values(),
                "samples_per_second": (trained as usize * t.batch_size) as f64 / secs,
            }))?;
        }
        if done % t.checkpoint_every == 0 && done < steps {
            let net = learner.network();
            let path = ctx.dir.partial(g, done);
            if !path.exists() {
                let state = learner.state().map_err(anyhow::Error::msg)?;
                save_checkpoint(&path, &net, &meta(ctx, g, global + 1, &net), Some(&state))?;
            }
            ctx.dir.remove_partials(g, Some(&path));
        }
    }
    let net = learner.network();
    let state = learner.state().map_err(anyhow::Error::msg)?;
    save_checkpoint(&ctx.dir.checkpoint(g), &net, &meta(ctx, g, g as u64 * steps as u64, &net), Some(&state))?;
    ctx.dir.remove_partials(g, None);
    ctx.dir.set_pointer("LATEST", g)?;
    Ok(TrainSummary { steps: trained, window: replay.len(), policy_loss: last.policy, value_loss: last.value })
}
