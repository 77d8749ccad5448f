//! The block structure of a level that lets the soldiers' step run as array operations.
//!
//! The board's points are split at `x`: points `0..x` are "low", points `x..P` "high". A soldier
//! set `S` is a high part `H` and a low part `L` (with `m` soldiers). In colex order all sets with
//! the same high part are contiguous and ordered by the colex rank of `L`, so a level is a run of
//! **blocks** `(H, m)`, each holding the `C(x, m)` sets `H ∪ L` in the colex order of `L`.
//!
//! A soldier move along a line changes one set into another:
//!
//! - between two high points: `H` changes, `L` does not, so the move maps block `(H, m)` onto
//!   block `(H', m)` position by position (an element-wise array operation);
//! - between two low points: the set stays in its block, and the move is a fixed map between
//!   positions inside any block of `m` low soldiers (a list of index pairs, shared by all blocks);
//! - between a low point and a high point: the move goes to block `(H ± b, m ∓ 1)` with a fixed
//!   map between the low parts (again a list of index pairs).
//!
//! So no rank is computed while solving, every access stays inside a few small blocks, and a block
//! collects everything that moves into it without writing anywhere else.

use crate::geometry::Geometry;
use crate::index::{binomial, next_set, rank};
use crate::mirror::{Mirror, SPLIT};

/// Soldier moves between positions of two blocks, as (target index, source index) pairs, with
/// the point the soldier leaves (the General cannot stand there before the move).
#[derive(Debug, Default, Clone)]
pub(crate) struct PairMoves {
    /// The point the moving soldier comes from.
    pub origin: u32,
    /// (index in the target block, index in the source block).
    pub pairs: Vec<(u16, u16)>,
}

/// The split of a board's points and the move maps of its low part (shared by all levels).
#[derive(Debug)]
pub(crate) struct Split {
    /// Points `0..x` are low.
    pub x: u32,
    /// `low_sets[m][i]`: the `i`-th `m`-subset of the low points in colex order.
    pub low_sets: Vec<Vec<u64>>,
    /// `low_low[m]`: the moves between two low points inside a block of `m` low soldiers.
    pub low_low: Vec<Vec<PairMoves>>,
    /// `with_low[m][a]`: for low sets `L` of `m` soldiers holding `a`, (index of `L`, index of
    /// `L - a` among the `m - 1`-sets). Origin `a`.
    pub with_low: Vec<Vec<Vec<(u16, u16)>>>,
    /// `without_low[m][a]`: for low sets `L` of `m` soldiers without `a`, (index of `L`, index of
    /// `L + a` among the `m + 1`-sets).
    pub without_low: Vec<Vec<Vec<(u16, u16)>>>,
    /// Lines between two high points.
    pub high_lines: Vec<(u32, u32)>,
    /// Lines between a low point (first) and a high point (second).
    pub cross_lines: Vec<(u32, u32)>,
    /// The 33-point board's mirror: its levels keep only the blocks with `H <= m(H)`
    /// ([`crate::mirror`]); `None` on the 25-point board.
    pub mirror: Option<&'static Mirror>,
    /// `mirror_low[m][i]`: the index of the image of `low_sets[m][i]` (with the mirror).
    pub mirror_low: Vec<Vec<u16>>,
}

/// The lines of the board, each once, as (lower point, higher point).
fn lines(geo: &Geometry) -> Vec<(u32, u32)> {
    let mut out = Vec::new();
    for a in 0..geo.points {
        let mut up = geo.neighbours[a as usize] & geo.mask & !((2u64 << a) - 1);
        while up != 0 {
            let b = up.trailing_zeros();
            up &= up - 1;
            out.push((a, b));
        }
    }
    out
}

impl Split {
    /// The split at `x` (on the 33-point board, [`SPLIT`]: its levels keep mirror-canonical
    /// blocks only).
    pub(crate) fn new(geo: &Geometry, x: u32) -> Split {
        assert!(x <= 16 && x <= geo.points, "low sets are ranked with at most 16 points (and indexed by u16)");
        let mirror = (geo.points == 33).then(Mirror::get);
        assert!(mirror.is_none() || x == SPLIT, "the 33-point board's levels are laid out split at {SPLIT}");
        let mut low_sets = Vec::new();
        for m in 0..=x {
            let count = binomial(x, m) as usize;
            let mut sets = Vec::with_capacity(count);
            let mut s = (1u64 << m) - 1;
            for _ in 0..count {
                sets.push(s);
                if m > 0 {
                    s = next_set(s);
                }
            }
            low_sets.push(sets);
        }
        let idx = |s: u64| -> u16 { rank(s) as u16 };
        let all = lines(geo);
        let mut low_low = Vec::new();
        for m in 0..=x as usize {
            let mut moves = Vec::new();
            for &(a, b) in all.iter().filter(|&&(_, b)| b < x) {
                // a -> b and b -> a: the target holds the origin, the source the destination.
                for (from, to) in [(a, b), (b, a)] {
                    let mut pm = PairMoves { origin: from, pairs: Vec::new() };
                    for (i, &l) in low_sets[m].iter().enumerate() {
                        if l >> from & 1 == 1 && l >> to & 1 == 0 {
                            pm.pairs.push((i as u16, idx(l ^ (1 << from) ^ (1 << to))));
                        }
                    }
                    if !pm.pairs.is_empty() {
                        moves.push(pm);
                    }
                }
            }
            low_low.push(moves);
        }
        let mut with_low = Vec::new();
        let mut without_low = Vec::new();
        for m in 0..=x as usize {
            let mut with = vec![Vec::new(); x as usize];
            let mut without = vec![Vec::new(); x as usize];
            for a in 0..x as usize {
                for (i, &l) in low_sets[m].iter().enumerate() {
                    if l >> a & 1 == 1 {
                        with[a].push((i as u16, idx(l & !(1 << a))));
                    } else {
                        without[a].push((i as u16, idx(l | 1 << a)));
                    }
                }
            }
            with_low.push(with);
            without_low.push(without);
        }
        let high_lines = all.iter().copied().filter(|&(a, _)| a >= x).collect();
        let cross_lines = all.iter().copied().filter(|&(a, b)| a < x && b >= x).collect();
        let mirror_low = match mirror {
            Some(mr) => low_sets.iter().map(|sets| sets.iter().map(|&l| idx(mr.mask(l))).collect()).collect(),
            None => Vec::new(),
        };
        Split { x, low_sets, low_low, with_low, without_low, high_lines, cross_lines, mirror, mirror_low }
    }
}

/// Marks a high part without a block in this level.
pub(crate) const NO_BLOCK: u32 = u32::MAX;

/// Marks, in [`Blocks::by_high`], a high part whose block is not kept: the rest is the block of
/// its mirror image.
pub(crate) const MIRRORED: u32 = 1 << 30;

/// The blocks of one level, in rank order (with the mirror, the kept ones: their sets are the
/// level's, numbered from 0 in that order).
#[derive(Debug)]
pub(crate) struct Blocks {
    /// Each block's high part (a mask of high points).
    pub high: Vec<u64>,
    /// Each block's number of low soldiers.
    pub low: Vec<u32>,
    /// Each block's first rank; one more entry holds the number of sets.
    pub start: Vec<usize>,
    /// The block of each high part (indexed by `high >> x`), or [`NO_BLOCK`]; for a block not
    /// kept, its image's block with [`MIRRORED`].
    pub by_high: Vec<u32>,
}

impl Blocks {
    /// The blocks of level `n` split at `x`: every one, or with `mirror` the kept ones.
    pub(crate) fn new(points: u32, n: u32, x: u32, mirror: Option<&Mirror>) -> Blocks {
        let highs = 1usize << (points - x);
        let mut b = Blocks { high: Vec::new(), low: Vec::new(), start: vec![0], by_high: vec![NO_BLOCK; highs] };
        for h in 0..highs {
            let k = (h as u64).count_ones();
            if k > n || n - k > x {
                continue;
            }
            let m = n - k;
            let high = (h as u64) << x;
            if mirror.is_some_and(|mr| !mr.keeps(high)) {
                continue;
            }
            debug_assert!(mirror.is_some() || rank(high | ((1u64 << m) - 1)) as usize == *b.start.last().unwrap());
            b.by_high[h] = b.high.len() as u32;
            b.high.push(high);
            b.low.push(m);
            let next = b.start.last().unwrap() + binomial(x, m) as usize;
            b.start.push(next);
        }
        if let Some(mr) = mirror {
            for h in 0..highs {
                let image = (mr.mask((h as u64) << x) >> x) as usize;
                if b.by_high[h] == NO_BLOCK && b.by_high[image] != NO_BLOCK {
                    b.by_high[h] = b.by_high[image] | MIRRORED;
                }
            }
        }
        b
    }

    /// The block of a set (kept, or [`NO_BLOCK`]) and whether it is its image's.
    #[inline]
    pub(crate) fn of_high(&self, high: u64, x: u32) -> (u32, bool) {
        match self.by_high[(high >> x) as usize] {
            NO_BLOCK => (NO_BLOCK, false),
            b => (b & !MIRRORED, b & MIRRORED != 0),
        }
    }

    /// Number of blocks.
    pub(crate) fn len(&self) -> usize {
        self.high.len()
    }

    /// The ranks of block `b`.
    #[inline]
    pub(crate) fn range(&self, b: usize) -> std::ops::Range<usize> {
        self.start[b]..self.start[b + 1]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use musashi_game::Board;

    #[test]
    fn blocks_tile_the_level_in_rank_order() {
        let geo = Geometry::new(Board::Square25);
        for (n, x) in [(0, 10), (3, 10), (12, 13), (16, 8), (5, 16), (2, 1)] {
            let b = Blocks::new(25, n, x, None);
            assert_eq!(*b.start.last().unwrap() as u64, binomial(25, n));
            let split = Split::new(&geo, x);
            for blk in 0..b.len() {
                for (i, &l) in split.low_sets[b.low[blk] as usize].iter().enumerate() {
                    assert_eq!(rank(b.high[blk] | l) as usize, b.start[blk] + i);
                }
            }
        }
    }

    #[test]
    fn every_line_is_classified_once() {
        for board in [Board::Square25, Board::Setchin33] {
            let geo = Geometry::new(board);
            let x = if board == Board::Setchin33 { SPLIT } else { 12 };
            let split = Split::new(&geo, x);
            let low = lines(&geo).iter().filter(|&&(_, b)| b < x).count();
            assert_eq!(low + split.high_lines.len() + split.cross_lines.len(), lines(&geo).len());
            assert_eq!(lines(&geo).len(), board.topology().num_lines);
        }
    }
}
