//! What the runtime's integration tests share.

use musashi_game::{Game, Ruleset};
use musashi_runtime::{Bundle, BundleError, Level};
use musashi_search::Agent;

/// The first six moves (or fewer, if the game ends) of `level` playing both sides from the
/// start of `rules`, seeded with `seed`.
pub(crate) fn opening(bundle: &Bundle, rules: &Ruleset, level: Level, seed: u64) -> Result<Vec<String>, BundleError> {
    let mut player = bundle.player(rules, level)?;
    player.new_game(seed);
    let mut game = Game::new(*rules);
    let mut played = Vec::new();
    while !game.is_over() && played.len() < 6 {
        let m = player.choose(&game).mv;
        played.push(m.to_string());
        game.play(m).expect("a level plays legal moves");
    }
    Ok(played)
}
