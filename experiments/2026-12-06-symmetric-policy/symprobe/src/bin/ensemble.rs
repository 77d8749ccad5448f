//! Would an ensemble of independently trained networks keep the longest delay more often than
//! one? The raw policy's top move in every distinct long fight (lfprobe's definition), from each
//! network alone and from the mean of the networks' move probabilities, each with the position as
//! is and averaged over the 8 symmetries of the 25-point board.
//! Usage: ensemble TABLES GAMES.tsv... -- CHECKPOINT...
use lfprobe::{Fight, T, fights, open};
use musashi_game::Move;
use musashi_net::{DeviceKind, Network, load_checkpoint};
use std::path::Path;
use symprobe::{argmax, probs};

fn main() {
    let a: Vec<String> = std::env::args().collect();
    let split = a.iter().position(|x| x == "--").expect("usage: ensemble TABLES GAMES.tsv... -- CHECKPOINT...");
    let device = DeviceKind::Cpu.device().unwrap();
    let nets: Vec<Network> = a[split + 1..].iter().map(|c| load_checkpoint(Path::new(c), &device).unwrap().0).collect();
    let (oracle, _) = open(&a[1], &a[split + 1]);
    let every: usize = std::env::var("EVERY").ok().and_then(|s| s.parse().ok()).unwrap_or(1);
    let all: Vec<Fight> = fights(&a[2..split], &oracle).into_iter().step_by(every).collect();
    let n = nets.len();
    let mut alone: Vec<(T, T)> = (0..n).map(|_| (T::default(), T::default())).collect();
    let (mut mean_plain, mut mean_sym) = (T::default(), T::default());
    for f in &all {
        let moves: Vec<Move> = f.children.iter().map(|c| c.0).collect();
        let kept = |i: usize| f.children[i].1 == f.longest;
        let syms = f.snap.position.board().symmetries();
        let mut sum_plain = vec![0.0; moves.len()];
        let mut sum_sym = vec![0.0; moves.len()];
        for (k, net) in nets.iter().enumerate() {
            let each: Vec<Vec<f32>> = syms.iter().map(|&s| probs(net, &f.snap, &moves, s)).collect();
            let sym: Vec<f32> = (0..moves.len()).map(|i| each.iter().map(|p| p[i]).sum()).collect();
            alone[k].0.add(kept(argmax(&each[0])));
            alone[k].1.add(kept(argmax(&sym)));
            for i in 0..moves.len() {
                sum_plain[i] += each[0][i];
                sum_sym[i] += sym[i];
            }
        }
        mean_plain.add(kept(argmax(&sum_plain)));
        mean_sym.add(kept(argmax(&sum_sym)));
    }
    println!("distinct long fights: {}", all.len());
    for (k, (p, s)) in alone.iter().enumerate() {
        println!("{}: as is {p}; 8 symmetries {s}", a[split + 1 + k]);
    }
    println!("ensemble of {n}: as is {mean_plain}; 8 symmetries {mean_sym}");
}
