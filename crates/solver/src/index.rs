//! Indexing: soldier sets ranked by the combinatorial number system (colex order), and the
//! position index inside a level.
//!
//! A level holds every position with `n` soldiers on a board of `P` points. The soldier set `S`
//! (a mask over the board's points, the General's point included in the universe) has a rank
//! `r(S)` in `0..C(P, n)`: its place among the `n`-point masks in increasing numeric order, which
//! is colex order, so `r(S) = sum over the soldiers' points c_0 < c_1 < ... of C(c_i, i + 1)`.
//! The General stands on one of the `E = P - n` points not in `S`; its slot is the number of
//! non-soldier points below it. A position's index in its level and side is `r(S) * E + slot`,
//! which numbers the `P * C(P - 1, n)` positions of the level densely.

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

/// Sizes of one level: `n` soldiers on `points` points.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct LevelShape {
    /// Points on the board (25 or 33).
    pub points: u32,
    /// Soldiers.
    pub soldiers: u32,
}

impl LevelShape {
    /// Number of soldier sets, `C(P, n)`.
    pub fn num_sets(self) -> u64 {
        binomial(self.points, self.soldiers)
    }
    /// Points without a soldier, `E = P - n`: the General's possible places per set.
    pub fn empties(self) -> u32 {
        self.points - self.soldiers
    }
    /// Positions per side, `C(P, n) * (P - n) = P * C(P - 1, n)`.
    pub fn positions_per_side(self) -> u64 {
        self.num_sets() * self.empties() as u64
    }
    /// The index of a position (General on `general`, soldiers `soldiers`) within its side.
    #[inline]
    pub fn index(self, general: u32, soldiers: u64) -> u64 {
        rank(soldiers) * self.empties() as u64 + slot(general, soldiers) as u64
    }
}

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
    fn positions_per_side_match_the_other_count() {
        for p in [25u32, 33] {
            for n in 0..=16 {
                let shape = LevelShape { points: p, soldiers: n };
                assert_eq!(shape.positions_per_side(), p as u64 * binomial(p - 1, n));
            }
        }
    }
}
