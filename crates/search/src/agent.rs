//! The `Agent` trait: one interface for every kind of player.

use musashi_game::{Game, Move};
use std::fmt;

/// A score from the point of view of the side to move.
#[derive(Copy, Clone, PartialEq, Debug)]
pub enum Score {
    /// An estimate of the mover's result in [-1, 1] (+1 = certain win).
    Value(f32),
    /// A forced win for the mover in this many plies.
    WinIn(u32),
    /// A forced loss for the mover in this many plies.
    LossIn(u32),
}

impl Score {
    /// The score as a number in [-1, 1] (forced results are ±1).
    pub fn value(self) -> f32 {
        match self {
            Score::Value(v) => v,
            Score::WinIn(_) => 1.0,
            Score::LossIn(_) => -1.0,
        }
    }
}

impl fmt::Display for Score {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Score::Value(v) => write!(f, "{v:+.3}"),
            Score::WinIn(n) => write!(f, "win in {n}"),
            Score::LossIn(n) => write!(f, "loss in {n}"),
        }
    }
}

/// What an agent can say about its choice (every field optional).
#[derive(Clone, PartialEq, Debug, Default)]
pub struct Analysis {
    /// The agent's evaluation of the position, for the side to move.
    pub score: Option<Score>,
    /// The principal variation, starting with the chosen move.
    pub pv: Vec<Move>,
    /// Nodes searched (or simulations, for MCTS).
    pub nodes: u64,
    /// Depth completed, for depth-first searches.
    pub depth: Option<u32>,
}

impl std::fmt::Display for Analysis {
    /// `score S, depth D, nodes N, pv M M ...` (`-` for what the agent does not say).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let pv: Vec<String> = self.pv.iter().map(|m| m.to_string()).collect();
        let score = self.score.map_or("-".to_string(), |s| s.to_string());
        let depth = self.depth.map_or("-".to_string(), |d| d.to_string());
        write!(f, "score {score}, depth {depth}, nodes {}, pv {}", self.nodes, pv.join(" "))
    }
}

/// A chosen move and its analysis.
#[derive(Clone, PartialEq, Debug)]
pub struct Choice {
    /// The move (legal in the game it was chosen for).
    pub mv: Move,
    /// What the agent knows about it.
    pub analysis: Analysis,
}

impl Choice {
    /// A move without analysis.
    pub fn plain(mv: Move) -> Choice {
        Choice { mv, analysis: Analysis::default() }
    }
}

/// A player. Given a game (position, ruleset and history) that is not over, it returns a
/// legal move. Its choices are a deterministic function of the seed given to `new_game` and
/// the games it has been shown since (time-limited searches excepted).
pub trait Agent: Send {
    /// A short name for reports, such as `alphabeta:depth=6`.
    fn name(&self) -> String;

    /// Starts a new game: clears per-game state and reseeds any randomness.
    fn new_game(&mut self, seed: u64);

    /// Chooses a move for the side to move. `game` is not over.
    fn choose(&mut self, game: &Game) -> Choice;
}
