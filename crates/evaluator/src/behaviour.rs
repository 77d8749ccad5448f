//! How an agent plays, measured on its games: what the game describes its levels by. The
//! soldiers' gaps (moves after which the General can take the soldier that moved), the General's
//! wandering (moves into a corner of the square or into the setchin) and its double threats
//! (moves after which it threatens two different captures and no soldier move parries both),
//! and, with an exact oracle, the blunder rate ([`crate::Accuracy`]).

use crate::accuracy::Accuracy;
use crate::matches::MatchGame;
use musashi_game::analysis::{capture_destinations, is_unsafe_soldier_move};
use musashi_game::{Game, Move, Point, Position, Side};
use musashi_search::Oracle;

/// The corners of the square (`a1`, `e1`, `a5`, `e5`), by point index.
const CORNERS: [usize; 4] = [0, 4, 20, 24];

/// Whether `p` is a corner of the square or a setchin point: where a General has few ways out.
pub fn is_corner_or_setchin(p: Point) -> bool {
    p.in_setchin() || CORNERS.contains(&p.index())
}

/// Whether the soldiers (to move in `pos`) face a double threat: the General, were it to move,
/// could capture at two destinations that take different soldiers, and after every soldier
/// move it still could capture something.
pub fn is_double_threat(pos: &Position) -> bool {
    if pos.side_to_move() != Side::Soldiers {
        return false;
    }
    let threats = |p: &Position| -> Vec<u64> {
        let g = p.with_side_to_move(Side::General);
        capture_destinations(&g).into_iter().map(|(to, _)| g.captures_at(to)).collect()
    };
    let now = threats(pos);
    let two_apart = now.iter().enumerate().any(|(i, a)| now[i + 1..].iter().any(|b| a != b));
    two_apart && pos.moves().iter().all(|&m| !threats(&pos.play(m).0).is_empty())
}

/// One side's behaviour over some games.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Behaviour {
    /// Games measured.
    pub games: u64,
    /// The side's moves measured (the random opening moves are not).
    pub moves: u64,
    /// Soldiers: moves after which the General could take the soldier that moved.
    pub unsafe_moves: u64,
    /// Soldiers: moves made where a safe move existed (the denominator of the gap rate).
    pub avoidable: u64,
    /// Soldiers: unsafe moves made where a safe move existed.
    pub avoidable_unsafe: u64,
    /// General: moves into a corner of the square or the setchin.
    pub corner_moves: u64,
    /// General: moves that set up a double threat ([`is_double_threat`]).
    pub double_threats: u64,
    /// Moves from won positions, and of them those that lose the win (with an oracle; else 0).
    pub winning: u64,
    /// See `winning`.
    pub blunders: u64,
}

impl Behaviour {
    /// Adds the moves `side` made in `record` (after its random opening moves); with an oracle,
    /// also its blunders.
    pub fn add_game(&mut self, record: &MatchGame, side: Side, oracle: Option<&dyn Oracle>) {
        let played = &record.game;
        let Ok(mut game) = Game::from_position(played.rules, played.start) else { return };
        self.games += 1;
        for (ply, &mv) in played.moves.iter().enumerate() {
            let pos = *game.position();
            if ply as u32 >= record.opening_plies && pos.side_to_move() == side {
                self.add_move(&pos, mv);
            }
            if game.play(mv).is_err() {
                break;
            }
        }
        if let Some(oracle) = oracle {
            let mut acc = Accuracy::default();
            acc.add_game(oracle, record, &[side]);
            let c = acc.side(side);
            self.winning += c.winning;
            self.blunders += c.blunders;
        }
    }

    fn add_move(&mut self, pos: &Position, mv: Move) {
        self.moves += 1;
        match pos.side_to_move() {
            Side::General => {
                self.corner_moves += u64::from(is_corner_or_setchin(mv.to));
                self.double_threats += u64::from(is_double_threat(&pos.play(mv).0));
            }
            Side::Soldiers => {
                let gap = is_unsafe_soldier_move(pos, mv);
                self.unsafe_moves += u64::from(gap);
                if pos.moves().iter().any(|&m| !is_unsafe_soldier_move(pos, m)) {
                    self.avoidable += 1;
                    self.avoidable_unsafe += u64::from(gap);
                }
            }
        }
    }

    /// Share of the soldiers' moves that leave a gap where a safe move existed (NaN without any).
    pub fn gap_rate(&self) -> f64 {
        self.avoidable_unsafe as f64 / self.avoidable as f64
    }

    /// Share of the General's moves into a corner or the setchin (NaN without moves).
    pub fn corner_rate(&self) -> f64 {
        self.corner_moves as f64 / self.moves as f64
    }

    /// Double threats set up per game (NaN without games).
    pub fn double_threats_per_game(&self) -> f64 {
        self.double_threats as f64 / self.games as f64
    }

    /// Share of moves from won positions that lose the win (NaN without an oracle or such moves).
    pub fn blunder_rate(&self) -> f64 {
        self.blunders as f64 / self.winning as f64
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use musashi_game::{EndReason, Outcome, PlayedGame, Preset};

    fn pos(text: &str) -> Position {
        text.parse().unwrap()
    }

    #[test]
    fn corners_and_setchin() {
        let names = |p: &str| is_corner_or_setchin(Point::parse(p).unwrap());
        for p in ["a1", "e1", "a5", "e5", "c6", "a7", "e7", "b6"] {
            assert!(names(p), "{p}");
        }
        for p in ["c3", "b1", "c5", "a3"] {
            assert!(!names(p), "{p}");
        }
    }

    #[test]
    fn a_fork_the_soldiers_cannot_parry_is_a_double_threat() {
        // The General on c3: to b2 it takes a2 and c2, to d4 it takes c4 and e4. No one soldier
        // move covers both (blocking b2 leaves d4, moving c4 or e4 away leaves b2).
        assert!(is_double_threat(&pos("...../S.S../..G../..S.S/...../.../..... s")));
        // One threat only: parried (a2 or c2 steps to b2, or one of them steps away).
        assert!(!is_double_threat(&pos("...../S.S../..G../..S../...../.../..... s")));
        // The same fork with the General to move is not the soldiers' problem yet.
        assert!(!is_double_threat(&pos("...../S.S../..G../..S.S/...../.../..... g")));
        // The start with the soldiers to move (soldiers first): four captures threatened, and
        // no soldier move parries them all.
        assert!(is_double_threat(&Position::start(musashi_game::Board::Setchin33, Side::Soldiers)));
    }

    #[test]
    fn counts_follow_the_definitions_on_a_game() {
        // A seeded random game on the classic rules, measured for both sides, against counts
        // made here move by move with the analysis module's own `unsafe_soldier_moves`.
        let rules = Preset::Classic.ruleset();
        let mut game = Game::new(rules);
        let mut moves = Vec::new();
        let mut x = 12345u64;
        while !game.is_over() && moves.len() < 120 {
            let legal = game.legal_moves();
            x = x.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            let m = legal[(x >> 33) as usize % legal.len()];
            moves.push(m);
            game.play(m).unwrap();
        }
        let outcome = game.outcome().unwrap_or(Outcome { winner: Side::General, reason: EndReason::Resignation });
        let record =
            MatchGame { index: 0, opening_plies: 2, adjudicated: false, game: PlayedGame::of(&game, 1, outcome) };
        let (mut g, mut s) = (Behaviour::default(), Behaviour::default());
        g.add_game(&record, Side::General, None);
        s.add_game(&record, Side::Soldiers, None);
        let mut replay = Game::new(rules);
        let (mut gm, mut sm, mut unsafe_moves, mut corners) = (0, 0, 0, 0);
        for (ply, &m) in moves.iter().enumerate() {
            let p = *replay.position();
            if ply >= 2 {
                if p.side_to_move() == Side::General {
                    gm += 1;
                    corners += u64::from(m.to.in_setchin() || [0, 4, 20, 24].contains(&m.to.index()));
                } else {
                    sm += 1;
                    unsafe_moves += u64::from(musashi_game::analysis::unsafe_soldier_moves(&p).contains(&m));
                }
            }
            replay.play(m).unwrap();
        }
        assert_eq!((g.moves, s.moves), (gm, sm));
        assert_eq!(g.moves + s.moves, moves.len() as u64 - 2);
        assert_eq!(g.corner_moves, corners);
        assert_eq!(s.unsafe_moves, unsafe_moves);
        assert!(s.avoidable_unsafe <= s.unsafe_moves && s.avoidable <= s.moves);
        assert_eq!((g.games, s.games), (1, 1));
        assert_eq!((g.unsafe_moves, s.corner_moves, s.double_threats), (0, 0, 0), "each side's own measures");
        assert!(g.blunder_rate().is_nan(), "no oracle: no blunder rate");
    }
}
