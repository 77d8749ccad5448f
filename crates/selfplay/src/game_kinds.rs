//! Which kind of game a self-play game is, from its seed: a sparring game (alpha-beta plays one
//! side), else a past game (an earlier checkpoint plays one side), else a handicap game (one
//! side searches less), else a plain one. The one home of that order: the workers play by it
//! and the trainer counts the games on disk by it.

use crate::handicap::{Handicap, HandicapGame};
use crate::past::PastGames;
use crate::sparring::Sparring;
use musashi_game::Side;

/// The settings that draw a game's kind.
#[derive(Clone, Copy, Debug)]
pub struct GameKinds<'a> {
    pub sparring: &'a Sparring,
    pub past: &'a PastGames,
    pub handicap: &'a Handicap,
}

impl GameKinds<'_> {
    /// Alpha-beta's side and depth, in a sparring game.
    pub fn sparring(&self, game_seed: u64) -> Option<(Side, u32)> {
        self.sparring.of_game(game_seed)
    }

    /// The past checkpoint's side, in a past game.
    pub fn past(&self, game_seed: u64) -> Option<Side> {
        self.past.of_game(game_seed).filter(|_| self.sparring(game_seed).is_none())
    }

    /// The weak side's handicap, in a handicap game. A sparring game may be handicapped too (as
    /// before past games existed); a past game is not.
    pub fn handicap(&self, game_seed: u64) -> Option<HandicapGame> {
        self.handicap.of_game(game_seed).filter(|_| self.past(game_seed).is_none())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use musashi_game::mix64;

    #[test]
    fn sparring_comes_before_past_games_and_past_games_before_handicaps() {
        let sparring = Sparring { share: 0.5, ..Sparring::default() };
        let past = PastGames { share: 0.5, ..PastGames::default() };
        let handicap = Handicap { share: 0.5, ..Handicap::default() };
        let kinds = GameKinds { sparring: &sparring, past: &past, handicap: &handicap };
        let mut seen = [0u32; 4];
        for seed in (0..2000u64).map(mix64) {
            let (s, p, h) = (kinds.sparring(seed), kinds.past(seed), kinds.handicap(seed));
            assert!(!(s.is_some() && p.is_some()), "never both sparring and past");
            assert!(!(p.is_some() && h.is_some()), "never both past and handicap");
            assert_eq!(p.is_some(), s.is_none() && past.of_game(seed).is_some());
            seen[s.is_some() as usize + 2 * p.is_some() as usize] += 1;
            seen[3] += h.is_some() as u32;
        }
        assert!(seen.iter().all(|&n| n > 200), "every kind occurs: {seen:?}");
    }
}
