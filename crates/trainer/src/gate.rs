//! Gating: the candidate plays the incumbent (rounds of games, half with each side) until an
//! SPRT decides or `gate.max_games` is reached (undecided = not promoted). The test is described
//! in `docs/ratings.md`.

use crate::context::Context;
use crate::eval_phase::network_player;
use crate::metrics::Event;
use crate::{TrainError, seeds};
use musashi_evaluator::{MatchConfig, Sprt, SprtDecision, play_match};
use musashi_game::Side;

/// Whether generation `g` replaces generation `incumbent`; logs a `gate` event.
pub(crate) fn run_gate(ctx: &mut Context, g: u32, incumbent: u32) -> Result<bool, TrainError> {
    let gate = ctx.job.gate.clone();
    let (cand, inc) = (ctx.load_network(g)?, ctx.load_network(incumbent)?);
    let mut sprt = Sprt::new(gate.elo0, gate.elo1, gate.alpha, gate.beta);
    let batch = ctx.threads.max(1) * 2;
    let mut played = 0usize;
    let mut round = 0u64;
    let sims = ctx.job.eval.sims;
    let cand_player = network_player(&cand, sims, &format!("gen-{g:04}"))?;
    let inc_player = network_player(&inc, sims, &format!("gen-{incumbent:04}"))?;
    while sprt.decision() == SprtDecision::Continue && played < gate.max_games {
        let rules = ctx.rules[round as usize % ctx.rules.len()];
        let n = batch.min(gate.max_games - played).max(1);
        let seed = seeds::gate(ctx.job.run.seed, g, round);
        for cand_side in [Side::General, Side::Soldiers] {
            // Stop as soon as the test has decided: no more games, and no more records (which
            // could carry the ratio back inside the bounds).
            if sprt.decision() != SprtDecision::Continue {
                break;
            }
            let config = MatchConfig {
                rules,
                games: n.div_ceil(2),
                seed: seeds::gate_side(seed, cand_side),
                threads: ctx.threads,
                opening_plies: ctx.job.eval.opening_plies,
                max_plies: ctx.job.selfplay.max_plies,
            };
            let r = play_match(&config, |side, i| {
                if side == cand_side { cand_player.create(i as u64) } else { inc_player.create(i as u64) }
            });
            for game in &r.records {
                played += 1;
                if sprt.record(game.game.outcome.winner == cand_side) != SprtDecision::Continue {
                    break;
                }
            }
        }
        round += 1;
    }
    let promoted = sprt.decision() == SprtDecision::AcceptH1;
    let (wins, losses) = sprt.record_counts();
    ctx.metrics.log(Event::Gate {
        generation: g,
        incumbent,
        promoted,
        decision: format!("{:?}", sprt.decision()),
        llr: sprt.llr(),
        wins,
        losses,
    })?;
    Ok(promoted)
}
