//! The training phase of a generation: the replay window, optimizer steps with the schedule,
//! partial checkpoints for crash safety, and the generation's checkpoint.

use crate::batch::prefetched;
use crate::context::Context;
use crate::metrics::Event;
use crate::observer::{Observer, Phase};
use crate::run_dir::Pointer;
use crate::shards::shards_up_to;
use crate::{Replay, TrainError, learning_rate};
use musashi_game::Snapshot;
use musashi_net::{
    CheckpointMeta, Learner, LossWeights, Losses, Network, load_checkpoint, load_training_state, save_checkpoint,
};
use std::path::Path;
use std::time::Instant;

/// What a training phase did.
pub(crate) struct TrainSummary {
    pub steps: u32,
    pub window: usize,
    pub losses: Losses,
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

fn load_learner(ctx: &Context, from: &Path) -> Result<Learner, TrainError> {
    let (net, _) = load_checkpoint(from, &ctx.device).map_err(TrainError::checkpoint(from))?;
    let t = &ctx.job.train;
    let weights = LossWeights { value: t.value_weight, moves_left: t.moves_left_weight };
    let learner = match load_training_state(from).map_err(TrainError::checkpoint(from))? {
        Some(state) => Learner::resume(&net, t.optimizer, t.weight_decay, weights, state)
            .map_err(|e| TrainError::Checkpoint { path: from.to_path_buf(), message: e.to_string() })?,
        None => Learner::new(&net, t.optimizer, t.weight_decay, weights),
    };
    learner
        .with_threads(t.threads)
        .map_err(|e| TrainError::Checkpoint { path: from.to_path_buf(), message: e.to_string() })
}

/// The replay window for generation `g`, with exact values where the tablebase covers a position.
/// The window of generation `g - 1`, when this process trained it, is kept and only the new
/// shards are read: the same window as reading every shard again, because the window never
/// grows by more than the positions added (`window_fraction` ≤ 1) and loading orders positions
/// canonically (by game id, which starts with the generation).
fn load_replay(ctx: &mut Context, g: u32) -> Result<Replay, TrainError> {
    let mut replay = match ctx.replay.take() {
        Some((h, kept)) if h + 1 == g => kept,
        _ => Replay::new(),
    };
    let exact = |s: &Snapshot, unrepeated: bool| ctx.exact_target(s, unrepeated);
    let oracle: Option<crate::ValueOracle> = if ctx.agents.tablebase.is_some() { Some(&exact) } else { None };
    replay.load(&shards_up_to(&ctx.dir.games(), g)?, &ctx.job.train, oracle)?;
    if replay.is_empty() {
        return Err(TrainError::Run(format!("generation {g}: no training positions in {}", ctx.dir.games().display())));
    }
    Ok(replay)
}

/// Refuses weights that a step left NaN or infinite, before anything is written from them.
fn check_weights(net: &musashi_net::Network, generation: u32, step: u64) -> Result<(), TrainError> {
    match net.check_finite() {
        Err(musashi_net::NetError::NonFinite { count }) => Err(TrainError::DivergedWeights { generation, step, count }),
        Err(other) => Err(TrainError::Network(other)),
        Ok(()) => Ok(()),
    }
}

/// Saves a partial checkpoint after `done` steps of generation `g` (unless it exists).
fn save_partial(ctx: &Context, learner: &Learner, g: u32, done: u32, global: u64) -> Result<(), TrainError> {
    let net = learner.network();
    check_weights(&net, g, global)?;
    let path = ctx.dir.partial(g, done);
    if !path.exists() {
        let state = learner.state().map_err(TrainError::Network)?;
        save_checkpoint(&path, &net, &meta(ctx, g, global, &net), Some(&state))
            .map_err(TrainError::checkpoint(&path))?;
    }
    ctx.dir.remove_partials(g, Some(&path));
    Ok(())
}

/// Trains generation `g` from generation `g - 1` (or from its newest partial checkpoint); steps
/// up to `logged_steps` were logged by an earlier invocation and are not logged again.
pub(crate) fn run_train_phase(
    ctx: &mut Context,
    g: u32,
    logged_steps: u32,
    observer: &dyn Observer,
) -> Result<TrainSummary, TrainError> {
    let t = ctx.job.train;
    let steps = t.steps_per_generation;
    let (mut learner, first_step) = match ctx.dir.latest_partial(g) {
        Some((step, path)) => (load_learner(ctx, &path)?, step),
        None => (load_learner(ctx, &ctx.dir.checkpoint(g - 1))?, 0),
    };
    let replay = load_replay(ctx, g)?;
    let total_steps = ctx.job.run.generations as u64 * steps as u64;
    let log_every = (steps / 10).max(1);
    let start = Instant::now();
    let mut last = Losses::default();
    let mut rank_loss = None;
    let mut trained = 0u32;
    observer.phase_start(Phase::Training, steps as u64);
    let first_global = (g as u64 - 1) * steps as u64;
    let globals = first_global + first_step as u64..first_global + steps as u64;
    prefetched(&replay, &t, ctx.job.run.seed, globals, |next_batch| -> Result<(), TrainError> {
        for step in first_step..steps {
            let global = first_global + step as u64;
            let mb = next_batch();
            let lr = learning_rate(&t, global, total_steps);
            (last, rank_loss) = if t.rank_siblings > 0.0 {
                let (losses, rank) = learner
                    .step_ranked(&mb.batch, &mb.siblings, t.rank_temperature, t.rank_siblings, lr)
                    .map_err(TrainError::Network)?;
                (losses, Some(rank))
            } else {
                (learner.step(&mb.batch, lr), None)
            };
            if !last.total.is_finite() {
                return Err(TrainError::Diverged {
                    generation: g,
                    step: global + 1,
                    total: last.total,
                    policy: last.policy,
                    value: last.value,
                    moves_left: last.moves_left,
                    learning_rate: lr,
                });
            }
            trained += 1;
            let done = step + 1;
            observer.phase_progress(Phase::Training, done as u64, &format!("loss {:.3}", last.total));
            if (done % log_every == 0 || done == steps) && done > logged_steps {
                let secs = start.elapsed().as_secs_f64().max(1e-9);
                ctx.metrics.log(Event::Train {
                    generation: g,
                    step: done,
                    global_step: global + 1,
                    policy_loss: last.policy,
                    value_loss: last.value,
                    moves_left_loss: last.moves_left,
                    rank_loss,
                    total_loss: last.total,
                    learning_rate: lr,
                    window: replay.len(),
                    positions_seen: replay.seen(),
                    exact_values: replay.exact_values(),
                    samples_per_second: (trained as usize * t.batch_size) as f64 / secs,
                })?;
            }
            if done % t.checkpoint_every == 0 && done < steps {
                save_partial(ctx, &learner, g, done, global + 1)?;
            }
        }
        Ok(())
    })?;
    observer.phase_end(Phase::Training);
    let net = learner.network();
    check_weights(&net, g, g as u64 * steps as u64)?;
    let state = learner.state().map_err(TrainError::Network)?;
    let path = ctx.dir.checkpoint(g);
    save_checkpoint(&path, &net, &meta(ctx, g, g as u64 * steps as u64, &net), Some(&state))
        .map_err(TrainError::checkpoint(&path))?;
    ctx.dir.remove_partials(g, None);
    ctx.dir.set_pointer(Pointer::Latest, g)?;
    let window = replay.len();
    ctx.replay = Some((g, replay));
    Ok(TrainSummary { steps: trained, window, losses: last })
}
