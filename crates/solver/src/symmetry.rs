//! The board's symmetries: the permutations of its points that keep every line and every capture
//! triple (found by search, so they hold for any board the rules crate defines). The 25-point
//! square has the 8 symmetries of the square, the 33-point board its left-right mirror.
//!
//! A symmetry maps positions onto positions of equal value (moves onto moves, captures onto
//! captures), which lets the orbit pass ([`crate::orbit_pass`]) solve one soldier set per orbit.

use crate::geometry::Geometry;

/// Bytes of a point mask (33 points at most).
const BYTES: usize = 5;

/// The symmetries of one board, with byte tables to apply them to point masks.
#[derive(Debug)]
pub(crate) struct Symmetry {
    /// `perm[s][p]`: the image of point `p` under symmetry `s` (symmetry 0 is the identity).
    pub perm: Vec<[u8; 64]>,
    /// `inverse[s]`: the symmetry that undoes `s`.
    pub inverse: Vec<u8>,
    /// `table[s][c][v]`: the image of the points of byte `c` of a mask given by `v`.
    table: Vec<[[u64; 256]; BYTES]>,
    /// The same for the 32-bit words of boards of at most 32 points (a quarter of the cache).
    table32: Vec<[[u32; 256]; 4]>,
}

/// Whether `a` and `b` are joined by a line.
fn joined(geo: &Geometry, a: usize, b: usize) -> bool {
    geo.neighbours[a] >> b & 1 == 1
}

/// Extends a partial map of points (`img[p]`, 255 when unset, `order` gives the points in the
/// order they are mapped) to every map that keeps the lines, and collects those that also keep
/// the capture triples.
fn extend(geo: &Geometry, order: &[usize], img: &mut [u8; 64], used: &mut u64, out: &mut Vec<[u8; 64]>) {
    let depth = order.iter().take_while(|&&p| img[p] != u8::MAX).count();
    if depth == order.len() {
        let keeps_triples = order.iter().all(|&p| {
            geo.pairs[p].iter().filter(|&&pair| pair != 0).all(|&pair| {
                let image = map_mask(img, pair);
                geo.pairs[img[p] as usize].contains(&image)
            })
        });
        if keeps_triples {
            out.push(*img);
        }
        return;
    }
    let p = order[depth];
    let degree = geo.neighbours[p].count_ones();
    for q in 0..geo.points as usize {
        if *used >> q & 1 == 1 || geo.neighbours[q].count_ones() != degree {
            continue;
        }
        let consistent = order[..depth].iter().all(|&a| joined(geo, p, a) == joined(geo, q, img[a] as usize));
        if consistent {
            img[p] = q as u8;
            *used |= 1 << q;
            extend(geo, order, img, used, out);
            img[p] = u8::MAX;
            *used &= !(1 << q);
        }
    }
}

/// The image of a mask under a point map.
fn map_mask(img: &[u8; 64], mask: u64) -> u64 {
    let mut out = 0;
    let mut m = mask;
    while m != 0 {
        let p = m.trailing_zeros() as usize;
        m &= m - 1;
        out |= 1u64 << img[p];
    }
    out
}

impl Symmetry {
    /// Finds every symmetry of the board (identity first).
    pub(crate) fn new(geo: &Geometry) -> Symmetry {
        assert_eq!(geo.mask, (1u64 << geo.points) - 1, "the solver numbers a board's points from 0");
        // Breadth-first from point 0, so every point after the first has a mapped neighbour.
        let mut order = vec![0usize];
        let mut seen = 1u64;
        let mut i = 0;
        while i < order.len() {
            let mut next = geo.neighbours[order[i]] & !seen;
            seen |= next;
            while next != 0 {
                order.push(next.trailing_zeros() as usize);
                next &= next - 1;
            }
            i += 1;
        }
        assert_eq!(order.len(), geo.points as usize, "the board is connected");
        let mut perm = Vec::new();
        extend(geo, &order, &mut [u8::MAX; 64], &mut 0, &mut perm);
        let identity = perm.iter().position(|img| (0..geo.points as usize).all(|p| img[p] as usize == p));
        perm.swap(0, identity.expect("the identity keeps every line"));
        let inverse = perm
            .iter()
            .map(|img| {
                let back = perm
                    .iter()
                    .position(|other| (0..geo.points as usize).all(|p| other[img[p] as usize] as usize == p));
                back.expect("the symmetries form a group") as u8
            })
            .collect();
        let table: Vec<[[u64; 256]; BYTES]> = perm
            .iter()
            .map(|img| {
                let mut t = [[0u64; 256]; BYTES];
                for (c, byte) in t.iter_mut().enumerate() {
                    for (v, out) in byte.iter_mut().enumerate() {
                        *out = map_mask(img, ((v as u64) << (8 * c)) & geo.mask);
                    }
                }
                t
            })
            .collect();
        let table32 = if geo.points <= 32 {
            table.iter().map(|t| std::array::from_fn(|c| t[c].map(|m: u64| m as u32))).collect()
        } else {
            Vec::new()
        };
        Symmetry { perm, inverse, table, table32 }
    }

    /// Number of symmetries.
    pub(crate) fn len(&self) -> usize {
        self.perm.len()
    }

    /// The image of a mask of points under symmetry `s`.
    #[inline]
    pub(crate) fn apply(&self, s: usize, mask: u64) -> u64 {
        let t = &self.table[s];
        let mut out = 0;
        for (c, byte) in t.iter().enumerate() {
            out |= byte[((mask >> (8 * c)) & 0xff) as usize];
        }
        out
    }

    /// The image of a 32-bit word of points under symmetry `s` (boards of at most 32 points).
    #[inline]
    pub(crate) fn apply32(&self, s: usize, word: u32) -> u32 {
        let t = &self.table32[s];
        t[0][(word & 0xff) as usize]
            | t[1][(word >> 8 & 0xff) as usize]
            | t[2][(word >> 16 & 0xff) as usize]
            | t[3][(word >> 24) as usize]
    }

    /// The orbit's representative of a soldier set (its smallest image) and a symmetry that maps
    /// the set onto it.
    #[inline]
    pub(crate) fn canonical(&self, set: u64) -> (u64, u8) {
        let mut best = (set, 0u8);
        for s in 1..self.len() {
            let image = self.apply(s, set);
            if image < best.0 {
                best = (image, s as u8);
            }
        }
        best
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::tests::random_masks;
    use musashi_game::Board;

    #[test]
    fn the_square_has_eight_symmetries_and_the_setchin_board_two() {
        for (board, count) in [(Board::Square25, 8), (Board::Setchin33, 2)] {
            let geo = Geometry::new(board);
            let sym = Symmetry::new(&geo);
            assert_eq!(sym.len(), count, "{board:?}");
            for s in 0..sym.len() {
                let inv = sym.inverse[s] as usize;
                for p in 0..geo.points {
                    let q = sym.apply(s, 1 << p);
                    assert_eq!(q.count_ones(), 1);
                    assert_eq!(sym.apply(inv, q), 1 << p);
                    if geo.points <= 32 {
                        assert_eq!(sym.apply32(s, 1 << p) as u64, q);
                    }
                    // Lines map onto lines.
                    assert_eq!(sym.apply(s, geo.neighbours[p as usize]), geo.neighbours[q.trailing_zeros() as usize]);
                }
            }
        }
    }

    #[test]
    fn a_set_and_its_images_share_a_representative() {
        let geo = Geometry::new(Board::Square25);
        let sym = Symmetry::new(&geo);
        for set in random_masks(0x2545_F491_4F6C_DD1D, geo.mask).take(2_000) {
            let (canon, s) = sym.canonical(set);
            assert_eq!(sym.apply(s as usize, set), canon);
            for t in 0..sym.len() {
                assert_eq!(sym.canonical(sym.apply(t, set)).0, canon);
            }
        }
    }
}
