//! The training job's configuration: every key typed, defaulted, validated, and commented in
//! `configs/*.toml`. Unknown keys are errors.

use crate::TrainerConfig;
use musashi_config::Invalid;
use musashi_game::{Preset, Ruleset};
use musashi_net::{DeviceKind, ModelConfig};
use musashi_search::MctsConfig;
use musashi_selfplay::{Detours, GameKinds, Handicap, PastGames, Sparring};
use serde::{Deserialize, Serialize};

/// A whole training job.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, Default)]
#[serde(deny_unknown_fields, default)]
pub struct Job {
    pub run: RunSection,
    pub rules: RulesSection,
    pub model: ModelConfig,
    pub selfplay: SelfplaySection,
    pub train: TrainerConfig,
    pub eval: EvalSection,
    pub gate: GateSection,
    pub bootstrap: BootstrapSection,
}

/// When to stop, and the machine.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct RunSection {
    /// Seed of everything random in the run.
    pub seed: u64,
    /// Generations to train.
    pub generations: u32,
    /// Wall-clock budget of one invocation in minutes (0 = none): no new generation starts after it.
    pub max_minutes: f64,
    /// Stop once a generation's mean score against the anchor reaches this (0 = off).
    pub target_anchor_score: f64,
    /// Worker threads (0 = one per core).
    pub threads: usize,
    /// Network device: cpu or gpu.
    pub device: DeviceKind,
}

impl Default for RunSection {
    fn default() -> Self {
        RunSection {
            seed: 1,
            generations: 10,
            max_minutes: 0.0,
            target_anchor_score: 0.0,
            threads: 0,
            device: DeviceKind::Cpu,
        }
    }
}

/// The rulesets trained on (one network plays them all).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct RulesSection {
    /// Presets.
    pub presets: Vec<Preset>,
    /// Custom rulesets (every field given).
    pub custom: Vec<Ruleset>,
}

impl Default for RulesSection {
    fn default() -> Self {
        RulesSection { presets: vec![Preset::Classic], custom: Vec::new() }
    }
}

impl RulesSection {
    /// Every ruleset, presets first.
    pub fn rulesets(&self) -> Result<Vec<Ruleset>, Invalid> {
        let mut out: Vec<Ruleset> = self.presets.iter().map(|p| p.ruleset()).collect();
        out.extend(self.custom.iter().copied());
        if out.is_empty() {
            return Err(Invalid::value("rules", "name at least one preset or custom ruleset"));
        }
        Ok(out)
    }
}

/// Where self-play runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Workers {
    /// The trainer plays the games itself.
    Internal,
    /// `musashi selfplay --run DIR` processes play them; the trainer waits for their shards.
    External,
}

/// Self-play settings.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct SelfplaySection {
    /// Games per generation.
    pub games_per_generation: u32,
    /// Games each worker thread plays at once (one network batch).
    pub concurrent_games: usize,
    /// Plies after which a game without a move limit counts as endless (a General win).
    pub max_plies: u32,
    /// Games per shard file.
    pub shard_games: usize,
    /// Who plays: internal or external.
    pub workers: Workers,
    /// Weight of the hand-written evaluation blended into the network's values in self-play
    /// (0 = off): a bootstrap for the lopsided game, decaying linearly to 0 over
    /// `heuristic_generations` generations (0 = constant).
    pub heuristic_weight: f32,
    /// Generations over which `heuristic_weight` decays to 0 (0 = it stays).
    pub heuristic_generations: u32,
    /// Handicap games: a share of games in which one side searches less (off by default).
    pub handicap: Handicap,
    /// Sparring games: a share of games in which alpha-beta plays one side (off by default).
    pub sparring: Sparring,
    /// Detours: random moves of one side at a rate (off by default).
    pub detours: Detours,
    /// Past games: a share of games in which an earlier checkpoint plays one side (off by
    /// default).
    pub past: PastGames,
    /// The search.
    pub mcts: MctsConfig,
}

impl SelfplaySection {
    /// The settings that draw each game's kind.
    pub fn kinds(&self) -> GameKinds<'_> {
        GameKinds { sparring: &self.sparring, past: &self.past, handicap: &self.handicap }
    }
}

impl Default for SelfplaySection {
    fn default() -> Self {
        SelfplaySection {
            games_per_generation: 64,
            concurrent_games: 32,
            max_plies: 400,
            shard_games: 32,
            workers: Workers::Internal,
            heuristic_weight: 0.0,
            heuristic_generations: 0,
            handicap: Handicap::default(),
            sparring: Sparring::default(),
            detours: Detours::default(),
            past: PastGames::default(),
            mcts: MctsConfig {
                sims: 64,
                dirichlet_fraction: 0.25,
                dirichlet_alpha: 0.3,
                temperature: 1.0,
                temperature_plies: 12,
                ..MctsConfig::default()
            },
        }
    }
}

/// Quick evaluation after each generation.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct EvalSection {
    /// Games per opponent (half with each side); 0 turns evaluation off.
    pub games: usize,
    /// Simulations of the evaluated network's MCTS (0 = raw policy).
    pub sims: u32,
    /// The fixed anchor (an agent spec).
    pub anchor: String,
    /// Also play the previous generation.
    pub previous: bool,
    /// More opponents (agent specs), e.g. `["random"]`.
    pub extra_opponents: Vec<String>,
    /// Random moves at the start of each game, for varied openings.
    pub opening_plies: u32,
    /// Evaluate every this many generations (and always the last one); 1 = every generation.
    pub every: u32,
}

impl EvalSection {
    /// Whether generation `g` of a run of `generations` is evaluated.
    pub fn is_due(&self, g: u32, generations: u32) -> bool {
        self.games > 0 && (g.is_multiple_of(self.every.max(1)) || g == generations)
    }
}

impl Default for EvalSection {
    fn default() -> Self {
        EvalSection {
            games: 20,
            sims: 32,
            anchor: "alphabeta:depth=2".into(),
            previous: true,
            extra_opponents: Vec::new(),
            opening_plies: 2,
            every: 4,
        }
    }
}

/// Gating: a new generation replaces the incumbent for self-play only if an SPRT accepts it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct GateSection {
    /// Gate at all.
    pub enabled: bool,
    /// H0: the candidate is this many Elo better (or worse); reject it if accepted.
    pub elo0: f64,
    /// H1: the candidate is this many Elo better; promote it if accepted.
    pub elo1: f64,
    /// Type I error rate.
    pub alpha: f64,
    /// Type II error rate.
    pub beta: f64,
    /// At most this many games (pairs of sides); undecided means rejected.
    pub max_games: usize,
}

impl Default for GateSection {
    fn default() -> Self {
        GateSection { enabled: false, elo0: 0.0, elo1: 35.0, alpha: 0.05, beta: 0.05, max_games: 200 }
    }
}

/// Ways to bootstrap the lopsided game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct BootstrapSection {
    /// Games between alpha-beta agents added to the replay window each generation.
    pub alphabeta_games: u32,
    /// The alpha-beta agent that plays them (both sides).
    pub alphabeta_spec: String,
    /// Only for the first this many generations (0 = every generation).
    pub alphabeta_generations: u32,
    /// Endgame tables (a `musashi solve` output folder) whose exact values replace value
    /// targets where a position is inside them; empty = off.
    pub tablebase: String,
    /// Where the tables give a position's exact value, also make its policy target their best
    /// moves (the shortest win, or the longest loss), spread evenly.
    pub tablebase_policy: bool,
}

impl Default for BootstrapSection {
    fn default() -> Self {
        BootstrapSection {
            alphabeta_games: 0,
            alphabeta_spec: "alphabeta:depth=3".into(),
            alphabeta_generations: 0,
            tablebase: String::new(),
            tablebase_policy: false,
        }
    }
}

impl SelfplaySection {
    /// The heuristic blend weight for the self-play of generation `g`.
    pub fn heuristic_at(&self, g: u32) -> f32 {
        if self.heuristic_generations == 0 {
            return self.heuristic_weight;
        }
        let left = 1.0 - (g.saturating_sub(1)) as f32 / self.heuristic_generations as f32;
        self.heuristic_weight * left.max(0.0)
    }
}

impl Job {
    /// Checks every value; the error names the key.
    pub fn validate(&self) -> Result<(), Invalid> {
        let check = Invalid::check;
        const MAX_PARAMETERS: usize = 50_000_000;
        check((1..=100_000).contains(&self.run.generations), "run.generations", "1..=100000")?;
        check(self.run.max_minutes >= 0.0 && self.run.max_minutes.is_finite(), "run.max_minutes", ">= 0")?;
        check((0.0..=1.0).contains(&self.run.target_anchor_score), "run.target_anchor_score", "in 0..=1")?;
        check(self.run.threads <= 256, "run.threads", "at most 256")?;
        self.rules.rulesets()?;
        self.model.validate().map_err(|e| match e {
            musashi_net::NetError::Shape { field, range, value } => {
                Invalid::range(format!("model.{field}"), format!("{range}, got {value}"))
            }
            other => Invalid::value("model", other),
        })?;
        // Weights, gradients and Adam's two moments, 4 bytes each: refuse what no machine of ours
        // holds before anything starts (the shapes' ranges alone allow a billion parameters).
        let params = self.model.num_params();
        check(
            params <= MAX_PARAMETERS,
            "model",
            &format!(
                "at most {MAX_PARAMETERS} parameters (about {} MB to train); this shape has {params}, about {} MB",
                MAX_PARAMETERS * 16 / 1_000_000,
                params as u64 * 16 / 1_000_000
            ),
        )?;
        let sp = &self.selfplay;
        check((1..=10_000_000).contains(&sp.games_per_generation), "selfplay.games_per_generation", "1..=10000000")?;
        check((1..=4096).contains(&sp.concurrent_games), "selfplay.concurrent_games", "1..=4096")?;
        check(sp.max_plies >= 1, "selfplay.max_plies", "at least 1")?;
        check(sp.shard_games >= 1, "selfplay.shard_games", "at least 1")?;
        check((0.0..=1.0).contains(&sp.heuristic_weight), "selfplay.heuristic_weight", "in 0..=1")?;
        sp.mcts.validate().map_err(|e| setting(e, "selfplay.mcts"))?;
        sp.handicap.validate(sp.mcts.sims).map_err(|e| setting(e, "selfplay.handicap"))?;
        sp.sparring.validate().map_err(|e| setting(e, "selfplay.sparring"))?;
        sp.detours.validate().map_err(|e| setting(e, "selfplay.detours"))?;
        sp.past.validate().map_err(|e| setting(e, "selfplay.past"))?;
        self.train.validate()?;
        check(
            self.train.rank_siblings == 0.0 || self.model.has_moves_left(),
            "train.rank_siblings",
            "0 for a model without a moves-left head (model.moves_left_hidden = 0)",
        )?;
        check(self.eval.sims <= 100_000, "eval.sims", "at most 100000")?;
        check(self.eval.games <= 100_000, "eval.games", "at most 100000")?;
        check(self.eval.opening_plies <= 50, "eval.opening_plies", "at most 50")?;
        check((1..=10_000).contains(&self.eval.every), "eval.every", "in 1..=10000")?;
        spec(&self.eval.anchor, "eval.anchor")?;
        for o in &self.eval.extra_opponents {
            spec(o, "eval.extra_opponents")?;
        }
        let g = &self.gate;
        check(g.elo1 > g.elo0, "gate.elo1", "greater than gate.elo0")?;
        let (a, b) = (g.alpha, g.beta);
        check(a > 0.0 && a < 0.5 && b > 0.0 && b < 0.5, "gate.alpha and gate.beta", "in (0, 0.5)")?;
        check((2..=100_000).contains(&g.max_games), "gate.max_games", "in 2..=100000")?;
        let b = &self.bootstrap;
        check(
            !b.tablebase_policy || !b.tablebase.is_empty(),
            "bootstrap.tablebase_policy",
            "false without a tablebase",
        )?;
        check(
            self.train.long_fight_weight == 1.0 || b.tablebase_policy,
            "train.long_fight_weight",
            "1 without bootstrap.tablebase_policy (only the tables' policy targets have long fights)",
        )?;
        spec(&b.alphabeta_spec, "bootstrap.alphabeta_spec")
    }
}

/// A search setting's error, its key placed under `table`.
fn setting(e: musashi_search::SettingError, table: &str) -> Invalid {
    let e = e.under(table);
    Invalid::range(e.key, e.expected)
}

/// Checks that `key`'s value is an agent spec.
fn spec(value: &str, key: &str) -> Result<(), Invalid> {
    value.parse::<musashi_search::AgentSpec>().map(|_| ()).map_err(|e| Invalid::value(key, e))
}
