//! `musashi-lab ensemble`: would an ensemble of independently trained networks keep the longest
//! delay more often than one? The raw policy's top move in every distinct long fight of the
//! rankings' games (the lab's `fights`), from each network alone and from the sum of the
//! networks' move probabilities, each with the position as is and averaged over the board's
//! symmetries (8 on the 25-point board). (`experiments/2026-12-06-symmetric-policy`.)
//!
//! musashi-lab ensemble --tables tables/no-setchin [--every N] --checkpoint C1 --checkpoint C2... GAMES.tsv...

use super::{FightsFrom, long_fights, network, oracle, positive};
use anyhow::{Context, Result};
use musashi_game::Move;
use musashi_lab::policy::{argmax, probs};
use musashi_lab::share::Share;
use std::path::PathBuf;

#[derive(clap::Args, Debug)]
pub(crate) struct Args {
    #[command(flatten)]
    input: FightsFrom,
    /// The networks' checkpoints (folders, or BEST/LATEST pointers; repeat the flag).
    #[arg(long = "checkpoint", required = true)]
    checkpoints: Vec<PathBuf>,
    /// Take every n-th long fight only.
    #[arg(long, default_value_t = 1, value_parser = positive())]
    every: usize,
}

pub(crate) fn run(a: Args) -> Result<()> {
    let rules = a.input.solved.preset.ruleset();
    let nets = a
        .checkpoints
        .iter()
        .map(|c| network(c).with_context(|| format!("--checkpoint {}", c.display())))
        .collect::<Result<Vec<_>>>()?;
    let oracle = oracle(&a.input.solved.tables, &rules)?;
    let all = long_fights(&a.input.rankings, rules, &oracle, a.every)?;
    let n = nets.len();
    let mut alone: Vec<(Share, Share)> = vec![(Share::default(), Share::default()); n];
    let (mut mean_plain, mut mean_sym) = (Share::default(), Share::default());
    for f in &all {
        let moves: Vec<Move> = f.moves.iter().map(|c| c.0).collect();
        let kept = |v: &[f32]| argmax(v).is_some_and(|i| f.moves[i].1 == f.longest);
        let syms = f.snap.position.board().symmetries();
        let mut sum_plain = vec![0.0; moves.len()];
        let mut sum_sym = vec![0.0; moves.len()];
        for (k, net) in nets.iter().enumerate() {
            let each: Vec<Vec<f32>> = syms.iter().map(|&s| probs(net, &f.snap, &moves, s)).collect();
            let sym: Vec<f32> = (0..moves.len()).map(|i| each.iter().map(|p| p[i]).sum()).collect();
            alone[k].0.add(kept(&each[0]));
            alone[k].1.add(kept(&sym));
            for i in 0..moves.len() {
                sum_plain[i] += each[0][i];
                sum_sym[i] += sym[i];
            }
        }
        mean_plain.add(kept(&sum_plain));
        mean_sym.add(kept(&sum_sym));
    }
    println!("distinct long fights: {}", all.len());
    for (path, (p, s)) in a.checkpoints.iter().zip(&alone) {
        println!("{}: as is {p}; 8 symmetries {s}", path.display());
    }
    println!("ensemble of {n}: as is {mean_plain}; 8 symmetries {mean_sym}");
    Ok(())
}
