//! Several matches played by one pool of threads. Played one after the other, each match ends
//! with threads idle while the last of its games finish; in one pool a thread that finishes
//! takes the next match's game. (In the quick job's evaluation this alone measured no faster:
//! `experiments/2026-12-06-quick-job-1.5x`.)
//! Every game is still seeded from its own match's seed and index alone, so each match's
//! result is the one it has when played alone, on any number of threads.

use crate::matches::{MatchConfig, MatchGame, MatchResult, Summary, mix, play_game};
use musashi_game::Side;
use musashi_search::Agent;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

/// Plays every match of `configs` on `threads` threads (at least 1). `make(match, side, game)`
/// builds the agent that plays `side` in game `game` of match `match`; `done(match, game)` is
/// called as each game finishes (in finishing order). Returns the results in `configs`' order.
pub fn play_matches<F, D>(configs: &[MatchConfig], threads: usize, make: F, done: D) -> Vec<MatchResult>
where
    F: Fn(usize, Side, usize) -> Box<dyn Agent> + Sync,
    D: Fn(usize, &MatchGame) + Sync,
{
    let jobs: Vec<(usize, usize)> =
        configs.iter().enumerate().flat_map(|(m, c)| (0..c.games).map(move |i| (m, i))).collect();
    let next = AtomicUsize::new(0);
    let results: Mutex<Vec<Vec<Option<MatchGame>>>> = Mutex::new(configs.iter().map(|c| vec![None; c.games]).collect());
    let threads = threads.clamp(1, jobs.len().max(1));
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| {
                while let Some(&(m, index)) = jobs.get(next.fetch_add(1, Ordering::Relaxed)) {
                    let record = play_one(&configs[m], index, |side| make(m, side, index));
                    done(m, &record);
                    results.lock().expect("no worker panicked")[m][index] = Some(record);
                }
            });
        }
    });
    let results = results.into_inner().expect("no worker panicked");
    results
        .into_iter()
        .map(|games| {
            let records: Vec<MatchGame> = games.into_iter().map(|r| r.expect("every game played")).collect();
            let summary = Summary::of(&records);
            MatchResult { records, summary }
        })
        .collect()
}

/// Game `index` of the match `config`, between the agents `make` builds for each side.
fn play_one(config: &MatchConfig, index: usize, make: impl Fn(Side) -> Box<dyn Agent>) -> MatchGame {
    let seed = mix(config.seed, index as u64);
    let mut general = make(Side::General);
    let mut soldiers = make(Side::Soldiers);
    let (game, adjudicated) =
        play_game(config.rules, general.as_mut(), soldiers.as_mut(), seed, config.opening_plies, config.max_plies);
    let outcome = game.outcome_or_endless(config.max_plies).expect("a match plays until the end");
    MatchGame {
        index,
        opening_plies: config.opening_plies.min(game.plies()),
        adjudicated,
        game: musashi_game::PlayedGame::of(&game, seed, outcome),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::matches::play_match;
    use musashi_game::Preset;
    use musashi_search::{GreedyAgent, RandomAgent};

    fn make(m: usize, side: Side, i: usize) -> Box<dyn Agent> {
        // Match 1 swaps the agents, so the matches differ in more than their seeds.
        let greedy_general = m != 1;
        match (side == Side::General) == greedy_general {
            true => Box::new(GreedyAgent::new(i as u64)),
            false => Box::new(RandomAgent::new(i as u64 + 7)),
        }
    }

    #[test]
    fn matches_in_one_pool_give_each_match_its_result_when_played_alone() {
        let base = MatchConfig { opening_plies: 2, max_plies: 400, ..MatchConfig::new(Preset::Classic.ruleset(), 5) };
        let configs = vec![
            MatchConfig { seed: 11, ..base.clone() },
            MatchConfig { seed: 12, games: 3, ..base.clone() },
            MatchConfig { seed: 13, games: 0, ..base.clone() },
            MatchConfig { seed: 14, rules: Preset::NoSetchin.ruleset(), ..base.clone() },
        ];
        let finished = AtomicUsize::new(0);
        for threads in [1, 2, 3] {
            let pooled = play_matches(&configs, threads, make, |_, _| {
                finished.fetch_add(1, Ordering::Relaxed);
            });
            assert_eq!(pooled.len(), configs.len());
            for (m, c) in configs.iter().enumerate() {
                let alone = play_match(&MatchConfig { threads: 1, ..c.clone() }, |side, i| make(m, side, i));
                assert_eq!(pooled[m], alone, "match {m} on {threads} threads");
            }
        }
        assert_eq!(
            finished.load(Ordering::Relaxed),
            3 * configs.iter().map(|c| c.games).sum::<usize>(),
            "every game reported once"
        );
    }
}
