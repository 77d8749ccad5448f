//! The rules inside the search tree. `Game` is exact but keeps a growing history; inside the
//! tree the search works on `Position` values and keeps its own stack of the positions on the
//! path (on top of the game's history), the soldiers' move budget, and applies the
//! history-dependent rules exactly as `Game` does:
//!
//! - **endings**, in the rules' order: trap, too few soldiers after a capture, soldiers stuck,
//!   third occurrence (`third-time-general-wins`), move limit;
//! - **legality** under `soldiers-may-not-repeat`: a soldier move may not recreate a recorded
//!   (General-to-move) position of the game or of the path.
//!
//! A test plays random games under every preset and checks both against `Game` at every step.

use musashi_game::{EndReason, Game, Move, MoveLimit, MoveList, Outcome, Position, Repetition, Ruleset, Side};

/// A node of the tree: its position, what the move into it captured, and how many more moves
/// the move limit allows (in the limit's unit; `u32::MAX` without a limit).
#[derive(Copy, Clone, Debug)]
pub(crate) struct Node {
    pub(crate) pos: Position,
    pub(crate) captured: u64,
    pub(crate) left: u32,
}

/// The path from the game's start to the current node.
#[derive(Clone, Debug)]
pub(crate) struct Path {
    rules: Ruleset,
    threshold: u32,
    /// The game's positions, oldest first, then the search path; the last is the current node.
    stack: Vec<Position>,
    /// How many positions of the stack fall in each bucket of their key's low bits: a
    /// position can only repeat when its bucket holds more than itself, so most nodes skip
    /// the scan.
    buckets: Vec<u32>,
}

const BUCKETS: usize = 1 << 12;

#[inline]
fn bucket(pos: &Position) -> usize {
    pos.hash() as usize & (BUCKETS - 1)
}

impl Path {
    /// The path of `game`'s history, and the node of its current position.
    pub(crate) fn from_game(game: &Game) -> (Path, Node) {
        let rules = *game.rules();
        let mut stack = Vec::with_capacity(game.plies() as usize + 128);
        let mut pos = *game.start_position();
        stack.push(pos);
        for m in game.moves() {
            pos = pos.play(m).0;
            stack.push(pos);
        }
        debug_assert_eq!(pos, *game.position());
        let node = Node { pos, captured: game.last_captured(), left: game.moves_left().unwrap_or(u32::MAX) };
        let mut buckets = vec![0u32; BUCKETS];
        for p in &stack {
            buckets[bucket(p)] += 1;
        }
        (Path { rules, threshold: rules.threshold(), stack, buckets }, node)
    }

    /// The ruleset.
    pub(crate) fn rules(&self) -> &Ruleset {
        &self.rules
    }

    /// The capture threshold.
    pub(crate) fn threshold(&self) -> u32 {
        self.threshold
    }

    /// Plays `m` from `node` (whose position is the top of the stack) and pushes the child.
    #[inline]
    pub(crate) fn push(&mut self, node: &Node, m: Move) -> Node {
        let (pos, captured) = node.pos.play(m);
        let spent = match self.rules.move_limit {
            MoveLimit::Plies(_) => 1,
            MoveLimit::SoldierMoves(_) => (node.pos.side_to_move() == Side::Soldiers) as u32,
            MoveLimit::None => 0,
        };
        self.stack.push(pos);
        self.buckets[bucket(&pos)] += 1;
        Node { pos, captured, left: node.left.saturating_sub(spent) }
    }

    /// Takes the top position off the stack.
    #[inline]
    pub(crate) fn pop(&mut self) {
        let pos = self.stack.pop().expect("pop after push");
        self.buckets[bucket(&pos)] -= 1;
    }

    /// Whether `next` (a position right after a soldier move) repeats a recorded position: a
    /// General-to-move position on the stack. Captures are irreversible, so the scan stops at
    /// the first position with another number of soldiers.
    #[inline]
    fn recorded(&self, next: &Position) -> bool {
        if self.buckets[bucket(next)] == 0 {
            return false;
        }
        let n = next.num_soldiers();
        self.stack.iter().rev().take_while(|p| p.num_soldiers() == n).any(|p| p == next)
    }

    /// How many times the top position occurs on the stack (1 = only now), exact from 3 up
    /// (below 3, an upper bound). A position can only recur after an even number of plies.
    #[inline]
    fn occurrences(&self) -> u32 {
        let top = self.stack.len() - 1;
        let pos = self.stack[top];
        if self.buckets[bucket(&pos)] < 3 {
            return self.buckets[bucket(&pos)];
        }
        let n = pos.num_soldiers();
        let mut count = 1;
        let mut i = top;
        while i >= 2 {
            let a = &self.stack[i - 1];
            let b = &self.stack[i - 2];
            if a.num_soldiers() != n || b.num_soldiers() != n {
                break;
            }
            if *b == pos {
                count += 1;
            }
            i -= 2;
        }
        count
    }

    /// Whether the top position already occurred, in the game or on the search path. Under
    /// `third-time-general-wins` and `none` the search scores this second occurrence as a
    /// General win (see `docs/alphabeta.md`): the soldiers' wins in the game-theoretic form
    /// never repeat a position (their distance to the trap falls with every move), so a
    /// repetition gains them nothing, while shuffling lets the General's rules (third
    /// occurrence, move limit) come closer. Not a rule of the game: `outcome` stays exact.
    #[inline]
    pub(crate) fn repeats(&self) -> bool {
        if self.rules.repetition == Repetition::SoldiersMayNotRepeat {
            return false;
        }
        let top = self.stack.len() - 1;
        let pos = &self.stack[top];
        if self.buckets[bucket(pos)] < 2 {
            return false;
        }
        let n = pos.num_soldiers();
        let mut i = top;
        while i >= 2 {
            i -= 2;
            if self.stack[i + 1].num_soldiers() != n || self.stack[i].num_soldiers() != n {
                return false;
            }
            if self.stack[i] == *pos {
                return true;
            }
        }
        false
    }

    /// The legal moves of `node` (the top of the stack).
    #[inline]
    pub(crate) fn legal_moves(&self, node: &Node) -> MoveList {
        let mut list = node.pos.moves();
        if self.rules.repetition == Repetition::SoldiersMayNotRepeat && node.pos.side_to_move() == Side::Soldiers {
            list.retain(|m| !self.recorded(&node.pos.play(m).0));
        }
        list
    }

    /// The ending at `node` (the top of the stack), given its legal moves, in the rules' order.
    #[inline]
    pub(crate) fn outcome(&self, node: &Node, legal: &MoveList) -> Option<Outcome> {
        let general = |reason| Some(Outcome { winner: Side::General, reason });
        let side = node.pos.side_to_move();
        if side == Side::General && legal.is_empty() {
            return Some(Outcome { winner: Side::Soldiers, reason: EndReason::Trap });
        }
        if node.captured != 0 && node.pos.num_soldiers() <= self.threshold {
            return general(EndReason::TooFewSoldiers);
        }
        if side == Side::Soldiers && legal.is_empty() {
            return general(EndReason::SoldiersStuck);
        }
        if self.rules.repetition == Repetition::ThirdTimeGeneralWins && self.occurrences() >= 3 {
            return general(EndReason::Repetition);
        }
        if node.left == 0 {
            return general(EndReason::MoveLimit);
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use musashi_game::{Board, Preset, Threshold};
    use rand::rngs::SmallRng;
    use rand::{Rng, SeedableRng};

    /// Walks random games with `Game` and, in lockstep, with `Path` + `Node`, checking that legal
    /// moves and endings agree at every step. Moves are biased towards repeating earlier
    /// positions (going back and forth) so that both repetition rules are exercised.
    fn agree(rules: Ruleset, games: usize, seed: u64) -> [usize; 6] {
        let mut rng = SmallRng::seed_from_u64(seed);
        let mut endings = [0usize; 6];
        for _ in 0..games {
            let mut game = Game::new(rules);
            let (mut path, mut node) = Path::from_game(&game);
            let mut undo_of: Vec<Move> = Vec::new();
            loop {
                let legal = path.legal_moves(&node);
                let mut expected: Vec<Move> = game.legal_moves().to_vec();
                let outcome = path.outcome(&node, &legal);
                assert_eq!(outcome, game.outcome(), "ending at {} ({rules})", node.pos);
                if outcome.is_some() {
                    let i = musashi_game::EndReason::ALL.iter().position(|r| Some(*r) == outcome.map(|o| o.reason));
                    endings[i.unwrap()] += 1;
                    break;
                }
                let mut got = legal.to_vec();
                got.sort();
                expected.sort();
                assert_eq!(got, expected, "legal moves at {} ({rules})", node.pos);
                assert_eq!(node.left, game.moves_left().unwrap_or(u32::MAX));
                // Prefer stepping back to where the piece came from two plies ago.
                let back = undo_of.len().checked_sub(2).map(|i| {
                    let m = undo_of[i];
                    Move::new_unchecked(m.to, m.from)
                });
                let m = match back {
                    Some(b) if got.contains(&b) && rng.random_bool(0.7) => b,
                    _ => got[rng.random_range(0..got.len())],
                };
                game.play(m).unwrap();
                node = path.push(&node, m);
                undo_of.push(m);
            }
            // A fresh path from the finished game agrees too.
            let (p2, n2) = Path::from_game(&game);
            assert_eq!(p2.outcome(&n2, &p2.legal_moves(&n2)), game.outcome());
        }
        endings
    }

    #[test]
    fn agrees_with_game_on_every_preset() {
        for (i, preset) in Preset::ALL.into_iter().enumerate() {
            let mut rules = preset.ruleset();
            if preset == Preset::Solved {
                // Without a limit random games can run long: give them one.
                rules.move_limit = MoveLimit::Plies(400);
            }
            agree(rules, 60, i as u64);
        }
    }

    #[test]
    fn every_ending_is_exercised() {
        let mut total = [0usize; 6];
        let customs = [
            Preset::Classic.ruleset(),
            Ruleset { move_limit: MoveLimit::SoldierMoves(12), ..Preset::Qdan.ruleset() },
            Ruleset {
                move_limit: MoveLimit::Plies(30),
                general_wins_at: Threshold::AtMost(12),
                ..Preset::Classic.ruleset()
            },
            Ruleset { board: Board::Square25, repetition: Repetition::SoldiersMayNotRepeat, ..Preset::Qdan.ruleset() },
        ];
        for (i, rules) in customs.into_iter().enumerate() {
            let e = agree(rules, 80, 100 + i as u64);
            for k in 0..6 {
                total[k] += e[k];
            }
        }
        // trap, too few, stuck (rare), repetition, limit; no resignation.
        assert!(total[0] > 0 && total[1] > 0 && total[3] > 0 && total[4] > 0, "{total:?}");
    }
}
