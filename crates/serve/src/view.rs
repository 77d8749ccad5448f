//! What the page draws, as JSON: a game's state with the interface's marks, the boards' points
//! and lines, and what the bundle offers. The page has no rules of its own: legal moves, marks
//! and endings all come from here.

use crate::session::{MAX_PLIES, Served, Session};
use crate::setup::PLAYED_PRESETS;
use musashi_game::{Bits, Board, EndReason, Game, Point, Ruleset, Side, analysis};
use musashi_runtime::{Bundle, Level};
use serde::Serialize;

fn names(mask: u64) -> Vec<String> {
    Bits(mask).map(|p| p.to_string()).collect()
}

/// A capture destination of the General and how many soldiers it takes.
#[derive(Serialize, Debug)]
pub(crate) struct CaptureMark {
    to: String,
    count: u32,
}

/// The interface's marks (`docs/rules.md`, "Things an interface shows").
#[derive(Serialize, Debug)]
pub(crate) struct Marks {
    /// Soldiers the General could capture with its next move.
    threatened: Vec<String>,
    /// On the General's turn: its capturing destinations.
    captures: Vec<CaptureMark>,
    /// On the soldiers' turn: moves after which the moved soldier could be captured.
    unsafe_moves: Vec<String>,
}

impl Marks {
    fn of(game: &Game) -> Marks {
        let pos = game.position();
        let captures = if pos.side_to_move() == Side::General {
            analysis::capture_destinations(pos)
                .into_iter()
                .map(|(to, count)| CaptureMark { to: to.to_string(), count })
                .collect()
        } else {
            Vec::new()
        };
        Marks {
            threatened: names(analysis::threatened_soldiers(pos)),
            captures,
            unsafe_moves: analysis::unsafe_soldier_moves(pos).iter().map(|m| m.to_string()).collect(),
        }
    }
}

/// How the game ended.
#[derive(Serialize, Debug)]
pub(crate) struct Ending {
    winner: Side,
    reason: EndReason,
    /// Endless play ended at `MAX_PLIES` (reported as the move limit).
    endless: bool,
    /// The reason in English.
    explain: String,
}

/// A game's state.
#[derive(Serialize, Debug)]
pub(crate) struct GameView {
    id: String,
    preset: String,
    rules: Ruleset,
    human: Side,
    level: Level,
    opponent: Served,
    position: String,
    general: String,
    soldiers: Vec<String>,
    to_move: Side,
    /// Every move from the start (what the page keeps to continue the game).
    moves: Vec<String>,
    /// The legal moves of the side to move (none once the game is over).
    legal: Vec<String>,
    marks: Marks,
    /// Soldiers the last move captured.
    captured: Vec<String>,
    /// The position stands for the second time: once more and the General wins.
    repetition_warning: bool,
    plies: u32,
    soldier_moves: u32,
    /// What the move limit still allows, in its unit (absent with no limit).
    moves_left: Option<u32>,
    /// The soldier count at or below which the General wins.
    threshold: u32,
    outcome: Option<Ending>,
}

impl GameView {
    pub(crate) fn of(id: &str, s: &Session) -> GameView {
        let g = &s.game;
        let pos = g.position();
        let outcome = s.outcome().map(|o| Ending {
            winner: o.winner,
            reason: o.reason,
            endless: g.outcome().is_none(),
            explain: o.reason.explain(o.winner).to_string(),
        });
        let legal =
            if outcome.is_some() { Vec::new() } else { g.legal_moves().iter().map(|m| m.to_string()).collect() };
        GameView {
            id: id.to_string(),
            preset: s.preset.clone(),
            rules: *g.rules(),
            human: s.human,
            level: s.level,
            opponent: s.served.clone(),
            position: pos.to_string(),
            general: pos.general().to_string(),
            soldiers: names(pos.soldiers()),
            to_move: pos.side_to_move(),
            moves: g.moves().map(|m| m.to_string()).collect(),
            legal,
            marks: Marks::of(g),
            captured: names(g.last_captured()),
            repetition_warning: g.repetition_warning(),
            plies: g.plies(),
            soldier_moves: g.soldier_moves(),
            moves_left: g.moves_left(),
            threshold: g.rules().threshold(),
            outcome,
        }
    }
}

/// A point of a board and where it is drawn (column 0-4 left to right, row 0-6 top down).
#[derive(Serialize, Debug)]
struct PointView {
    name: String,
    col: i8,
    row: i8,
    setchin: bool,
}

/// A board's points and lines.
#[derive(Serialize, Debug)]
struct BoardView {
    points: Vec<PointView>,
    lines: Vec<[String; 2]>,
}

impl BoardView {
    fn of(board: Board) -> BoardView {
        let points = board
            .points()
            .map(|p| {
                let (col, row) = p.coords();
                PointView { name: p.to_string(), col, row, setchin: p.in_setchin() }
            })
            .collect();
        let lines = board
            .points()
            .flat_map(|a| {
                Bits(board.neighbours(a)).filter(move |b| *b > a).map(move |b: Point| [a.to_string(), b.to_string()])
            })
            .collect();
        BoardView { points, lines }
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
pub(crate) struct Options {
    bundle: String,
    levels: [Level; 3],
    presets: Vec<PresetView>,
    boards: Vec<(Board, BoardView)>,
    max_plies: u32,
}

impl Options {
    pub(crate) fn of(bundle: &Bundle) -> Options {
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
