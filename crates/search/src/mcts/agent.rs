//! An `Agent` that plays by MCTS over an evaluator (`sims=0`: the raw policy), and the playing
//! settings of an opponent level (`PlaySettings`): simulations, temperature, exploration and a
//! chance of a weaker move.

use crate::SettingError;
use crate::agent::{Agent, Analysis, Choice, Score};
use crate::evaluator::{Evaluations, Evaluator, HEURISTIC_SCALE, HeuristicBlend};
use crate::mcts::config::{MctsConfig, is_false, is_zero};
use crate::mcts::moves_left::MovesLeftUtility;
use crate::mcts::play_keys::PLAY_KEYS;
use crate::mcts::search::{Mcts, Step};
use crate::oracle::Oracle;
use musashi_game::Game;
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// How a level plays: the settings an export bundle records and the `mcts:` agent spec takes.
/// One definition, so that the command line's agent and the export runtime's agent are built
/// the same way and play the same moves for a seed. Its keys (spec names, ranges, help) are
/// declared in `PLAY_KEYS`; a field added here gets its entry there.
#[derive(Clone, Copy, PartialEq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlaySettings {
    /// Simulations per move (0 = the raw policy).
    pub sims: u32,
    /// Move-selection temperature over visit counts (priors with `sims = 0`), every ply
    /// (0 = the most visited move).
    pub temperature: f32,
    /// PUCT exploration constant.
    pub cpuct: f32,
    /// Chance per move of playing a weaker move instead: one drawn uniformly from the lower half
    /// of the moves ranked by visits (priors with `sims = 0`), never the best.
    pub blunder: f32,
    /// Factor on the moves-left utility's slope and largest effect (0 turns it off; the
    /// utility only acts with a network that has a moves-left head). Left out of a manifest
    /// when 1, so bundles written before it keep their digests.
    #[serde(default = "one", skip_serializing_if = "is_one")]
    pub moves_left: f32,
    /// The fallible-opponent model's share (`MctsConfig::fallible`; 0 = off). Left out of a
    /// manifest when 0.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub fallible: f32,
    /// Weight of the hand-written evaluation blended into the network's values at the leaves
    /// (`HeuristicBlend`; 0 = the network's values alone). Left out of a manifest when 0.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub heuristic: f32,
    /// The root's evaluation averaged over the board's symmetries
    /// (`MctsConfig::symmetric_root`). Left out of a manifest when false.
    #[serde(default, skip_serializing_if = "is_false")]
    pub symmetric_root: bool,
    /// Variety among near-equal best moves: with temperature 0, the move is drawn uniformly
    /// from those with at least `1 − vary` of the most visited move's visits (0 = always the
    /// most visited). Left out of a manifest when 0.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub vary: f32,
    /// Where the root's side to move loses, its moves ranked by their children's predicted
    /// plies to the end, this many plies a nat (`MctsConfig::root_ranking`; 0 = off). Left out
    /// of a manifest when 0.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub rank: f32,
}

fn one() -> f32 {
    1.0
}

fn is_one(x: &f32) -> bool {
    *x == 1.0
}

impl Default for PlaySettings {
    fn default() -> Self {
        PlaySettings {
            sims: 100,
            temperature: 0.0,
            cpuct: MctsConfig::default().cpuct,
            blunder: 0.0,
            moves_left: 1.0,
            fallible: 0.0,
            heuristic: 0.0,
            symmetric_root: false,
            vary: 0.0,
            rank: 0.0,
        }
    }
}

impl PlaySettings {
    /// The search settings: no root noise, the temperature at every ply, tree reuse.
    pub fn mcts_config(&self) -> MctsConfig {
        let ml = MovesLeftUtility::default();
        MctsConfig {
            sims: self.sims,
            moves_left: MovesLeftUtility {
                slope: ml.slope * self.moves_left,
                max_effect: ml.max_effect * self.moves_left,
                ..ml
            },
            cpuct: self.cpuct,
            temperature: self.temperature,
            final_temperature: self.temperature,
            temperature_plies: if self.temperature > 0.0 { u32::MAX } else { 0 },
            fallible: self.fallible,
            symmetric_root: self.symmetric_root,
            root_ranking: self.rank,
            ..MctsConfig::default()
        }
    }

    /// Checks every value's range (`PLAY_KEYS`), then the search settings they make; the
    /// error names the field.
    pub fn validate(&self) -> Result<(), SettingError> {
        for key in PLAY_KEYS {
            key.check(self)?;
        }
        self.mcts_config().validate()
    }

    /// An agent named `name` playing with these settings over `evaluator`.
    pub fn agent(&self, name: impl Into<String>, evaluator: Box<dyn Evaluator>) -> MctsAgent {
        let evaluator = if self.heuristic > 0.0 {
            Box::new(HeuristicBlend::new(evaluator, self.heuristic, HEURISTIC_SCALE))
        } else {
            evaluator
        };
        MctsAgent::new(name, self.mcts_config(), evaluator).with_blunder(self.blunder).with_vary(self.vary)
    }
}

/// Plays by MCTS. Deterministic for a seed (no time limits).
pub struct MctsAgent {
    name: String,
    config: MctsConfig,
    evaluator: Box<dyn Evaluator>,
    oracle: Option<Arc<dyn Oracle>>,
    blunder: f32,
    vary: f32,
    search: Option<Mcts>,
    seed: u64,
    out: Evaluations,
}

impl std::fmt::Debug for MctsAgent {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("MctsAgent").field("name", &self.name).field("config", &self.config).finish_non_exhaustive()
    }
}

impl MctsAgent {
    /// An agent named `name` (its spec) searching with `config` over `evaluator`.
    pub fn new(name: impl Into<String>, config: MctsConfig, evaluator: Box<dyn Evaluator>) -> MctsAgent {
        MctsAgent {
            name: name.into(),
            config,
            evaluator,
            oracle: None,
            blunder: 0.0,
            vary: 0.0,
            search: None,
            seed: 0,
            out: Evaluations::default(),
        }
    }

    /// Plays, with probability `chance` per move, a move drawn uniformly from the lower half of
    /// the moves ranked by visits (priors when nothing was visited) instead of its choice.
    pub fn with_blunder(mut self, chance: f32) -> MctsAgent {
        self.blunder = chance;
        self
    }

    /// With temperature 0, draws the move uniformly from those with at least `1 − share` of the
    /// most visited move's visits (`PlaySettings::vary`; 0 = the most visited).
    pub fn with_vary(mut self, share: f32) -> MctsAgent {
        self.vary = share;
        self
    }

    /// Uses exact values from an oracle where it knows them.
    pub fn with_oracle(mut self, oracle: Arc<dyn Oracle>) -> MctsAgent {
        self.oracle = Some(oracle);
        self
    }
}

impl MctsConfig {
    /// The move-selection temperature after `plies` plies.
    pub fn temperature_at(&self, plies: u32) -> f32 {
        if plies < self.temperature_plies { self.temperature } else { self.final_temperature }
    }
}

impl Agent for MctsAgent {
    fn name(&self) -> String {
        self.name.clone()
    }

    fn new_game(&mut self, seed: u64) {
        self.seed = seed;
        self.search = None;
    }

    fn choose(&mut self, game: &Game) -> Choice {
        match &mut self.search {
            Some(s) => s.restart(game),
            None => {
                let mut s = Mcts::new(self.config, game.clone(), self.seed);
                if let Some(o) = &self.oracle {
                    s = s.with_oracle(o.clone());
                }
                self.search = Some(s);
            }
        }
        let search = self.search.as_mut().expect("set above");
        while let Step::Evaluate(state) = search.step() {
            self.evaluator.evaluate(std::slice::from_ref(&state), &mut self.out);
            search.provide(self.out.logits_of(0), self.out.values[0], self.out.plies_of(0));
        }
        let r = search.result();
        let unit = search.random_unit();
        let temperature = self.config.temperature_at(game.plies());
        let mut mv = r.choose(temperature, unit);
        // Variety among near-equal best moves; random numbers are drawn only where there is a
        // choice, so that the agent's other moves stay as they were.
        if self.vary > 0.0 && temperature == 0.0 {
            let best = r.visits.iter().copied().max().unwrap_or(0) as f32;
            let near: Vec<usize> = (0..r.moves.len())
                .filter(|&i| r.visits[i] > 0 && r.visits[i] as f32 >= (1.0 - self.vary) * best)
                .collect();
            if near.len() > 1 {
                let pick = ((search.random_unit() * near.len() as f32) as usize).min(near.len() - 1);
                mv = r.moves[near[pick]];
            }
        }
        // The extra random numbers are drawn only by agents that blunder, so that the others'
        // moves do not change with this option.
        if self.blunder > 0.0 && r.moves.len() > 1 && search.random_unit() < self.blunder {
            let visited = r.visits.iter().any(|&v| v > 0);
            let weight = |i: usize| if visited { r.visits[i] as f32 } else { r.priors[i] };
            let mut order: Vec<usize> = (0..r.moves.len()).collect();
            order.sort_by(|&a, &b| weight(b).total_cmp(&weight(a)).then(a.cmp(&b)));
            let lower = &order[r.moves.len().div_ceil(2).max(1)..];
            let pick = ((search.random_unit() * lower.len() as f32) as usize).min(lower.len() - 1);
            mv = r.moves[lower[pick]];
        }
        Choice {
            mv,
            analysis: Analysis { score: Some(Score::Value(r.value)), pv: vec![mv], nodes: r.sims as u64, depth: None },
        }
    }
}
