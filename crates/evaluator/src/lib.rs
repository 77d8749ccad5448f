//! Evaluation of agents by playing them against each other: matches (`matches.rs`, as text in
//! `match_text.rs`),
//! tournaments with both sides of every pairing (`tournament.rs`), rankings and their reports
//! (`rank.rs`, `rank_report.rs`), Bradley–Terry (Elo) ratings
//! with a side advantage and error bars (`ratings.rs`), gating by a sequential probability
//! ratio test (`sprt.rs`), perfect-play accuracy against an exact oracle (`accuracy.rs`), and how an agent plays (its gaps,
//! wandering, double threats and blunders, `behaviour.rs`).
//!
//! Architecture invariant: the evaluator knows agents only through the `Agent` trait and
//! factories the caller passes in, and exact tables only through the `Oracle` trait; it never
//! names a network, solver or other concrete agent type, and it does no I/O (the caller writes
//! records and reports where it likes).

pub mod accuracy;
pub mod behaviour;
mod match_pool;
mod match_text;
pub mod matches;
mod rank;
mod rank_report;
pub mod ratings;
mod sprt;
pub mod tournament;

pub use accuracy::{Accuracy, LONG_FIGHT_PLIES, MoveCounts, is_long_fight};
pub use behaviour::Behaviour;
pub use match_pool::play_matches;
pub use matches::{MatchConfig, MatchGame, MatchResult, Summary, play_game, play_match, play_match_with};
pub use rank::{Pairings, RankPlayer, RankReport, RankSetup, Ranking, add_baselines, rank, rank_games};
pub use ratings::{
    FitOptions, RatedGame, RatingError, Ratings, SideRatings, elo_from_score, fit_ratings, fit_side_ratings,
};
pub use sprt::{Sprt, SprtDecision, expected_score};
pub use tournament::{Standing, TournamentGame, gauntlet, play_tournament, round_robin, standings};
