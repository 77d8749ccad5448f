//! Monte Carlo tree search (PUCT) over the `Evaluator` trait, with root noise, temperature,
//! tree reuse, exact terminal values, first-play urgency, playout-cap randomisation, forced
//! playouts with policy-target pruning, a Gumbel root, a moves-left utility, a root evaluation
//! averaged over the board's symmetries and a losing root's moves ranked by their children's
//! predicted plies.

mod agent;
mod config;
mod gumbel;
mod moves_left;
mod play_keys;
mod result;
mod root_ranking;
mod root_symmetry;
mod search;
mod tree;

pub use agent::{MctsAgent, PlaySettings};
pub use config::{ForcedPlayouts, GumbelRoot, MctsConfig, PlayoutCap, is_false, is_zero};
pub use moves_left::MovesLeftUtility;
pub use play_keys::{PLAY_KEYS, PlayKey, PlayOverrides, PlayValue, play_keys_help, play_keys_synopsis};
pub use result::SearchResult;
pub use root_ranking::LOSING_VALUE;
pub use search::{Mcts, Step};
