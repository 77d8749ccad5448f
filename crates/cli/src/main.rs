//! The `musashi` command line: parses arguments, calls the library crates, prints their results
//! and draws progress. Each subcommand lives in `commands/`.

mod commands;
mod match_flags;
mod progress;
mod rules_args;
mod solve_report;
mod train_bars;

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
    /// Train: self-play, training and evaluation, generation after generation (resumable).
    Train(commands::train::Args),
    /// Play games with a model (or uniform priors) and write Parquet shards.
    Selfplay(commands::selfplay::Args),
    /// Run a training job on a cluster: the trainer and self-play workers as batch jobs.
    #[command(subcommand)]
    Cluster(commands::cluster::Args),
    /// Benchmarks (speed figures for the README and docs).
    Bench(commands::bench::Args),
    /// Play N games between two agents and report the results.
    Match(commands::match_cmd::Args),
    /// The move an agent chooses in each given position.
    Hint(commands::hint::Args),
    /// Rank agents (or a run's generations) by Elo in a tournament that plays both sides.
    Rank(commands::rank::Args),
    /// Calibrate Easy, Normal and Hard opponents and export them as a bundle.
    Export(commands::export::Args),
    /// Change levels' play settings in a bundle after its calibration, recording why.
    Retune(commands::retune::Args),
    /// Write a bundle's network as a checkpoint folder (to export again or play as mcts:ckpt=).
    Unbundle(commands::unbundle::Args),
    /// Give an older build's shards (format 1) their checksum files, after checking every row.
    SealShards(commands::seal_shards::Args),
    /// Play a game in the terminal (human or agent on each side).
    Play(commands::play::Args),
    /// Play the exported opponents in a browser: a local web server and its page.
    Serve(commands::serve::Args),
    /// Write the browser page as a static site that plays on the WebAssembly module, no server.
    Site(commands::site::Args),
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
        Command::Train(a) => commands::train::run(a),
        Command::Selfplay(a) => commands::selfplay::run(a),
        Command::Cluster(a) => commands::cluster::run(a),
        Command::Bench(a) => commands::bench::run(a),
        Command::Match(a) => commands::match_cmd::run(a),
        Command::Hint(a) => commands::hint::run(a),
        Command::Play(a) => commands::play::run(a),
        Command::Serve(a) => commands::serve::run(a),
        Command::Site(a) => commands::site::run(a),
        Command::Rank(a) => commands::rank::run(a),
        Command::Export(a) => commands::export::run(a),
        Command::Retune(a) => commands::retune::run(a),
        Command::Unbundle(a) => commands::unbundle::run(a),
        Command::SealShards(a) => commands::seal_shards::run(a),
        Command::Solve(a) => commands::solve::run(a),
        Command::Probe(a) => commands::probe::run(a),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {}", describe(&e));
            ExitCode::FAILURE
        }
    }
}

/// The error and its causes, each cause once: a cause whose words the message already holds
/// (a library error that names its source in its own text) is not repeated.
fn describe(e: &anyhow::Error) -> String {
    let mut text = e.to_string();
    for cause in e.chain().skip(1) {
        let cause = cause.to_string();
        if !text.contains(&cause) {
            text = format!("{text}: {cause}");
        }
    }
    text
}
