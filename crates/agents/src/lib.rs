//! Every kind of player, by name. An agent spec (`kind:key=value,...`) is parsed once, at the
//! edge, into an [`AgentRecipe`]: a typed value that has already loaded what the agent needs
//! (network weights, solver tables, an export bundle) and makes a fresh agent for each game
//! with [`AgentRecipe::create`]. The kinds and their keys are listed once, in `kinds.rs`; a
//! list of specs (`random,mcts:ckpt=DIR,sims=8,alphabeta:1..4`) is split by `list.rs`.
//!
//! This is the one crate that names every concrete agent type; the search crate defines the
//! `Agent` trait, the evaluator plays whatever the caller's factories build.

mod cache;
mod error;
mod kinds;
mod list;
mod model;
mod plain_network;
mod recipe;
mod tables;

pub use error::AgentError;
pub use kinds::{Kind, kinds_help};
pub use list::split_specs;
pub use model::{Model, Trained, resolve_checkpoint};
pub use plain_network::{network_shape, time_single_state};
pub use recipe::{AgentRecipe, alphabeta_weights};
pub use tables::{ENDLESS, TableOracle, load_tables};
