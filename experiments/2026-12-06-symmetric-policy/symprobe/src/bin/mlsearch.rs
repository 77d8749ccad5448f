//! Can a shallow search over the moves-left head find the longest delay where the head alone
//! cannot? For every distinct long fight (lfprobe's definition), a minimax over predicted plies
//! to the end: the General maximises, the soldiers minimise, the soldiers' replies restricted to
//! their policy's top k; a trap scores its depth exactly, a General win 1000; a leaf scores its
//! depth plus the head's prediction. The General's move with the best score, ties to the policy.
//! Also the score blended with the policy's log-probability (lambda plies per nat).
//! Usage: mlsearch TABLES CHECKPOINT GAMES.tsv...
use lfprobe::{Fight, T, args, fights, open, predict};
use musashi_game::{Game, Move, Outcome, Side, Snapshot};
use std::collections::BTreeMap;

struct Node {
    game: Game,
    depth: u32,
    terminal: Option<f32>,
    children: Vec<usize>,
    score: f32,
}

fn log_softmax(logits: &[f32], moves: &[Move]) -> Vec<f32> {
    let l: Vec<f32> = moves.iter().map(|m| logits[m.action()]).collect();
    let max = l.iter().copied().fold(f32::NEG_INFINITY, f32::max);
    let lse = max + l.iter().map(|x| (x - max).exp()).sum::<f32>().ln();
    l.iter().map(|x| x - lse).collect()
}

/// Minimax scores of the root's children (in legal-move order) at `depth` plies, soldiers' top `k`.
fn search(net: &musashi_net::Network, root: &Game, depth: u32, k: usize) -> Vec<f32> {
    let mut nodes = vec![Node { game: root.clone(), depth: 0, terminal: None, children: vec![], score: 0.0 }];
    let mut frontier = vec![0usize];
    for _ in 0..depth {
        let snaps: Vec<Snapshot> = frontier.iter().map(|&i| nodes[i].game.snapshot()).collect();
        let refs: Vec<&Snapshot> = snaps.iter().collect();
        let p = predict(net, &refs);
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
                let terminal = match c.play(m).unwrap() {
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
    let leaves: Vec<usize> = frontier.clone();
    for chunk in leaves.chunks(512) {
        let snaps: Vec<Snapshot> = chunk.iter().map(|&i| nodes[i].game.snapshot()).collect();
        let refs: Vec<&Snapshot> = snaps.iter().collect();
        let p = predict(net, &refs);
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
    nodes[0].children.iter().map(|&c| nodes[c].score).collect()
}

fn main() {
    let a = args(3, "mlsearch TABLES CHECKPOINT GAMES.tsv...");
    let (oracle, net) = open(&a[1], &a[2]);
    let mut all: Vec<Fight> = fights(&a[3..], &oracle);
    let every: usize = std::env::var("EVERY").ok().and_then(|s| s.parse().ok()).unwrap_or(1);
    all = all.into_iter().step_by(every).collect();
    let mut by: BTreeMap<String, T> = BTreeMap::new();
    for f in &all {
        let mut root = Game::with_counters(f.snap.rules, f.snap.position, 0, 0).unwrap();
        if let Some(left) = f.snap.moves_left {
            let limit = match f.snap.rules.move_limit {
                musashi_game::MoveLimit::Plies(n) => n,
                _ => left,
            };
            root = Game::with_counters(f.snap.rules, f.snap.position, limit - left, 0).unwrap();
        }
        let moves: Vec<Move> = root.legal_moves().iter().copied().collect();
        let delay = |m: Move| f.children.iter().find(|c| c.0 == m).unwrap().1;
        let kept = |i: usize| delay(moves[i]) == f.longest;
        let p = predict(&net, &[&f.snap]);
        let lp = log_softmax(&p.logits, &moves);
        let pick = |s: &[f32], lambda: f32| {
            (0..moves.len()).max_by(|&x, &y| (s[x] + lambda * lp[x]).total_cmp(&(s[y] + lambda * lp[y]))).unwrap()
        };
        by.entry("policy".into()).or_default().add(kept(pick(&vec![0.0; moves.len()], 1.0)));
        for (depth, k) in [(1, 1), (2, 1), (2, 2), (3, 1), (3, 2), (4, 1), (6, 1), (8, 1)] {
            let s = search(&net, &root, depth, k);
            for lambda in [0.0, 1.0, 3.0, 10.0] {
                by.entry(format!("depth {depth} top {k} lambda {lambda:>4}")).or_default().add(kept(pick(&s, lambda)));
            }
        }
    }
    println!("distinct long fights: {}", all.len());
    for (k, v) in by {
        println!("{k}: {v}");
    }
}
