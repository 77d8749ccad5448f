//! The board's symmetries: the permutations of its points that keep every line and every capture
//! triple (found by search, so they hold for any board the rules crate defines). The 25-point
//! square has the 8 symmetries of the square, the 33-point board its left-right mirror.
//!
//! A symmetry maps positions onto positions of equal value (moves onto moves, captures onto
//! captures), which lets the orbit pass ([`crate::orbit_pass`]) solve one soldier set per orbit.

use crate::geometry::Geometry;

/// The symmetries of one board, with byte tables to apply them to point masks.
#[derive(Debug)]
pub(crate) struct Symmetry {
    /// `perm[s][p]`: the image of point `p` under symmetry `s` (symmetry 0 is the identity).
    pub perm: Vec<[u8; 64]>,
    /// `inverse[s]`: the symmetry that undoes `s`.
    pub inverse: Vec<u8>,
    /// `table[s][c][v]`: the image of the points of byte `c` of a 32-bit mask given by `v`
    /// (boards of at most 32 points, the orbit pass's; empty on larger boards).
    table: Vec<[[u32; 256]; 4]>,
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

/// Per byte of a 32-bit mask, the images of its 256 values under a point map.
fn byte_tables(img: &[u8; 64], board: u64) -> [[u32; 256]; 4] {
    std::array::from_fn(|c| std::array::from_fn(|v| map_mask(img, ((v as u64) << (8 * c)) & board) as u32))
}

/// The image of a mask under a point map.
pub(crate) fn map_mask(img: &[u8; 64], mask: u64) -> u64 {
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
        let table =
            if geo.points <= 32 { perm.iter().map(|img| byte_tables(img, geo.mask)).collect() } else { Vec::new() };
        Symmetry { perm, inverse, table }
    }

    /// Number of symmetries.
    pub(crate) fn len(&self) -> usize {
        self.perm.len()
    }

    /// The image of a mask of points under symmetry `s` (boards of at most 32 points).
    #[inline]
    pub(crate) fn apply(&self, s: usize, mask: u32) -> u32 {
        let t = &self.table[s];
        t[0][(mask & 0xff) as usize]
            | t[1][(mask >> 8 & 0xff) as usize]
            | t[2][(mask >> 16 & 0xff) as usize]
            | t[3][(mask >> 24) as usize]
    }

    /// The orbit's representative of a soldier set (its smallest image) and a symmetry that maps
    /// the set onto it (boards of at most 32 points).
    #[inline]
    pub(crate) fn canonical(&self, set: u64) -> (u64, u8) {
        let mut best = (set, 0u8);
        for s in 1..self.len() {
            let image = self.apply(s, set as u32) as u64;
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
                let (img, back) = (&sym.perm[s], &sym.perm[sym.inverse[s] as usize]);
                for p in 0..geo.points {
                    let q = map_mask(img, 1 << p);
                    assert_eq!(q.count_ones(), 1);
                    assert_eq!(map_mask(back, q), 1 << p);
                    // Lines map onto lines.
                    assert_eq!(map_mask(img, geo.neighbours[p as usize]), geo.neighbours[q.trailing_zeros() as usize]);
                    if geo.points <= 32 {
                        assert_eq!(sym.apply(s, 1 << p) as u64, q);
                    }
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
            assert_eq!(sym.apply(s as usize, set as u32) as u64, canon);
            for t in 0..sym.len() {
                assert_eq!(sym.canonical(sym.apply(t, set as u32) as u64).0, canon);
            }
        }
    }
}
