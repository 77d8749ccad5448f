//! Move ordering: the hash move first, then the General's captures (most soldiers first) or the
//! soldiers' trapping and step-closing moves, then killer moves, then the history heuristic;
//! soldier moves that hand the General a capture of the moved soldier go last.

use musashi_game::{Move, MoveList, Position, Side, analysis};

/// Plies the killer table covers.
pub(crate) const MAX_PLY: usize = 128;

const HASH: i64 = 1 << 40;
const WIN: i64 = 1 << 36;
const CAPTURE: i64 = 1 << 32;
const KILLER: i64 = 1 << 28;
const CLOSE: i64 = 1 << 24;
const UNSAFE: i64 = -(1 << 30);

/// Killer moves per ply and the history counters per side, origin and destination.
#[derive(Clone, Debug)]
pub(crate) struct Ordering {
    killers: Vec<[Option<Move>; 2]>,
    history: Vec<u32>,
}

impl Ordering {
    pub(crate) fn new() -> Ordering {
        Ordering { killers: vec![[None; 2]; MAX_PLY], history: vec![0; 2 * 64 * 64] }
    }

    /// Forgets killers and history.
    pub(crate) fn clear(&mut self) {
        self.killers.iter_mut().for_each(|k| *k = [None; 2]);
        self.history.fill(0);
    }

    /// Starts a new search: keeps the history, halved, and the killers.
    pub(crate) fn age(&mut self) {
        self.history.iter_mut().for_each(|h| *h /= 2);
    }

    #[inline]
    fn hist_index(side: Side, m: Move) -> usize {
        side.index() * 4096 + m.from.index() * 64 + m.to.index()
    }

    /// Records a move that caused a cutoff at `ply` with `depth` left.
    pub(crate) fn cutoff(&mut self, side: Side, m: Move, ply: usize, depth: u32, quiet: bool) {
        let h = &mut self.history[Self::hist_index(side, m)];
        *h = h.saturating_add(depth * depth).min(1 << 20);
        if quiet && ply < MAX_PLY {
            let k = &mut self.killers[ply];
            if k[0] != Some(m) {
                k[1] = k[0];
                k[0] = Some(m);
            }
        }
    }

    /// Sorts `moves` best first for the position `pos` at `ply`.
    pub(crate) fn sort(&self, pos: &Position, moves: &mut MoveList, hash_move: Option<Move>, ply: usize) {
        let side = pos.side_to_move();
        let killers = if ply < MAX_PLY { self.killers[ply] } else { [None; 2] };
        let g = pos.general();
        let g_steps = pos.general_destinations();
        let nbr = &pos.board().topology().neighbours;
        let mut keys = [0i64; musashi_game::MAX_MOVES];
        for (i, &m) in moves.iter().enumerate() {
            let mut key = self.history[Self::hist_index(side, m)] as i64;
            if Some(m) == hash_move {
                key += HASH;
            }
            if killers[0] == Some(m) {
                key += KILLER * 2;
            } else if killers[1] == Some(m) {
                key += KILLER;
            }
            match side {
                Side::General => key += CAPTURE * pos.captures_at(m.to).count_ones() as i64,
                Side::Soldiers => {
                    if nbr[g.index()] & m.to.bit() != 0 {
                        // Closing one of the General's steps; a trap if it was the last one
                        // and the soldier did not come from another of them.
                        if g_steps == m.to.bit() && nbr[g.index()] & m.from.bit() == 0 {
                            key += WIN;
                        } else {
                            key += CLOSE;
                        }
                    }
                    let next = pos.play(m).0;
                    if analysis::threatened_soldiers(&next) & m.to.bit() != 0 {
                        key += UNSAFE;
                    }
                }
            }
            keys[i] = key;
        }
        // Insertion sort: lists are short.
        for i in 1..moves.len() {
            let (m, k) = (moves[i], keys[i]);
            let mut j = i;
            while j > 0 && keys[j - 1] < k {
                moves[j] = moves[j - 1];
                keys[j] = keys[j - 1];
                j -= 1;
            }
            moves[j] = m;
            keys[j] = k;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn captures_first_for_the_general() {
        let pos: Position = "SSSSS/S...S/S.G.S/S...S/SSSSS/.../..... g".parse().unwrap();
        let mut moves = pos.moves();
        Ordering::new().sort(&pos, &mut moves, None, 0);
        assert!(moves[..4].iter().all(|m| pos.captures_at(m.to) != 0), "{moves:?}");
        assert!(moves[4..].iter().all(|m| pos.captures_at(m.to) == 0), "{moves:?}");
    }

    #[test]
    fn hash_move_then_trap_first() {
        // The General on a1 with one step left (b1 empty; a2, b2 soldiers): c1-b1 traps.
        let pos: Position = "G.S../SS.../...../...../...../.../..... s".parse().unwrap();
        let mut moves = pos.moves();
        Ordering::new().sort(&pos, &mut moves, None, 0);
        assert_eq!(moves[0].to_string(), "c1-b1");
        let last = *moves.last().unwrap();
        Ordering::new().sort(&pos, &mut moves, Some(last), 0);
        assert_eq!(moves[0], last);
    }
}
