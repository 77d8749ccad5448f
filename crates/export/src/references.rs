//! The reference agents of a preset's calibration (the anchor and every level's opponent) and
//! their games among themselves, which pin the rating scale.

use crate::config::ExportConfig;
use crate::{ExportError, Log, seeds};
use musashi_agents::AgentRecipe;
use musashi_evaluator::{MatchConfig, RatedGame, play_match, round_robin};
use musashi_game::{Ruleset, Side};
use musashi_runtime::Level;
use std::collections::BTreeMap;

/// The reference players of one preset.
#[derive(Debug)]
pub(crate) struct References {
    /// Each reference once, in order of first mention.
    pub(crate) players: Vec<AgentRecipe>,
    /// The anchor's index.
    pub(crate) anchor: usize,
    /// Each level's opponent's index, by the side measured (`Side::index()`).
    pub(crate) opponent: BTreeMap<Level, [usize; 2]>,
}

impl References {
    /// The anchor and every level's opponent, parsed for `rules`.
    pub(crate) fn parse(config: &ExportConfig, rules: &Ruleset) -> Result<References, ExportError> {
        let mut players: Vec<AgentRecipe> = Vec::new();
        let mut add = |what: String, text: &str| -> Result<usize, ExportError> {
            if let Some(i) = players.iter().position(|p| p.spec() == text) {
                return Ok(i);
            }
            let recipe = AgentRecipe::parse_str(text, rules).map_err(|source| ExportError::Agent { what, source })?;
            players.push(recipe);
            Ok(players.len() - 1)
        };
        let anchor = add("anchor".into(), &config.anchor)?;
        let mut opponent = BTreeMap::new();
        for name in Level::ALL {
            let mut of = |side: Side| {
                let (key, text) = config.levels[&name].opponent_for(side);
                add(format!("levels.{name}.{key}"), text)
            };
            let pair = [of(Side::General)?, of(Side::Soldiers)?];
            opponent.insert(name, pair);
        }
        Ok(References { players, anchor, opponent })
    }

    /// Every pairing of the references with both sides, and the anchor against itself (it pins
    /// the side advantage of the per-side model); returns the rated games.
    pub(crate) fn play(&self, config: &ExportConfig, base: &MatchConfig, log: Log<'_>) -> Vec<RatedGame> {
        let mut rated = Vec::new();
        let mut pairs = round_robin(self.players.len());
        pairs.push((self.anchor, self.anchor));
        for (k, &(x, y)) in pairs.iter().enumerate() {
            let sides: &[(usize, usize)] = if x == y { &[(x, x)] } else { &[(x, y), (y, x)] };
            for (j, &(g, s)) in sides.iter().enumerate() {
                let c = MatchConfig {
                    games: config.reference_games,
                    seed: seeds::reference(base.seed, k, j),
                    ..base.clone()
                };
                let (gr, sr) = (&self.players[g], &self.players[s]);
                let r = play_match(
                    &c,
                    |side, i| if side == Side::General { gr.create(i as u64) } else { sr.create(i as u64) },
                );
                rated.extend(r.records.iter().map(|rec| RatedGame {
                    general: g,
                    soldiers: s,
                    general_won: rec.game.outcome.winner == Side::General,
                }));
                log(&format!(
                    "reference {} vs {}: General won {}/{}",
                    gr.spec(),
                    sr.spec(),
                    r.summary.general_wins,
                    c.games
                ));
            }
        }
        rated
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::load_config;
    use musashi_game::Preset;
    use std::path::Path;

    #[test]
    fn each_side_meets_its_own_opponent_and_each_reference_is_played_once() {
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../configs/export.toml");
        let set = [
            "anchor=\"alphabeta:depth=1\"".into(),
            "levels.easy.opponent=\"alphabeta:depth=1\"".into(),
            "levels.hard.opponent=\"alphabeta:depth=3\"".into(),
            "levels.hard.general_opponent=\"alphabeta:depth=4\"".into(),
            "levels.normal.opponent=\"alphabeta:depth=3\"".into(),
        ];
        let config = load_config(&path, &set).unwrap();
        let refs = References::parse(&config, &Preset::Classic.ruleset()).unwrap();
        let specs: Vec<&str> = refs.players.iter().map(|p| p.spec()).collect();
        assert_eq!(specs, ["alphabeta:depth=1", "alphabeta:depth=3", "alphabeta:depth=4"]);
        assert_eq!(refs.anchor, 0);
        assert_eq!(refs.opponent[&Level::Easy], [0, 0]);
        assert_eq!(refs.opponent[&Level::Normal], [1, 1]);
        assert_eq!(refs.opponent[&Level::Hard], [2, 1], "the General's Hard meets depth 4, the soldiers' depth 3");
        let typo = load_config(&path, &["levels.normal.soldiers_opponent=\"alphabet:depth=4\"".into()]).unwrap();
        let e = References::parse(&typo, &Preset::Classic.ruleset()).unwrap_err().to_string();
        assert!(e.contains("levels.normal.soldiers_opponent"), "{e}");
    }
}
