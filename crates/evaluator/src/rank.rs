//! Ranking: a round robin of agents, or a run's generations in a gauntlet against baselines;
//! every pairing plays both sides. The result is a [`RankReport`] (ratings overall and per
//! side, standings, games and, with an oracle, perfect-play accuracy) that `rank_report.rs`
//! renders; the caller writes it where it likes.

use crate::accuracy::Accuracy;
use crate::matches::MatchConfig;
use crate::ratings::{FitOptions, RatingError, Ratings, SideRatings, fit_ratings, fit_side_ratings};
use crate::tournament::{Standing, TournamentGame, gauntlet, play_tournament, round_robin, standings};
use musashi_game::Side;
use musashi_search::{Agent, Oracle};
use std::time::Instant;

/// A player of a ranking.
#[derive(Clone, Debug, PartialEq)]
pub struct RankPlayer {
    /// Its name in the report.
    pub name: String,
    /// Its agent spec.
    pub spec: String,
    /// The training generation, for a run's checkpoints.
    pub generation: Option<u32>,
    /// A baseline (not a candidate).
    pub baseline: bool,
}

impl RankPlayer {
    /// A player named by its spec.
    pub fn named(spec: &str, baseline: bool) -> RankPlayer {
        RankPlayer { name: spec.to_string(), spec: spec.to_string(), generation: None, baseline }
    }
}

/// Which pairings are played.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Pairings {
    /// Every player against every other.
    RoundRobin,
    /// A run: each generation against every baseline, each generation against the next (so the
    /// generations are compared directly too), and the baselines among themselves.
    Gauntlet,
}

/// Adds each baseline that is not a player yet, and the anchor (as a baseline) if it is not
/// one; returns the anchor's index.
pub fn add_baselines(players: &mut Vec<RankPlayer>, baselines: &[String], anchor: &str) -> usize {
    for spec in baselines {
        if !players.iter().any(|p| &p.spec == spec) {
            players.push(RankPlayer::named(spec, true));
        }
    }
    match players.iter().position(|p| p.spec == anchor) {
        Some(i) => i,
        None => {
            players.push(RankPlayer::named(anchor, true));
            players.len() - 1
        }
    }
}

/// What to rank and how.
#[derive(Clone, Debug)]
pub struct RankSetup {
    /// The players.
    pub players: Vec<RankPlayer>,
    /// The player fixed at Elo 0.
    pub anchor: usize,
    /// The pairings.
    pub pairings: Pairings,
    /// Each match: `games` is per pairing and side.
    pub config: MatchConfig,
}

impl RankSetup {
    /// The pairings as player index pairs.
    pub fn pairs(&self) -> Vec<(usize, usize)> {
        match self.pairings {
            Pairings::RoundRobin => round_robin(self.players.len()),
            Pairings::Gauntlet => {
                let gens: Vec<usize> = (0..self.players.len()).filter(|&i| !self.players[i].baseline).collect();
                let bases: Vec<usize> = (0..self.players.len()).filter(|&i| self.players[i].baseline).collect();
                let mut p = gauntlet(&gens, &bases);
                p.extend(gens.windows(2).map(|w| (w[0], w[1])));
                p.extend(round_robin(bases.len()).into_iter().map(|(x, y)| (bases[x], bases[y])));
                p
            }
        }
    }
}

/// The fits and tallies of a finished tournament.
#[derive(Clone, Debug)]
pub struct Ranking {
    /// One rating per player, with the side advantage.
    pub ratings: Ratings,
    /// A rating per player and side.
    pub sides: SideRatings,
    /// Wins and games per player and side.
    pub standings: Vec<Standing>,
}

/// Fits both rating models over the games, anchored at `anchor`.
pub fn rank_games(players: usize, games: &[TournamentGame], anchor: usize) -> Result<Ranking, RatingError> {
    let rated: Vec<_> = games.iter().map(TournamentGame::rated).collect();
    let options = FitOptions { anchor, ..FitOptions::default() };
    let ratings = fit_ratings(players, &rated, &options)?;
    let sides = fit_side_ratings(players, &rated, &options)?;
    Ok(Ranking { ratings, sides, standings: standings(players, games) })
}

/// A finished ranking.
#[derive(Clone, Debug)]
pub struct RankReport {
    /// What was ranked.
    pub setup: RankSetup,
    /// Every game.
    pub games: Vec<TournamentGame>,
    /// The fits.
    pub ranking: Ranking,
    /// Perfect-play accuracy per player, when an oracle was given (with its name).
    pub accuracy: Option<(String, Vec<Accuracy>)>,
    /// Wall time of the games.
    pub seconds: f64,
}

/// Plays the ranking: `make(player, game_index)` builds a player's agent; `progress(done,
/// total)` follows the matches; `oracle` (named for the report) measures perfect-play accuracy.
pub fn rank(
    setup: RankSetup,
    make: &(dyn Fn(usize, usize) -> Box<dyn Agent> + Sync),
    oracle: Option<(&str, &dyn Oracle)>,
    progress: &(dyn Fn(usize, usize) + Sync),
) -> Result<RankReport, RatingError> {
    let start = Instant::now();
    let games = play_tournament(&setup.config, &setup.pairs(), make, progress);
    let seconds = start.elapsed().as_secs_f64();
    let ranking = rank_games(setup.players.len(), &games, setup.anchor)?;
    let accuracy = oracle.map(|(name, o)| {
        let mut acc = vec![Accuracy::default(); setup.players.len()];
        for g in &games {
            acc[g.general].add_game(o, &g.record, &[Side::General]);
            acc[g.soldiers].add_game(o, &g.record, &[Side::Soldiers]);
        }
        (name.to_string(), acc)
    });
    Ok(RankReport { setup, games, ranking, accuracy, seconds })
}

#[cfg(test)]
mod tests {
    use super::*;
    use musashi_game::Preset;
    use musashi_search::{GreedyAgent, RandomAgent};

    #[test]
    fn baselines_and_the_anchor_join_once() {
        let mut players = vec![RankPlayer::named("greedy", false)];
        let anchor = add_baselines(&mut players, &["random".into(), "greedy".into()], "random");
        assert_eq!(players.len(), 2);
        assert_eq!(anchor, 1);
        assert_eq!(add_baselines(&mut players, &[], "alphabeta:depth=1"), 2);
        let setup = RankSetup {
            players,
            anchor: 1,
            pairings: Pairings::Gauntlet,
            config: MatchConfig::new(Preset::Classic.ruleset(), 2),
        };
        // greedy against both baselines, then the baselines among themselves.
        assert_eq!(setup.pairs(), [(0, 1), (0, 2), (1, 2)]);
    }

    #[test]
    fn a_ranking_puts_the_stronger_player_first() {
        let mut config = MatchConfig::new(Preset::Classic.ruleset(), 6);
        config.opening_plies = 2;
        // A name with commas (as `--agents` names players by their specs) stays one CSV field.
        let players = vec![RankPlayer::named("random", true), RankPlayer::named("greedy,\"x\"", false)];
        let setup = RankSetup { players, anchor: 0, pairings: Pairings::RoundRobin, config };
        let make = |p: usize, i: usize| -> Box<dyn Agent> {
            if p == 0 { Box::new(RandomAgent::new(i as u64)) } else { Box::new(GreedyAgent::new(i as u64)) }
        };
        let report = rank(setup, &make, None, &|_, _| {}).unwrap();
        assert_eq!(report.games.len(), 12);
        assert_eq!(report.ranking.ratings.elo[0], 0.0);
        assert!(report.ranking.ratings.elo[1] > 0.0, "{:?}", report.ranking.ratings);
        assert!(report.accuracy.is_none());
        let md = report.markdown();
        assert!(md.contains("| 1 | `greedy,\"x\"` |"), "{md}");
        let csv = report.csv();
        assert_eq!(csv.lines().count(), 3);
        let row = csv.lines().nth(1).unwrap();
        assert!(row.starts_with("\"greedy,\"\"x\"\"\",") && row.ends_with(",\"greedy,\"\"x\"\"\""), "{row}");
        assert_eq!(report.games_tsv().lines().count(), 13);
    }
}
