//! Handicap games: in a share of the self-play games one side searches with fewer
//! simulations (KataGo's asymmetric playouts), so that the other side keeps meeting games it can
//! win or lose slowly once the self-play results become one-sided. The weak side's searches are
//! not full ones, so its moves are not policy targets; every position's value target is the
//! game's result as usual.

use musashi_game::{GOLDEN_GAMMA, Side, mix64};
use musashi_search::SettingError;
use serde::{Deserialize, Serialize};

/// Which games are handicapped, and how.
#[derive(Clone, Copy, PartialEq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct Handicap {
    /// Share of the games that are handicapped (0 = none).
    pub share: f32,
    /// The side that searches less in those games.
    pub side: Side,
    /// Its simulations per move there.
    pub sims: u32,
}

impl Default for Handicap {
    fn default() -> Self {
        Handicap { share: 0.0, side: Side::Soldiers, sims: 8 }
    }
}

impl Handicap {
    /// The weak side and its simulations in the game with this seed, if it is handicapped.
    /// Decided by the game's seed alone, so a game is the same wherever it is played.
    pub fn of_game(&self, game_seed: u64) -> Option<(Side, u32)> {
        if self.share <= 0.0 {
            return None;
        }
        let unit = (mix64(game_seed ^ GOLDEN_GAMMA.rotate_left(17)) >> 11) as f64 / (1u64 << 53) as f64;
        (unit < self.share as f64).then_some((self.side, self.sims))
    }

    /// Checks the settings against the full search's simulations; the error names the key.
    pub fn validate(&self, full_sims: u32) -> Result<(), SettingError> {
        SettingError::check((0.0..=1.0).contains(&self.share), "share", "in 0..=1")?;
        let below = format!("below the full search's {full_sims} simulations");
        SettingError::check(self.share == 0.0 || self.sims < full_sims, "sims", &below)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_share_of_handicapped_games_is_about_right() {
        let h = Handicap { share: 0.3, ..Handicap::default() };
        let n = (0..10_000u64).filter(|&s| h.of_game(mix64(s)).is_some()).count();
        assert!((2_700..3_300).contains(&n), "{n} of 10000");
        assert_eq!(Handicap::default().of_game(1), None);
        assert_eq!(Handicap { share: 1.0, ..h }.of_game(7), Some((Side::Soldiers, 8)));
        assert!(Handicap { share: 0.5, sims: 64, ..h }.validate(64).is_err());
        assert!(Handicap { share: 1.5, ..h }.validate(64).is_err());
        assert!(h.validate(64).is_ok());
    }
}
