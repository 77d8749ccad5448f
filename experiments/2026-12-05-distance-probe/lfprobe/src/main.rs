//! Probes a network on the long-fight positions of rankings' games.tsv (no-setchin rules): the
//! General to move, lost in >= 16 plies by the tables, some move losing sooner. For each (once
//! per distinct position) it asks whether the raw policy's top move, and the child with the
//! longest predicted moves-left, keep the longest delay; and how far the moves-left head is from
//! the exact distance. Usage: lfprobe TABLES CHECKPOINT GAMES.tsv...
use lfprobe::{T, args, fights, open, predict};
use musashi_game::Move;
use std::collections::BTreeMap;

fn main() {
    let a = args(3, "lfprobe TABLES CHECKPOINT GAMES.tsv...");
    let (oracle, net) = open(&a[1], &a[2]);
    let all = fights(&a[3..], &oracle);
    let mut by: BTreeMap<String, T> = BTreeMap::new();
    let (mut err_pos, mut err_child, mut n_child) = (0.0f64, 0.0f64, 0u32);
    let mut rank_ok = T::default();
    for f in &all {
        let mut snaps = vec![&f.snap];
        snaps.extend(f.children.iter().map(|c| &c.2));
        let p = predict(&net, &snaps);
        let logit = |m: Move| p.logits[m.action()];
        let top = f.children.iter().max_by(|x, y| logit(x.0).total_cmp(&logit(y.0))).unwrap();
        let ml = |i: usize| p.plies[i + 1];
        let far = (0..f.children.len()).max_by(|&x, &y| ml(x).total_cmp(&ml(y))).unwrap();
        err_pos += (p.plies[0] as f64 - f.longest as f64).powi(2);
        for (i, c) in f.children.iter().enumerate() {
            err_child += (ml(i) as f64 - (c.1 as f64 - 1.0)).powi(2);
            n_child += 1;
        }
        // Pairwise order of the head on the children: does it rank a longest-delay child above
        // a shorter one?
        let kept = |i: &usize| f.children[*i].1 == f.longest;
        for i in (0..f.children.len()).filter(kept) {
            for j in (0..f.children.len()).filter(|j| !kept(j)) {
                rank_ok.add(ml(i) > ml(j));
            }
        }
        let nbest = f.children.iter().filter(|c| c.1 == f.longest).count();
        for key in [
            "all".to_string(),
            format!("opp {}", f.opp),
            format!("longest {:02}", (f.longest / 8) * 8),
            format!("nbest {}", nbest.min(3)),
        ] {
            by.entry(format!("{key} | policy")).or_default().add(top.1 == f.longest);
            by.entry(format!("{key} | moves-left")).or_default().add(f.children[far].1 == f.longest);
        }
    }
    println!("distinct long fights: {}", all.len());
    for (k, v) in by {
        println!("{k}: {v}");
    }
    println!(
        "moves-left head RMS error: position {:.1} plies, children {:.1} plies",
        (err_pos / all.len() as f64).sqrt(),
        (err_child / n_child as f64).sqrt()
    );
    println!("head orders a longest-delay child above a shorter one: {rank_ok}");
}
