//! Perfect play from an exact oracle: among the moves with the best exact value (the shortest
//! win, else the longest resistance), a seeded random one. Positions the oracle does not cover
//! are played by a fallback agent. Optionally it blunders: with probability `blunder` per move
//! it plays a move drawn uniformly from those whose exact value is worse than the best (none
//! when every move is worth the same).

use crate::agent::{Agent, Analysis, Choice, Score};
use crate::oracle::Oracle;
use musashi_game::Game;
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use std::sync::Arc;

/// Plays the oracle's best moves.
pub struct PerfectAgent {
    name: String,
    oracle: Arc<dyn Oracle>,
    fallback: Box<dyn Agent>,
    rng: SmallRng,
    blunder: f32,
}

impl std::fmt::Debug for PerfectAgent {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PerfectAgent").field("name", &self.name).finish_non_exhaustive()
    }
}

impl PerfectAgent {
    /// Perfect play from `oracle`, `fallback` where it does not cover a position.
    pub fn new(name: impl Into<String>, oracle: Arc<dyn Oracle>, fallback: Box<dyn Agent>) -> PerfectAgent {
        PerfectAgent { name: name.into(), oracle, fallback, rng: SmallRng::seed_from_u64(0), blunder: 0.0 }
    }

    /// Plays, with probability `chance` per move (0..=1), a move drawn uniformly from the legal
    /// moves whose exact value is worse than the best one's, where there is one. The draws come
    /// from the game's seed, and only an agent with a chance above 0 draws, so the moves of one
    /// without blunders do not change. Where the oracle does not cover a position the fallback
    /// plays, without blunders added here.
    pub fn with_blunder(mut self, chance: f32) -> PerfectAgent {
        self.blunder = chance;
        self
    }
}

/// Orders scores for the side to move: wins before losses, shorter wins, longer losses.
fn key(s: Score) -> (u8, i64) {
    match s {
        Score::WinIn(n) => (2, -(n as i64)),
        Score::Value(_) => (1, 0),
        Score::LossIn(n) => (0, n as i64),
    }
}

impl Agent for PerfectAgent {
    fn name(&self) -> String {
        self.name.clone()
    }

    fn new_game(&mut self, seed: u64) {
        self.rng = SmallRng::seed_from_u64(seed);
        self.fallback.new_game(seed ^ 0x5eed);
    }

    fn choose(&mut self, game: &Game) -> Choice {
        let legal = game.legal_moves();
        let threshold = game.rules().threshold();
        let scored = self
            .oracle
            .move_values(game.position(), threshold)
            .map(|all| all.into_iter().filter(|(m, _)| legal.contains(m)).collect::<Vec<_>>());
        match scored {
            Some(moves) if !moves.is_empty() => {
                let best = moves.iter().map(|&(_, s)| key(s)).max().expect("non-empty");
                let top: Vec<_> = moves.iter().filter(|&&(_, s)| key(s) == best).collect();
                let &(mut mv, mut score) = top[self.rng.random_range(0..top.len())];
                if self.blunder > 0.0 {
                    let worse: Vec<_> = moves.iter().filter(|&&(_, s)| key(s) < best).collect();
                    if !worse.is_empty() && self.rng.random::<f32>() < self.blunder {
                        (mv, score) = *worse[self.rng.random_range(0..worse.len())];
                    }
                }
                Choice { mv, analysis: Analysis { score: Some(score), pv: vec![mv], nodes: 0, depth: None } }
            }
            _ => self.fallback.choose(game),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::RandomAgent;
    use musashi_game::{Move, Point, Position, Preset, Side};

    /// A fake oracle: a position is won for the side to move in as many plies as the General's
    /// point index when that index is even, lost in as many when odd, so moves differ in value.
    struct Parity;

    impl Oracle for Parity {
        fn probe(&self, pos: &Position) -> Option<Score> {
            let i = pos.general().index() as u32 + 1;
            Some(if i.is_multiple_of(2) { Score::WinIn(i) } else { Score::LossIn(i) })
        }
    }

    fn ranks(game: &Game) -> (Vec<(Move, Score)>, (u8, i64)) {
        let moves = Parity.move_values(game.position(), game.rules().threshold()).unwrap();
        let best = moves.iter().map(|&(_, s)| key(s)).max().unwrap();
        (moves, best)
    }

    fn moves_played(chance: f32, seed: u64) -> Vec<(bool, bool)> {
        let mut agent = PerfectAgent::new("p", Arc::new(Parity), Box::new(RandomAgent::new(0))).with_blunder(chance);
        agent.new_game(seed);
        let rules = Preset::NoSetchin.ruleset();
        let mut out = Vec::new();
        // General moves from many points (soldiers far away): is the played move the best
        // value, and could a worse one have been played?
        for g in ["c3", "b2", "d4", "b4", "d2", "c2", "b3", "d3"] {
            let soldiers: Position = "S..../...../..G../...../....S g".parse().unwrap();
            let pos =
                Position::new(soldiers.board(), Point::parse(g).unwrap(), soldiers.soldiers(), Side::General).unwrap();
            let game = Game::from_position(rules, pos).unwrap();
            let (values, best) = ranks(&game);
            let mv = agent.choose(&game).mv;
            let got = values.iter().find(|(m, _)| *m == mv).unwrap().1;
            let worse_exists = values.iter().any(|&(_, s)| key(s) < best);
            out.push((key(got) == best, worse_exists));
        }
        out
    }

    #[test]
    fn blunders_pick_worse_moves_only_when_asked() {
        let exact = moves_played(0.0, 3);
        assert!(exact.iter().all(|&(best, _)| best));
        assert!(exact.iter().any(|&(_, worse)| worse), "the fixture needs positions with worse moves");
        // Always blundering: a worse move wherever one exists, the best where none does.
        for (best, worse) in moves_played(1.0, 3) {
            assert_eq!(best, !worse);
        }
        assert_eq!(moves_played(0.5, 3), moves_played(0.5, 3));
    }
}
