//! Indexing: soldier sets ranked by the combinatorial number system (colex order), and the
//! position index inside a level.
//!
//! A level holds every position with `n` soldiers on a board of `P` points. The soldier set `S`
//! (a mask over the board's points, the General's point included in the universe) has a rank
//! `r(S)` in `0..C(P, n)`: its place among the `n`-point masks in increasing numeric order, which
//! is colex order, so `r(S) = sum over the soldiers' points c_0 < c_1 < ... of C(c_i, i + 1)`.
//! The General stands on one of the `E = P - n` points not in `S`; its slot is the number of
//! non-soldier points below it. A position's index in its level and side is `r(S) * E + slot`,
//! which numbers the `P * C(P - 1, n)` positions of the level densely. On the 33-point board a
//! level stores only the sets of its mirror-canonical blocks and `r` numbers those
//! ([`LevelShape`], [`crate::mirror`]).

use crate::blocks::Blocks;
use crate::mirror::{Mirror, SPLIT};

/// Binomial coefficients `C(n, k)` for `n, k <= 40` (0 when `k > n`).
pub(crate) const BINOM: [[u64; 41]; 41] = {
    let mut t = [[0u64; 41]; 41];
    let mut n = 0;
    while n <= 40 {
        t[n][0] = 1;
        let mut k = 1;
        while k <= n {
            t[n][k] = t[n - 1][k - 1] + if k < n { t[n - 1][k] } else { 0 };
            k += 1;
        }
        n += 1;
    }
    t
};

/// `C(n, k)`.
#[inline]
pub fn binomial(n: u32, k: u32) -> u64 {
    if k > n { 0 } else { BINOM[n as usize][k as usize] }
}

/// Most soldiers below a byte of the mask that the rank tables cover (levels hold at most 16).
const MAX_BELOW: usize = 16;

/// Rank contributions per byte of the mask: `RANK[c][b][v]` is the sum of `C(8c + j, b + t + 1)`
/// over the set bits `j` of `v` (the `t`-th set bit of `v`, counting from 0), that is the byte's
/// share of the rank when `b` soldiers stand on lower points.
static RANK: [[[u32; 256]; MAX_BELOW + 1]; 5] = {
    let mut t = [[[0u32; 256]; MAX_BELOW + 1]; 5];
    let mut c = 0;
    while c < 5 {
        let mut b = 0;
        while b <= MAX_BELOW {
            let mut v = 0;
            while v < 256 {
                let mut sum = 0u64;
                let mut tcount = 0;
                let mut j = 0;
                while j < 8 {
                    if v & (1 << j) != 0 {
                        let k = b + tcount + 1;
                        // Only sets of at most 16 soldiers are ranked; larger shares never occur.
                        if k <= MAX_BELOW {
                            sum += BINOM[8 * c + j][k];
                        }
                        tcount += 1;
                    }
                    j += 1;
                }
                t[c][b][v] = sum as u32;
                v += 1;
            }
            b += 1;
        }
        c += 1;
    }
    t
};

/// The colex rank of a set of at most 16 points among the sets of the same size.
#[inline]
pub fn rank(set: u64) -> u64 {
    debug_assert!(set.count_ones() as usize <= MAX_BELOW && set >> 40 == 0);
    let mut r = 0u64;
    let mut below = 0usize;
    let mut s = set;
    let mut c = 0;
    while s != 0 {
        let byte = (s & 0xff) as usize;
        r += RANK[c][below][byte] as u64;
        below += byte.count_ones() as usize;
        s >>= 8;
        c += 1;
    }
    r
}

/// The set of `n` points with colex rank `r` (inverse of [`rank`]).
pub fn unrank(mut r: u64, n: u32) -> u64 {
    let mut set = 0u64;
    let mut i = n;
    let mut c = 40u32;
    while i > 0 {
        // Largest c with C(c, i) <= r.
        while binomial(c, i) > r {
            c -= 1;
        }
        set |= 1u64 << c;
        r -= binomial(c, i);
        i -= 1;
    }
    set
}

/// The next set of the same size in colex order (Gosper's hack); `set` must be non-empty.
#[inline]
pub fn next_set(set: u64) -> u64 {
    let c = set & set.wrapping_neg();
    let r = set + c;
    (((r ^ set) >> 2) >> c.trailing_zeros()) | r
}

/// The General's slot: the number of points below `general` that hold no soldier.
#[inline]
pub(crate) fn slot(general: u32, soldiers: u64) -> u32 {
    (!soldiers & ((1u64 << general) - 1)).count_ones()
}

/// Sizes and layout of one level: `n` soldiers on `points` points. On the 33-point board a
/// level keeps only the soldier sets of its mirror-canonical blocks ([`crate::mirror`]), about
/// half of them; a position of another set is found through its mirror image.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct LevelShape {
    /// Points on the board (25 or 33).
    pub points: u32,
    /// Soldiers.
    pub soldiers: u32,
}

impl LevelShape {
    /// The kept blocks, on the 33-point board.
    #[inline]
    fn mirrored(self) -> Option<(&'static Mirror, &'static Blocks)> {
        (self.points == 33).then(|| {
            let m = Mirror::get();
            (m, m.level(self.soldiers))
        })
    }

    /// Every soldier set of the level, `C(P, n)`.
    pub fn all_sets(self) -> u64 {
        binomial(self.points, self.soldiers)
    }
    /// Soldier sets the level stores: `C(P, n)`, or on the 33-point board those of its
    /// mirror-canonical blocks.
    pub fn num_sets(self) -> u64 {
        match self.mirrored() {
            Some((_, b)) => *b.start.last().expect("a start per block and one more") as u64,
            None => self.all_sets(),
        }
    }
    /// Points without a soldier, `E = P - n`: the General's possible places per set.
    pub fn empties(self) -> u32 {
        self.points - self.soldiers
    }
    /// Positions stored per side: `num_sets() * E`.
    pub fn positions_per_side(self) -> u64 {
        self.num_sets() * self.empties() as u64
    }
    /// The index of a position (General on `general`, soldiers `soldiers`) within its side:
    /// `r * E + slot`, where `r` is the stored set's number (its rank, or on the 33-point board
    /// its number among the kept sets, after the mirror where its block is not kept).
    #[inline]
    pub fn index(self, general: u32, soldiers: u64) -> u64 {
        let e = self.empties() as u64;
        match self.mirrored() {
            None => rank(soldiers) * e + slot(general, soldiers) as u64,
            Some((m, b)) => {
                let (g, s) = m.kept(general, soldiers);
                let blk = b.by_high[(s >> SPLIT) as usize] as usize;
                (b.start[blk] as u64 + rank(s & LOW)) * e + slot(g, s) as u64
            }
        }
    }
    /// Positions of the board per side: every soldier set, `C(P, n) * E`.
    pub fn board_positions_per_side(self) -> u64 {
        self.all_sets() * self.empties() as u64
    }
    /// How many positions of the board each stored position of a side stands for, in runs of
    /// its indices: `(end of the run, weight)`, the runs consecutive from index 0. The weight is
    /// 1, or 2 on the 33-point board where a block's mirror image is not stored.
    pub fn weight_runs(self) -> Vec<(u64, u64)> {
        let Some((m, b)) = self.mirrored() else { return vec![(self.positions_per_side(), 1)] };
        let e = self.empties() as u64;
        let mut runs: Vec<(u64, u64)> = Vec::new();
        for blk in 0..b.len() {
            let weight = if m.mask(b.high[blk]) == b.high[blk] { 1 } else { 2 };
            let end = b.start[blk + 1] as u64 * e;
            match runs.last_mut() {
                Some(last) if last.1 == weight => last.0 = end,
                _ => runs.push((end, weight)),
            }
        }
        runs
    }
    /// The stored set numbered `r` (inverse of the set's part of [`LevelShape::index`]).
    pub fn set_at(self, r: u64) -> u64 {
        match self.mirrored() {
            None => unrank(r, self.soldiers),
            Some((_, b)) => {
                let blk = b.start.partition_point(|&s| s as u64 <= r) - 1;
                b.high[blk] | unrank(r - b.start[blk] as u64, b.low[blk])
            }
        }
    }
    /// The stored set after `set` (undefined after the last one; `set` itself on level 0).
    #[inline]
    pub fn next_set(self, set: u64) -> u64 {
        if self.soldiers == 0 {
            return set;
        }
        let next = next_set(set);
        match self.mirrored() {
            Some((_, b)) if next >> SPLIT != set >> SPLIT => {
                let blk = b.by_high[(set >> SPLIT) as usize] as usize + 1;
                match blk < b.len() {
                    true => b.high[blk] | ((1u64 << b.low[blk]) - 1),
                    false => next,
                }
            }
            _ => next,
        }
    }
}

/// The low points of the mirror's split.
const LOW: u64 = (1 << SPLIT) - 1;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rank_is_dense_and_ordered() {
        for (p, n) in [(25u32, 0u32), (25, 1), (25, 3), (33, 2), (12, 6), (20, 16)] {
            let count = binomial(p, n);
            let mut set = (1u64 << n) - 1;
            for r in 0..count {
                assert_eq!(rank(set), r, "p {p} n {n}");
                assert_eq!(unrank(r, n), set);
                if n > 0 {
                    set = next_set(set);
                }
            }
            if n > 0 {
                assert!(set >> p != 0, "the last set is the top one");
            }
        }
    }

    #[test]
    fn rank_of_large_sets() {
        let top = ((1u64 << 16) - 1) << 17; // the last 16-set of 33 points
        assert_eq!(rank(top), binomial(33, 16) - 1);
        assert_eq!(unrank(binomial(33, 16) - 1, 16), top);
        let s = 0b1_0110_1001_0000_1111_0101_1100_1010_0001u64 & ((1 << 33) - 1);
        let n = s.count_ones();
        assert_eq!(unrank(rank(s), n), s);
    }

    #[test]
    fn the_33_point_layout_numbers_its_kept_positions_densely_and_mirror_images_alike() {
        let m = Mirror::get();
        for n in [0u32, 1, 2, 3, 6] {
            let shape = LevelShape { points: 33, soldiers: n };
            let e = shape.empties();
            let mut seen = vec![false; shape.positions_per_side() as usize];
            let mut set = (1u64 << n) - 1;
            for _ in 0..shape.all_sets() {
                for g in (0..33).filter(|&g| set >> g & 1 == 0) {
                    let i = shape.index(g, set);
                    if set >> SPLIT != m.mask(set) >> SPLIT {
                        // Not a self-symmetric block (those keep both): the image shares the index.
                        assert_eq!(i, shape.index(m.point[g as usize] as u32, m.mask(set)));
                    }
                    if m.keeps(set) {
                        assert!(!seen[i as usize], "each kept position once");
                        seen[i as usize] = true;
                        assert_eq!(shape.set_at(i / e as u64), set);
                    }
                }
                if n > 0 {
                    set = next_set(set);
                }
            }
            assert!(seen.iter().all(|&s| s), "level {n}: every index is a kept position");
            // `next_set` walks the kept sets in index order.
            let mut set = shape.set_at(0);
            for r in 0..shape.num_sets() {
                assert_eq!(shape.index(set.trailing_ones(), set) / e as u64, r);
                set = shape.next_set(set);
            }
        }
    }

    #[test]
    fn positions_per_side_match_the_other_count() {
        for p in [25u32, 33] {
            for n in 0..=16 {
                let shape = LevelShape { points: p, soldiers: n };
                assert_eq!(shape.all_sets() * shape.empties() as u64, p as u64 * binomial(p - 1, n));
            }
        }
    }
}
