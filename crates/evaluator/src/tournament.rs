//! Tournaments: every pairing plays both sides (the game is asymmetric), results kept per side,
//! ratings fitted over all games. The players are indices; the caller's factory builds the
//! agent for a player in a game.

use crate::match_pool::play_matches;
use crate::matches::{MatchConfig, MatchGame, mix};
use crate::ratings::RatedGame;
use musashi_game::Side;
use musashi_search::Agent;
use std::sync::atomic::{AtomicUsize, Ordering};

/// Every unordered pair of `players` players: a round robin.
pub fn round_robin(players: usize) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    for a in 0..players {
        for b in a + 1..players {
            out.push((a, b));
        }
    }
    out
}

/// Each candidate against each opponent (a gauntlet); pairs of the same player are skipped.
pub fn gauntlet(candidates: &[usize], opponents: &[usize]) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    for &c in candidates {
        for &o in opponents {
            if c != o && !out.contains(&(o, c)) {
                out.push((c, o));
            }
        }
    }
    out
}

/// One game of a tournament.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct TournamentGame {
    /// The player who played the General.
    pub general: usize,
    /// The player who played the soldiers.
    pub soldiers: usize,
    /// The game.
    pub record: MatchGame,
}

impl TournamentGame {
    /// The game for a ratings fit.
    pub fn rated(&self) -> RatedGame {
        RatedGame {
            general: self.general,
            soldiers: self.soldiers,
            general_won: self.record.game.outcome.winner == Side::General,
        }
    }
}

/// A player's results, per side.
#[derive(Clone, Copy, PartialEq, Debug, Default)]
pub struct Standing {
    /// Games played as the General.
    pub games_as_general: usize,
    /// Games won as the General.
    pub wins_as_general: usize,
    /// Games played as the soldiers.
    pub games_as_soldiers: usize,
    /// Games won as the soldiers.
    pub wins_as_soldiers: usize,
}

impl Standing {
    /// Games played.
    pub fn games(&self) -> usize {
        self.games_as_general + self.games_as_soldiers
    }

    /// Share of games won as the General (NaN without any).
    pub fn score_as_general(&self) -> f64 {
        self.wins_as_general as f64 / self.games_as_general as f64
    }

    /// Share of games won as the soldiers (NaN without any).
    pub fn score_as_soldiers(&self) -> f64 {
        self.wins_as_soldiers as f64 / self.games_as_soldiers as f64
    }

    /// Share of all games won (NaN without any).
    pub fn score(&self) -> f64 {
        (self.wins_as_general + self.wins_as_soldiers) as f64 / self.games() as f64
    }
}

/// Each player's standing over `games`.
pub fn standings(players: usize, games: &[TournamentGame]) -> Vec<Standing> {
    let mut s = vec![Standing::default(); players];
    for g in games {
        let general_won = g.record.game.outcome.winner == Side::General;
        s[g.general].games_as_general += 1;
        s[g.general].wins_as_general += general_won as usize;
        s[g.soldiers].games_as_soldiers += 1;
        s[g.soldiers].wins_as_soldiers += !general_won as usize;
    }
    s
}

/// Plays every pairing `(a, b)` twice over: `config.games` games with `a` as the General and `b`
/// as the soldiers, and as many the other way round. Pairing `k`'s matches are seeded from
/// `(config.seed, k)` alone, so a tournament replays exactly whatever the thread count.
/// `make(player, game_index)` builds a player's agent; `done(finished, total)` reports progress
/// as each match completes. All matches share one pool of `config.threads` threads
/// (`play_matches`), so a match may complete before one listed earlier.
pub fn play_tournament<F, D>(config: &MatchConfig, pairings: &[(usize, usize)], make: F, done: D) -> Vec<TournamentGame>
where
    F: Fn(usize, usize) -> Box<dyn Agent> + Sync,
    D: Fn(usize, usize) + Sync,
{
    let sides: Vec<(usize, usize)> = pairings.iter().flat_map(|&(a, b)| [(a, b), (b, a)]).collect();
    let configs: Vec<MatchConfig> =
        (0..sides.len()).map(|m| MatchConfig { seed: mix(config.seed, m as u64), ..config.clone() }).collect();
    let left: Vec<AtomicUsize> = configs.iter().map(|c| AtomicUsize::new(c.games)).collect();
    let finished = AtomicUsize::new(0);
    let total = configs.len();
    let results = play_matches(
        &configs,
        config.threads,
        |m, side, i| match side {
            Side::General => make(sides[m].0, i),
            Side::Soldiers => make(sides[m].1, i),
        },
        |m, _| {
            if left[m].fetch_sub(1, Ordering::AcqRel) == 1 {
                done(finished.fetch_add(1, Ordering::AcqRel) + 1, total);
            }
        },
    );
    let mut out = Vec::new();
    for (m, r) in results.into_iter().enumerate() {
        let (general, soldiers) = sides[m];
        out.extend(r.records.into_iter().map(|record| TournamentGame { general, soldiers, record }));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ratings::{FitOptions, fit_ratings};
    use musashi_game::Preset;
    use musashi_search::{GreedyAgent, RandomAgent};

    #[test]
    fn pairings() {
        assert_eq!(round_robin(3), [(0, 1), (0, 2), (1, 2)]);
        assert_eq!(gauntlet(&[0, 1], &[1, 2]), [(0, 1), (0, 2), (1, 2)]);
    }

    #[test]
    fn both_sides_are_played_and_tallied() {
        let mut config = MatchConfig::new(Preset::Classic.ruleset(), 4);
        config.opening_plies = 2;
        config.threads = 2;
        let make = |p: usize, i: usize| -> Box<dyn Agent> {
            if p == 0 { Box::new(RandomAgent::new(i as u64)) } else { Box::new(GreedyAgent::new(i as u64)) }
        };
        let calls = std::sync::atomic::AtomicUsize::new(0);
        let games = play_tournament(&config, &round_robin(2), make, |d, t| {
            assert!(d <= t);
            calls.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        });
        assert_eq!(calls.into_inner(), 2);
        assert_eq!(games.len(), 8);
        let s = standings(2, &games);
        assert_eq!((s[0].games_as_general, s[0].games_as_soldiers, s[1].games()), (4, 4, 8));
        assert_eq!(s[0].wins_as_general + s[1].wins_as_soldiers, 4);
        assert_eq!(s[1].wins_as_general + s[0].wins_as_soldiers, 4);
        config.threads = 1;
        assert_eq!(play_tournament(&config, &round_robin(2), make, |_, _| {}), games);
        let rated: Vec<_> = games.iter().map(TournamentGame::rated).collect();
        let r = fit_ratings(2, &rated, &FitOptions::default()).unwrap();
        assert_eq!(r.elo[0], 0.0);
    }
}
