//! Shared by lfprobe and distill: the long fights of rankings' games and batched prediction.
use musashi_agents::{TableOracle, load_tables};
use musashi_evaluator::is_long_fight;
use musashi_game::{Game, Move, Preset, Side, Snapshot};
use musashi_net::{DeviceKind, NUM_FEATURES, Network, Prediction, encode, load_checkpoint};
use musashi_search::{Oracle, Score};
use std::collections::HashSet;
use std::path::Path;

/// The command line, checked to hold at least `min` arguments; else the usage, and exit.
pub fn args(min: usize, usage: &str) -> Vec<String> {
    let a: Vec<String> = std::env::args().collect();
    if a.len() <= min {
        eprintln!("usage: {usage}");
        std::process::exit(2);
    }
    a
}

/// The no-setchin tables in `tables` and the network of `checkpoint`, on the CPU.
pub fn open(tables: &str, checkpoint: &str) -> (TableOracle, Network) {
    let rules = Preset::NoSetchin.ruleset();
    let oracle = TableOracle { tables: load_tables(Path::new(tables), &rules).unwrap() };
    let device = DeviceKind::Cpu.device().unwrap();
    (oracle, load_checkpoint(Path::new(checkpoint), &device).unwrap().0)
}

#[derive(Default)]
pub struct T(pub u32, pub u32);
impl T {
    pub fn add(&mut self, ok: bool) {
        self.0 += ok as u32;
        self.1 += 1;
    }
}
impl std::fmt::Display for T {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        write!(f, "{}/{} = {:.1}%", self.0, self.1, 100.0 * self.0 as f64 / self.1.max(1) as f64)
    }
}

/// A long fight: the position, the longest delay and each move's delay.
pub struct Fight {
    pub snap: Snapshot,
    pub children: Vec<(Move, u32, Snapshot)>,
    pub longest: u32,
    pub opp: String,
}

pub fn fights(games: &[String], oracle: &TableOracle) -> Vec<Fight> {
    let rules = Preset::NoSetchin.ruleset();
    let mut seen = HashSet::new();
    let mut out = Vec::new();
    for file in games {
        for line in std::fs::read_to_string(file).unwrap().lines().filter(|l| !l.starts_with('#')) {
            let f: Vec<&str> = line.split('\t').collect();
            let mut g = Game::new(rules);
            for (ply, ms) in f[7].split(' ').enumerate() {
                let mv = Move::parse(rules.board, ms).unwrap();
                let pos = *g.position();
                if ply >= 2 && pos.side_to_move() == Side::General && seen.insert(pos.hash()) {
                    if let Some(f) = fight(&g, oracle, f[1]) {
                        out.push(f);
                    }
                }
                g.play(mv).unwrap();
            }
        }
    }
    out
}

pub fn fight(g: &Game, oracle: &TableOracle, opp: &str) -> Option<Fight> {
    let pos = g.position();
    let values = oracle.move_values(pos, g.rules().threshold())?;
    // A lost position (every move loses) that the ranking counts as a long fight.
    if values.iter().any(|(_, s)| !matches!(s, Score::LossIn(_))) || !is_long_fight(&values) {
        return None;
    }
    let d: Vec<(Move, u32)> = values.iter().map(|&(m, s)| (m, if let Score::LossIn(n) = s { n } else { 0 })).collect();
    let longest = d.iter().map(|x| x.1).max()?;
    let children = d
        .iter()
        .map(|&(m, n)| {
            let mut c = g.clone();
            c.play(m).unwrap();
            (m, n, c.snapshot())
        })
        .collect();
    Some(Fight { snap: g.snapshot(), children, longest, opp: opp.to_string() })
}

pub fn predict(net: &musashi_net::Network, snaps: &[&Snapshot]) -> Prediction {
    let mut x = vec![0.0; snaps.len() * NUM_FEATURES];
    for (i, s) in snaps.iter().enumerate() {
        encode(s, &mut x[i * NUM_FEATURES..(i + 1) * NUM_FEATURES]);
    }
    let mut p = Prediction::default();
    net.predict(&x, &mut p);
    p
}

/// The raw policy's top move keeps the longest delay: in how many of `fights`.
pub fn policy_accuracy(net: &musashi_net::Network, fights: &[&Fight]) -> T {
    let mut t = T::default();
    for chunk in fights.chunks(256) {
        let snaps: Vec<&Snapshot> = chunk.iter().map(|f| &f.snap).collect();
        let p = predict(net, &snaps);
        let na = p.logits.len() / snaps.len();
        for (i, f) in chunk.iter().enumerate() {
            let logit = |m: Move| p.logits[i * na + m.action()];
            let top = f.children.iter().max_by(|x, y| logit(x.0).total_cmp(&logit(y.0))).unwrap();
            t.add(top.1 == f.longest);
        }
    }
    t
}
