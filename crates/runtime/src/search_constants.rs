//! The search constants every level plays with besides its own settings, as a manifest records
//! them (format 5): a port reads them from the bundle instead of from this repository's source,
//! and a runtime whose search differs refuses the bundle rather than play its levels at other
//! strengths than they measured. The manifest's own schema: a search refactor changes these
//! only when it changes how a level plays.

use musashi_search::PlaySettings;
use serde::{Deserialize, Serialize};

/// The name of the random number generator levels draw from.
pub const RANDOM_GENERATOR: &str = "xoshiro256++ seeded by splitmix64";

/// The moves-left utility's constants (`docs/export.md`), before a level's `moves_left` factor.
#[derive(Clone, Copy, PartialEq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MovesLeftConstants {
    /// Utility per ply of difference in predicted plies.
    pub slope: f32,
    /// The largest utility either way.
    pub max_effect: f32,
    /// |value| below which the utility is 0.
    pub threshold: f32,
    /// The value factor's constant, linear and quadratic terms.
    pub constant_factor: f32,
    /// See `constant_factor`.
    pub scaled_factor: f32,
    /// See `constant_factor`.
    pub quadratic_factor: f32,
}

/// The search's constants.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SearchConstants {
    /// First-play urgency: an unvisited child's value is its parent's minus this.
    pub fpu_reduction: f32,
    /// Whether the tree is kept between moves.
    pub reuse_tree: bool,
    /// The moves-left utility.
    pub moves_left: MovesLeftConstants,
    /// The random number generator (`RANDOM_GENERATOR`).
    pub random: String,
}

impl SearchConstants {
    /// The constants this build's levels play with.
    pub fn of_this_build() -> SearchConstants {
        let c = PlaySettings { moves_left: 1.0, ..PlaySettings::default() }.mcts_config();
        let m = c.moves_left;
        SearchConstants {
            fpu_reduction: c.fpu_reduction,
            reuse_tree: c.reuse_tree,
            moves_left: MovesLeftConstants {
                slope: m.slope,
                max_effect: m.max_effect,
                threshold: m.threshold,
                constant_factor: m.constant_factor,
                scaled_factor: m.scaled_factor,
                quadratic_factor: m.quadratic_factor,
            },
            random: RANDOM_GENERATOR.to_string(),
        }
    }
}
