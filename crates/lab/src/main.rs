//! `musashi-lab`: the lab's probes in one binary (one link instead of one per program), a
//! subcommand each. This file parses the command line and dispatches; each subcommand lives in
//! `probes/`.

mod probes;

use clap::{Parser, Subcommand};
use std::process::ExitCode;

/// Probes that measure what a network has learned against the solved tables.
#[derive(Parser)]
#[command(name = "musashi-lab", about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Train networks on table-labelled games; measure them on long fights they were not shown.
    Distill(probes::distill::Args),
    /// One checkpoint on the long fights: its raw policy and its moves-left head.
    Fights(probes::fights::Args),
    /// The long fights with the network averaged over the board's 8 symmetries.
    Symprobe(probes::symprobe::Args),
    /// Agents' moves in every long fight, compared position by position.
    Agentprobe(probes::agentprobe::Args),
    /// Networks alone and their ensemble on the long fights.
    Ensemble(probes::ensemble::Args),
    /// A shallow minimax over the moves-left head on the long fights.
    Mlsearch(probes::mlsearch::Args),
    /// Policy rollouts after each General move on the long fights.
    Rollout(probes::rollout::Args),
    /// A General's long-fight moves in a ranking's games.tsv, broken down.
    Lfscan(probes::lfscan::Args),
    /// Every move of `musashi match` games files graded by the solved tables.
    Movegrade(probes::movegrade::Args),
    /// One checkpoint whose weights are the mean of several of one run's.
    Average(probes::average::Args),
    /// Solve the 25-point game in memory; write positions with exact values (for tune-eval).
    DumpLabels(probes::dump_labels::Args),
    /// Fit alpha-beta's evaluation weights to exact values; check them on held-out positions.
    TuneEval(probes::tune_eval::Args),
}

fn main() -> ExitCode {
    let result = match Cli::parse().command {
        Command::Distill(a) => probes::distill::run(a),
        Command::Fights(a) => probes::fights::run(a),
        Command::Symprobe(a) => probes::symprobe::run(a),
        Command::Agentprobe(a) => probes::agentprobe::run(a),
        Command::Ensemble(a) => probes::ensemble::run(a),
        Command::Mlsearch(a) => probes::mlsearch::run(a),
        Command::Rollout(a) => probes::rollout::run(a),
        Command::Lfscan(a) => probes::lfscan::run(a),
        Command::Movegrade(a) => probes::movegrade::run(a),
        Command::Average(a) => probes::average::run(a),
        Command::DumpLabels(a) => probes::dump_labels::run(a),
        Command::TuneEval(a) => probes::tune_eval::run(a),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e:#}");
            ExitCode::FAILURE
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    #[test]
    fn the_command_line_is_well_formed() {
        Cli::command().debug_assert();
    }

    #[test]
    fn distill_refuses_bad_targets_before_reading_the_tables() {
        for (flag, value) in [
            ("--soft-delay", "0"),
            ("--soft-delay", "nan"),
            ("--unseen-of-games", "0"),
            ("--games", "0"),
            ("--rank-siblings", "0"),
            ("--rank-siblings", "inf"),
        ] {
            let args =
                ["musashi-lab", "distill", "--tables", "/no/such/tables", "--model", "mlp:8x1", flag, value, "g"];
            let Command::Distill(a) = Cli::try_parse_from(args).expect("parses").command else { panic!("distill") };
            let error = probes::distill::run(a).expect_err("refused").to_string();
            assert!(error.contains(flag), "{flag} {value}: {error}");
        }
    }

    #[test]
    fn agentprobe_refuses_a_bad_root_temperature_before_reading_the_tables() {
        for value in ["0", "nan", "inf"] {
            let args = [
                "musashi-lab",
                "agentprobe",
                "--tables",
                "/no/such/tables",
                "--after-root",
                value,
                "--agent",
                "a",
                "g",
            ];
            let Command::Agentprobe(a) = Cli::try_parse_from(args).expect("parses").command else {
                panic!("agentprobe")
            };
            let error = probes::agentprobe::run(a).expect_err("refused").to_string();
            assert!(error.contains("--after-root"), "{value}: {error}");
        }
    }

    #[test]
    fn flags_parse_and_refuse() {
        let parse = |args: &[&str]| Cli::try_parse_from([&["musashi-lab"], args].concat());
        assert!(parse(&["symprobe", "--tables", "t", "--checkpoint", "c", "g.tsv"]).is_ok());
        assert!(parse(&["symprobe", "--tables", "t", "--checkpoint", "c"]).is_err(), "no games");
        assert!(
            parse(&["rollout", "--tables", "t", "--checkpoint", "c", "--every", "20", "--drawn", "8", "g"]).is_ok()
        );
        assert!(parse(&["mlsearch", "--tables", "t", "--checkpoint", "c", "--every", "0", "g"]).is_err());
        assert!(parse(&["agentprobe", "--tables", "t", "g"]).is_err(), "no agents");
        assert!(parse(&["agentprobe", "--tables", "t", "--agent", "a", "--unseen-by", "50000,1", "g"]).is_ok());
        for bad in ["50000", "0,1", "x,1", "50000,-1"] {
            assert!(parse(&["agentprobe", "--tables", "t", "--agent", "a", "--unseen-by", bad, "g"]).is_err(), "{bad}");
        }
        assert!(parse(&["ensemble", "--tables", "t", "--checkpoint", "a", "--checkpoint", "b", "g"]).is_ok());
        assert!(parse(&["lfscan", "--tables", "t", "--general", "random", "--show", "g"]).is_ok());
        assert!(
            parse(&["movegrade", "--preset", "classic", "--tables", "t", "--opening-plies", "2", "a,b", "c"]).is_ok()
        );
        assert!(parse(&["movegrade", "--tables", "t", "a"]).is_err(), "no --opening-plies");
        assert!(parse(&["distill", "--tables", "t", "g"]).is_err(), "neither --model nor --from");
        assert!(parse(&["distill", "--tables", "t", "--model", "mlp:8x1", "--from", "c", "g"]).is_err());
        assert!(parse(&["dump-labels", "--out", "l.txt", "--uniform", "40000", "--walks", "60000"]).is_ok());
        assert!(parse(&["dump-labels"]).is_err(), "no --out");
        assert!(parse(&["tune-eval", "l.txt", "--fix", "soldier=100", "--fix", "threat=20", "--rounds", "2"]).is_ok());
        assert!(parse(&["tune-eval", "--rounds", "2"]).is_err(), "no labels");
        assert!(parse(&["tune-eval", "l.txt", "--rounds", "0"]).is_err());
        assert!(parse(&["tune-eval", "l.txt", "--depth", "0"]).is_err());
        assert!(parse(&["tune-eval", "l.txt", "--threads", "0"]).is_err());
    }
}
