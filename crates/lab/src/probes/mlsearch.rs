//! `musashi-lab mlsearch`: can a shallow search over the moves-left head find the longest delay
//! where the head alone cannot? For every distinct long fight of the rankings' games (the lab's
//! `fights`), a minimax over predicted plies to the end: the General maximises, the soldiers
//! minimise, the soldiers' replies restricted to their policy's top k; a trap scores its depth
//! exactly, a General win 1000; a leaf scores its depth plus the head's prediction. The General's
//! move with the best score, ties to the policy. Also the score blended with the policy's
//! log-probability (lambda plies per nat). (`experiments/2026-12-06-symmetric-policy`.)
//!
//! musashi-lab mlsearch --tables tables/no-setchin --checkpoint CHECKPOINT [--every N] GAMES.tsv...

use super::{NetOnFights, positive};
use anyhow::{Result, ensure};
use musashi_game::{Game, Move, Outcome, Side, Snapshot};
use musashi_lab::fights::predict;
use musashi_lab::policy::log_softmax;
use musashi_lab::share::Share;
use musashi_net::{Network, Prediction};
use std::collections::BTreeMap;

#[derive(clap::Args, Debug)]
pub(crate) struct Args {
    #[command(flatten)]
    on: NetOnFights,
    /// Take every n-th long fight only.
    #[arg(long, default_value_t = 1, value_parser = positive())]
    every: usize,
}

struct Node {
    game: Game,
    depth: u32,
    terminal: Option<f32>,
    children: Vec<usize>,
    score: f32,
}

/// Minimax scores of the root's children (in legal-move order) at `depth` plies, soldiers' top `k`.
fn search(net: &Network, root: &Game, depth: u32, k: usize) -> Result<Vec<f32>> {
    let mut nodes = vec![Node { game: root.clone(), depth: 0, terminal: None, children: vec![], score: 0.0 }];
    let mut frontier = vec![0usize];
    let mut p = Prediction::default();
    for _ in 0..depth {
        if frontier.is_empty() {
            break;
        }
        let snaps: Vec<Snapshot> = frontier.iter().map(|&i| nodes[i].game.snapshot()).collect();
        let refs: Vec<&Snapshot> = snaps.iter().collect();
        predict(net, &refs, &mut p);
        let na = p.logits.len() / refs.len().max(1);
        let mut next = Vec::new();
        for (j, &i) in frontier.iter().enumerate() {
            let g = nodes[i].game.clone();
            let mut moves: Vec<Move> = g.legal_moves().iter().copied().collect();
            if g.position().side_to_move() == Side::Soldiers {
                let lp = log_softmax(&p.logits[j * na..(j + 1) * na], &moves);
                let mut order: Vec<usize> = (0..moves.len()).collect();
                order.sort_by(|&a, &b| lp[b].total_cmp(&lp[a]));
                moves = order.iter().take(k).map(|&o| moves[o]).collect();
            }
            for m in moves {
                let mut c = g.clone();
                let d = nodes[i].depth + 1;
                let terminal = match c.play(m)? {
                    Some(Outcome { winner: Side::Soldiers, .. }) => Some(d as f32),
                    Some(_) => Some(1000.0),
                    None => None,
                };
                nodes.push(Node { game: c, depth: d, terminal, children: vec![], score: 0.0 });
                let id = nodes.len() - 1;
                nodes[i].children.push(id);
                if terminal.is_none() {
                    next.push(id);
                }
            }
        }
        frontier = next;
    }
    // Leaves: depth + the head's prediction.
    for chunk in frontier.chunks(512) {
        let snaps: Vec<Snapshot> = chunk.iter().map(|&i| nodes[i].game.snapshot()).collect();
        let refs: Vec<&Snapshot> = snaps.iter().collect();
        predict(net, &refs, &mut p);
        ensure!(p.plies.len() == chunk.len(), "the network has no moves-left head");
        for (j, &i) in chunk.iter().enumerate() {
            nodes[i].score = nodes[i].depth as f32 + p.plies[j].max(0.0);
        }
    }
    for i in (0..nodes.len()).rev() {
        if let Some(t) = nodes[i].terminal {
            nodes[i].score = t;
        } else if !nodes[i].children.is_empty() {
            let s = nodes[i].children.iter().map(|&c| nodes[c].score);
            nodes[i].score = match nodes[i].game.position().side_to_move() {
                Side::General => s.fold(f32::NEG_INFINITY, f32::max),
                Side::Soldiers => s.fold(f32::INFINITY, f32::min),
            };
        }
    }
    Ok(nodes[0].children.iter().map(|&c| nodes[c].score).collect())
}

pub(crate) fn run(a: Args) -> Result<()> {
    let (net, all) = a.on.open(a.every)?;
    let mut by: BTreeMap<String, Share> = BTreeMap::new();
    let mut p = Prediction::default();
    for f in &all {
        let root = Game::from_snapshot(&f.snap)?;
        let moves: Vec<Move> = root.legal_moves().iter().copied().collect();
        let kept = |i: usize| f.moves.iter().any(|c| c.0 == moves[i] && c.1 == f.longest);
        predict(&net, &[&f.snap], &mut p);
        let lp = log_softmax(&p.logits, &moves);
        let pick = |s: &[f32], lambda: f32| {
            (0..moves.len()).max_by(|&x, &y| (s[x] + lambda * lp[x]).total_cmp(&(s[y] + lambda * lp[y])))
        };
        let mut add = |key: String, pick: Option<usize>| by.entry(key).or_default().add(pick.is_some_and(kept));
        add("policy".into(), pick(&vec![0.0; moves.len()], 1.0));
        for (depth, k) in [(1, 1), (2, 1), (2, 2), (3, 1), (3, 2), (4, 1), (6, 1), (8, 1)] {
            let s = search(&net, &root, depth, k)?;
            for lambda in [0.0, 1.0, 3.0, 10.0] {
                add(format!("depth {depth} top {k} lambda {lambda:>4}"), pick(&s, lambda));
            }
        }
    }
    println!("distinct long fights: {}", all.len());
    for (k, v) in by {
        println!("{k}: {v}");
    }
    Ok(())
}
