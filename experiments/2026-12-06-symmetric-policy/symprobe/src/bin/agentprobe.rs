//! Every agent spec's move in every distinct long fight of the rankings' games (lfprobe's
//! definition), each from a fresh search with the game's ply counter: does it keep the longest
//! delay? The same positions for every agent, so two agents compare position by position
//! (a sign test over the positions where exactly one of them keeps it).
//! Usage: [EVERY=n] agentprobe TABLES CHECKPOINT GAMES.tsv... -- SPEC...
use lfprobe::{Fight, T, fights, open};
use musashi_agents::AgentRecipe;
use musashi_game::{Game, MoveLimit};

fn main() {
    let a: Vec<String> = std::env::args().collect();
    let split = a.iter().position(|x| x == "--").expect("usage: agentprobe TABLES CHECKPOINT GAMES.tsv... -- SPEC...");
    let (oracle, _) = open(&a[1], &a[2]);
    let every: usize = std::env::var("EVERY").ok().and_then(|s| s.parse().ok()).unwrap_or(1);
    let all: Vec<Fight> = fights(&a[3..split], &oracle).into_iter().step_by(every).collect();
    let specs = &a[split + 1..];
    let mut kept: Vec<Vec<bool>> = vec![Vec::new(); specs.len()];
    for (k, spec) in specs.iter().enumerate() {
        let recipe = AgentRecipe::parse_str(spec, &all[0].snap.rules).unwrap();
        let mut agent = recipe.create(1);
        let start = std::time::Instant::now();
        let mut t = T::default();
        for f in &all {
            let plies = match (f.snap.rules.move_limit, f.snap.moves_left) {
                (MoveLimit::Plies(n), Some(left)) => n - left,
                _ => 0,
            };
            let game = Game::with_counters(f.snap.rules, f.snap.position, plies, 0).unwrap();
            agent.new_game(1);
            let mv = agent.choose(&game).mv;
            let ok = f.children.iter().any(|c| c.0 == mv && c.1 == f.longest);
            t.add(ok);
            kept[k].push(ok);
        }
        println!("{spec}: {t} ({:.0} s)", start.elapsed().as_secs_f64());
    }
    for i in 0..specs.len() {
        for j in i + 1..specs.len() {
            let only_i = (0..all.len()).filter(|&x| kept[i][x] && !kept[j][x]).count();
            let only_j = (0..all.len()).filter(|&x| kept[j][x] && !kept[i][x]).count();
            println!(
                "{} against {}: {only_i} against {only_j}, sign test p = {:.2e}",
                specs[i],
                specs[j],
                sign_test(only_i, only_j)
            );
        }
    }
}

/// Two-sided exact sign test (normal approximation above 1,000 trials).
fn sign_test(a: usize, b: usize) -> f64 {
    let n = a + b;
    let k = a.min(b);
    if n == 0 {
        return 1.0;
    }
    if n > 1000 {
        let z = (k as f64 + 0.5 - n as f64 / 2.0) / (n as f64 / 4.0).sqrt();
        return (2.0 * 0.5 * erfc(-z / 2f64.sqrt())).min(1.0);
    }
    let mut p = 0.0;
    let mut c = 1.0f64; // C(n, i) / 2^n, built up in logs
    let ln2n = n as f64 * 2f64.ln();
    for i in 0..=k {
        if i > 0 {
            c *= (n - i + 1) as f64 / i as f64;
        }
        p += (c.ln() - ln2n).exp();
    }
    (2.0 * p).min(1.0)
}

/// The complementary error function (Abramowitz and Stegun 7.1.26).
fn erfc(x: f64) -> f64 {
    let t = 1.0 / (1.0 + 0.3275911 * x.abs());
    let y = t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))));
    let r = y * (-x * x).exp();
    if x >= 0.0 { r } else { 2.0 - r }
}
