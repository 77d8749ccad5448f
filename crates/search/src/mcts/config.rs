//! MCTS settings; every efficiency method is switchable.

use crate::SettingError;
use crate::mcts::moves_left::MovesLeftUtility;
use musashi_game::Side;
use serde::{Deserialize, Serialize};

/// Playout-cap randomisation: a fraction of moves get a full search (and become policy
/// training targets); the others a cheap one without root noise.
#[derive(Clone, Copy, PartialEq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlayoutCap {
    /// Simulations of a cheap search.
    pub cheap_sims: u32,
    /// Probability that a move gets a full search.
    pub full_probability: f32,
}

/// Forced playouts at the root and policy-target pruning.
#[derive(Clone, Copy, PartialEq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ForcedPlayouts {
    /// k in n_forced(c) = sqrt(k · P(c) · N).
    pub k: f32,
}

/// Gumbel root: sampling without replacement plus sequential halving, for small budgets.
#[derive(Clone, Copy, PartialEq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GumbelRoot {
    /// Actions considered at the root (m).
    pub considered: u32,
    /// c_visit of the σ transform.
    pub c_visit: f32,
    /// c_scale of the σ transform.
    pub c_scale: f32,
    /// Only the searches of this side use the Gumbel root (the other side's use PUCT); none:
    /// both sides'.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub side: Option<Side>,
}

impl GumbelRoot {
    /// Whether a search with `side` to move at its root uses the Gumbel root.
    pub fn applies_to(&self, side: Side) -> bool {
        self.side.is_none_or(|s| s == side)
    }
}

/// Everything MCTS needs to know.
#[derive(Clone, Copy, PartialEq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct MctsConfig {
    /// Simulations of a (full) search; 0 plays from the raw policy.
    pub sims: u32,
    /// Exploration constant of PUCT.
    pub cpuct: f32,
    /// First-play urgency: unvisited children count as the parent's value minus this.
    pub fpu_reduction: f32,
    /// Dirichlet noise concentration at the root.
    pub dirichlet_alpha: f32,
    /// Weight of the root noise (0 = no noise).
    pub dirichlet_fraction: f32,
    /// Temperature of move selection during the first `temperature_plies` plies.
    pub temperature: f32,
    /// Plies played with `temperature`.
    pub temperature_plies: u32,
    /// Temperature afterwards (0 = most visited move).
    pub final_temperature: f32,
    /// Keep the subtree of the played moves between searches.
    pub reuse_tree: bool,
    /// Playout-cap randomisation, if on.
    pub playout_cap: Option<PlayoutCap>,
    /// Forced playouts and policy-target pruning, if on.
    pub forced_playouts: Option<ForcedPlayouts>,
    /// Gumbel root, if on (replaces PUCT, noise and forced playouts at the root).
    pub gumbel: Option<GumbelRoot>,
    /// The moves-left utility in PUCT (used only with an evaluator that predicts plies to the
    /// end; `max_effect = 0` turns it off).
    pub moves_left: MovesLeftUtility,
    /// A fallible opponent: at the nodes where the side not to move at the root chooses, this
    /// share of the simulations goes to the child whose visits lag most behind its prior's
    /// share and the rest to the best reply (PUCT), so values there are those against an
    /// opponent who errs as its policy allows, not a perfect one (0 = off: best replies only; left out of
    /// a written configuration when 0).
    #[serde(skip_serializing_if = "is_zero")]
    pub fallible: f32,
    /// Evaluate the root once per symmetry of the board and average the move probabilities,
    /// value and plies to the end (`root_symmetry`): 2 evaluations a move on the 33-point
    /// board, 8 on the 25-point board (false = one; left out of a written configuration when
    /// false).
    #[serde(skip_serializing_if = "is_false")]
    pub symmetric_root: bool,
    /// Where the root's value says its side to move loses (≤ `LOSING_VALUE`), each
    /// root move's logit gains its child's predicted plies to the end over this many plies a
    /// nat (`root_ranking`; one evaluation per root move; used only with an evaluator that
    /// predicts plies). 0 = off (left out of a written configuration).
    #[serde(skip_serializing_if = "is_zero")]
    pub root_ranking: f32,
}

/// Whether a switch is off: `skip_serializing_if` for switches added after files that lack
/// them were written.
pub fn is_false(x: &bool) -> bool {
    !*x
}

/// Whether a setting is 0, its "off" value: `skip_serializing_if` for settings added after
/// files that lack them were written, so those files' contents and digests stay the same.
pub fn is_zero(x: &f32) -> bool {
    *x == 0.0
}

impl Default for MctsConfig {
    fn default() -> Self {
        MctsConfig {
            sims: 200,
            cpuct: 1.5,
            fpu_reduction: 0.2,
            dirichlet_alpha: 0.3,
            dirichlet_fraction: 0.0,
            temperature: 0.0,
            temperature_plies: 0,
            final_temperature: 0.0,
            reuse_tree: true,
            playout_cap: None,
            forced_playouts: None,
            gumbel: None,
            moves_left: MovesLeftUtility::default(),
            fallible: 0.0,
            symmetric_root: false,
            root_ranking: 0.0,
        }
    }
}

impl MctsConfig {
    /// Checks every value's range; the error names the key.
    pub fn validate(&self) -> Result<(), SettingError> {
        let check = SettingError::check;
        check(self.sims <= 1_000_000, "sims", "at most 1000000")?;
        check(self.cpuct > 0.0 && self.cpuct.is_finite(), "cpuct", "positive")?;
        check((0.0..=2.0).contains(&self.fpu_reduction), "fpu_reduction", "in 0..=2")?;
        check(self.dirichlet_alpha > 0.0 && self.dirichlet_alpha.is_finite(), "dirichlet_alpha", "positive")?;
        check((0.0..=1.0).contains(&self.dirichlet_fraction), "dirichlet_fraction", "in 0..=1")?;
        check(self.temperature >= 0.0 && self.temperature.is_finite(), "temperature", ">= 0")?;
        check(self.final_temperature >= 0.0 && self.final_temperature.is_finite(), "final_temperature", ">= 0")?;
        if let Some(p) = self.playout_cap {
            check((0.0..=1.0).contains(&p.full_probability), "playout_cap.full_probability", "in 0..=1")?;
            check(p.cheap_sims <= self.sims, "playout_cap.cheap_sims", "at most sims")?;
        }
        if let Some(f) = self.forced_playouts {
            check(f.k > 0.0 && f.k.is_finite(), "forced_playouts.k", "positive")?;
        }
        if let Some(g) = self.gumbel {
            check(g.considered >= 2, "gumbel.considered", "at least 2")?;
            check(g.c_visit > 0.0, "gumbel.c_visit", "positive")?;
            check(g.c_scale > 0.0, "gumbel.c_scale", "positive")?;
        }
        check((0.0..=1.0).contains(&self.fallible), "fallible", "in 0..=1")?;
        check((0.0..=100.0).contains(&self.root_ranking), "root_ranking", "in 0..=100 plies")?;
        self.moves_left.validate().map_err(|e| e.under("moves_left"))
    }
}
