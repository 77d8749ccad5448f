//! What a game client draws, as serialisable values: a game's state with the interface's marks
//! (`docs/rules.md`, "Things an interface shows") and a board's points and lines. The server's
//! API and the C and WebAssembly library (`crates/capi`) both answer with these, so a client has
//! no rules of its own: legal moves, marks and endings all come from here.

use musashi_game::{Bits, Board, EndReason, Game, Point, Ruleset, Side, analysis};
use serde::Serialize;

fn names(mask: u64) -> Vec<String> {
    Bits(mask).map(|p| p.to_string()).collect()
}

/// A capture destination of the General and how many soldiers it takes.
#[derive(Clone, Serialize, Debug)]
pub struct CaptureMark {
    /// The destination.
    pub to: String,
    /// Soldiers the move captures.
    pub count: u32,
}

/// The interface's marks.
#[derive(Clone, Serialize, Debug)]
pub struct Marks {
    /// Soldiers the General could capture with its next move.
    pub threatened: Vec<String>,
    /// On the General's turn: its capturing destinations.
    pub captures: Vec<CaptureMark>,
    /// On the soldiers' turn: moves after which the moved soldier could be captured.
    pub unsafe_moves: Vec<String>,
}

impl Marks {
    /// The marks of the game's position.
    pub fn of(game: &Game) -> Marks {
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
#[derive(Clone, Serialize, Debug)]
pub struct Ending {
    /// The winner.
    pub winner: Side,
    /// Why.
    pub reason: EndReason,
    /// Endless play ended at the client's ply cap (reported as the move limit).
    pub endless: bool,
    /// The reason in English.
    pub explain: String,
}

/// A game's state.
#[derive(Clone, Serialize, Debug)]
pub struct GameState {
    /// The rules.
    pub rules: Ruleset,
    /// The position in the notation of `docs/rules.md`.
    pub position: String,
    /// The General's point.
    pub general: String,
    /// The soldiers' points.
    pub soldiers: Vec<String>,
    /// The side to move.
    pub to_move: Side,
    /// Every move from the start (what a client keeps to continue the game).
    pub moves: Vec<String>,
    /// The legal moves of the side to move (none once the game is over).
    pub legal: Vec<String>,
    /// The marks.
    pub marks: Marks,
    /// Soldiers the last move captured.
    pub captured: Vec<String>,
    /// The position stands for the second time: once more and the General wins.
    pub repetition_warning: bool,
    /// Plies played.
    pub plies: u32,
    /// Soldier moves played.
    pub soldier_moves: u32,
    /// What the move limit still allows, in its unit (absent with no limit).
    pub moves_left: Option<u32>,
    /// The soldier count at or below which the General wins.
    pub threshold: u32,
    /// How it ended, once it has.
    pub outcome: Option<Ending>,
}

impl GameState {
    /// The state of `game`, whose endless play ends after `max_plies` plies.
    pub fn of(game: &Game, max_plies: u32) -> GameState {
        let pos = game.position();
        let outcome = game.outcome_or_endless(max_plies).map(|o| Ending {
            winner: o.winner,
            reason: o.reason,
            endless: game.outcome().is_none(),
            explain: o.reason.explain(o.winner).to_string(),
        });
        let legal =
            if outcome.is_some() { Vec::new() } else { game.legal_moves().iter().map(|m| m.to_string()).collect() };
        GameState {
            rules: *game.rules(),
            position: pos.to_string(),
            general: pos.general().to_string(),
            soldiers: names(pos.soldiers()),
            to_move: pos.side_to_move(),
            moves: game.moves().map(|m| m.to_string()).collect(),
            legal,
            marks: Marks::of(game),
            captured: names(game.last_captured()),
            repetition_warning: game.repetition_warning(),
            plies: game.plies(),
            soldier_moves: game.soldier_moves(),
            moves_left: game.moves_left(),
            threshold: game.rules().threshold(),
            outcome,
        }
    }
}

/// A point of a board and where it is drawn (column 0-4 left to right, row 0-6 top down).
#[derive(Clone, Serialize, Debug)]
pub struct PointView {
    /// Its name (`c3`).
    pub name: String,
    /// Column, 0-4 left to right.
    pub col: i8,
    /// Row, 0-6 top down.
    pub row: i8,
    /// In the setchin (the triangle).
    pub setchin: bool,
}

/// A board's points and lines, for drawing it.
#[derive(Clone, Serialize, Debug)]
pub struct BoardView {
    /// The points.
    pub points: Vec<PointView>,
    /// The lines, as pairs of point names.
    pub lines: Vec<[String; 2]>,
}

impl BoardView {
    /// The layout of `board`.
    pub fn of(board: Board) -> BoardView {
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
