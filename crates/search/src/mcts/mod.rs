//! Monte Carlo tree search (PUCT) over the `Evaluator` trait, with root noise, temperature,
//! tree reuse, exact terminal values, first-play urgency, playout-cap randomisation, forced
//! playouts with policy-target pruning, a Gumbel root, a moves-left utility and a root evaluation
//! averaged over the board's symmetries.

mod agent;
mod config;
mod gumbel;
mod moves_left;
mod play_keys;
mod result;
mod root_symmetry;
mod search;
mod tree;

pub use agent::{MctsAgent, PlaySettings};
pub use config::{ForcedPlayouts, GumbelRoot, MctsConfig, PlayoutCap, is_false, is_zero};
pub use moves_left::MovesLeftUtility;
pub use play_keys::{PLAY_KEYS, PlayKey, PlayOverrides, PlayValue, play_keys_help, play_keys_synopsis};
pub use result::SearchResult;
pub use search::{Mcts, Step};
