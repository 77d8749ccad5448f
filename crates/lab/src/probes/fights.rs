//! `musashi-lab fights`: probes a checkpoint on the long fights of rankings' games: for each
//! distinct one, whether the raw policy's top move keeps the longest delay, and whether the child
//! with the longest predicted moves-left does (by opponent, by length of the fight, by how many
//! moves keep it); the moves-left head's error at the fights and their children; and how often
//! the head ranks a longest-delay child above a shorter one.
//!
//! musashi-lab fights --tables tables/no-setchin --checkpoint runs/x/checkpoints/BEST games.tsv...

use super::NetOnFights;
use anyhow::Result;
use musashi_game::Move;
use musashi_lab::fights::predict;
use musashi_lab::share::Share;
use musashi_net::Prediction;
use std::collections::BTreeMap;

#[derive(clap::Args, Debug)]
pub(crate) struct Args {
    #[command(flatten)]
    on: NetOnFights,
}

pub(crate) fn run(a: Args) -> Result<()> {
    let (net, fights) = a.on.open(1)?;
    let mut by: BTreeMap<String, Share> = BTreeMap::new();
    let (mut err_fight, mut err_child, mut children) = (0.0f64, 0.0f64, 0u64);
    let mut ranked = Share::default();
    let mut p = Prediction::default();
    // Whether the network predicts plies at all (a network without a moves-left head does not).
    let mut has_head = true;
    for f in &fights {
        let mut snaps = vec![&f.snap];
        snaps.extend(f.children.iter());
        predict(&net, &snaps, &mut p);
        has_head = !p.plies.is_empty();
        let logit = |m: Move| p.logits[m.action()];
        let plies = |i: usize| p.plies.get(i + 1).copied().unwrap_or(f32::NAN);
        let top = f.moves.iter().max_by(|x, y| logit(x.0).total_cmp(&logit(y.0)));
        let far = (0..f.moves.len()).max_by(|&x, &y| plies(x).total_cmp(&plies(y)));
        // A long fight has at least two moves (some move loses sooner than the longest).
        let (Some(top), Some(far)) = (top, far) else { continue };
        let key_parts = [
            "all".to_string(),
            format!("soldiers {}", f.soldiers),
            format!("longest {:02}+", (f.longest / 8) * 8),
            format!(
                "moves keeping it {}",
                match f.moves.iter().filter(|c| c.1 == f.longest).count() {
                    n if n >= 3 => "3+".to_string(),
                    n => n.to_string(),
                }
            ),
        ];
        for key in &key_parts {
            by.entry(format!("{key} | policy")).or_default().add(top.1 == f.longest);
        }
        if !has_head {
            continue;
        }
        for key in &key_parts {
            by.entry(format!("{key} | moves-left")).or_default().add(f.moves[far].1 == f.longest);
        }
        err_fight += (p.plies[0] as f64 - f.longest as f64).powi(2);
        for (i, &(_, delay)) in f.moves.iter().enumerate() {
            err_child += (plies(i) as f64 - (delay as f64 - 1.0)).powi(2);
            children += 1;
        }
        let keeps = |i: &usize| f.moves[*i].1 == f.longest;
        for i in (0..f.moves.len()).filter(keeps) {
            for j in (0..f.moves.len()).filter(|j| !keeps(j)) {
                ranked.add(plies(i) > plies(j));
            }
        }
    }
    println!("distinct long fights: {}", fights.len());
    for (k, v) in by {
        println!("{k}: {v}");
    }
    if !has_head {
        println!("the network has no moves-left head: no plies to measure");
        return Ok(());
    }
    let rms = |sum: f64, n: u64| (sum / n.max(1) as f64).sqrt();
    println!(
        "moves-left head RMS error: fights {:.1} plies, children {:.1} plies",
        rms(err_fight, fights.len() as u64),
        rms(err_child, children)
    );
    println!("the head ranks a longest-delay child above a shorter one: {ranked}");
    Ok(())
}
