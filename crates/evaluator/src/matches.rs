//! Matches: N games between a General agent and a soldiers agent, played in parallel, each
//! seeded from the match seed and its index alone, so that results do not depend on the
//! number of threads or on which thread plays which game.

use crate::match_pool::play_matches;
use musashi_game::{EndReason, GOLDEN_GAMMA, Game, PlayedGame, Ruleset, Side, mix64};
use musashi_search::Agent;
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

/// How to play a match.
#[derive(Clone, PartialEq, Debug)]
pub struct MatchConfig {
    /// The rules.
    pub rules: Ruleset,
    /// Number of games.
    pub games: usize,
    /// Match seed: game `i` is seeded from `(seed, i)` alone.
    pub seed: u64,
    /// Worker threads (at least 1).
    pub threads: usize,
    /// Uniformly random moves played at the start of each game (seeded), to vary the openings
    /// of deterministic agents.
    pub opening_plies: u32,
    /// A safety cap for rulesets without a move limit: a game still running after this many
    /// plies is adjudicated to the General (endless play counts for the General). Ignored
    /// when the ruleset has a limit.
    pub max_plies: u32,
}

impl MatchConfig {
    /// A match of `games` games under `rules`, seed 0, one thread per core, no random opening.
    pub fn new(rules: Ruleset, games: usize) -> MatchConfig {
        MatchConfig {
            rules,
            games,
            seed: 0,
            threads: musashi_chores::threads_or_all(0),
            opening_plies: 0,
            max_plies: 1000,
        }
    }
}

/// One finished game of a match: the game, with what the match adds to it.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct MatchGame {
    /// Index in the match.
    pub index: usize,
    /// How many of the first moves were random opening moves.
    pub opening_plies: u32,
    /// True when the safety cap ended the game (`max_plies`, rulesets without a limit).
    pub adjudicated: bool,
    /// The game: rules, start, seed, moves, outcome.
    pub game: PlayedGame,
}

impl MatchGame {
    /// Moves played.
    pub fn length(&self) -> usize {
        self.game.length()
    }

    /// The game as one line: index, seed, winner, reason, length, then the moves in notation,
    /// separated by tabs (moves by spaces). Adjudicated games have the reason `adjudicated`.
    pub fn to_line(&self) -> String {
        let g = &self.game;
        let moves: Vec<String> = g.moves.iter().map(|m| m.to_string()).collect();
        let reason = if self.adjudicated { "adjudicated".to_string() } else { g.outcome.reason.to_string() };
        format!("{}\t{}\t{}\t{}\t{}\t{}", self.index, g.seed, g.outcome.winner, reason, g.moves.len(), moves.join(" "))
    }
}

/// Totals over a match.
#[derive(Clone, PartialEq, Debug, Default)]
pub struct Summary {
    /// Games played.
    pub games: usize,
    /// Games won by the General.
    pub general_wins: usize,
    /// Games won by the soldiers.
    pub soldiers_wins: usize,
    /// Average length in plies.
    pub average_length: f64,
    /// Games per ending, in `EndReason::ALL` order.
    pub endings: [usize; 6],
    /// Games ended by the safety cap (counted in `endings` as move-limit).
    pub adjudicated: usize,
}

impl Summary {
    /// The summary of these records.
    pub fn of(records: &[MatchGame]) -> Summary {
        let mut s = Summary { games: records.len(), ..Summary::default() };
        let mut plies = 0;
        for r in records {
            match r.game.outcome.winner {
                Side::General => s.general_wins += 1,
                Side::Soldiers => s.soldiers_wins += 1,
            }
            let i = EndReason::ALL.iter().position(|&e| e == r.game.outcome.reason).expect("every reason is listed");
            s.endings[i] += 1;
            s.adjudicated += r.adjudicated as usize;
            plies += r.length();
        }
        s.average_length = if records.is_empty() { 0.0 } else { plies as f64 / records.len() as f64 };
        s
    }

    /// The endings that occurred, as `(reason, games)`.
    pub fn endings(&self) -> Vec<(EndReason, usize)> {
        EndReason::ALL.iter().copied().zip(self.endings).filter(|&(_, n)| n > 0).collect()
    }
}

/// A finished match.
#[derive(Clone, PartialEq, Debug)]
pub struct MatchResult {
    /// Every game, by index.
    pub records: Vec<MatchGame>,
    /// Totals.
    pub summary: Summary,
}

/// Mixes two numbers into a seed (SplitMix64's finaliser).
pub(crate) fn mix(a: u64, b: u64) -> u64 {
    mix64(a ^ b.wrapping_mul(GOLDEN_GAMMA).wrapping_add(0x632B_E59B_D9B4_E019))
}

/// Plays one game: `opening_plies` random moves from `seed`, then the agents (started with
/// seeds derived from `seed`) alternate until the game ends or the safety cap adjudicates it.
pub fn play_game(
    rules: Ruleset,
    general: &mut dyn Agent,
    soldiers: &mut dyn Agent,
    seed: u64,
    opening_plies: u32,
    max_plies: u32,
) -> (Game, bool) {
    let mut game = Game::new(rules);
    general.new_game(mix(seed, 1));
    soldiers.new_game(mix(seed, 2));
    let mut rng = SmallRng::seed_from_u64(mix(seed, 3));
    while !game.is_over() {
        if game.is_endless(max_plies) {
            return (game, true);
        }
        let mv = if game.plies() < opening_plies {
            let moves = game.legal_moves();
            moves[rng.random_range(0..moves.len())]
        } else {
            let agent: &mut dyn Agent = match game.position().side_to_move() {
                Side::General => general,
                Side::Soldiers => soldiers,
            };
            let c = agent.choose(&game);
            assert!(
                game.is_legal(c.mv),
                "agent {} chose the illegal move {} in {}",
                agent.name(),
                c.mv,
                game.position()
            );
            c.mv
        };
        game.play(mv).expect("checked legal");
    }
    (game, false)
}

/// Plays the match; `make(side, index)` builds the agent that plays `side` in game `index`.
pub fn play_match<F>(config: &MatchConfig, make: F) -> MatchResult
where
    F: Fn(Side, usize) -> Box<dyn Agent> + Sync,
{
    play_match_with(config, make, |_| {})
}

/// Plays the match, calling `done` with each game as it finishes (in finishing order).
pub fn play_match_with<F, D>(config: &MatchConfig, make: F, done: D) -> MatchResult
where
    F: Fn(Side, usize) -> Box<dyn Agent> + Sync,
    D: Fn(&MatchGame) + Sync,
{
    let threads = config.threads.clamp(1, config.games.max(1));
    let mut results = play_matches(std::slice::from_ref(config), threads, |_, side, i| make(side, i), |_, g| done(g));
    results.pop().expect("one result per match")
}

#[cfg(test)]
mod tests {
    use super::*;
    use musashi_game::Preset;
    use musashi_search::{GreedyAgent, RandomAgent};

    fn factory(side: Side, _index: usize) -> Box<dyn Agent> {
        match side {
            Side::General => Box::new(GreedyAgent::new(0)),
            Side::Soldiers => Box::new(RandomAgent::new(0)),
        }
    }

    #[test]
    fn results_do_not_depend_on_threads() {
        let mut config = MatchConfig::new(Preset::Classic.ruleset(), 12);
        config.seed = 7;
        config.opening_plies = 2;
        config.threads = 1;
        let one = play_match(&config, factory);
        config.threads = 3;
        let three = play_match(&config, factory);
        assert_eq!(one, three);
        let s = &one.summary;
        assert_eq!(s.games, 12);
        assert_eq!(s.general_wins + s.soldiers_wins, 12);
        assert_eq!(s.endings.iter().sum::<usize>(), 12);
        // Games replay to the recorded outcome.
        for r in &one.records {
            let mut g = Game::new(config.rules);
            for &m in &r.game.moves {
                g.play(m).unwrap();
            }
            assert_eq!(g.outcome(), Some(r.game.outcome));
            assert!(r.to_line().starts_with(&format!("{}\t{}\t", r.index, r.game.seed)));
        }
        // Different seeds give different games.
        config.seed = 8;
        assert_ne!(play_match(&config, factory).records, one.records);
    }

    #[test]
    fn unlimited_rules_are_capped() {
        let mut config = MatchConfig::new(Preset::Solved.ruleset(), 2);
        config.max_plies = 6;
        let r = play_match(&config, |_, _| Box::new(RandomAgent::new(0)) as Box<dyn Agent>);
        for rec in &r.records {
            if rec.adjudicated {
                assert_eq!(rec.length(), 6);
                assert_eq!(rec.game.outcome.winner, Side::General);
                assert!(rec.to_line().contains("\tadjudicated\t"));
            }
        }
    }
}
