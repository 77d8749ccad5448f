//! `musashi-lab agentprobe`: every agent spec's move in every distinct long fight of the
//! rankings' games (the lab's `fights`), each from a fresh search with the game's ply counter:
//! does it keep the longest delay? The same positions for every agent, so two agents compare
//! position by position (a sign test over the positions where exactly one of them keeps it).
//! (`experiments/2026-12-06-symmetric-policy`.)
//!
//! With `--after-root T`, every `mcts:` agent also runs with the moves-left head's ranking of the
//! root's children added to its root priors (the search's `rank=T`, T plies a nat), named
//! `SPEC+after=T`. (`experiments/2026-12-07-sibling-ranking`.)
//!
//! `--unseen-by GAMES,SEED` leaves out the positions a `distill` network of those games trained on.
//!
//! musashi-lab agentprobe --tables tables/no-setchin [--every N] [--after-root T] [--unseen-by GAMES,SEED]
//!     --agent SPEC... GAMES.tsv...

use super::{FightsFrom, long_fights, positive};
use anyhow::{Context, Result, ensure};
use musashi_agents::AgentRecipe;
use musashi_game::Game;
use musashi_lab::distill::{Labels, PolicyTarget, play_games};
use musashi_lab::share::Share;

#[derive(clap::Args, Debug)]
pub(crate) struct Args {
    #[command(flatten)]
    input: FightsFrom,
    /// Agent specs to measure, e.g. "mcts:ckpt=C,sims=100" (repeat the flag).
    #[arg(long = "agent", required = true)]
    agents: Vec<String>,
    /// Take every n-th long fight only.
    #[arg(long, default_value_t = 1, value_parser = positive())]
    every: usize,
    /// Also run every `mcts:` agent with the moves-left head's ranking of the root's children in
    /// its root priors, this many plies a nat (its spec with `rank=T`: where the root's side to
    /// move loses).
    #[arg(long, value_name = "T")]
    after_root: Option<f32>,
    /// Leave out the fights among the positions of `distill`'s labelled games GAMES of seed SEED
    /// (the training positions of a network that `distill --games GAMES --seed SEED` trained).
    #[arg(long, value_name = "GAMES,SEED", value_parser = games_and_seed)]
    unseen_by: Option<(usize, u64)>,
}

/// `--unseen-by`'s value: two whole numbers, the games at least 1.
fn games_and_seed(text: &str) -> Result<(usize, u64), String> {
    let bad = || format!("expected GAMES,SEED (e.g. 50000,1), not '{text}'");
    let (games, seed) = text.split_once(',').ok_or_else(bad)?;
    match (games.parse::<usize>(), seed.parse::<u64>()) {
        (Ok(games), Ok(seed)) if games > 0 => Ok((games, seed)),
        _ => Err(bad()),
    }
}

pub(crate) fn run(a: Args) -> Result<()> {
    if let Some(t) = a.after_root {
        ensure!(t.is_finite() && t > 0.0, "--after-root must be a positive number of plies, not {t}");
    }
    let (rules, oracle) = a.input.solved.open()?;
    let parse = |spec: &str| AgentRecipe::parse_str(spec, &rules).with_context(|| format!("--agent {spec}"));
    let mut entries = Vec::new();
    for spec in &a.agents {
        entries.push((spec.clone(), parse(spec)?));
        if let Some(t) = a.after_root.filter(|_| spec.starts_with("mcts:")) {
            entries.push((format!("{spec}+after={t}"), parse(&format!("{spec},rank={t}"))?));
        }
    }
    let mut all = long_fights(&a.input.rankings, rules, &oracle, a.every)?;
    if let Some((games, seed)) = a.unseen_by {
        let seen = play_games(&oracle, rules, games, seed, Labels { target: PolicyTarget::Best, children: false }).seen;
        let before = all.len();
        all.retain(|f| !seen.contains(&f.snap.position.hash()));
        println!(
            "{} of {before} fights are not among the positions of {games} labelled games of seed {seed}",
            all.len()
        );
    }
    let specs: Vec<&String> = entries.iter().map(|e| &e.0).collect();
    let mut kept: Vec<Vec<bool>> = vec![Vec::new(); specs.len()];
    for (k, (spec, recipe)) in entries.iter().enumerate() {
        let mut agent = recipe.create(1);
        let start = std::time::Instant::now();
        let mut t = Share::default();
        for f in &all {
            let game = Game::from_snapshot(&f.snap)?;
            agent.new_game(1);
            let mv = agent.choose(&game).mv;
            let ok = f.moves.iter().any(|c| c.0 == mv && c.1 == f.longest);
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
    Ok(())
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sign_test_is_symmetric_and_exact_when_small() {
        assert_eq!(sign_test(0, 0), 1.0);
        // 0 of 10: 2 / 2^10.
        assert!((sign_test(0, 10) - 2.0 / 1024.0).abs() < 1e-12);
        assert_eq!(sign_test(3, 7), sign_test(7, 3));
        assert_eq!(sign_test(5, 5), 1.0);
        // As `experiments/2026-12-06-symmetric-policy/agentprobe-ns.txt` records them: exact
        // (373 trials) and the normal approximation (1,097).
        assert_eq!(format!("{:.2e}", sign_test(141, 232)), "2.84e-6");
        assert_eq!(format!("{:.2e}", sign_test(435, 662)), "8.94e-12");
    }
}
