//! `musashi-lab lfscan`: breaks down one General's long-fight moves in a ranking's `games.tsv`
//! (its games where the `general` column is the given spec) by opponent, soldiers left, earlier
//! repetition, number of longest-delay moves, longest delay and captures, and counts the misses
//! by their gap. A long fight here: the General to move past the two opening plies, every move
//! losing by the tables, the longest delay at least 16 plies and some move losing sooner.
//! (`experiments/2026-12-05-no-setchin-long-fights`.)
//!
//! musashi-lab lfscan --tables tables/no-setchin --general SPEC [--show] GAMES.tsv

use super::Solved;
use anyhow::{Context, Result, anyhow};
use musashi_game::{Game, Move, Side};
use musashi_lab::share::Share;
use musashi_lab::tsv::{columns, read_text, rows};
use musashi_search::{Oracle, Score};
use std::collections::{BTreeMap, HashMap};
use std::path::PathBuf;

#[derive(clap::Args, Debug)]
pub(crate) struct Args {
    #[command(flatten)]
    solved: Solved,
    /// The General's agent spec, as the `general` column names it.
    #[arg(long)]
    general: String,
    /// Also print every miss: the opponent, the ply, the soldiers left, the longest delay, the
    /// move played and its delay, and every move's delay.
    #[arg(long)]
    show: bool,
    /// A ranking's games.tsv.
    games: PathBuf,
}

pub(crate) fn run(a: Args) -> Result<()> {
    let (rules, oracle) = a.solved.open()?;
    let th = rules.threshold();
    let file = a.games.display();
    let text = read_text(&a.games).with_context(|| format!("cannot read {file}"))?;
    let [general, soldiers, moves] =
        columns(&text, ["general", "soldiers", "moves"]).map_err(|e| anyhow!("{file}: {e}"))?;
    let mut by: BTreeMap<String, Share> = BTreeMap::new();
    let mut misses: BTreeMap<String, u32> = BTreeMap::new();
    for (line, f) in rows(&text) {
        let at = || format!("{file} line {line}");
        if f.get(general) != Some(&a.general.as_str()) {
            continue;
        }
        let opp = f.get(soldiers).with_context(|| format!("{}: no soldiers column", at()))?;
        let played = f.get(moves).with_context(|| format!("{}: no moves column", at()))?;
        let mut g = Game::new(rules);
        let mut seen: HashMap<u64, u32> = HashMap::new();
        let mut repeated = false;
        for (ply, ms) in played.split(' ').enumerate() {
            let mv = Move::parse(rules.board, ms).with_context(|| format!("{}, ply {ply}", at()))?;
            let pos = *g.position();
            // Checked before any use of the move (`Position::play` takes legal moves only).
            let mut next = g.clone();
            next.play(mv).with_context(|| format!("{}, ply {ply}", at()))?;
            let c = seen.entry(pos.hash()).or_insert(0);
            *c += 1;
            if *c > 1 {
                repeated = true;
            }
            if ply >= 2
                && pos.side_to_move() == Side::General
                && let Some(values) = oracle.move_values(&pos, th)
            {
                let d: Vec<(Move, u32)> = values
                    .iter()
                    .filter_map(|&(m, s)| if let Score::LossIn(n) = s { Some((m, n)) } else { None })
                    .collect();
                let won = values.iter().any(|(_, s)| matches!(s, Score::WinIn(_)));
                let longest = d.iter().map(|x| x.1).max();
                if !won
                    && let Some(l) = longest
                    && l >= 16
                    && d.iter().any(|x| x.1 < l)
                {
                    let p = d.iter().find(|x| x.0 == mv).map(|x| x.1).unwrap_or(0);
                    let ok = p == l;
                    let nbest = d.iter().filter(|x| x.1 == l).count();
                    let capture = pos.play(mv).1 != 0;
                    let best_capture = d.iter().filter(|x| x.1 == l).any(|x| pos.play(x.0).1 != 0);
                    let any_capture = d.iter().any(|x| pos.play(x.0).1 != 0);
                    by.entry("all".into()).or_default().add(ok);
                    by.entry(format!("opp {opp}")).or_default().add(ok);
                    by.entry(format!("soldiers {:02}", pos.num_soldiers())).or_default().add(ok);
                    by.entry(format!("repeated-so-far {repeated}")).or_default().add(ok);
                    by.entry(format!("nbest {}", nbest.min(4))).or_default().add(ok);
                    by.entry(format!("longest {:02}", (l / 4) * 4)).or_default().add(ok);
                    by.entry(format!("capture-available {any_capture} best-is-capture {best_capture}"))
                        .or_default()
                        .add(ok);
                    if !ok {
                        *misses.entry(format!("played-capture {capture} gap {}", l - p)).or_default() += 1;
                        if a.show {
                            let all: Vec<String> = d.iter().map(|x| format!("{}:{}", x.0, x.1)).collect();
                            println!("{opp} ply {ply} n{} {l} played {ms} ({p}) moves {all:?}", pos.num_soldiers());
                        }
                    }
                }
            }
            g = next;
        }
    }
    for (k, v) in by {
        println!("{k}: {v}");
    }
    for (k, n) in misses {
        println!("misses, {k}: {n}");
    }
    Ok(())
}
