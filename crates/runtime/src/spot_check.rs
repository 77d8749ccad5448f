//! What a bundle measured beyond its calibrated levels: how each level plays
//! ([`LevelBehaviour`]) and how strong the levels are on rules the bundle was not calibrated on,
//! where the nearest calibrated ruleset's levels serve them ([`SpotCheck`], `Bundle::serving`).

use crate::level::Level;
use crate::manifest::Measured;
use musashi_game::{Ruleset, Side};
use serde::{Deserialize, Serialize};

/// How a level plays, measured on games against the export's anchor, the same opponent for
/// every level (`docs/export.md`). Each share is absent
/// where it does not apply to the level's side or had nothing to count.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LevelBehaviour {
    /// The level's moves measured (random opening moves excluded).
    pub moves: u64,
    /// Soldiers: the share of moves that leave the soldier that moved open to capture, among
    /// the moves made where a safe move existed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub gap_rate: Option<f64>,
    /// General: the share of moves into a corner of the square or the setchin.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub corner_rate: Option<f64>,
    /// General: double threats set up per game (two captures threatened that no one soldier
    /// move parries).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub double_threats_per_game: Option<f64>,
    /// The share of moves from won positions that lose the win, where solved tables covered them.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub blunder_rate: Option<f64>,
}

/// One level measured on a spot-checked ruleset.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SpotLevel {
    /// The side.
    pub side: Side,
    /// The level.
    pub level: Level,
    /// Its strength on the spot-checked rules (the Elo anchored on those rules).
    pub measured: Measured,
}

/// Rules the bundle was not calibrated on, played by the nearest calibrated ruleset's levels
/// and measured.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SpotCheck {
    /// A name for the rules (`classic-wins-at-4`).
    pub name: String,
    /// The rules.
    pub rules: Ruleset,
    /// The calibrated preset whose levels serve these rules.
    pub served_by: String,
    /// Every level of both sides, measured on these rules.
    pub levels: Vec<SpotLevel>,
}
