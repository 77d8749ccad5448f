//! What the page draws, as JSON: a game's state (the runtime's `GameState`, with the session's
//! side, level and opponent), the boards' points and lines, and what the bundle offers. The page
//! has no rules of its own: legal moves, marks and endings all come from here.

use crate::session::{MAX_PLIES, Served, Session};
use crate::setup::PLAYED_PRESETS;
use musashi_game::{Board, Ruleset, Side};
use musashi_runtime::{BoardView, Bundle, GameState, Level};
use serde::Serialize;

/// A game's state, with the session's side, level and opponent.
#[derive(Serialize, Debug)]
pub struct GameView {
    id: String,
    preset: String,
    human: Side,
    level: Level,
    opponent: Served,
    #[serde(flatten)]
    state: GameState,
}

impl GameView {
    pub fn of(id: &str, s: &Session) -> GameView {
        GameView {
            id: id.to_string(),
            preset: s.preset.clone(),
            human: s.human,
            level: s.level,
            opponent: s.served.clone(),
            state: GameState::of(&s.game, MAX_PLIES),
        }
    }
}

/// A preset the page offers, with the levels the bundle calibrated on it.
#[derive(Serialize, Debug)]
struct PresetView {
    name: &'static str,
    rules: Ruleset,
    /// Calibrated levels per side (`general`, `soldiers`); others are served by the nearest.
    calibrated: Vec<(Side, Level)>,
}

/// `GET /api/options`: the bundle, the levels, the presets, the boards.
#[derive(Serialize, Debug)]
pub struct Options {
    bundle: String,
    levels: [Level; 3],
    presets: Vec<PresetView>,
    boards: Vec<(Board, BoardView)>,
    max_plies: u32,
}

impl Options {
    pub fn of(bundle: &Bundle) -> Options {
        let m = bundle.manifest();
        let presets = PLAYED_PRESETS
            .into_iter()
            .map(|p| {
                let rules = p.ruleset();
                let calibrated = m
                    .levels
                    .iter()
                    .filter(|l| m.rules.iter().any(|r| r.preset == l.preset && r.rules == rules))
                    .map(|l| (l.side, l.level))
                    .collect();
                PresetView { name: p.name(), rules, calibrated }
            })
            .collect();
        Options {
            bundle: m.name.clone(),
            levels: Level::ALL,
            presets,
            boards: Board::ALL.into_iter().map(|b| (b, BoardView::of(b))).collect(),
            max_plies: MAX_PLIES,
        }
    }
}
