//! The self-play phase of a generation, played by the trainer itself.

use crate::context::Context;
use crate::handicap_rates::handicap_results;
use crate::metrics::Event;
use crate::observer::Observer;
use crate::shards::{MAIN_WORKER, recorded_indices, totals};
use crate::{TrainError, seeds};
use musashi_net::Network;
use musashi_records::ShardPrefix;
use musashi_search::{Evaluator, HEURISTIC_SCALE, HeuristicBlend};
use musashi_selfplay::{
    Finished, Handicap, NetEvaluator, PastOpponent, Progress, SelfplayConfig, SelfplaySummary, run_selfplay,
};
use std::sync::Arc;

/// The self-play settings of generation `g` for this job (its handicap games at the
/// generation's blunder rate).
pub(crate) fn selfplay_config(
    ctx: &mut Context,
    g: u32,
    games: u32,
    model_generation: u32,
) -> Result<SelfplayConfig, TrainError> {
    let blunders = ctx.handicap_rates.rate(ctx.job.selfplay.kinds(), &ctx.dir.games(), g)?;
    let job = &ctx.job;
    Ok(SelfplayConfig {
        games,
        threads: ctx.threads,
        concurrent_games: job.selfplay.concurrent_games,
        rules: ctx.rules.clone(),
        mcts: job.selfplay.mcts,
        max_plies: job.selfplay.max_plies,
        seed: seeds::selfplay(job.run.seed, g),
        generation: model_generation,
        shard_games: job.selfplay.shard_games,
        agent_name: format!("gen-{model_generation:04}"),
        handicap: Handicap { blunders, ..job.selfplay.handicap },
        sparring: job.selfplay.sparring.clone(),
        detours: job.selfplay.detours,
        past: job.selfplay.past,
    })
}

/// The checkpoint that plays a generation's past games (`selfplay.past`).
pub(crate) struct PastPlayer {
    /// Its generation, the same for the trainer and every worker.
    pub generation: u32,
    make: Box<dyn Fn() -> Box<dyn Evaluator> + Sync>,
}

impl PastPlayer {
    /// Generation `g`'s past checkpoint (for games by `model`), when there are past games.
    pub(crate) fn of(ctx: &Context, g: u32, model: u32, heuristic: f32) -> Result<Option<PastPlayer>, TrainError> {
        let Some(generation) = ctx.job.selfplay.past.pick(model, seeds::past_opponent(ctx.job.run.seed, g)) else {
            return Ok(None);
        };
        let make = Box::new(evaluator_factory(ctx.load_network(generation)?, heuristic));
        Ok(Some(PastPlayer { generation, make }))
    }

    /// As self-play's opponent, named `gen-NNNN (past)` in the games table.
    pub(crate) fn opponent(&self) -> PastOpponent<'_> {
        PastOpponent { name: format!("gen-{:04} (past)", self.generation), make_evaluator: &*self.make }
    }
}

/// Self-play's evaluator: the network, with the hand-written evaluation blended into its values
/// when `heuristic` > 0.
pub(crate) fn evaluator_factory(net: Arc<Network>, heuristic: f32) -> impl Fn() -> Box<dyn Evaluator> + Sync {
    move || -> Box<dyn Evaluator> {
        let inner: Box<dyn Evaluator> = Box::new(NetEvaluator::new(net.clone(), 0));
        if heuristic > 0.0 { Box::new(HeuristicBlend::new(inner, heuristic, HEURISTIC_SCALE)) } else { inner }
    }
}

/// Plays the games of generation `g` that are not recorded yet; logs the generation's
/// `selfplay` event (once: `logged` says whether an earlier invocation did), with the counts of
/// all its games, whichever invocation played them.
pub(crate) fn run_selfplay_phase(
    ctx: &mut Context,
    g: u32,
    model: u32,
    logged: bool,
    observer: &dyn Observer,
) -> Result<(), TrainError> {
    let prefix = ShardPrefix::run(g, MAIN_WORKER);
    let done = recorded_indices(&ctx.dir.games(), &prefix)?;
    let config = selfplay_config(ctx, g, ctx.job.selfplay.games_per_generation, model)?;
    config.validate().map_err(|e| TrainError::Run(format!("self-play settings: {e}")))?;
    let net = ctx.load_network(model)?;
    let heuristic = ctx.job.selfplay.heuristic_at(g);
    let make = evaluator_factory(net, heuristic);
    let past = PastPlayer::of(ctx, g, model, heuristic)?;
    let opponent = past.as_ref().map(PastPlayer::opponent);
    let progress = Progress::default();
    let finished = Finished::new();
    let games = ctx.job.selfplay.games_per_generation as u64;
    let s = std::thread::scope(|scope| {
        scope.spawn(|| observer.watch_selfplay(games, &progress, &finished));
        let s = run_selfplay(&config, &make, opponent.as_ref(), &ctx.dir.games(), &prefix, &done, &progress);
        finished.set();
        s
    })?;
    observer.line(&format!(
        "generation {g}: self-play {} games ({} positions) in {:.1} s: general {} wins, soldiers {}",
        s.games, s.positions, s.seconds, s.general_wins, s.soldiers_wins
    ));
    if !logged {
        log_selfplay(ctx, g, model, &prefix, &s, &config, past.map(|p| p.generation))?;
    }
    Ok(())
}

/// The `selfplay` event: the generation's games (all invocations), this invocation's time.
fn log_selfplay(
    ctx: &mut Context,
    g: u32,
    model: u32,
    prefix: &ShardPrefix,
    now: &SelfplaySummary,
    config: &SelfplayConfig,
    past: Option<u32>,
) -> Result<(), TrainError> {
    let t = totals(&ctx.dir.games(), prefix, config.kinds())?;
    let handicap = handicap_results(&ctx.dir.games(), g, config.kinds())?;
    ctx.metrics.log(Event::Selfplay {
        generation: g,
        model,
        games: t.games,
        positions: t.positions,
        general_wins: t.general_wins,
        soldiers_wins: t.soldiers_wins,
        sparring_games: t.sparring_games,
        sparring_wins: t.sparring_wins,
        handicap_games: handicap.games,
        handicap_weak_wins: handicap.weak_wins,
        handicap_blunders: config.handicap.blunders,
        past_games: t.past_games,
        past_wins: t.past_wins,
        past_model: past,
        endings: t.endings,
        mean_length: if t.games > 0 { t.plies as f64 / t.games as f64 } else { 0.0 },
        seconds: now.seconds,
        games_per_second: now.games as f64 / now.seconds.max(1e-9),
    })
}
