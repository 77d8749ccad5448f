//! Detours: each move of one side is, with a small probability, a uniformly random legal move
//! instead of the searched one. Once self-play's soldiers play well, the General only meets the
//! positions strong soldiers make; the fallible soldiers of a ranking (or a player) lead it into
//! others, where its policy was never trained. A detour puts it there in self-play. The position
//! before a detour is recorded as usual (its search policy is still the policy target; the move
//! played is the detour); the value targets of earlier positions are the game's result, which a
//! detour may have changed, so detours suit runs whose targets come from solver tables.

use musashi_game::Side;
use musashi_search::SettingError;
use serde::{Deserialize, Serialize};

/// The index of a random move among `moves` legal moves at probability `rate`, given two uniform
/// draws in [0, 1): `None` (play the searched move) unless the first falls below the rate. Shared
/// by detours and the blunders of handicap games.
pub(crate) fn pick_at_rate(rate: f32, moves: usize, take: f32, which: f32) -> Option<usize> {
    (moves > 0 && take < rate).then(|| ((which * moves as f32) as usize).min(moves - 1))
}

/// Which side detours, and how often.
#[derive(Clone, Copy, PartialEq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct Detours {
    /// Probability that a move of `side` is a random legal move (0 = never).
    pub rate: f32,
    /// The side that detours.
    pub side: Side,
}

impl Default for Detours {
    fn default() -> Self {
        Detours { rate: 0.0, side: Side::Soldiers }
    }
}

impl Detours {
    /// Whether `side` to move draws random moves at all (no draw is spent otherwise, so games
    /// without detours are the same as before detours existed).
    pub fn applies_to(&self, side: Side) -> bool {
        self.rate > 0.0 && side == self.side
    }

    /// Checks the settings; the error names the key.
    pub fn validate(&self) -> Result<(), SettingError> {
        SettingError::check((0.0..=1.0).contains(&self.rate), "rate", "in 0..=1")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn detours_happen_at_the_rate_and_cover_every_move() {
        let d = Detours { rate: 0.2, side: Side::Soldiers };
        assert!(d.applies_to(Side::Soldiers) && !d.applies_to(Side::General));
        assert!(!Detours::default().applies_to(Side::Soldiers), "off by default");
        let mut hits = [0u32; 5];
        let mut taken = 0;
        for i in 0..10_000u32 {
            let (take, which) = ((i % 100) as f32 / 100.0, (i / 100) as f32 / 100.0);
            if let Some(k) = pick_at_rate(d.rate, 5, take, which) {
                taken += 1;
                hits[k] += 1;
            }
        }
        assert_eq!(taken, 2_000);
        assert!(hits.iter().all(|&h| h == 400), "{hits:?}");
        assert_eq!(pick_at_rate(0.2, 3, 0.0, 0.999_999_9), Some(2));
        assert_eq!(pick_at_rate(0.2, 0, 0.0, 0.5), None);
        assert_eq!(pick_at_rate(0.0, 5, 0.0, 0.5), None, "rate 0: never");
        assert!(Detours { rate: 1.5, ..d }.validate().unwrap_err().to_string().contains("rate"));
        assert!(d.validate().is_ok());
    }
}
