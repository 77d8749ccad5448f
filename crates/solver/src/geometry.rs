//! The board's lines and capture pairs as the solver's bit tricks need them, taken from the rules
//! crate's topology.

use musashi_game::{Board, MAX_POINTS};

/// Per-board tables for the solving pass.
#[derive(Debug)]
pub(crate) struct Geometry {
    /// Mask of the board's points.
    pub mask: u64,
    /// Number of points.
    pub points: u32,
    /// Neighbours of each point.
    pub neighbours: [u64; MAX_POINTS],
    /// Capture pairs through each point (unused entries 0).
    pub pairs: [[u64; 4]; MAX_POINTS],
    /// Capture triples `(p - d, p, p + d)` grouped by `d`: the middle points of each `d`.
    shifted: Vec<(u32, u64)>,
    /// The other capture triples (none on the two boards' numberings, kept for generality).
    irregular: Vec<(u64, u64)>,
    /// `spread[c][v]`: the union of the neighbours of the points of byte `c` given by `v`.
    spread: Vec<[u64; 256]>,
}

impl Geometry {
    pub(crate) fn new(board: Board) -> Geometry {
        let t = board.topology();
        let mut triples = Vec::new();
        for p in 0..MAX_POINTS {
            for &pair in &t.capture_pairs[p] {
                if pair != 0 {
                    triples.push((pair, 1u64 << p));
                }
            }
        }
        let mut shifted: Vec<(u32, u64)> = Vec::new();
        let mut irregular = Vec::new();
        for &(pair, mid) in &triples {
            let (a, b, p) = (pair.trailing_zeros(), 63 - pair.leading_zeros(), mid.trailing_zeros());
            if a < p && p - a == b - p {
                match shifted.iter_mut().find(|(d, _)| *d == p - a) {
                    Some((_, mids)) => *mids |= mid,
                    None => shifted.push((p - a, mid)),
                }
            } else {
                irregular.push((pair, mid));
            }
        }
        let chunks = t.num_points.div_ceil(8);
        let mut spread = vec![[0u64; 256]; chunks];
        for (c, table) in spread.iter_mut().enumerate() {
            for (v, slot) in table.iter_mut().enumerate() {
                let mut m = 0;
                for j in 0..8 {
                    let p = 8 * c + j;
                    if v & (1 << j) != 0 && p < MAX_POINTS {
                        m |= t.neighbours[p];
                    }
                }
                *slot = m;
            }
        }
        Geometry {
            mask: t.mask,
            points: t.num_points as u32,
            neighbours: t.neighbours,
            pairs: t.capture_pairs,
            shifted,
            irregular,
            spread,
        }
    }

    /// The union of the neighbours of the points in `set`.
    #[inline]
    pub(crate) fn spread(&self, set: u64) -> u64 {
        let mut m = 0;
        for (c, table) in self.spread.iter().enumerate() {
            m |= table[((set >> (8 * c)) & 0xff) as usize];
        }
        m
    }

    /// The empty points where the General would capture, given the soldiers (the General's own
    /// point never completes a pair, so this does not depend on where the General stands).
    #[inline]
    pub(crate) fn capture_points(&self, soldiers: u64) -> u64 {
        // Both ends of a triple (p - d, p, p + d) hold soldiers when bit p is set in both shifts.
        let mut m = 0;
        for &(d, mids) in &self.shifted {
            m |= (soldiers >> d) & (soldiers << d) & mids;
        }
        for &(pair, mid) in &self.irregular {
            if soldiers & pair == pair {
                m |= mid;
            }
        }
        m & !soldiers
    }

    /// The soldiers captured by arriving at `p`.
    #[inline]
    pub(crate) fn captured_at(&self, p: u32, soldiers: u64) -> u64 {
        let mut c = 0;
        for &pair in &self.pairs[p as usize] {
            if soldiers & pair == pair {
                c |= pair;
            }
        }
        c
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// Pseudo-random masks of the board's points (xorshift), for tests.
    pub(crate) fn random_masks(seed: u64, mask: u64) -> impl Iterator<Item = u64> {
        let mut x = seed;
        std::iter::repeat_with(move || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x & mask
        })
    }

    #[test]
    fn capture_points_match_the_triples() {
        for board in [Board::Square25, Board::Setchin33] {
            let geo = Geometry::new(board);
            let t = board.topology();
            for soldiers in random_masks(0x9E37_79B9_7F4A_7C15, geo.mask).take(20_000) {
                let mut want = 0;
                for p in 0..MAX_POINTS {
                    for &pair in &t.capture_pairs[p] {
                        if pair != 0 && soldiers & pair == pair {
                            want |= 1 << p;
                        }
                    }
                }
                assert_eq!(geo.capture_points(soldiers), want & !soldiers, "{board:?} {soldiers:#x}");
            }
        }
    }
}
