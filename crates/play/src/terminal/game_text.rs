//! The lines that describe a game to a player reading text: the board, the counters, the
//! threatened soldiers, the soldiers' unsafe moves and the repetition warning; captures and
//! endings as sentences.

use super::board_text::draw_board;
use musashi_game::{Bits, Game, Outcome, Side, analysis};
use musashi_search::Choice;

/// The board and what a player should know before the next move.
pub fn state_text(game: &Game, color: bool) -> String {
    let pos = game.position();
    let mut text = format!("\n{}", draw_board(pos, color));
    let mut status =
        format!("{} soldiers; {} to move; move {}", pos.num_soldiers(), pos.side_to_move(), game.plies() + 1);
    if let Some(left) = game.moves_left() {
        status.push_str(&format!("; {left} left before the move limit"));
    }
    text.push_str(&status);
    text.push('\n');
    if !game.is_over() {
        text.push_str(&position_notes(game));
    }
    text
}

/// The threatened soldiers, the soldiers' unsafe legal moves and the repetition warning, a line
/// each where there are any.
pub fn position_notes(game: &Game) -> String {
    let pos = game.position();
    let mut text = String::new();
    let threatened = analysis::threatened_soldiers(pos);
    if threatened != 0 {
        text.push_str(&format!("threatened soldiers (X): {}\n", names(threatened)));
    }
    if pos.side_to_move() == Side::Soldiers {
        let unsafe_moves: Vec<String> = analysis::unsafe_soldier_moves(pos)
            .into_iter()
            .filter(|m| game.is_legal(*m))
            .map(|m| m.to_string())
            .collect();
        if !unsafe_moves.is_empty() {
            text.push_str(&format!("unsafe soldier moves: {}\n", unsafe_moves.join(" ")));
        }
    }
    if game.repetition_warning() {
        text.push_str("warning: this position has occurred twice; a third time and the General wins\n");
    }
    text
}

/// The soldiers the last move captured, as a line, if any.
pub(crate) fn captures_line(game: &Game) -> Option<String> {
    let taken = game.last_captured();
    if taken == 0 {
        return None;
    }
    let n = taken.count_ones();
    let left = game.position().num_soldiers();
    Some(format!("captured {n} soldier{}: {} ({left} left)", if n == 1 { "" } else { "s" }, names(taken)))
}

/// The ending: to a lone human whether they won, then who won, why, and the moves.
pub(crate) fn ending_text(game: &Game, o: Outcome, lone_human: Option<Side>) -> String {
    let mut text = String::new();
    if let Some(human) = lone_human {
        text.push_str(if human == o.winner { "You won!\n" } else { "You lost.\n" });
    }
    let winner = match o.winner {
        Side::General => "the General wins",
        Side::Soldiers => "the soldiers win",
    };
    text.push_str(&format!("game over: {winner} ({}): {}.\n", o.reason, o.reason.explain(o.winner)));
    let moves: Vec<String> = game.moves().map(|m| m.to_string()).collect();
    text.push_str(&format!("moves: {}\n", moves.join(" ")));
    text
}

/// The agent's own view of the position after its move, labelled, when asked for (`eval`).
pub(crate) fn describe(c: &Choice, eval: bool) -> String {
    match c.analysis.score {
        Some(s) if eval => format!(" (its evaluation: {s})"),
        _ => String::new(),
    }
}

/// "the General plays" / "the soldiers play".
pub(crate) fn plays(side: Side) -> &'static str {
    match side {
        Side::General => "the General plays",
        Side::Soldiers => "the soldiers play",
    }
}

/// "1 move", "2 moves".
pub(crate) fn moves(n: usize) -> String {
    if n == 1 { "1 move".to_string() } else { format!("{n} moves") }
}

/// The points of a mask, by name, separated by spaces.
fn names(mask: u64) -> String {
    Bits(mask).map(|p| p.to_string()).collect::<Vec<_>>().join(" ")
}
