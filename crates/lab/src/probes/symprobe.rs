//! `musashi-lab symprobe`: does averaging the network over the board's symmetries pick the
//! longest delay more often? For every distinct long fight of the rankings' games (the lab's
//! `fights`), the raw policy's top move with the position as is, and with the policy averaged
//! over the symmetries of the board (8 on the 25-point board: each symmetric image predicted, its
//! probabilities mapped back), and whether at least 5 images alone pick a longest-delay move.
//! Also the moves-left head's pick (the child with the longest predicted plies), as is and with
//! the head averaged. Breakdowns by the longest delay and by how many moves keep it.
//! (`experiments/2026-12-06-symmetric-policy`, where it was its own program.)
//!
//! musashi-lab symprobe --tables tables/no-setchin --checkpoint CHECKPOINT GAMES.tsv...

use super::NetOnFights;
use anyhow::{Context, Result};
use musashi_game::{Move, Snapshot, Symmetry};
use musashi_lab::fights::predict;
use musashi_lab::policy::{argmax, probs};
use musashi_lab::share::Share;
use musashi_net::{Network, Prediction};
use std::collections::BTreeMap;

#[derive(clap::Args, Debug)]
pub(crate) struct Args {
    #[command(flatten)]
    on: NetOnFights,
}

/// The moves-left head's plies at `snap`'s image under `sym` (alone, a batch of one).
fn plies(net: &Network, snap: &Snapshot, sym: Symmetry, p: &mut Prediction) -> Result<f32> {
    let image = Snapshot { position: sym.position(&snap.position), ..*snap };
    predict(net, &[&image], p);
    p.plies.first().copied().context("the network has no moves-left head")
}

pub(crate) fn run(a: Args) -> Result<()> {
    let (net, all) = a.on.open(1)?;
    let mut by: BTreeMap<String, Share> = BTreeMap::new();
    let mut p = Prediction::default();
    for f in &all {
        let syms = f.snap.position.board().symmetries();
        let moves: Vec<Move> = f.moves.iter().map(|c| c.0).collect();
        let each: Vec<Vec<f32>> = syms.iter().map(|&s| probs(&net, &f.snap, &moves, s)).collect();
        let mean: Vec<f32> = (0..moves.len()).map(|i| each.iter().map(|p| p[i]).sum::<f32>()).collect();
        let kept = |v: &[f32]| argmax(v).is_some_and(|i| f.moves[i].1 == f.longest);
        // The head at each child's image under each symmetry (the identity first).
        let mut head = Vec::with_capacity(f.children.len());
        for child in &f.children {
            head.push(syms.iter().map(|&s| plies(&net, child, s, &mut p)).collect::<Result<Vec<f32>>>()?);
        }
        let as_is: Vec<f32> = head.iter().map(|h| h[..1].iter().sum::<f32>()).collect();
        let averaged: Vec<f32> = head.iter().map(|h| h.iter().sum::<f32>()).collect();
        let nbest = f.moves.iter().filter(|c| c.1 == f.longest).count();
        for key in ["all".to_string(), format!("longest {:02}", (f.longest / 8) * 8), format!("nbest {}", nbest.min(3))]
        {
            by.entry(format!("{key} | policy, as is")).or_default().add(kept(&each[0]));
            by.entry(format!("{key} | policy, 8 symmetries")).or_default().add(kept(&mean));
            let votes = each.iter().filter(|p| kept(p)).count();
            by.entry(format!("{key} | policy, symmetries agreeing on a longest-delay move >= 5"))
                .or_default()
                .add(votes >= 5);
            if key == "all" {
                by.entry(format!("{key} | moves-left, as is")).or_default().add(kept(&as_is));
                by.entry(format!("{key} | moves-left, 8 symmetries")).or_default().add(kept(&averaged));
            }
        }
    }
    println!("distinct long fights: {}", all.len());
    for (k, v) in by {
        println!("{k}: {v}");
    }
    Ok(())
}
