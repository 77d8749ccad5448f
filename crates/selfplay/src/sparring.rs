//! Sparring games: in a share of the self-play games one side is played by alpha-beta at a
//! depth drawn per game instead of by the network's search. Once self-play's soldiers win every
//! game, the General's value targets are all losses and say nothing about which positions give
//! fallible soldiers a chance; against alpha-beta soldiers the General keeps winning and losing
//! real games. Alpha-beta's moves are not recorded: only the network's side learns from these
//! games (its policy targets from its own searches, its value targets from the results).

use musashi_game::{GOLDEN_GAMMA, Side, mix64};
use musashi_search::alphabeta::{Config, Limits};
use musashi_search::{AlphaBeta, SettingError};
use serde::{Deserialize, Serialize};

/// The deepest sparring depth: deeper alpha-beta costs more per move than a whole search.
pub const MAX_SPARRING_DEPTH: u32 = 6;

/// Which games are sparring games, and against whom.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct Sparring {
    /// Share of the games (0 = none).
    pub share: f32,
    /// The side alpha-beta plays in those games.
    pub side: Side,
    /// Alpha-beta's depths; each sparring game draws one.
    pub depths: Vec<u32>,
}

impl Default for Sparring {
    fn default() -> Self {
        Sparring { share: 0.0, side: Side::Soldiers, depths: vec![2, 3] }
    }
}

impl Sparring {
    /// Alpha-beta's side and depth in the game with this seed, if it is a sparring game.
    /// Decided by the game's seed alone, so a game is the same wherever it is played.
    pub fn of_game(&self, game_seed: u64) -> Option<(Side, u32)> {
        if self.share <= 0.0 || self.depths.is_empty() {
            return None;
        }
        let draw = mix64(game_seed ^ GOLDEN_GAMMA.rotate_left(29));
        let unit = (draw >> 11) as f64 / (1u64 << 53) as f64;
        let depth = self.depths[(draw % self.depths.len() as u64) as usize];
        (unit < self.share as f64).then_some((self.side, depth))
    }

    /// Checks the settings; the error names the key.
    pub fn validate(&self) -> Result<(), SettingError> {
        SettingError::check((0.0..=1.0).contains(&self.share), "share", "in 0..=1")?;
        SettingError::check(self.share == 0.0 || !self.depths.is_empty(), "depths", "at least one depth")?;
        let range = format!("each in 1..={MAX_SPARRING_DEPTH}");
        SettingError::check(self.depths.iter().all(|d| (1..=MAX_SPARRING_DEPTH).contains(d)), "depths", &range)
    }
}

/// The alpha-beta player of a sparring game at `depth`: a small transposition table (many games
/// run at once on each worker) and a little evaluation noise so that its games differ.
pub(crate) fn sparring_player(depth: u32, seed: u64) -> AlphaBeta {
    let config =
        Config { limits: Limits { depth: Some(depth), ..Limits::default() }, tt_mb: 2, noise: 10, ..Config::default() };
    let mut player = AlphaBeta::new(config);
    musashi_search::Agent::new_game(&mut player, seed);
    player
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_share_of_sparring_games_and_their_depths_are_about_right() {
        let s = Sparring { share: 0.25, side: Side::Soldiers, depths: vec![2, 4] };
        let games: Vec<_> = (0..4000u64).filter_map(|i| s.of_game(mix64(i))).collect();
        assert!((900..1100).contains(&games.len()), "{} of 4000", games.len());
        assert!(games.iter().all(|&(side, _)| side == Side::Soldiers));
        let deep = games.iter().filter(|&&(_, d)| d == 4).count();
        assert!(deep * 3 > games.len() && deep * 3 < 2 * games.len(), "{deep} deep of {}", games.len());
        assert!(games.iter().all(|&(_, d)| d == 2 || d == 4));
        assert_eq!(Sparring::default().of_game(7), None, "off by default");
    }

    #[test]
    fn bad_settings_name_the_key() {
        let bad = |s: Sparring| s.validate().unwrap_err().to_string();
        assert!(bad(Sparring { share: 1.5, ..Sparring::default() }).contains("share"));
        assert!(bad(Sparring { share: 0.5, depths: vec![], ..Sparring::default() }).contains("depths"));
        assert!(bad(Sparring { share: 0.5, depths: vec![0], ..Sparring::default() }).contains("depths"));
        assert!(bad(Sparring { share: 0.5, depths: vec![7], ..Sparring::default() }).contains("depths"));
        assert!(Sparring { share: 0.5, depths: vec![1, 6], ..Sparring::default() }.validate().is_ok());
    }
}
