//! Handicap games: in a share of the self-play games one side searches with fewer
//! simulations (KataGo's asymmetric playouts), so that the other side keeps meeting games it can
//! win or lose slowly once the self-play results become one-sided. The weak side's searches are
//! not full ones, so its moves are not policy targets; every position's value target is the
//! game's result as usual.
//!
//! Fewer simulations alone may not be enough: on classic the network's soldiers at 8 simulations
//! still win every game against the General at 64 once a run is a few minutes old. So the weak
//! side may also blunder (play a uniformly random legal move with some probability), and the
//! trainer may adapt that rate after each generation so the weak side wins a target share of its
//! handicap games (`Handicap::next_rate`).

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
    /// Probability that a move of the weak side is a uniformly random legal move instead of its
    /// search's (0 = never). With `target` set, the first generation's rate.
    pub blunders: f32,
    /// The share of its handicap games the weak side should win. When set, the trainer moves the
    /// blunder rate after each generation by `gain` × (the share the weak side won − `target`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub target: Option<f32>,
    /// How far one generation's result moves the blunder rate (with `target`).
    pub gain: f32,
}

impl Default for Handicap {
    fn default() -> Self {
        Handicap { share: 0.0, side: Side::Soldiers, sims: 8, blunders: 0.0, target: None, gain: 0.2 }
    }
}

/// How one handicap game is played.
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct HandicapGame {
    /// The weak side.
    pub side: Side,
    /// Its simulations per move.
    pub sims: u32,
    /// The probability that its move is a random legal one.
    pub blunders: f32,
}

impl Handicap {
    /// How the game with this seed is handicapped, if it is. Decided by the game's seed alone,
    /// so a game is the same wherever it is played.
    pub fn of_game(&self, game_seed: u64) -> Option<HandicapGame> {
        if self.share <= 0.0 {
            return None;
        }
        let unit = (mix64(game_seed ^ GOLDEN_GAMMA.rotate_left(17)) >> 11) as f64 / (1u64 << 53) as f64;
        (unit < self.share as f64).then_some(HandicapGame { side: self.side, sims: self.sims, blunders: self.blunders })
    }

    /// The blunder rate after a generation that played with `rate` and in whose `games`
    /// handicap games the weak side won `weak_wins`: unchanged without a target or games,
    /// otherwise moved toward the target, within 0..=1.
    pub fn next_rate(&self, rate: f32, games: u32, weak_wins: u32) -> f32 {
        match self.target {
            Some(target) if games > 0 => {
                (rate + self.gain * (weak_wins as f32 / games as f32 - target)).clamp(0.0, 1.0)
            }
            _ => rate,
        }
    }

    /// Checks the settings against the full search's simulations; the error names the key.
    pub fn validate(&self, full_sims: u32) -> Result<(), SettingError> {
        SettingError::check((0.0..=1.0).contains(&self.share), "share", "in 0..=1")?;
        let below = format!("below the full search's {full_sims} simulations");
        SettingError::check(self.share == 0.0 || self.sims < full_sims, "sims", &below)?;
        SettingError::check((0.0..=1.0).contains(&self.blunders), "blunders", "in 0..=1")?;
        SettingError::check(self.target.is_none_or(|t| (0.0..=1.0).contains(&t)), "target", "in 0..=1")?;
        SettingError::check(self.gain > 0.0 && self.gain <= 1.0, "gain", "in (0, 1]")
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
        let all = Handicap { share: 1.0, blunders: 0.25, ..h };
        assert_eq!(all.of_game(7), Some(HandicapGame { side: Side::Soldiers, sims: 8, blunders: 0.25 }));
        assert!(Handicap { share: 0.5, sims: 64, ..h }.validate(64).is_err());
        assert!(Handicap { share: 1.5, ..h }.validate(64).is_err());
        assert!(h.validate(64).is_ok());
    }

    #[test]
    fn the_rate_moves_toward_the_target_and_stays_in_range() {
        let fixed = Handicap { share: 0.3, blunders: 0.1, ..Handicap::default() };
        assert_eq!(fixed.next_rate(0.1, 30, 30), 0.1, "no target: the rate is fixed");
        let adaptive = Handicap { target: Some(0.5), gain: 0.2, ..fixed };
        assert!((adaptive.next_rate(0.1, 30, 30) - 0.2).abs() < 1e-6, "the weak side won all: more blunders");
        assert!((adaptive.next_rate(0.1, 30, 0) - 0.0).abs() < 1e-6, "it lost all: fewer, not below 0");
        assert!((adaptive.next_rate(0.3, 20, 10) - 0.3).abs() < 1e-6, "on target: unchanged");
        assert_eq!(adaptive.next_rate(0.95, 10, 10), 1.0);
        assert_eq!(adaptive.next_rate(0.4, 0, 0), 0.4, "no handicap games: unchanged");
        for bad in [Handicap { target: Some(1.5), ..adaptive }, Handicap { gain: 0.0, ..adaptive }] {
            assert!(bad.validate(64).is_err(), "{bad:?}");
        }
        assert!(Handicap { blunders: -0.1, ..fixed }.validate(64).unwrap_err().to_string().contains("blunders"));
    }
}
