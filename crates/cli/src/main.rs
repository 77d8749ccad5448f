//! The `musashi` command line: the only place that reads arguments, the environment and config
//! files. Each subcommand lives in `commands/`.

mod commands;
mod draw;
mod model_arg;
mod progress;
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
    /// Play games with a model (or uniform priors) and write Parquet shards.
    Selfplay(commands::selfplay::Args),
    /// Benchmarks (speed figures for the README and docs).
    Bench(commands::bench::Args),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Perft(a) => commands::perft::run(a),
        Command::Show(a) => commands::show::run(a),
        Command::Selfplay(a) => commands::selfplay::run(a),
        Command::Bench(a) => commands::bench::run(a),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e:#}");
            ExitCode::FAILURE
        }
    }
}
