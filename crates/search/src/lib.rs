//! Players: the `Agent` trait every player implements, agent spec strings, and the searches
//! (alpha-beta, MCTS over an `Evaluator` trait).
//!
//! Architecture invariant: this crate never sees Burn or any network type. MCTS talks to
//! networks through the `Evaluator` trait; the adapter lives in a crate that knows both.

mod agent;
mod evaluator;
pub mod mcts;
mod random;
mod spec;

pub use agent::{Agent, Analysis, Choice, Score};
pub use evaluator::{Evaluator, Oracle, UniformEvaluator};
pub use mcts::{Mcts, MctsAgent, MctsConfig, SearchResult, Step};
pub use random::RandomAgent;
pub use spec::{AgentSpec, SpecError};
