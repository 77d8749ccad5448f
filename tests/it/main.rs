//! The binary's end-to-end tests and the workspace's cross-crate checks, gathered in one test
//! binary (one link instead of ten, as ripgrep gathers its integration tests): each module is
//! one former test file.

mod alphabeta_vs_solver;
mod cli;
mod cli_export;
mod cli_play;
mod cli_rank;
mod cli_rules;
mod cli_solver;
mod cli_train;
#[allow(dead_code, unreachable_pub)]
mod common;
mod configs;
mod dependency_rules;
mod mcts_vs_solver;
mod runtime_vs_network;
