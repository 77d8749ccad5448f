//! A game in a terminal, or anything that reads lines and writes text: the board drawn as text
//! with the interface's marks (`board_text.rs`), the lines that describe a game's state
//! (`game_text.rs`) and the game loop with its commands (`console.rs`). `musashi play` and
//! `musashi show` are thin wrappers; tests drive the loop with a script of lines.

mod board_text;
mod console;
mod game_text;
#[cfg(test)]
mod tests;

pub use board_text::draw_board;
pub use console::{Console, ConsoleError, Hinter, Player};
pub use game_text::{position_notes, state_text};
