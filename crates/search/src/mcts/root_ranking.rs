//! The root's moves ranked by the positions they lead to (`MctsConfig::root_ranking`): where the
//! root's value says its side to move loses, the position after each root move is evaluated and
//! each move's logit gains its child's predicted plies to the end over a temperature, so that
//! the search starts from the policy times a softmax of the children's delays: the longest
//! resistance first. A moves-left head trained to rank siblings (the trainer's
//! `train.rank_siblings`) judges a move by the whole position it leads to, which the policy's
//! per-action outputs do not share between moves. Only the root pays: one evaluation per legal
//! move, not counted as simulations.

use musashi_game::{Game, Move, Side, Snapshot};

/// The value for the side to move at or below which it counts as losing: where the search's
/// `rank` acts, and what the trainer's sibling ranking trains (`train.rank_siblings`).
pub const LOSING_VALUE: f32 = -0.5;

/// A root move's child: to be evaluated, or already over.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Child {
    /// The position after the move, and its predicted plies to the end once evaluated.
    Open(Snapshot, Option<f32>),
    /// The move ends the game; whether the mover wins by it.
    Over { mover_wins: bool },
}

/// Gathers the evaluations of one root's children.
#[derive(Clone, Debug)]
pub(super) struct RootRanking {
    moves: Vec<Move>,
    children: Vec<Child>,
    /// Children evaluated so far (of the open ones, in order).
    next: usize,
    /// Whether an evaluation lacked plies (an evaluator without the head): nothing to rank by.
    failed: bool,
}

impl RootRanking {
    /// The children of `game`'s position (its history kept, so repetitions count right).
    pub(super) fn new(game: &Game) -> RootRanking {
        let mover: Side = game.position().side_to_move();
        let mut moves = Vec::new();
        let mut children = Vec::new();
        for &m in game.legal_moves().iter() {
            let g = game.after(m).expect("a legal move");
            moves.push(m);
            children.push(match g.outcome() {
                Some(o) => Child::Over { mover_wins: o.winner == mover },
                None => Child::Open(g.snapshot(), None),
            });
        }
        let mut r = RootRanking { moves, children, next: 0, failed: false };
        r.skip_over();
        r
    }

    /// Moves `next` past the children that need no evaluation.
    fn skip_over(&mut self) {
        while matches!(self.children.get(self.next), Some(Child::Over { .. })) {
            self.next += 1;
        }
    }

    /// The next child to evaluate, or `None` once all are (or the ranking failed).
    pub(super) fn next_child(&self) -> Option<Snapshot> {
        match self.children.get(self.next)? {
            Child::Open(s, _) if !self.failed => Some(*s),
            _ => None,
        }
    }

    /// Adds the predicted plies of the child `next_child` returned (`None`: the evaluator has no
    /// moves-left head, and the ranking gives up).
    pub(super) fn add(&mut self, plies: Option<f32>) {
        match plies {
            Some(p) => {
                if let Some(Child::Open(_, slot)) = self.children.get_mut(self.next) {
                    *slot = Some(p);
                }
                self.next += 1;
                self.skip_over();
            }
            None => self.failed = true,
        }
    }

    /// Whether no evaluation is pending any more.
    pub(super) fn complete(&self) -> bool {
        self.next_child().is_none()
    }

    /// What to add to the logit of each of `moves` (in nats, at most 0): the child's plies over
    /// `temperature` plies a nat, less the longest; a move that wins at once gets 0, one that
    /// loses at once the least. `None` when the ranking failed.
    pub(super) fn bonuses(&self, moves: &[Move], temperature: f32) -> Option<Vec<f32>> {
        if self.failed || !self.complete() {
            return None;
        }
        let plies: Vec<f32> =
            self.children.iter().filter_map(|c| if let Child::Open(_, p) = c { *p } else { None }).collect();
        let longest = plies.iter().copied().fold(f32::NEG_INFINITY, f32::max);
        let shortest = plies.iter().copied().fold(f32::INFINITY, f32::min);
        let (longest, shortest) = if plies.is_empty() { (0.0, 0.0) } else { (longest, shortest) };
        let bonus = |c: &Child| match *c {
            Child::Open(_, p) => (p.unwrap_or(shortest) - longest) / temperature,
            Child::Over { mover_wins: true } => 0.0,
            Child::Over { mover_wins: false } => (shortest - longest) / temperature - 1.0,
        };
        moves.iter().map(|m| self.moves.iter().position(|x| x == m).map(|k| bonus(&self.children[k]))).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use musashi_game::Preset;

    #[test]
    fn every_open_child_is_asked_for_once_and_the_bonuses_follow_their_plies() {
        let g = Game::new(Preset::Classic.ruleset());
        let mut r = RootRanking::new(&g);
        let moves: Vec<Move> = g.legal_moves().iter().copied().collect();
        let mut asked = Vec::new();
        while let Some(s) = r.next_child() {
            asked.push(s);
            r.add(Some(asked.len() as f32 * 2.0));
        }
        assert_eq!(asked.len(), moves.len(), "no move ends the game at the start");
        for (m, s) in moves.iter().zip(&asked) {
            assert_eq!(*s, g.after(*m).unwrap().snapshot());
        }
        let reversed: Vec<Move> = moves.iter().rev().copied().collect();
        let b = r.bonuses(&reversed, 2.0).unwrap();
        let n = moves.len() as f32;
        for (i, x) in b.iter().enumerate() {
            // reversed[i] is moves[n - 1 - i], asked (n - i)-th, with 2(n - i) plies.
            assert_eq!(*x, (2.0 * (n - i as f32) - 2.0 * n) / 2.0);
        }
        let mut failed = RootRanking::new(&g);
        failed.add(None);
        assert!(failed.complete() && failed.bonuses(&moves, 1.0).is_none(), "no head, no ranking");
    }
}
