//! Evaluation of agents by playing them against each other: matches (`matches.rs`), gating by
//! a sequential probability ratio test (`sprt.rs`), and ratings.
//!
//! Architecture invariant: the evaluator knows agents only through the `Agent` trait and
//! factories the caller passes in; it never names a network, solver or other concrete agent
//! type, and it does no I/O (the caller writes records where it likes).

pub mod matches;
mod sprt;

pub use matches::{GameRecord, MatchConfig, MatchResult, Summary, play_game, play_match, play_match_with};
pub use sprt::{Sprt, SprtDecision, expected_score};
