//! Shared by the tests that judge players against the exact solver: the 25-point game solved up
//! to 6 soldiers in memory, and a minimal `Oracle` over it.

use musashi_game::{Board, Position, Side};
use musashi_search::{Oracle, Score};
use musashi_solver::{Levels, SolveConfig, Tables, Value, solve_in_memory};
use std::sync::Arc;

pub struct Exact(pub Arc<Tables>);

impl Oracle for Exact {
    fn probe(&self, pos: &Position) -> Option<Score> {
        if !self.0.covers(pos.num_soldiers()) {
            return None;
        }
        let (soldiers_win, n) = match self.0.probe(pos).ok()? {
            Value::SoldiersWin(n) => (true, n),
            Value::GeneralWins => (false, 1000),
        };
        let mover_wins = soldiers_win == (pos.side_to_move() == Side::Soldiers);
        Some(if mover_wins { Score::WinIn(n) } else { Score::LossIn(n) })
    }
}

pub fn tables() -> Arc<Tables> {
    let config = SolveConfig { board: Board::Square25, threshold: 2, max_soldiers: 6, levels: Levels::All };
    Arc::new(solve_in_memory(config, &|_| {}).unwrap().0)
}
