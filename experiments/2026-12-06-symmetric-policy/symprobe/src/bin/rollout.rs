//! Can policy rollouts tell the longest delay apart where the networks cannot? For every distinct
//! long fight (lfprobe's definition) and every move of the General, a rollout: both sides then
//! play their raw policy's top move (K rollouts with the General's moves drawn from its policy
//! instead, when K > 0) until the trap or 300 plies; the move whose rollouts last longest
//! (mean plies), ties to the policy.
//! Usage: [EVERY=n] [DRAWN=K] rollout TABLES CHECKPOINT GAMES.tsv...
use lfprobe::{Fight, T, args, fights, open, predict};
use musashi_game::{Game, Move, MoveLimit, Side};

fn policy(net: &musashi_net::Network, g: &Game) -> (Vec<Move>, Vec<f32>) {
    let p = predict(net, &[&g.snapshot()]);
    let moves: Vec<Move> = g.legal_moves().iter().copied().collect();
    let l: Vec<f32> = moves.iter().map(|m| p.logits[m.action()]).collect();
    let max = l.iter().copied().fold(f32::NEG_INFINITY, f32::max);
    let e: Vec<f32> = l.iter().map(|x| (x - max).exp()).collect();
    let s: f32 = e.iter().sum();
    (moves, e.iter().map(|x| x / s).collect())
}

/// Plies until the soldiers' trap from `g` (300 when the game does not end so within 300
/// plies, or the General wins by repetition or the move limit).
fn rollout(net: &musashi_net::Network, mut g: Game, rng: &mut u64, drawn: bool) -> u32 {
    for ply in 0..300 {
        if let Some(o) = g.outcome() {
            return if o.winner == Side::Soldiers { ply } else { 300 };
        }
        let (moves, p) = policy(net, &g);
        let i = if drawn && g.position().side_to_move() == Side::General {
            *rng ^= *rng << 13;
            *rng ^= *rng >> 7;
            *rng ^= *rng << 17;
            let mut u = (*rng >> 11) as f32 / (1u64 << 53) as f32;
            let mut pick = p.len() - 1;
            for (k, q) in p.iter().enumerate() {
                if u < *q {
                    pick = k;
                    break;
                }
                u -= q;
            }
            pick
        } else {
            (0..p.len()).max_by(|&a, &b| p[a].total_cmp(&p[b])).unwrap()
        };
        g.play(moves[i]).unwrap();
    }
    300
}

fn main() {
    let a = args(3, "rollout TABLES CHECKPOINT GAMES.tsv...");
    let (oracle, net) = open(&a[1], &a[2]);
    let every: usize = std::env::var("EVERY").ok().and_then(|s| s.parse().ok()).unwrap_or(1);
    let drawn: u32 = std::env::var("DRAWN").ok().and_then(|s| s.parse().ok()).unwrap_or(0);
    let all: Vec<Fight> = fights(&a[3..], &oracle).into_iter().step_by(every).collect();
    let (mut pol, mut roll) = (T::default(), T::default());
    let mut rng = 0x9E37_79B9_7F4A_7C15u64;
    for f in &all {
        let rules = f.snap.rules;
        let plies = match (rules.move_limit, f.snap.moves_left) {
            (MoveLimit::Plies(n), Some(left)) => n - left,
            _ => 0,
        };
        let root = Game::with_counters(rules, f.snap.position, plies, 0).unwrap();
        let (moves, p) = policy(&net, &root);
        let kept = |m: Move| f.children.iter().any(|c| c.0 == m && c.1 == f.longest);
        let top = (0..p.len()).max_by(|&x, &y| p[x].total_cmp(&p[y])).unwrap();
        pol.add(kept(moves[top]));
        let score = |i: usize| {
            let mut g = root.clone();
            g.play(moves[i]).unwrap();
            if drawn == 0 {
                rollout(&net, g, &mut rng, false) as f32
            } else {
                (0..drawn).map(|_| rollout(&net, g.clone(), &mut rng, true) as f32).sum::<f32>() / drawn as f32
            }
        };
        let s: Vec<f32> = (0..moves.len()).map(score).collect();
        let best = (0..moves.len()).max_by(|&x, &y| s[x].total_cmp(&s[y]).then(p[x].total_cmp(&p[y]))).unwrap();
        roll.add(kept(moves[best]));
    }
    println!("distinct long fights: {}; policy {pol}; rollouts (drawn {drawn}) {roll}", all.len());
}
