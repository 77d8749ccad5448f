//! Breaks down a General's long-fight moves in a ranking's games.tsv (no-setchin rules) by
//! opponent, soldiers left, earlier repetition, number of longest-delay moves, longest delay and
//! captures; counts the misses by their gap. Usage: lfscan TABLES GAMES.tsv GENERAL-SPEC [show]
use musashi_agents::{TableOracle, load_tables};
use musashi_game::{Game, Move, Preset, Side};
use musashi_search::{Oracle, Score};
use std::collections::{BTreeMap, HashMap};
use std::path::Path;

#[derive(Default)]
struct T(u32, u32);
impl T {
    fn add(&mut self, ok: bool) {
        self.0 += ok as u32;
        self.1 += 1;
    }
}
impl std::fmt::Display for T {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        write!(f, "{}/{} = {:.1}%", self.0, self.1, 100.0 * self.0 as f64 / self.1 as f64)
    }
}

fn main() {
    let a: Vec<String> = std::env::args().collect();
    let (tables, games, filter) = (&a[1], &a[2], &a[3]);
    let show = a.len() > 4;
    let rules = Preset::NoSetchin.ruleset();
    let oracle = TableOracle { tables: load_tables(Path::new(tables), &rules).unwrap() };
    let th = rules.threshold();
    let mut by: BTreeMap<String, T> = BTreeMap::new();
    let mut misses: BTreeMap<String, u32> = BTreeMap::new();
    for line in std::fs::read_to_string(games).unwrap().lines().filter(|l| !l.starts_with('#')) {
        let f: Vec<&str> = line.split('\t').collect();
        if f[0] != filter {
            continue;
        }
        let opp = f[1].to_string();
        let mut g = Game::new(rules);
        let mut seen: HashMap<u64, u32> = HashMap::new();
        let mut repeated = false;
        for (ply, ms) in f[7].split(' ').enumerate() {
            let mv = Move::parse(rules.board, ms).unwrap();
            let pos = *g.position();
            let c = seen.entry(pos.hash()).or_insert(0);
            *c += 1;
            if *c > 1 {
                repeated = true;
            }
            if ply >= 2 && pos.side_to_move() == Side::General {
                if let Some(values) = oracle.move_values(&pos, th) {
                    let d: Vec<(Move, u32)> = values
                        .iter()
                        .filter_map(|&(m, s)| if let Score::LossIn(n) = s { Some((m, n)) } else { None })
                        .collect();
                    let won = values.iter().any(|(_, s)| matches!(s, Score::WinIn(_)));
                    if !won && !d.is_empty() {
                        let l = d.iter().map(|x| x.1).max().unwrap();
                        if l >= 16 && d.iter().any(|x| x.1 < l) {
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
                                if show {
                                    let all: Vec<String> = d.iter().map(|x| format!("{}:{}", x.0, x.1)).collect();
                                    println!(
                                        "{opp} ply {ply} n{} {l} played {ms} ({p}) moves {all:?}",
                                        pos.num_soldiers()
                                    );
                                }
                            }
                        }
                    }
                }
            }
            g.play(mv).unwrap();
        }
    }
    for (k, v) in by {
        println!("{k}: {v}");
    }
    for (k, n) in misses {
        println!("misses, {k}: {n}");
    }
}
