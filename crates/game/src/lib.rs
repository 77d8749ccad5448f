//! The rules of Juroku Musashi, exactly as `docs/rules.md` states them: both boards, the
//! straight-line capture, every ending and rule option, the presets, the notation, the action
//! space, symmetries, Zobrist keys, perft and the interface's analysis.
//!
//! Architecture invariant: this crate has no I/O, no randomness and knows nothing of search,
//! tensors or files. It depends on serde only.

mod action;
pub mod analysis;
mod board;
mod game;
mod mix;
mod moves;
mod notation;
mod outcome;
mod perft;
mod played_game;
mod point;
mod position;
mod rules;
mod side;
mod snapshot;
mod symmetry;
pub mod zobrist;

pub use action::{NUM_ACTIONS, NUM_ACTIONS_SQUARE};
pub use board::{Board, DIRECTIONS, FULL_MASK, SQUARE_MASK, Topology};
pub use game::{BoardMismatch, Game, IllegalMove};
pub use mix::{GOLDEN_GAMMA, mix64};
pub use moves::{MAX_MOVES, Move, MoveList, MoveParseError};
pub use notation::{PositionParseError, excerpt};
pub use outcome::{EndReason, Outcome};
pub use perft::{perft, perft_divide};
pub use played_game::PlayedGame;
pub use point::{Bits, MAX_POINTS, Point};
pub use position::{MAX_SOLDIERS, PieceError, Position, START_SOLDIERS};
pub use rules::{MoveLimit, Preset, Repetition, Ruleset, Threshold};
pub use side::Side;
pub use snapshot::Snapshot;
pub use symmetry::Symmetry;
