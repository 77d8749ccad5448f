//! Trainer settings.

use musashi_config::Invalid;
use musashi_net::OptimizerKind;
use serde::{Deserialize, Serialize};

/// How the learning rate changes over the run's optimizer steps.
#[derive(Clone, Copy, PartialEq, Debug, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", tag = "kind", deny_unknown_fields)]
pub enum LrSchedule {
    /// The base rate throughout.
    Constant,
    /// Cosine decay from the base rate to `min_factor` × base over the planned steps.
    Cosine {
        /// Final rate as a fraction of the base rate.
        min_factor: f64,
    },
    /// Multiply by `factor` every `every` steps.
    Step {
        /// Steps between drops.
        every: u64,
        /// Multiplier at each drop.
        factor: f64,
    },
}

fn is_zero(x: &f32) -> bool {
    *x == 0.0
}

fn is_one(x: &f32) -> bool {
    *x == 1.0
}

fn is_zero_count(x: &usize) -> bool {
    *x == 0
}

/// Everything the trainer needs to know.
#[derive(Clone, Copy, PartialEq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct TrainerConfig {
    /// Optimizer steps per generation.
    pub steps_per_generation: u32,
    /// Positions per minibatch.
    pub batch_size: usize,
    /// The optimizer.
    pub optimizer: OptimizerKind,
    /// Base learning rate.
    pub learning_rate: f64,
    /// Learning-rate schedule over the run.
    pub lr_schedule: LrSchedule,
    /// Steps of linear warm-up at the start of the run.
    pub warmup_steps: u64,
    /// Weight decay (L2 for adam and sgd-momentum, decoupled for adamw).
    pub weight_decay: f32,
    /// Weight of the value loss against the policy loss.
    pub value_weight: f32,
    /// Weight of the moves-left loss (plies to the end, in units of 100 plies, squared error)
    /// against the policy loss; used only by a model with a moves-left head.
    pub moves_left_weight: f32,
    /// The replay window holds at least this many positions (when available).
    pub window_min: usize,
    /// ... and at most this many.
    pub window_max: usize,
    /// Between the two, this fraction of all positions generated so far (the window grows).
    pub window_fraction: f64,
    /// Recency weighting of minibatch sampling: 0 = uniform; k > 0 favours newer positions
    /// (index drawn as n · u^(1/(1+k))).
    pub recency: f64,
    /// Augment each position with a random symmetry of its board.
    pub augment: bool,
    /// Value target = (1 - mix) × game result + mix × search value.
    pub search_value_mix: f32,
    /// Weight of the capture score in the value target (KataGo's score utility, learned into
    /// the value): target = (1 - w) × the result target + w × the score, where the score is, for
    /// the General, 2 × captured / needed - 1 (soldiers taken by the game's end over the
    /// captures that win), and its negative for the soldiers. Below 0.5 every win still has a
    /// higher target than every loss. 0 = the result alone.
    pub score_weight: f32,
    /// Weight of the policy loss on the General's long fights the tables know: positions with
    /// the General to move, lost in at least `musashi_evaluator::LONG_FIGHT_PLIES` plies (the
    /// ranking report's long fights), where some move loses sooner (`bootstrap.tablebase_policy`
    /// gives them the longest delays as policy targets; without it only 1 is accepted).
    /// 1 = like every other position.
    pub long_fight_weight: f32,
    /// Weight of the sibling ranking on the moves-left head (`musashi_net::SiblingBatch`): for
    /// each drawn position whose value target says the side to move loses (≤ −0.5) and whose
    /// policy target counts, a softmax over its children's predicted plies to the end (over
    /// `rank_temperature`) is trained toward its policy target, so that the head learns which
    /// move resists longest and the search's `rank` setting can use it. 0 = off (left out of
    /// a written configuration); needs a moves-left head.
    #[serde(skip_serializing_if = "is_zero")]
    pub rank_siblings: f32,
    /// Plies per nat of the sibling ranking's softmax (left out of a written configuration
    /// when 1).
    #[serde(skip_serializing_if = "is_one")]
    pub rank_temperature: f32,
    /// The most groups the sibling ranking takes from one minibatch: the first losing
    /// positions drawn (a ranked step's cost grows with its groups). 0 = every one (left out of
    /// a written configuration).
    #[serde(skip_serializing_if = "is_zero_count")]
    pub rank_groups: usize,
    /// Save a resumable partial checkpoint every this many steps within a generation.
    pub checkpoint_every: u32,
    /// Threads of the optimizer steps (0 = every core). Unless 1, a step cuts its batch in two
    /// halves whose passes run side by side, with the same weights on any machine; 1 takes the
    /// batch whole (`musashi bench train --threads 1,2`).
    pub threads: usize,
}

impl Default for TrainerConfig {
    fn default() -> Self {
        TrainerConfig {
            steps_per_generation: 200,
            batch_size: 256,
            optimizer: OptimizerKind::Adam,
            learning_rate: 1e-3,
            lr_schedule: LrSchedule::Constant,
            warmup_steps: 50,
            weight_decay: 1e-4,
            value_weight: 1.0,
            moves_left_weight: 1.0,
            window_min: 10_000,
            window_max: 250_000,
            window_fraction: 0.5,
            recency: 0.0,
            augment: true,
            search_value_mix: 0.0,
            score_weight: 0.0,
            long_fight_weight: 1.0,
            rank_siblings: 0.0,
            rank_temperature: 1.0,
            rank_groups: 0,
            checkpoint_every: 100,
            threads: 0,
        }
    }
}

impl TrainerConfig {
    /// Checks every value; the error names the key.
    pub fn validate(&self) -> Result<(), Invalid> {
        let check = Invalid::check;
        check(self.steps_per_generation >= 1, "train.steps_per_generation", "at least 1")?;
        check((1..=65536).contains(&self.batch_size), "train.batch_size", "1..=65536")?;
        check(self.learning_rate > 0.0 && self.learning_rate < 10.0, "train.learning_rate", "in (0, 10)")?;
        check(self.weight_decay >= 0.0 && self.weight_decay < 1.0, "train.weight_decay", "in [0, 1)")?;
        check(self.value_weight >= 0.0 && self.value_weight.is_finite(), "train.value_weight", ">= 0")?;
        check(self.moves_left_weight >= 0.0 && self.moves_left_weight.is_finite(), "train.moves_left_weight", ">= 0")?;
        check(self.window_min >= 1, "train.window_min", "at least 1")?;
        check(self.window_max >= self.window_min, "train.window_max", ">= train.window_min")?;
        check((0.0..=1.0).contains(&self.window_fraction), "train.window_fraction", "in 0..=1")?;
        check(self.recency >= 0.0 && self.recency.is_finite(), "train.recency", ">= 0")?;
        check((0.0..=1.0).contains(&self.search_value_mix), "train.search_value_mix", "in 0..=1")?;
        check((0.0..0.5).contains(&self.score_weight), "train.score_weight", "in [0, 0.5)")?;
        check((0.0..=100.0).contains(&self.long_fight_weight), "train.long_fight_weight", "in 0..=100")?;
        check((0.0..=100.0).contains(&self.rank_siblings), "train.rank_siblings", "in 0..=100")?;
        check(
            self.rank_temperature > 0.0 && self.rank_temperature <= 1000.0,
            "train.rank_temperature",
            "in (0, 1000] plies",
        )?;
        check(self.rank_groups <= self.batch_size, "train.rank_groups", "0 (every one) to train.batch_size")?;
        check(self.checkpoint_every >= 1, "train.checkpoint_every", "at least 1")?;
        check(self.threads <= 1024, "train.threads", "0 (every core) to 1024")?;
        match self.lr_schedule {
            LrSchedule::Constant => Ok(()),
            LrSchedule::Cosine { min_factor } => {
                check((0.0..=1.0).contains(&min_factor), "train.lr_schedule.min_factor", "in 0..=1")
            }
            LrSchedule::Step { every, factor } => {
                check(every >= 1, "train.lr_schedule.every", "at least 1")?;
                check(factor > 0.0 && factor <= 1.0, "train.lr_schedule.factor", "in (0, 1]")
            }
        }
    }
}
