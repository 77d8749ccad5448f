//! The quick evaluation after a generation: the new network (MCTS at `eval.sims`) against the
//! fixed anchor and the previous generation, both sides, under every ruleset of the run.

use crate::context::Context;
use crate::metrics::Event;
use crate::{TrainError, seeds};
use musashi_agents::{AgentRecipe, Model};
use musashi_evaluator::{MatchConfig, MatchResult, play_match};
use musashi_game::{Ruleset, Side};
use musashi_net::Network;
use musashi_search::{Agent, PlaySettings};
use std::sync::Arc;

/// Scores of the candidate against one opponent under one ruleset.
#[derive(Debug, Clone)]
pub(crate) struct Scores {
    /// The opponent's name.
    pub opponent: String,
    /// The ruleset.
    pub rules: Ruleset,
    /// Share of games won as the General.
    pub as_general: f64,
    /// Share of games won as the soldiers.
    pub as_soldiers: f64,
    /// Games played (both sides).
    pub games: usize,
}

impl Scores {
    /// The mean of both sides' scores.
    pub(crate) fn mean(&self) -> f64 {
        (self.as_general + self.as_soldiers) / 2.0
    }
}

/// A factory of one player's agents: game index in, fresh agent out.
pub(crate) type Factory<'a> = &'a (dyn Fn(usize) -> Box<dyn Agent> + Sync);

/// The player of generation `name`'s network in evaluation and gating: the `mcts:` agent of
/// `musashi match` at `eval.sims` simulations, every other play setting at its default (no noise,
/// the most visited move).
pub(crate) fn network_player(net: &Arc<Network>, sims: u32, name: &str) -> Result<AgentRecipe, TrainError> {
    let settings = PlaySettings { sims, ..PlaySettings::default() };
    AgentRecipe::mcts(Model::Net(net.clone(), name.to_string()), settings)
        .map_err(|source| TrainError::Agent { key: "eval.sims".to_string(), source })
}

/// Plays `candidate` against `opponent` with each side, `games / 2` games each (at least 1).
fn score(
    ctx: &Context,
    rules: Ruleset,
    games: usize,
    seed: u64,
    candidate: Factory<'_>,
    opponent: Factory<'_>,
    opponent_name: &str,
) -> Scores {
    let half = (games / 2).max(1);
    let config = MatchConfig {
        rules,
        games: half,
        seed,
        threads: ctx.threads,
        opening_plies: ctx.job.eval.opening_plies,
        max_plies: ctx.job.selfplay.max_plies,
    };
    let as_general = play_match(&config, |side, i| if side == Side::General { candidate(i) } else { opponent(i) });
    let config = MatchConfig { seed: seeds::other_side(seed), ..config };
    let as_soldiers = play_match(&config, |side, i| if side == Side::Soldiers { candidate(i) } else { opponent(i) });
    let wins = |r: &MatchResult, side: Side| r.records.iter().filter(|g| g.game.outcome.winner == side).count();
    Scores {
        opponent: opponent_name.to_string(),
        rules,
        as_general: wins(&as_general, Side::General) as f64 / half as f64,
        as_soldiers: wins(&as_soldiers, Side::Soldiers) as f64 / half as f64,
        games: 2 * half,
    }
}

/// Evaluates generation `g`; logs one `eval` event per opponent and ruleset.
pub(crate) fn run_eval_phase(ctx: &mut Context, g: u32) -> Result<Vec<Scores>, TrainError> {
    let e = ctx.job.eval.clone();
    if e.games == 0 {
        return Ok(Vec::new());
    }
    let net = ctx.load_network(g)?;
    let previous = if e.previous { Some(ctx.load_network(g - 1)?) } else { None };
    let per_rules = (e.games / ctx.rules.len()).max(2);
    let mut out = Vec::new();
    for (k, &rules) in ctx.rules.iter().enumerate() {
        let seed = seeds::eval(ctx.job.run.seed, g, k);
        let name = format!("gen-{g:04}");
        let player = network_player(&net, e.sims, &name)?;
        let cand = |i: usize| player.create(i as u64);
        for (j, recipe) in ctx.agents.opponents[k].iter().enumerate() {
            let opponent = |i: usize| recipe.create(i as u64);
            out.push(score(ctx, rules, per_rules, seeds::eval_opponent(seed, j), &cand, &opponent, recipe.spec()));
        }
        if let Some(prev) = &previous {
            let prev_name = format!("gen-{:04}", g - 1);
            let prev_player = network_player(prev, e.sims, &prev_name)?;
            let prev_agent = |i: usize| prev_player.create(i as u64);
            out.push(score(ctx, rules, per_rules, seeds::eval_previous(seed), &cand, &prev_agent, &prev_name));
        }
    }
    for s in &out {
        ctx.metrics.log(Event::Eval {
            generation: g,
            opponent: s.opponent.clone(),
            rules: s.rules.to_string(),
            board: s.rules.board.name().to_string(),
            score_as_general: s.as_general,
            score_as_soldiers: s.as_soldiers,
            score: s.mean(),
            games: s.games,
            sims: e.sims,
        })?;
    }
    Ok(out)
}
