//! The blunder rate of each generation's handicap games. With `selfplay.handicap.target` set,
//! generation g's rate follows from generation g−1's: its rate, moved by how often the weak side
//! won that generation's handicap games (`Handicap::next_rate`). The games on disk are the only
//! state, so the trainer, its workers and a resumed run derive the same rates.

use crate::TrainError;
use crate::shards::{BOOTSTRAP_WORKER, read_generation_games};
use musashi_selfplay::GameKinds;
use std::path::Path;

/// A generation's handicap games and the weak side's wins in them.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub(crate) struct HandicapResults {
    pub games: u32,
    pub weak_wins: u32,
}

/// The handicap games among generation `g`'s self-play games (every worker's), by their seeds.
pub(crate) fn handicap_results(games: &Path, g: u32, kinds: GameKinds<'_>) -> Result<HandicapResults, TrainError> {
    let mut r = HandicapResults::default();
    for game in read_generation_games(games, g, |worker| worker != BOOTSTRAP_WORKER)? {
        if let Some(h) = kinds.handicap(game.game.seed) {
            r.games += 1;
            r.weak_wins += (game.game.outcome.winner == h.side) as u32;
        }
    }
    Ok(r)
}

/// The rates derived so far, generation 1 first (derived once per process).
#[derive(Debug, Default)]
pub(crate) struct HandicapRates {
    rates: Vec<f32>,
}

impl HandicapRates {
    /// Generation `g`'s blunder rate (`g` ≥ 1): the configured one without a target.
    pub(crate) fn rate(&mut self, kinds: GameKinds<'_>, games: &Path, g: u32) -> Result<f32, TrainError> {
        let handicap = kinds.handicap;
        if handicap.target.is_none() || handicap.share <= 0.0 {
            return Ok(handicap.blunders);
        }
        while self.rates.len() < g as usize {
            let next = match self.rates.last() {
                None => handicap.blunders,
                Some(&previous) => {
                    let r = handicap_results(games, self.rates.len() as u32, kinds)?;
                    handicap.next_rate(previous, r.games, r.weak_wins)
                }
            };
            self.rates.push(next);
        }
        Ok(self.rates[g.max(1) as usize - 1])
    }
}
