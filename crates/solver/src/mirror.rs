//! The 33-point board's left–right mirror in the layout of its levels: a level stores only the
//! soldier sets whose high part is at most its mirror image, about half of them.
//!
//! The points are split at [`SPLIT`]: points `0..15` (the three rows of five) and `15..33` (the
//! rest) are each mapped onto themselves by the mirror, so the image of a set `H ∪ L` (high part
//! `H`, low part `L`) is `m(H) ∪ m(L)`, and the image of a block `(H, k)` of the block layout
//! ([`crate::blocks`]) is the block `(m(H), k)` with its low sets permuted. A level keeps the
//! blocks with `H ≤ m(H)` (as masks), in rank order; a self-symmetric `H` keeps its whole block.
//! A position `(S, g)` of a block not kept has the value of `(m(S), m(g))`, which is kept.

use crate::blocks::Blocks;
use crate::geometry::Geometry;
use crate::symmetry::{Symmetry, map_mask};
use musashi_game::Board;
use std::sync::OnceLock;

/// Points below this are low, the others high (both halves closed under the mirror).
pub(crate) const SPLIT: u32 = 15;

/// The mirror of the 33-point board and each level's kept blocks.
#[derive(Debug)]
pub(crate) struct Mirror {
    /// The image of each point.
    pub(crate) point: [u8; 64],
    /// `bytes[c][v]`: the image of the points of byte `c` of a mask given by `v`.
    bytes: [[u64; 256]; 5],
    /// Each level's kept blocks, built on first use.
    levels: [OnceLock<Blocks>; 34],
}

impl Mirror {
    /// The 33-point board's mirror, found once.
    pub(crate) fn get() -> &'static Mirror {
        static MIRROR: OnceLock<Mirror> = OnceLock::new();
        MIRROR.get_or_init(Mirror::new)
    }

    fn new() -> Mirror {
        let geo = Geometry::new(Board::Setchin33);
        let sym = Symmetry::new(&geo);
        assert_eq!(sym.len(), 2, "the 33-point board has one symmetry besides the identity");
        let point = sym.perm[1];
        let low = (1u64 << SPLIT) - 1;
        assert_eq!(map_mask(&point, low), low, "the mirror keeps the low points low");
        let bytes =
            std::array::from_fn(|c| std::array::from_fn(|v| map_mask(&point, ((v as u64) << (8 * c)) & geo.mask)));
        Mirror { point, bytes, levels: std::array::from_fn(|_| OnceLock::new()) }
    }

    /// The image of a mask of points (soldiers, or the General points of a word).
    #[inline]
    pub(crate) fn mask(&self, m: u64) -> u64 {
        let b = &self.bytes;
        b[0][(m & 0xff) as usize]
            | b[1][(m >> 8 & 0xff) as usize]
            | b[2][(m >> 16 & 0xff) as usize]
            | b[3][(m >> 24 & 0xff) as usize]
            | b[4][(m >> 32 & 0xff) as usize]
    }

    /// Whether a set's block is kept: its high part is at most its image.
    #[inline]
    pub(crate) fn keeps(&self, set: u64) -> bool {
        set >> SPLIT <= self.mask(set) >> SPLIT
    }

    /// The kept blocks of level `n`.
    pub(crate) fn level(&self, n: u32) -> &Blocks {
        self.levels[n as usize].get_or_init(|| Blocks::new(33, n, SPLIT, Some(self)))
    }

    /// The kept position standing for `(general, soldiers)`: itself or its image.
    #[inline]
    pub(crate) fn kept(&self, general: u32, soldiers: u64) -> (u32, u64) {
        match self.keeps(soldiers) {
            true => (general, soldiers),
            false => (self.point[general as usize] as u32, self.mask(soldiers)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::index::{binomial, rank};

    #[test]
    fn the_mirror_is_an_involution_that_keeps_about_half_of_each_level() {
        let m = Mirror::get();
        for p in 0..33u32 {
            assert_eq!(m.mask(m.mask(1 << p)), 1 << p);
        }
        for n in [0u32, 1, 5, 12, 16] {
            let b = m.level(n);
            let kept = *b.start.last().unwrap() as u64;
            let all = binomial(33, n);
            assert!(kept >= all / 2, "level {n}: {kept} of {all}");
            assert!(n < 12 || kept <= all / 2 + all / 50, "level {n}: {kept} of {all}");
            // Every kept set is in its block at the rank of its low part; every other set's image
            // is kept.
            let mut set = (1u64 << n) - 1;
            for _ in 0..all.min(200_000) {
                let (_, s) = m.kept(0, set);
                assert!(m.keeps(s));
                let blk = b.by_high[(s >> SPLIT) as usize] as usize;
                assert_eq!(b.high[blk], s >> SPLIT << SPLIT);
                assert!(rank(s & ((1 << SPLIT) - 1)) < binomial(SPLIT, b.low[blk]));
                if n > 0 {
                    set = crate::index::next_set(set);
                }
            }
        }
    }
}
