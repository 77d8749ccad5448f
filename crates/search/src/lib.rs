//! Players: the `Agent` trait every player implements, agent spec strings, the random and
//! greedy players, the alpha-beta baseline, and the `Oracle` interface through which a search
//! asks exact tables about a position.
//!
//! Architecture invariant: this crate never sees Burn or any network type. MCTS talks to
//! networks through the `Evaluator` trait; the adapter lives in a crate that knows both.

mod agent;
pub mod alphabeta;
pub mod bench;
mod evaluator;
mod greedy;
pub mod mcts;
mod oracle;
mod perfect;
mod portable_rng;
mod random;
mod setting_error;
mod spec;
pub mod validation;

pub use agent::{Agent, Analysis, Choice, Score};
pub use alphabeta::AlphaBeta;
pub use evaluator::{Evaluations, Evaluator, HEURISTIC_SCALE, HeuristicBlend, UniformEvaluator};
pub use greedy::GreedyAgent;
pub use mcts::{LOSING_VALUE, Mcts, MctsAgent, MctsConfig, MovesLeftUtility, PlaySettings, SearchResult, Step};
pub use oracle::{Oracle, best_moves, exact_rank, oracle_value, oracle_value_in_game};
pub use perfect::PerfectAgent;
pub use portable_rng::PortableRng;
pub use random::RandomAgent;
pub use setting_error::SettingError;
pub use spec::{AgentSpec, SpecError};
