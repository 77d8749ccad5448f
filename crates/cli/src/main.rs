//! The `musashi` command line: the only place that reads arguments, the environment and config
//! files. Each subcommand lives in `commands/`.

mod agents;
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
    /// Play N games between two agents and report the results.
    Match(commands::match_cmd::Args),
    /// The move an agent chooses in each given position.
    Hint(commands::hint::Args),
    /// Play a game in the terminal (human or agent on each side).
    Play(commands::play::Args),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Perft(a) => commands::perft::run(a),
        Command::Show(a) => commands::show::run(a),
        Command::Selfplay(a) => commands::selfplay::run(a),
        Command::Bench(a) => commands::bench::run(a),
        Command::Match(a) => commands::match_cmd::run(a),
        Command::Hint(a) => commands::hint::run(a),
        Command::Play(a) => commands::play::run(a),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e:#}");
            ExitCode::FAILURE
        }
    }
}
