//! The kinds of agent and their keys: the one table that the parser, its errors and the help
//! text come from (the play settings of `mcts:` and `bundle:` from theirs, `PLAY_KEYS`).

use musashi_search::mcts::{play_keys_help, play_keys_synopsis};
use std::fmt;
use std::str::FromStr;

/// A kind of agent.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Kind {
    /// Uniformly random legal moves.
    Random,
    /// One move ahead with the hand-written evaluation.
    Greedy,
    /// The alpha-beta baseline.
    AlphaBeta,
    /// MCTS over a checkpoint (or uniform priors).
    Mcts,
    /// Best moves by solved tables.
    Perfect,
    /// A level of an export bundle.
    Bundle,
}

/// Each kind and its name.
const TABLE: [(Kind, &str); 6] = [
    (Kind::Random, "random"),
    (Kind::Greedy, "greedy"),
    (Kind::AlphaBeta, "alphabeta"),
    (Kind::Mcts, "mcts"),
    (Kind::Perfect, "perfect"),
    (Kind::Bundle, "bundle"),
];

/// The accepted kinds and their keys, for error messages and help: made from the table.
pub fn kinds_help() -> &'static str {
    static HELP: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    HELP.get_or_init(|| {
        let kinds: Vec<String> = TABLE.iter().map(|(kind, name)| format!("{name}{}", kind.keys())).collect();
        let tables: Vec<&str> =
            TABLE.iter().filter(|(k, _)| k.takes_tables() && *k != Kind::Perfect).map(|(_, n)| *n).collect();
        format!(
            "{}; {} also take tables=DIR (exact values where the tables cover a position)",
            kinds.join("; "),
            tables.join(" and ")
        )
    })
}

impl Kind {
    /// The kind's name in specs.
    pub fn name(self) -> &'static str {
        TABLE.iter().find(|(k, _)| *k == self).map_or("", |(_, n)| n)
    }

    /// Its keys after the name, for help and errors; the `mcts:` and `bundle:` play settings
    /// come from their table (`PLAY_KEYS`).
    fn keys(self) -> String {
        match self {
            Kind::Random | Kind::Greedy => String::new(),
            Kind::AlphaBeta => "[:depth=N][,ms=N][,nodes=N][,tt=MiB][,noise=N][,lmr=0|1][,blunder=P]\
[,weights=default|legacy|FILE] (no limit given: depth=6; blunder: the chance per move of a uniformly random move \
other than the best; weights: the evaluation's, FILE holding name=value pairs as docs/alphabeta.md shows)"
                .to_string(),
            Kind::Mcts => format!(":ckpt=DIR|uniform{} ({})", play_keys_synopsis(), play_keys_help()),
            Kind::Perfect => {
                ":tables=DIR[,blunder=P] (solver tables; alpha-beta depth 6 with the tables where they do \
not cover a position; blunder: the chance per move of a random move with a worse exact value)"
                    .to_string()
            }
            Kind::Bundle => format!(
                ":dir=DIR,level=easy|normal|hard{} (an exported opponent level, run by the export runtime; the \
optional keys, as for mcts, replace the level's settings)",
                play_keys_synopsis()
            ),
        }
    }

    /// Whether the kind takes `tables=DIR`.
    pub fn takes_tables(self) -> bool {
        matches!(self, Kind::AlphaBeta | Kind::Mcts | Kind::Perfect)
    }
}

impl fmt::Display for Kind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Kind {
    type Err = ();
    fn from_str(s: &str) -> Result<Kind, ()> {
        TABLE.iter().find(|(_, n)| *n == s).map(|(k, _)| *k).ok_or(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use musashi_search::mcts::PLAY_KEYS;

    #[test]
    fn names_parse_back_and_the_help_lists_every_kind() {
        for (kind, name) in TABLE {
            assert_eq!(name.parse::<Kind>(), Ok(kind));
            assert_eq!(kind.to_string(), name);
            assert!(kinds_help().contains(&format!("{name}{}", kind.keys())), "{name}");
        }
        // Every play setting, with its range and default, in mcts's and bundle's keys.
        for key in PLAY_KEYS {
            let given = format!("[,{}={}]", key.name, key.placeholder);
            assert!(Kind::Mcts.keys().contains(&given) && Kind::Bundle.keys().contains(&given), "{given}");
            let line = format!("{}: {} ({}, default {})", key.name, key.help, key.expected, key.default_value());
            assert!(kinds_help().contains(&line), "{line}");
        }
        assert!(
            kinds_help()
                .ends_with("alphabeta and mcts also take tables=DIR (exact values where the tables cover a position)")
        );
        assert!("minimax".parse::<Kind>().is_err());
    }
}
