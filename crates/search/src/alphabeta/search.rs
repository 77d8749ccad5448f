//! Negamax with alpha-beta, principal variation search, late move reductions, a transposition
//! table, mate-distance scores and a one-ply tactical leaf search. Scores are from the side to
//! move's point of view: `MATE - ply` is a win at `ply` plies from the root.

use super::eval::{Weights, evaluate_with_limit};
use super::ordering::{MAX_PLY, Ordering};
use super::tree::{Node, Path};
use super::tt::{Bound, Table};
use crate::Oracle;
use crate::agent::Score;
use musashi_game::{Bits, Move, MoveLimit, Position, Side};
use std::time::Instant;

/// A forced win at the root.
pub(crate) const MATE: i32 = 30_000;
/// Scores beyond this are forced results.
pub(crate) const MATE_BOUND: i32 = MATE - 1_000;
/// Larger than any score.
pub(crate) const INF: i32 = 31_000;

/// Everything one search needs, borrowed from the engine for its duration.
pub(crate) struct Searcher<'a> {
    pub(crate) path: Path,
    pub(crate) tt: &'a mut Table,
    pub(crate) ord: &'a mut Ordering,
    pub(crate) weights: &'a Weights,
    pub(crate) oracle: Option<&'a dyn Oracle>,
    /// Evaluation noise amplitude and seed (0 = none).
    pub(crate) noise: i32,
    pub(crate) seed: u64,
    pub(crate) lmr: bool,
    /// Score a second occurrence (game or path) as a General win (see `Path::repeats`).
    pub(crate) early_repetition: bool,
    pub(crate) nodes: u64,
    pub(crate) node_limit: u64,
    pub(crate) deadline: Option<Instant>,
    /// Limits are only honoured once a first iteration has completed.
    pub(crate) may_stop: bool,
    pub(crate) stopped: bool,
    pv: Vec<[Option<Move>; MAX_PLY]>,
    pv_len: [usize; MAX_PLY],
}

/// Converts an internal score to the agent interface's `Score`.
pub(crate) fn to_score(s: i32) -> Score {
    if s > MATE_BOUND {
        Score::WinIn((MATE - s) as u32)
    } else if s < -MATE_BOUND {
        Score::LossIn((MATE + s) as u32)
    } else {
        Score::Value((s as f32 / 300.0).tanh())
    }
}

fn mix(x: u64) -> u64 {
    musashi_game::mix64(x.wrapping_add(musashi_game::GOLDEN_GAMMA))
}

impl<'a> Searcher<'a> {
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn new(
        path: Path,
        tt: &'a mut Table,
        ord: &'a mut Ordering,
        weights: &'a Weights,
        oracle: Option<&'a dyn Oracle>,
        noise: i32,
        seed: u64,
        lmr: bool,
    ) -> Searcher<'a> {
        Searcher {
            path,
            tt,
            ord,
            weights,
            oracle,
            noise,
            seed,
            lmr,
            early_repetition: true,
            nodes: 0,
            node_limit: u64::MAX,
            deadline: None,
            may_stop: false,
            stopped: false,
            pv: vec![[None; MAX_PLY]; MAX_PLY],
            pv_len: [0; MAX_PLY],
        }
    }

    /// The principal variation of the last completed root search.
    pub(crate) fn root_pv(&self) -> Vec<Move> {
        self.pv[0][..self.pv_len[0]].iter().map_while(|m| *m).collect()
    }

    /// The TT key: the position's key, mixed with the moves left when the limit is near enough
    /// to matter within a search (results there depend on it).
    #[inline]
    fn key(&self, node: &Node) -> u64 {
        if node.left < 160 { node.pos.hash() ^ mix(node.left as u64 + 1) } else { node.pos.hash() }
    }

    /// The plies the move limit still allows, from a node's `left` (in the limit's unit).
    #[inline]
    fn plies_left(&self, left: u32) -> Option<u32> {
        match self.path.rules().move_limit {
            MoveLimit::Plies(_) => Some(left),
            MoveLimit::SoldierMoves(_) => Some(left.saturating_mul(2)),
            MoveLimit::None => None,
        }
    }

    #[inline]
    fn eval(&self, pos: &Position, left: u32) -> i32 {
        let mut v = evaluate_with_limit(pos, self.path.threshold(), self.plies_left(left), self.weights);
        if self.noise > 0 {
            let r = mix(pos.hash() ^ self.seed) % (2 * self.noise as u64 + 1);
            v += r as i32 - self.noise;
        }
        v
    }

    #[inline]
    fn check_limits(&mut self) {
        if self.may_stop
            && (self.nodes >= self.node_limit
                || (self.nodes & 1023 == 0 && self.deadline.is_some_and(|d| Instant::now() >= d)))
        {
            self.stopped = true;
        }
    }

    /// The score of `node` searched `depth` plies deep, within (`alpha`, `beta`).
    pub(crate) fn negamax(&mut self, node: &Node, depth: u32, ply: usize, mut alpha: i32, mut beta: i32) -> i32 {
        self.nodes += 1;
        self.check_limits();
        if self.stopped {
            return 0;
        }
        self.pv_len[ply] = ply;
        let side = node.pos.side_to_move();
        let mut moves = self.path.legal_moves(node);
        if let Some(o) = self.path.outcome(node, &moves) {
            let win = MATE - ply as i32;
            return if o.winner == side { win } else { -win };
        }
        if self.early_repetition && ply > 0 && self.path.repeats() {
            let win = MATE - ply as i32;
            return if side == Side::General { win } else { -win };
        }
        // Mate-distance pruning: nothing here beats a win next ply or loses faster than now.
        alpha = alpha.max(-(MATE - ply as i32));
        beta = beta.min(MATE - ply as i32 - 1);
        if alpha >= beta {
            return alpha;
        }
        if ply > 0
            && let Some(s) = self.probe_oracle(node, ply)
        {
            return s;
        }
        if depth == 0 || ply + 3 >= MAX_PLY {
            return self.leaf(node, ply, beta);
        }

        let key = self.key(node);
        let mut hash_move = None;
        if let Some(e) = self.tt.probe(key) {
            hash_move = e.mv.filter(|m| moves.contains(m));
            if ply > 0 && e.depth >= depth {
                let s = from_tt(e.score, ply);
                let cut = match e.bound {
                    Bound::Exact => true,
                    Bound::Lower => s >= beta,
                    Bound::Upper => s <= alpha,
                };
                if cut {
                    return s;
                }
            }
        }
        self.ord.sort(&node.pos, &mut moves, hash_move, ply);

        let alpha0 = alpha;
        let mut best = -INF;
        let mut best_move = None;
        let g_steps = node.pos.general_destinations().count_ones();
        for (i, &m) in moves.iter().enumerate() {
            let quiet = match side {
                Side::General => node.pos.captures_at(m.to) == 0,
                Side::Soldiers => node.pos.board().neighbours(node.pos.general()) & m.to.bit() == 0,
            };
            let child = self.path.push(node, m);
            let mut score;
            if i == 0 {
                score = -self.negamax(&child, depth - 1, ply + 1, -beta, -alpha);
            } else {
                let r = if self.lmr && depth >= 3 && i >= 3 && quiet && g_steps > 2 {
                    1 + (depth >= 6 && i >= 8) as u32
                } else {
                    0
                };
                score = -self.negamax(&child, depth - 1 - r, ply + 1, -alpha - 1, -alpha);
                if score > alpha && (r > 0 || score < beta) {
                    score = -self.negamax(&child, depth - 1, ply + 1, -beta, -alpha);
                }
            }
            self.path.pop();
            if self.stopped {
                return 0;
            }
            if score > best {
                best = score;
                best_move = Some(m);
                if score > alpha {
                    alpha = score;
                    self.pv[ply][ply] = Some(m);
                    let child_len = self.pv_len[ply + 1].max(ply + 1);
                    for j in ply + 1..child_len {
                        self.pv[ply][j] = self.pv[ply + 1][j];
                    }
                    self.pv_len[ply] = child_len;
                    if score >= beta {
                        self.ord.cutoff(side, m, ply, depth, quiet);
                        break;
                    }
                }
            }
        }
        let bound = if best >= beta {
            Bound::Lower
        } else if best > alpha0 {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.tt.store(key, to_tt(best, ply), best_move, depth, bound);
        best
    }

    /// An exact result from the endgame oracle, when it has one and the move limit leaves room
    /// for it (General wins are exact in every ruleset: repetition and limits only add to them).
    fn probe_oracle(&mut self, node: &Node, ply: usize) -> Option<i32> {
        let oracle = self.oracle?;
        let score = oracle.probe(&node.pos)?;
        let side = node.pos.side_to_move();
        let (mover_wins, n) = match score {
            Score::WinIn(n) => (true, n),
            Score::LossIn(n) => (false, n),
            Score::Value(_) => return None,
        };
        let soldiers_win = mover_wins == (side == Side::Soldiers);
        if soldiers_win {
            let needed = match self.path.rules().move_limit {
                MoveLimit::Plies(_) => n,
                MoveLimit::SoldierMoves(_) => {
                    if side == Side::Soldiers {
                        n.div_ceil(2)
                    } else {
                        n / 2
                    }
                }
                MoveLimit::None => 0,
            };
            if needed > node.left {
                return None;
            }
        }
        // A General win by endless play has no distance: capped, it still counts as forced.
        let s = MATE - (ply as u32 + n.min(800)) as i32;
        Some(if mover_wins { s } else { -s })
    }

    /// The leaf search: the static evaluation, corrected for what happens in the next ply or
    /// two: the General's captures (and captures that win outright), a trap the soldiers can
    /// close in one move, and the move limit running out.
    fn leaf(&mut self, node: &Node, ply: usize, beta: i32) -> i32 {
        let pos = &node.pos;
        match pos.side_to_move() {
            Side::Soldiers => self.soldiers_leaf(pos, node.left, ply),
            Side::General => {
                let win = MATE - ply as i32 - 1;
                if node.left == 1 && matches!(self.path.rules().move_limit, MoveLimit::Plies(_)) {
                    return win;
                }
                let mut best = self.eval(pos, node.left);
                if best >= beta {
                    return best;
                }
                let threshold = self.path.threshold();
                let left = match self.path.rules().move_limit {
                    MoveLimit::Plies(_) => node.left - 1,
                    _ => node.left,
                };
                for to in Bits(pos.general_destinations()) {
                    let c = pos.captures_at(to);
                    if c == 0 {
                        continue;
                    }
                    if pos.num_soldiers() - c.count_ones() <= threshold {
                        return win;
                    }
                    let (child, _) = pos.play(Move::new_unchecked(pos.general(), to));
                    self.nodes += 1;
                    best = best.max(-self.soldiers_leaf(&child, left, ply + 1));
                    if best >= beta {
                        break;
                    }
                }
                best
            }
        }
    }

    /// A leaf with the soldiers to move: a trap in one wins; a last allowed move that does not
    /// trap loses; no move at all loses; otherwise the evaluation.
    fn soldiers_leaf(&self, pos: &Position, left: u32, ply: usize) -> i32 {
        let win = MATE - ply as i32 - 1;
        let nbr = &pos.board().topology().neighbours;
        let g = pos.general();
        let steps = pos.general_destinations();
        if steps.count_ones() == 1 {
            let q = steps.trailing_zeros() as usize;
            if nbr[q] & pos.soldiers() & !nbr[g.index()] != 0 {
                return win;
            }
        }
        if !pos.has_moves() {
            return -(MATE - ply as i32);
        }
        if left == 1 {
            return -win;
        }
        self.eval(pos, left)
    }
}

/// Mate scores are stored relative to the node, so that they stay right at any ply.
fn to_tt(s: i32, ply: usize) -> i32 {
    if s > MATE_BOUND {
        s + ply as i32
    } else if s < -MATE_BOUND {
        s - ply as i32
    } else {
        s
    }
}

fn from_tt(s: i32, ply: usize) -> i32 {
    if s > MATE_BOUND {
        s - ply as i32
    } else if s < -MATE_BOUND {
        s + ply as i32
    } else {
        s
    }
}
