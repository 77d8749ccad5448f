//! Games against a past checkpoint: in a share of the self-play games one side is played by an
//! earlier generation's network (its own search, its own tree) instead of the current one. Once
//! self-play's soldiers win every game, the General's value targets are all losses; against
//! earlier, weaker soldiers it keeps winning and losing real games, and as the run goes on the
//! pool's soldiers grow stronger with it (unlike a fixed handicap). The past side's moves are
//! not recorded: only the current network's side learns from these games.

use musashi_game::{GOLDEN_GAMMA, Side, mix64};
use musashi_search::{Evaluator, SettingError};
use serde::{Deserialize, Serialize};

/// Which games are played against a past checkpoint, and which checkpoints qualify.
#[derive(Clone, Copy, PartialEq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct PastGames {
    /// Share of the games (0 = none).
    pub share: f32,
    /// The side the past checkpoint plays in those games.
    pub side: Side,
    /// The pool: the last `window` checkpoints before the current model (0 = every earlier one).
    /// Each generation draws one of them, uniformly, for all its past games.
    pub window: u32,
}

impl Default for PastGames {
    fn default() -> Self {
        PastGames { share: 0.0, side: Side::Soldiers, window: 0 }
    }
}

impl PastGames {
    /// The past checkpoint's side in the game with this seed, if it is a past game. Decided by
    /// the game's seed alone, so a game is the same wherever it is played.
    pub fn of_game(&self, game_seed: u64) -> Option<Side> {
        if self.share <= 0.0 {
            return None;
        }
        let unit = (mix64(game_seed ^ GOLDEN_GAMMA.rotate_left(41)) >> 11) as f64 / (1u64 << 53) as f64;
        (unit < self.share as f64).then_some(self.side)
    }

    /// The generation whose checkpoint plays the past games of a generation whose current model
    /// is `model`, drawn with `seed`; none when the games are off. Generation 0 has no past and
    /// plays its own (so a game's seed alone always says whether it is a past game).
    pub fn pick(&self, model: u32, seed: u64) -> Option<u32> {
        if self.share <= 0.0 {
            return None;
        }
        if model == 0 {
            return Some(0);
        }
        let oldest = if self.window == 0 { 0 } else { model.saturating_sub(self.window) };
        let span = (model - oldest) as u64;
        Some(oldest + (mix64(seed ^ GOLDEN_GAMMA.rotate_left(17)) % span) as u32)
    }

    /// Checks the settings; the error names the key.
    pub fn validate(&self) -> Result<(), SettingError> {
        SettingError::check((0.0..=1.0).contains(&self.share), "share", "in 0..=1")
    }
}

/// The past checkpoint of a generation's past games: its name in the games table and how each
/// worker thread builds its evaluator.
pub struct PastOpponent<'a> {
    /// Its name in the games table (the trainer writes `gen-NNNN (past)`).
    pub name: String,
    /// Builds one evaluator per worker thread.
    pub make_evaluator: &'a (dyn Fn() -> Box<dyn Evaluator> + Sync),
}

impl std::fmt::Debug for PastOpponent<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PastOpponent").field("name", &self.name).finish_non_exhaustive()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_share_of_past_games_is_about_right_and_off_by_default() {
        let p = PastGames { share: 0.25, ..PastGames::default() };
        let n = (0..4000u64).filter(|&s| p.of_game(mix64(s)).is_some()).count();
        assert!((850..1150).contains(&n), "{n} of 4000 past games at share 0.25");
        assert_eq!(PastGames::default().of_game(7), None);
        assert_eq!(PastGames { share: 1.0, side: Side::General, window: 0 }.of_game(7), Some(Side::General));
    }

    #[test]
    fn the_past_checkpoint_is_drawn_uniformly_from_the_window_before_the_model() {
        let all = PastGames { share: 0.3, ..PastGames::default() };
        assert_eq!(all.pick(0, 1), Some(0), "generation 0 has no past: it plays itself");
        assert_eq!(PastGames::default().pick(50, 1), None, "off");
        assert_eq!(all.pick(1, 99), Some(0));
        let mut seen = [0u32; 10];
        for s in 0..5000u64 {
            seen[all.pick(10, mix64(s)).unwrap() as usize] += 1;
        }
        assert!(seen.iter().all(|&n| (400..600).contains(&n)), "uniform over 0..=9: {seen:?}");
        let recent = PastGames { window: 3, ..all };
        let picks: std::collections::BTreeSet<u32> = (0..500u64).map(|s| recent.pick(20, mix64(s)).unwrap()).collect();
        assert_eq!(picks.into_iter().collect::<Vec<_>>(), vec![17, 18, 19]);
        assert_eq!(recent.pick(2, 5).map(|g| g < 2), Some(true), "a window longer than the past");
    }

    #[test]
    fn validation_names_the_key() {
        let e = PastGames { share: 1.5, ..PastGames::default() }.validate().unwrap_err();
        assert!(e.to_string().contains("share"), "{e}");
    }
}
