//! A level's soldier sets grouped into orbits under the board's symmetries, for the orbit pass
//! ([`crate::orbit_pass`]): each orbit is solved once, on its representative (the smallest set
//! of the orbit), and its values are copied to the other sets through the symmetry at the end.
//!
//! The soldiers' moves of every representative are listed once per level (a source orbit, the
//! symmetry that brings its words into the target's frame, and the point the soldier leaves),
//! so the pass reads words without computing a rank.

use crate::geometry::Geometry;
use crate::index::{binomial, next_set, rank, slot, unrank};
use crate::symmetry::Symmetry;
use rayon::prelude::*;

/// Sets per parallel work unit.
const CHUNK: usize = 4096;

/// Bits of a move entry that hold the source orbit.
const SRC_BITS: u32 = 21;

/// The orbits of one level.
#[derive(Debug)]
pub(crate) struct Orbits {
    /// Soldiers on the board.
    pub n: u32,
    /// Mask of the board's points.
    pub mask: u64,
    /// The representative set of each orbit, in rank order.
    pub sets: Vec<u64>,
    /// Per rank of the level: the set's orbit `<< 3`, or-ed with a symmetry that maps the set
    /// onto its representative.
    pub of_rank: Vec<u32>,
}

impl Orbits {
    pub(crate) fn new(sym: &Symmetry, points: u32, n: u32) -> Orbits {
        assert!(sym.len() <= 8, "a symmetry index takes 3 bits");
        let total = binomial(points, n) as usize;
        // Per rank: the representative's rank and the symmetry (packed as rank << 3 | symmetry).
        let mut of_rank = vec![0u32; total];
        of_rank.par_chunks_mut(CHUNK).enumerate().for_each(|(ci, out)| {
            let mut set = unrank((ci * CHUNK) as u64, n);
            for o in out.iter_mut() {
                let (canon, s) = sym.canonical(set);
                *o = (rank(canon) as u32) << 3 | s as u32;
                if n > 0 {
                    set = next_set(set);
                }
            }
        });
        // A representative has the smallest rank of its orbit (colex order is numeric order), so
        // in rank order it is numbered before the rest of its orbit is met.
        let mut sets = Vec::new();
        let mut set = (1u64 << n) - 1;
        for r in 0..total {
            let v = of_rank[r];
            let canon = (v >> 3) as usize;
            of_rank[r] = if canon == r {
                sets.push(set);
                ((sets.len() - 1) as u32) << 3
            } else {
                (of_rank[canon] & !7) | (v & 7)
            };
            if n > 0 && r + 1 < total {
                set = next_set(set);
            }
        }
        assert!(sets.len() < 1 << SRC_BITS, "too many orbits for a move entry");
        Orbits { n, mask: (1u64 << points) - 1, sets, of_rank }
    }

    /// Number of orbits.
    pub(crate) fn len(&self) -> usize {
        self.sets.len()
    }

    /// Copies both sides' per-orbit value bytes (`e` per orbit, by slot) to every set of the
    /// level: `out[0]` gets `values[0]`'s, `out[1]` gets `values[1]`'s.
    pub(crate) fn expand(&self, sym: &Symmetry, e: usize, values: [&[u8]; 2], out: [&mut [u8]; 2]) {
        let [out_g, out_s] = out;
        out_g.par_chunks_mut(CHUNK * e).zip(out_s.par_chunks_mut(CHUNK * e)).enumerate().for_each(|(ci, (og, os))| {
            let first = ci * CHUNK;
            let mut set = unrank(first as u64, self.n);
            let mut from = [0u8; 64];
            for (i, (g, s)) in og.chunks_mut(e).zip(os.chunks_mut(e)).enumerate() {
                let v = self.of_rank[first + i];
                let (orbit, sy) = ((v >> 3) as usize, (v & 7) as usize);
                let src = orbit * e..(orbit + 1) * e;
                if sy == 0 {
                    g.copy_from_slice(&values[0][src.clone()]);
                    s.copy_from_slice(&values[1][src]);
                } else {
                    // The set's slot i holds the value of the representative's slot from[i].
                    let (canon, perm) = (self.sets[orbit], &sym.perm[sy]);
                    let mut free = self.mask & !set;
                    for f in from[..e].iter_mut() {
                        let p = free.trailing_zeros();
                        free &= free - 1;
                        *f = slot(perm[p as usize] as u32, canon) as u8;
                    }
                    let (vg, vs) = (&values[0][src.clone()], &values[1][src]);
                    for ((g, s), &f) in g.iter_mut().zip(s.iter_mut()).zip(&from[..e]) {
                        *g = vg[f as usize];
                        *s = vs[f as usize];
                    }
                }
                if self.n > 0 {
                    set = next_set(set);
                }
            }
        });
    }
}

/// The soldiers' moves of each orbit's representative: where the pull of the orbit pass reads.
#[derive(Debug)]
pub(crate) struct MoveLists {
    /// The moves of orbit `j` are `entries[start[j]..start[j + 1]]`.
    pub start: Vec<u32>,
    /// A move `S -> S'` of a representative `S`: the orbit of `S'` (low bits), the symmetry that
    /// maps the orbit's representative's words onto `S'` (3 bits) and the point the soldier
    /// leaves (above).
    pub entries: Vec<u32>,
}

impl MoveLists {
    pub(crate) fn new(geo: &Geometry, sym: &Symmetry, orbits: &Orbits) -> MoveLists {
        assert!(geo.points <= 32, "a move entry holds a point in 5 bits");
        let pieces: Vec<(Vec<u32>, Vec<u32>)> = orbits
            .sets
            .par_chunks(CHUNK)
            .map(|sets| {
                let mut counts = Vec::with_capacity(sets.len());
                let mut entries = Vec::new();
                for &set in sets {
                    let before = entries.len();
                    let mut from = set;
                    while from != 0 {
                        let a = from.trailing_zeros();
                        from &= from - 1;
                        let mut to = geo.neighbours[a as usize] & geo.mask & !set;
                        while to != 0 {
                            let b = to.trailing_zeros();
                            to &= to - 1;
                            let v = orbits.of_rank[rank(set ^ (1 << a) ^ (1 << b)) as usize];
                            let back = sym.inverse[(v & 7) as usize] as u32;
                            entries.push((v >> 3) | back << SRC_BITS | a << (SRC_BITS + 3));
                        }
                    }
                    counts.push((entries.len() - before) as u32);
                }
                (counts, entries)
            })
            .collect();
        let total: usize = pieces.iter().map(|p| p.1.len()).sum();
        assert!(total < u32::MAX as usize, "too many moves for 32-bit offsets");
        let mut start = Vec::with_capacity(orbits.len() + 1);
        let mut entries = Vec::with_capacity(total);
        start.push(0u32);
        for (counts, e) in pieces {
            for c in counts {
                start.push(start.last().unwrap() + c);
            }
            entries.extend_from_slice(&e);
        }
        MoveLists { start, entries }
    }

    /// The moves of orbit `j`.
    #[inline]
    pub(crate) fn of(&self, j: usize) -> &[u32] {
        &self.entries[self.start[j] as usize..self.start[j + 1] as usize]
    }
}

/// The source orbit, symmetry and origin of a move entry.
#[inline]
pub(crate) fn decode(entry: u32) -> (usize, usize, u32) {
    ((entry & ((1 << SRC_BITS) - 1)) as usize, (entry >> SRC_BITS & 7) as usize, entry >> (SRC_BITS + 3))
}
