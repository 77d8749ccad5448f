//! The kinds of agent and their keys: the one table that the parser, its errors and the help
//! text come from.

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

/// Each kind: its name and its keys (for help and errors).
const TABLE: [(Kind, &str, &str); 6] = [
    (Kind::Random, "random", ""),
    (Kind::Greedy, "greedy", ""),
    (
        Kind::AlphaBeta,
        "alphabeta",
        "[:depth=N][,ms=N][,nodes=N][,tt=MiB][,noise=N][,lmr=0|1][,blunder=P] (no limit given: depth=6; blunder: the \
chance per move of a uniformly random move other than the best)",
    ),
    (
        Kind::Mcts,
        "mcts",
        ":ckpt=DIR|uniform[,sims=N][,temp=T][,cpuct=C][,blunder=P][,ml=F][,fallible=F][,heur=W][,sym=true] (sims=0 plays the raw \
policy; default sims=100, temp=0, blunder=0: the chance per move of a move from the lower half; ml: factor on the moves-left \
utility, 0 = off, default 1; fallible: share of the opponent's replies drawn from its policy, default 0; heur: weight of the \
hand-written evaluation in the leaves' values, default 0; sym=true: the root's evaluation averaged over the board's symmetries)",
    ),
    (
        Kind::Perfect,
        "perfect",
        ":tables=DIR[,blunder=P] (solver tables; alpha-beta depth 6 with the tables where they do not cover a position; \
blunder: the chance per move of a random move with a worse exact value)",
    ),
    (
        Kind::Bundle,
        "bundle",
        ":dir=DIR,level=easy|normal|hard[,sims=N][,fallible=F][,heur=W][,sym=true] (an exported opponent level, run by the \
export runtime; the optional keys replace the level's settings)",
    ),
];

/// The accepted kinds and their keys, for error messages and help: made from the table.
pub fn kinds_help() -> &'static str {
    static HELP: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    HELP.get_or_init(|| {
        let kinds: Vec<String> = TABLE.iter().map(|(_, name, keys)| format!("{name}{keys}")).collect();
        let tables: Vec<&str> =
            TABLE.iter().filter(|(k, _, _)| k.takes_tables() && *k != Kind::Perfect).map(|(_, n, _)| *n).collect();
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
        TABLE.iter().find(|(k, _, _)| *k == self).map_or("", |(_, n, _)| n)
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
        TABLE.iter().find(|(_, n, _)| *n == s).map(|(k, _, _)| *k).ok_or(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_parse_back_and_the_help_lists_every_kind() {
        for (kind, name, keys) in TABLE {
            assert_eq!(name.parse::<Kind>(), Ok(kind));
            assert_eq!(kind.to_string(), name);
            assert!(kinds_help().contains(&format!("{name}{keys}")), "{name}");
        }
        assert!(
            kinds_help()
                .ends_with("alphabeta and mcts also take tables=DIR (exact values where the tables cover a position)")
        );
        assert!("minimax".parse::<Kind>().is_err());
    }
}
