//! The reference agents of a preset's calibration (the anchor and every level's opponent) and
//! their games among themselves, which pin the rating scale.

use crate::config::ExportConfig;
use crate::{ExportError, Log, seeds};
use musashi_agents::AgentRecipe;
use musashi_evaluator::{MatchConfig, RatedGame, play_match, round_robin};
use musashi_game::{Ruleset, Side};
use musashi_runtime::LEVELS;
use std::collections::BTreeMap;

/// The reference players of one preset.
#[derive(Debug)]
pub(crate) struct References {
    /// Each reference once, in order of first mention.
    pub(crate) players: Vec<AgentRecipe>,
    /// The anchor's index.
    pub(crate) anchor: usize,
    /// Each level's opponent's index.
    pub(crate) opponent: BTreeMap<&'static str, usize>,
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
        for name in LEVELS {
            opponent.insert(name, add(format!("levels.{name}.opponent"), &config.levels[name].opponent)?);
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
