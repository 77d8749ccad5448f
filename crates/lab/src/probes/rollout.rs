//! `musashi-lab rollout`: can policy rollouts tell the longest delay apart where the networks
//! cannot? For every distinct long fight of the rankings' games (the lab's `fights`) and every
//! move of the General, a rollout: both sides then play their raw policy's top move (`--drawn K`
//! rollouts with the General's moves drawn from its policy instead, when K > 0) until the trap or
//! 300 plies; the move whose rollouts last longest (mean plies), ties to the policy.
//! (`experiments/2026-12-06-symmetric-policy`.)
//!
//! musashi-lab rollout --tables tables/no-setchin --checkpoint CHECKPOINT [--every N] [--drawn K] GAMES.tsv...

use super::{NetOnFights, positive};
use anyhow::{Context, Result};
use musashi_game::{Game, Move, Side};
use musashi_lab::fights::predict;
use musashi_lab::share::Share;
use musashi_net::{Network, Prediction};

#[derive(clap::Args, Debug)]
pub(crate) struct Args {
    #[command(flatten)]
    on: NetOnFights,
    /// Take every n-th long fight only.
    #[arg(long, default_value_t = 1, value_parser = positive())]
    every: usize,
    /// Rollouts per move with the General's moves drawn from its policy (0: one rollout, both
    /// sides playing their top move).
    #[arg(long, default_value_t = 0)]
    drawn: u32,
}

/// The legal moves at `g` and the policy's probabilities over them.
fn policy(net: &Network, g: &Game, p: &mut Prediction) -> (Vec<Move>, Vec<f32>) {
    predict(net, &[&g.snapshot()], p);
    let moves: Vec<Move> = g.legal_moves().iter().copied().collect();
    let l: Vec<f32> = moves.iter().map(|m| p.logits[m.action()]).collect();
    let max = l.iter().copied().fold(f32::NEG_INFINITY, f32::max);
    let e: Vec<f32> = l.iter().map(|x| (x - max).exp()).collect();
    let s: f32 = e.iter().sum();
    (moves, e.iter().map(|x| x / s).collect())
}

/// Plies until the soldiers' trap from `g` (300 when the game does not end so within 300
/// plies, or the General wins by repetition or the move limit).
fn rollout(net: &Network, mut g: Game, rng: &mut u64, drawn: bool, p: &mut Prediction) -> Result<u32> {
    for ply in 0..300 {
        if let Some(o) = g.outcome() {
            return Ok(if o.winner == Side::Soldiers { ply } else { 300 });
        }
        let (moves, probs) = policy(net, &g, p);
        let i = if drawn && g.position().side_to_move() == Side::General {
            *rng ^= *rng << 13;
            *rng ^= *rng >> 7;
            *rng ^= *rng << 17;
            let mut u = (*rng >> 11) as f32 / (1u64 << 53) as f32;
            let mut pick = probs.len().saturating_sub(1);
            for (k, q) in probs.iter().enumerate() {
                if u < *q {
                    pick = k;
                    break;
                }
                u -= q;
            }
            pick
        } else {
            (0..probs.len()).max_by(|&a, &b| probs[a].total_cmp(&probs[b])).unwrap_or(0)
        };
        let mv = *moves.get(i).context("a game not over without legal moves")?;
        g.play(mv)?;
    }
    Ok(300)
}

pub(crate) fn run(a: Args) -> Result<()> {
    let (net, all) = a.on.open(a.every)?;
    let drawn = a.drawn;
    let (mut pol, mut roll) = (Share::default(), Share::default());
    let mut rng = 0x9E37_79B9_7F4A_7C15u64;
    let mut p = Prediction::default();
    for f in &all {
        let root = Game::from_snapshot(&f.snap)?;
        let (moves, probs) = policy(&net, &root, &mut p);
        let kept = |m: Move| f.moves.iter().any(|c| c.0 == m && c.1 == f.longest);
        let Some(top) = (0..probs.len()).max_by(|&x, &y| probs[x].total_cmp(&probs[y])) else { continue };
        pol.add(kept(moves[top]));
        let mut s = Vec::with_capacity(moves.len());
        for &mv in &moves {
            let g = root.after(mv)?;
            s.push(if drawn == 0 {
                rollout(&net, g, &mut rng, false, &mut p)? as f32
            } else {
                let mut sum = 0.0;
                for _ in 0..drawn {
                    sum += rollout(&net, g.clone(), &mut rng, true, &mut p)? as f32;
                }
                sum / drawn as f32
            });
        }
        let best = (0..moves.len()).max_by(|&x, &y| s[x].total_cmp(&s[y]).then(probs[x].total_cmp(&probs[y])));
        roll.add(best.is_some_and(|b| kept(moves[b])));
    }
    println!("distinct long fights: {}; policy {pol}; rollouts (drawn {drawn}) {roll}", all.len());
    Ok(())
}
