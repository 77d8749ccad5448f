//! `musashi train`: self-play → training → evaluation, generation after generation, until the
//! job says stop; resumable from its run directory after any crash.

mod bootstrap;
pub(crate) mod config_file;
mod context;
mod eval_phase;
mod gate;
pub(crate) mod job;
mod report;
mod resolve;
pub(crate) mod run_dir;
pub(crate) mod selfplay_phase;
mod train_phase;
pub(crate) mod worker;

use crate::commands::selfplay::threads_or_all;
use anyhow::Result;
use context::Context;
use job::Workers;
use musashi_net::{CheckpointMeta, Network, save_checkpoint};
use report::Reporter;
use run_dir::{Metrics, RunDir, read_events, write_atomic};
use serde_json::{Value, json};
use std::path::PathBuf;
use std::time::{Duration, Instant};

#[derive(clap::Args, Debug)]
pub(crate) struct Args {
    /// The job's config file (TOML); without it, the embedded `configs/quick.toml`.
    #[arg(long)]
    config: Option<PathBuf>,
    /// Override a config key, e.g. `--set train.learning_rate=0.002` (repeatable).
    #[arg(long = "set", value_name = "KEY=VALUE")]
    sets: Vec<String>,
    /// The run directory (default: runs/<config name>).
    #[arg(long)]
    out: Option<PathBuf>,
    /// Continue the run in the run directory with its recorded configuration.
    #[arg(long)]
    resume: bool,
}

fn write_run_json(dir: &RunDir) -> Result<()> {
    let mut info: Value = match std::fs::read(dir.run_json()) {
        Ok(bytes) => serde_json::from_slice(&bytes)?,
        Err(_) => json!({
            "musashi_version": env!("CARGO_PKG_VERSION"),
            "git_commit": git_commit(),
            "created_unix": unix_now(),
            "encoding_version": musashi_net::ENCODING_VERSION,
            "checkpoint_format_version": musashi_net::CHECKPOINT_FORMAT_VERSION,
            "positions_schema_version": musashi_records::POSITIONS_SCHEMA_VERSION,
            "games_schema_version": musashi_records::GAMES_SCHEMA_VERSION,
            "invocations": [],
        }),
    };
    let cmd: Vec<String> = std::env::args().collect();
    if let Some(list) = info["invocations"].as_array_mut() {
        list.push(json!({ "unix": unix_now(), "command": cmd, "git_commit": git_commit() }));
    }
    write_atomic(&dir.run_json(), serde_json::to_string_pretty(&info)?.as_bytes())
}

fn unix_now() -> u64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| d.as_secs()).unwrap_or(0)
}

/// The commit checked out when the binary was built (HEAD at build time; uncommitted changes
/// are not marked), recorded by the build script.
fn git_commit() -> String {
    env!("MUSASHI_BUILD_COMMIT").to_string()
}

/// Generation 0: freshly initialised weights from the run's seed.
fn ensure_generation_zero(ctx: &mut Context) -> Result<()> {
    if ctx.dir.checkpoint(0).exists() {
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
    save_checkpoint(&ctx.dir.checkpoint(0), &net, &meta, None)?;
    ctx.dir.set_pointer("LATEST", 0)?;
    ctx.dir.set_pointer("BEST", 0)?;
    ctx.metrics.log(json!({ "event": "checkpoint", "generation": 0, "parameters": ctx.job.model.num_params() }))?;
    Ok(())
}

fn has_event(events: &[Value], kind: &str, g: u32) -> bool {
    events.iter().any(|e| e["event"] == kind && e["generation"] == g)
}

pub(crate) fn run(a: Args) -> Result<()> {
    let (job, dir) = resolve::resolve(a.config.as_deref(), &a.sets, a.out.as_deref(), a.resume)?;
    let _ = std::fs::remove_file(dir.done_marker());
    run_dir::remove_stale_temporaries(&dir);
    write_run_json(&dir)?;
    let device = job.run.device.device().map_err(anyhow::Error::msg)?;
    let rules = job.rules.rulesets().map_err(anyhow::Error::msg)?;
    let threads = threads_or_all(job.run.threads);
    let metrics = Metrics::open(&dir.metrics())?;
    let mut ctx = Context { job, dir, rules, threads, device, metrics };
    ctx.metrics.log(json!({ "event": "start", "run": ctx.dir.root.display().to_string(), "threads": threads }))?;
    ensure_generation_zero(&mut ctx)?;
    // A crash between saving a generation and removing its partial checkpoints leaves them.
    for g in 1..=ctx.dir.last_generation().unwrap_or(0) {
        ctx.dir.remove_partials(g, None);
    }
    let total = ctx.job.run.generations;
    let events = read_events(&ctx.dir.metrics())?;
    let done_before = (1..=total).take_while(|&g| has_event(&events, "generation", g)).count() as u64;
    let report = Reporter::new(total as u64, done_before);
    report.line(&format!("run {}: {} generations, {} threads", ctx.dir.root.display(), total, threads));
    let start = Instant::now();
    let budget = Duration::from_secs_f64(ctx.job.run.max_minutes * 60.0);
    let mut finished = true;
    for g in 1..=total {
        if has_event(&events, "generation", g) {
            continue;
        }
        if !budget.is_zero() && start.elapsed() >= budget {
            report.line(&format!(
                "stopping before generation {g}: the time budget of {} minutes is spent",
                ctx.job.run.max_minutes
            ));
            ctx.metrics.log(json!({ "event": "stop", "reason": "time budget", "generation": g }))?;
            finished = false;
            break;
        }
        let reached = generation(&mut ctx, &events, g, &report)?;
        if reached {
            report.line(&format!("target anchor score {} reached at generation {g}", ctx.job.run.target_anchor_score));
            ctx.metrics.log(json!({ "event": "stop", "reason": "target reached", "generation": g }))?;
            break;
        }
    }
    report.finish();
    if finished {
        write_atomic(&ctx.dir.done_marker(), b"done\n")?;
    }
    println!(
        "run {}: latest generation {}, best {}",
        ctx.dir.root.display(),
        ctx.dir.pointer("LATEST").unwrap_or(0),
        ctx.dir.pointer("BEST").unwrap_or(0)
    );
    Ok(())
}

/// Exact value targets from `bootstrap.tablebase`, for positions the tables cover (same board and
/// threshold) and whose exact result still holds under their rules (`oracle_value`).
fn tablebase_values(ctx: &Context) -> Result<Option<impl Fn(&musashi_game::Snapshot) -> Option<f32> + Sync + use<>>> {
    let dir = &ctx.job.bootstrap.tablebase;
    if dir.is_empty() {
        return Ok(None);
    }
    let tables = std::sync::Arc::new(
        musashi_solver::Tables::open(std::path::Path::new(dir))
            .map_err(|e| anyhow::anyhow!("bootstrap.tablebase '{dir}': {e}"))?,
    );
    if !ctx.rules.iter().any(|r| r.board == tables.board() && r.threshold() == tables.threshold()) {
        anyhow::bail!(
            "bootstrap.tablebase '{dir}' is for the {}-point board at threshold {}, which no ruleset of this run uses",
            tables.board(),
            tables.threshold()
        );
    }
    let oracle = crate::tables::TableOracle { tables };
    Ok(Some(move |s: &musashi_game::Snapshot| {
        use musashi_search::Oracle;
        if s.rules.board != oracle.tables.board() || s.rules.threshold() != oracle.tables.threshold() {
            return None;
        }
        musashi_search::oracle_value(s, oracle.probe(&s.position)?)
    }))
}

/// One generation; returns whether the target anchor score was reached.
fn generation(ctx: &mut Context, events: &[Value], g: u32, report: &Reporter) -> Result<bool> {
    let gating = ctx.job.gate.enabled;
    let model = if gating { ctx.dir.pointer("BEST").unwrap_or(0) } else { g - 1 };
    if !ctx.dir.checkpoint(g).exists() {
        let t = Instant::now();
        match ctx.job.selfplay.workers {
            Workers::Internal => {
                let games = ctx.job.selfplay.games_per_generation as u64;
                let s = report.with_selfplay(games, |p| selfplay_phase::run_selfplay_phase(ctx, g, model, p))?;
                ctx.metrics.log(json!({
                    "event": "selfplay", "generation": g, "model": model, "games": s.games, "positions": s.positions,
                    "general_wins": s.general_wins, "soldiers_wins": s.soldiers_wins, "endings": s.endings,
                    "mean_length": if s.games > 0 { s.total_plies as f64 / s.games as f64 } else { 0.0 },
                    "seconds": s.seconds, "games_per_second": s.games as f64 / s.seconds.max(1e-9),
                }))?;
                report.line(&format!(
                    "generation {g}: self-play {} games ({} positions) in {:.1} s: general {} wins, soldiers {}",
                    s.games, s.positions, s.seconds, s.general_wins, s.soldiers_wins
                ));
            }
            Workers::External => worker::wait_for_games(ctx, g, report)?,
        }
        if bootstrap::wanted(ctx, g) {
            let n = bootstrap::run_alphabeta_games(ctx, g)?;
            if n > 0 {
                ctx.metrics.log(json!({ "event": "bootstrap", "generation": g, "alphabeta_games": n }))?;
            }
        }
        let steps = ctx.job.train.steps_per_generation as u64;
        let pb = report.phase(steps, "  training [{bar:30}] {pos}/{len} steps {per_sec} {msg}");
        let tablebase = tablebase_values(ctx)?;
        let oracle = tablebase.as_ref().map(|f| f as &(dyn Fn(&musashi_game::Snapshot) -> Option<f32> + Sync));
        let s = train_phase::run_train_phase(ctx, g, oracle, &|step, loss| {
            pb.set_position(step as u64);
            pb.set_message(format!("loss {loss:.3}"));
        })?;
        pb.finish_and_clear();
        report.line(&format!(
            "generation {g}: trained {} steps on a window of {} positions: policy loss {:.3}, value loss {:.3} ({:.1} s)",
            s.steps,
            s.window,
            s.policy_loss,
            s.value_loss,
            t.elapsed().as_secs_f64()
        ));
    }
    let mut anchor_score = None;
    if !has_event(events, "eval", g) {
        let scores = eval_phase::run_eval_phase(ctx, g)?;
        for s in &scores {
            report.line(&format!(
                "generation {g}: against {} ({}): {:.2} as General, {:.2} as soldiers",
                s.opponent, s.rules.board, s.as_general, s.as_soldiers
            ));
        }
        let anchor: Vec<f64> = scores.iter().filter(|s| s.opponent == ctx.job.eval.anchor).map(|s| s.mean()).collect();
        if !anchor.is_empty() {
            anchor_score = Some(anchor.iter().sum::<f64>() / anchor.len() as f64);
        }
    }
    if gating && !has_event(events, "gate", g) {
        let incumbent = ctx.dir.pointer("BEST").unwrap_or(0);
        let promoted = gate::run_gate(ctx, g, incumbent)?;
        report.line(&format!(
            "generation {g}: {} the incumbent gen-{incumbent:04}",
            if promoted { "replaces" } else { "does not replace" }
        ));
        if promoted {
            ctx.dir.set_pointer("BEST", g)?;
        }
    } else if !gating {
        ctx.dir.set_pointer("BEST", g)?;
    }
    ctx.metrics.log(json!({ "event": "generation", "generation": g, "anchor_score": anchor_score }))?;
    report.generation_done(g as u64, &anchor_score.map(|s| format!("anchor score {s:.2}")).unwrap_or_default());
    let target = ctx.job.run.target_anchor_score;
    Ok(target > 0.0 && anchor_score.is_some_and(|s| s >= target))
}
