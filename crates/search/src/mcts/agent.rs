//! An `Agent` that plays by MCTS over an evaluator (`sims=0`: the raw policy).

use crate::agent::{Agent, Analysis, Choice, Score};
use crate::evaluator::Evaluator;
use crate::mcts::config::MctsConfig;
use crate::mcts::search::{Mcts, Step};
use crate::oracle::Oracle;
use musashi_game::Game;
use std::sync::Arc;

/// Plays by MCTS. Deterministic for a seed (no time limits).
pub struct MctsAgent {
    name: String,
    config: MctsConfig,
    evaluator: Box<dyn Evaluator>,
    oracle: Option<Arc<dyn Oracle>>,
    search: Option<Mcts>,
    seed: u64,
    logits: Vec<f32>,
    values: Vec<f32>,
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
            search: None,
            seed: 0,
            logits: Vec::new(),
            values: Vec::new(),
        }
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
            self.evaluator.evaluate(std::slice::from_ref(&state), &mut self.logits, &mut self.values);
            search.provide(&self.logits, self.values[0]);
        }
        let r = search.result();
        let unit = search.random_unit();
        let mv = r.choose(self.config.temperature_at(game.plies()), unit);
        Choice {
            mv,
            analysis: Analysis { score: Some(Score::Value(r.value)), pv: vec![mv], nodes: r.sims as u64, depth: None },
        }
    }
}
