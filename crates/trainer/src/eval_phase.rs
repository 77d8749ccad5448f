//! The quick evaluation after a generation: the new network (MCTS at `eval.sims`) against the
//! fixed anchor and the previous generation, both sides, under every ruleset of the run.

use crate::context::Context;
use crate::metrics::Event;
use crate::{TrainError, seeds};
use musashi_agents::{AgentRecipe, Model};
use musashi_evaluator::{MatchConfig, MatchResult, play_matches};
use musashi_game::{Ruleset, Side};
use musashi_net::Network;
use musashi_search::PlaySettings;
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

/// The player of generation `name`'s network in evaluation and gating: the `mcts:` agent of
/// `musashi match` at `eval.sims` simulations, every other play setting at its default (no noise,
/// the most visited move).
pub(crate) fn network_player(net: &Arc<Network>, sims: u32, name: &str) -> Result<AgentRecipe, TrainError> {
    let settings = PlaySettings { sims, ..PlaySettings::default() };
    let agent_error = |source| TrainError::Agent { key: "eval.sims".to_string(), source };
    AgentRecipe::mcts(Model::trained(net.clone(), name.to_string()).map_err(agent_error)?, settings)
        .map_err(agent_error)
}

/// One opponent of the candidate under one ruleset: two matches, one with each side.
struct Pairing<'a> {
    rules: Ruleset,
    opponent: &'a AgentRecipe,
    name: String,
    seed: u64,
}

/// The two matches of each pairing (the candidate as the General, then as the soldiers), each
/// of `half` games.
fn match_configs(ctx: &Context, pairings: &[Pairing<'_>], half: usize) -> Vec<MatchConfig> {
    let config = |rules: Ruleset, seed: u64| MatchConfig {
        rules,
        games: half,
        seed,
        threads: ctx.threads,
        opening_plies: ctx.job.eval.opening_plies,
        max_plies: ctx.job.selfplay.max_plies,
    };
    pairings.iter().flat_map(|p| [config(p.rules, p.seed), config(p.rules, seeds::other_side(p.seed))]).collect()
}

/// Evaluates generation `g`; logs one `eval` event per opponent and ruleset. Every match of
/// the evaluation is played in one pool of threads (`play_matches`).
pub(crate) fn run_eval_phase(ctx: &mut Context, g: u32) -> Result<Vec<Scores>, TrainError> {
    let e = ctx.job.eval.clone();
    if e.games == 0 {
        return Ok(Vec::new());
    }
    let net = ctx.load_network(g)?;
    let candidate = network_player(&net, e.sims, &format!("gen-{g:04}"))?;
    let prev_name = format!("gen-{:04}", g.saturating_sub(1));
    let previous = match e.previous {
        true => Some(network_player(&ctx.load_network(g - 1)?, e.sims, &prev_name)?),
        false => None,
    };
    let mut pairings = Vec::new();
    for (k, &rules) in ctx.rules.iter().enumerate() {
        let seed = seeds::eval(ctx.job.run.seed, g, k);
        for (j, recipe) in ctx.agents.opponents[k].iter().enumerate() {
            let name = recipe.spec().to_string();
            pairings.push(Pairing { rules, opponent: recipe, name, seed: seeds::eval_opponent(seed, j) });
        }
        if let Some(prev) = &previous {
            pairings.push(Pairing { rules, opponent: prev, name: prev_name.clone(), seed: seeds::eval_previous(seed) });
        }
    }
    let half = ((e.games / ctx.rules.len()).max(2) / 2).max(1);
    let configs = match_configs(ctx, &pairings, half);
    let results = play_matches(
        &configs,
        ctx.threads,
        |m, side, i| {
            let candidate_side = if m % 2 == 0 { Side::General } else { Side::Soldiers };
            if side == candidate_side { candidate.create(i as u64) } else { pairings[m / 2].opponent.create(i as u64) }
        },
        |_, _| {},
    );
    let wins = |r: &MatchResult, side: Side| r.records.iter().filter(|g| g.game.outcome.winner == side).count();
    let out: Vec<Scores> = pairings
        .iter()
        .zip(results.chunks(2))
        .map(|(p, r)| Scores {
            opponent: p.name.clone(),
            rules: p.rules,
            as_general: wins(&r[0], Side::General) as f64 / half as f64,
            as_soldiers: wins(&r[1], Side::Soldiers) as f64 / half as f64,
            games: 2 * half,
        })
        .collect();
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
