//! The `musashi` command line: the only place that reads arguments, the environment and config
//! files. Each subcommand lives in `commands/`.

mod commands;
mod draw;
mod rules_args;

use clap::{Parser, Subcommand};
use std::process::ExitCode;

/// Trains, benchmarks and exports computer opponents for Juroku Musashi.
#[derive(Parser, Debug)]
#[command(name = "musashi", version, about, propagate_version = true)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Count move sequences (perft) to test and time move generation.
    Perft(commands::perft::Args),
    /// Draw a position with threatened soldiers, capture destinations and legal moves.
    Show(commands::show::Args),
    /// Benchmarks (speed figures for the README and docs).
    Bench(commands::bench::Args),
    /// Solve the game exactly (retrograde analysis) and write endgame tables.
    Solve(commands::solve::Args),
    /// Print positions' exact values (and each move's) from solved tables.
    Probe(commands::probe::Args),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Perft(a) => commands::perft::run(a),
        Command::Show(a) => commands::show::run(a),
        Command::Bench(a) => commands::bench::run(a),
        Command::Solve(a) => commands::solve::run(a),
        Command::Probe(a) => commands::probe::run(a),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e:#}");
            ExitCode::FAILURE
        }
    }
}
