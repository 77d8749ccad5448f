//! Does averaging the network over the board's symmetries pick the longest delay more often?
//! For every distinct long fight of the rankings' games (lfprobe's definition), the raw policy's
//! top move with the position as is, and with the policy averaged over the 8 symmetries of the
//! 25-point board (each symmetric image predicted, its probabilities mapped back). Also the
//! moves-left head's pick (child with the longest predicted plies) with the head averaged.
//! Usage: symprobe TABLES CHECKPOINT GAMES.tsv...
use lfprobe::{Fight, T, args, fights, open, predict};
use musashi_game::{Move, Snapshot, Symmetry};
use std::collections::BTreeMap;
use symprobe::{argmax, probs};

fn plies(net: &musashi_net::Network, snap: &Snapshot, sym: Symmetry) -> f32 {
    let image = Snapshot { position: sym.position(&snap.position), ..*snap };
    predict(net, &[&image]).plies[0]
}

fn main() {
    let a = args(3, "symprobe TABLES CHECKPOINT GAMES.tsv...");
    let (oracle, net) = open(&a[1], &a[2]);
    let all: Vec<Fight> = fights(&a[3..], &oracle);
    let mut by: BTreeMap<String, T> = BTreeMap::new();
    for f in &all {
        let syms = f.snap.position.board().symmetries();
        let moves: Vec<Move> = f.children.iter().map(|c| c.0).collect();
        let each: Vec<Vec<f32>> = syms.iter().map(|&s| probs(&net, &f.snap, &moves, s)).collect();
        let mean: Vec<f32> = (0..moves.len()).map(|i| each.iter().map(|p| p[i]).sum::<f32>()).collect();
        let kept = |i: usize| f.children[i].1 == f.longest;
        let child_plies = |all_syms: bool| -> Vec<f32> {
            let used: &[Symmetry] = if all_syms { syms } else { &syms[..1] };
            f.children.iter().map(|c| used.iter().map(|&s| plies(&net, &c.2, s)).sum::<f32>()).collect()
        };
        let nbest = f.children.iter().filter(|c| c.1 == f.longest).count();
        for key in ["all".to_string(), format!("longest {:02}", (f.longest / 8) * 8), format!("nbest {}", nbest.min(3))]
        {
            by.entry(format!("{key} | policy, as is")).or_default().add(kept(argmax(&each[0])));
            by.entry(format!("{key} | policy, 8 symmetries")).or_default().add(kept(argmax(&mean)));
            let votes = each.iter().filter(|p| kept(argmax(p))).count();
            by.entry(format!("{key} | policy, symmetries agreeing on a longest-delay move >= 5"))
                .or_default()
                .add(votes >= 5);
            if key == "all" {
                by.entry(format!("{key} | moves-left, as is")).or_default().add(kept(argmax(&child_plies(false))));
                by.entry(format!("{key} | moves-left, 8 symmetries"))
                    .or_default()
                    .add(kept(argmax(&child_plies(true))));
            }
        }
    }
    println!("distinct long fights: {}", all.len());
    for (k, v) in by {
        println!("{k}: {v}");
    }
}
