//! The training job: self-play → training → evaluation, generation after generation, until the
//! job says stop; resumable from its run directory after any crash.

use crate::context::{Agents, Context};
use crate::job::{Job, Workers};
use crate::metrics::{Event, Logged, Metrics, has_event, read_events};
use crate::observer::Observer;
use crate::resolve::{TrainRequest, record, resolve};
use crate::run_dir::{Pointer, RunDir};
use crate::run_info::write_run_json;
use crate::{TrainError, bootstrap, eval_phase, gate, schedule, selfplay_phase, train_phase, worker};
use musashi_config::write_atomic;
use musashi_game::Ruleset;
use musashi_net::{CheckpointMeta, Device, Network, save_checkpoint};
use musashi_selfplay::threads_or_all;
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// How a run ended.
#[derive(Clone, Debug, PartialEq)]
pub struct TrainOutcome {
    /// The run directory.
    pub root: PathBuf,
    /// The newest trained generation.
    pub latest: u32,
    /// The generation self-play uses now.
    pub best: u32,
    /// Whether the run has reached its planned end (or its target).
    pub finished: bool,
}

/// Generation 0: freshly initialised weights from the run's seed.
fn ensure_generation_zero(ctx: &mut Context) -> Result<(), TrainError> {
    let path = ctx.dir.checkpoint(0);
    if path.exists() {
        return Ok(());
    }
    let net = Network::init(ctx.job.model, &ctx.device, ctx.job.run.seed);
    let meta = CheckpointMeta {
        format_version: 0,
        encoding_version: 0,
        model: ctx.job.model,
        rules: ctx.rules.clone(),
        generation: 0,
        step: 0,
        parent: None,
        weights_sha256: String::new(),
        training_sha256: None,
    };
    save_checkpoint(&path, &net, &meta, None).map_err(TrainError::checkpoint(&path))?;
    ctx.dir.set_pointer(Pointer::Latest, 0)?;
    ctx.dir.set_pointer(Pointer::Best, 0)?;
    ctx.metrics.log(Event::Checkpoint { generation: 0, parameters: ctx.job.model.num_params() })
}

/// A resolved job, checked (its device, rulesets and every agent it names) before anything is
/// written, then recorded in its run directory.
struct Recorded {
    job: Job,
    dir: RunDir,
    device: Device,
    rules: Vec<Ruleset>,
    agents: Agents,
}

fn resolve_and_record(request: &TrainRequest) -> Result<Recorded, TrainError> {
    let (job, dir) = resolve(request)?;
    let device = job.run.device.device().map_err(TrainError::Network)?;
    let rules = job.rules.rulesets()?;
    let agents = Agents::parse(&job, &rules)?;
    record(&job, &dir)?;
    Ok(Recorded { job, dir, device, rules, agents })
}

/// Records the job in its run directory without training, after the same checks as `train`:
/// what a launcher does before it starts the trainer (`train` on the recorded job) and its
/// self-play workers as separate jobs, so that every one of them finds the run. Returns the
/// run directory.
pub fn prepare(request: &TrainRequest) -> Result<RunDir, TrainError> {
    Ok(resolve_and_record(request)?.dir)
}

/// Opens the run: resolves, checks and records the job, records the invocation and makes
/// generation 0.
fn open(request: &TrainRequest) -> Result<Context, TrainError> {
    let Recorded { job, dir, device, rules, agents } = resolve_and_record(request)?;
    let _ = std::fs::remove_file(dir.done_marker());
    dir.remove_stale_temporaries();
    check_history(&dir)?;
    write_run_json(&dir, request)?;
    let threads = threads_or_all(job.run.threads);
    let metrics = Metrics::open(&dir.metrics())?;
    let mut ctx =
        Context { job, dir, rules, threads, device, metrics, agents, replay: None, handicap_rates: Default::default() };
    ctx.metrics.log(Event::Start { run: ctx.dir.root.display().to_string(), threads })?;
    ensure_generation_zero(&mut ctx)?;
    // A crash between saving a generation and removing its partial checkpoints leaves them.
    for g in 1..=ctx.dir.last_generation().unwrap_or(0) {
        ctx.dir.remove_partials(g, None);
    }
    Ok(ctx)
}

/// Before a run goes on: its history (`metrics.jsonl`) is there if it trained anything, and every
/// recorded shard (positions and games) matches its checksum file, so damage to a finished
/// generation's data is found now, not when a later phase happens to read it.
fn check_history(dir: &RunDir) -> Result<(), TrainError> {
    let trained = dir.last_generation().unwrap_or(0);
    if trained > 0 {
        let metrics = dir.metrics();
        let events = read_events(&metrics)?;
        if !events.iter().any(|e| matches!(e.event, Event::Train { .. } | Event::Generation { .. })) {
            return Err(TrainError::Run(format!(
                "{} is missing or holds no training events, but the run has checkpoints up to generation {trained}: going on would lose its history; restore the file, or start the run in a new folder",
                metrics.display()
            )));
        }
    }
    if dir.games().is_dir() {
        for shard in musashi_records::list_shards(&dir.games())? {
            musashi_records::verify_shard(&shard)?;
        }
    }
    Ok(())
}

fn generation_done(events: &[Logged], g: u32) -> bool {
    has_event(events, g, |e| matches!(e, Event::Generation { .. }))
}

/// Runs the job `request` names until it stops, reporting to `observer`.
pub fn train(request: &TrainRequest, observer: &dyn Observer) -> Result<TrainOutcome, TrainError> {
    let mut ctx = open(request)?;
    let total = ctx.job.run.generations;
    let events = read_events(&ctx.dir.metrics())?;
    let done_before = (1..=total).take_while(|&g| generation_done(&events, g)).count() as u64;
    observer.start(total as u64, done_before);
    observer.line(&format!("run {}: {} generations, {} threads", ctx.dir.root.display(), total, ctx.threads));
    let start = Instant::now();
    let budget = Duration::from_secs_f64(ctx.job.run.max_minutes * 60.0);
    let mut finished = true;
    for g in 1..=total {
        if generation_done(&events, g) {
            continue;
        }
        if !budget.is_zero() && start.elapsed() >= budget {
            let minutes = ctx.job.run.max_minutes;
            observer.line(&format!("stopping before generation {g}: the time budget of {minutes} minutes is spent"));
            if let Some(note) = schedule::unfinished_schedule(&ctx.job.train, g, total) {
                observer.line(&note);
            }
            ctx.metrics.log(Event::Stop { reason: "time budget".into(), generation: g })?;
            finished = false;
            break;
        }
        if generation(&mut ctx, &events, g, observer)? {
            let target = ctx.job.run.target_anchor_score;
            observer.line(&format!("target anchor score {target} reached at generation {g}"));
            ctx.metrics.log(Event::Stop { reason: "target reached".into(), generation: g })?;
            break;
        }
    }
    observer.finish();
    if finished {
        write_atomic(&ctx.dir.done_marker(), b"done\n")?;
    }
    Ok(TrainOutcome {
        root: ctx.dir.root.clone(),
        latest: ctx.dir.pointer(Pointer::Latest).unwrap_or(0),
        best: ctx.dir.pointer(Pointer::Best).unwrap_or(0),
        finished,
    })
}

/// Self-play (or waiting for workers), bootstrap games and training of generation `g`.
fn play_and_train(ctx: &mut Context, events: &[Logged], g: u32, observer: &dyn Observer) -> Result<(), TrainError> {
    let t = Instant::now();
    let model = if ctx.job.gate.enabled { ctx.dir.pointer(Pointer::Best).unwrap_or(0) } else { g - 1 };
    match ctx.job.selfplay.workers {
        Workers::Internal => {
            let logged = has_event(events, g, |e| matches!(e, Event::Selfplay { .. }));
            selfplay_phase::run_selfplay_phase(ctx, g, model, logged, observer)?
        }
        Workers::External => worker::wait_for_games(ctx, g, observer)?,
    }
    if bootstrap::wanted(ctx, g) {
        bootstrap::run_alphabeta_games(ctx, g)?;
    }
    let logged_steps = events
        .iter()
        .filter_map(|e| match e.event {
            Event::Train { generation, step, .. } if generation == g => Some(step),
            _ => None,
        })
        .max()
        .unwrap_or(0);
    let s = train_phase::run_train_phase(ctx, g, logged_steps, observer)?;
    observer.line(&format!(
        "generation {g}: trained {} steps on a window of {} positions: policy loss {:.3}, value loss {:.3}, moves-left loss {:.3} ({:.1} s)",
        s.steps,
        s.window,
        s.losses.policy,
        s.losses.value,
        s.losses.moves_left,
        t.elapsed().as_secs_f64()
    ));
    Ok(())
}

/// Evaluates generation `g`; returns its mean score against the anchor.
fn evaluate(ctx: &mut Context, g: u32, observer: &dyn Observer) -> Result<Option<f64>, TrainError> {
    let scores = eval_phase::run_eval_phase(ctx, g)?;
    for s in &scores {
        observer.line(&format!(
            "generation {g}: against {} (on the {}-point board): {:.2} as General, {:.2} as soldiers",
            s.opponent, s.rules.board, s.as_general, s.as_soldiers
        ));
    }
    let anchor: Vec<f64> = scores.iter().filter(|s| s.opponent == ctx.job.eval.anchor).map(|s| s.mean()).collect();
    Ok((!anchor.is_empty()).then(|| anchor.iter().sum::<f64>() / anchor.len() as f64))
}

/// One generation; returns whether the target anchor score was reached.
fn generation(ctx: &mut Context, events: &[Logged], g: u32, observer: &dyn Observer) -> Result<bool, TrainError> {
    if !ctx.dir.checkpoint(g).exists() {
        play_and_train(ctx, events, g, observer)?;
    }
    let mut anchor_score = None;
    let due = ctx.job.eval.is_due(g, ctx.job.run.generations);
    if due && !has_event(events, g, |e| matches!(e, Event::Eval { .. })) {
        anchor_score = evaluate(ctx, g, observer)?;
    }
    if ctx.job.gate.enabled && !has_event(events, g, |e| matches!(e, Event::Gate { .. })) {
        let incumbent = ctx.dir.pointer(Pointer::Best).unwrap_or(0);
        let promoted = gate::run_gate(ctx, g, incumbent)?;
        let verb = if promoted { "replaces" } else { "does not replace" };
        observer.line(&format!("generation {g}: {verb} the incumbent gen-{incumbent:04}"));
        if promoted {
            ctx.dir.set_pointer(Pointer::Best, g)?;
        }
    } else if !ctx.job.gate.enabled {
        ctx.dir.set_pointer(Pointer::Best, g)?;
    }
    ctx.metrics.log(Event::Generation { generation: g, anchor_score })?;
    observer.generation_done(g as u64, &anchor_score.map(|s| format!("anchor score {s:.2}")).unwrap_or_default());
    let target = ctx.job.run.target_anchor_score;
    Ok(target > 0.0 && anchor_score.is_some_and(|s| s >= target))
}
