//! The transposition table: a fixed-size array of 16-byte entries indexed by the position key,
//! one entry per slot, replaced when the new result is at least as deep or the old one is from
//! an earlier search.

use musashi_game::{Move, Point};

/// What a stored score is: exact, a lower bound (fail high) or an upper bound (fail low).
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub(crate) enum Bound {
    Exact,
    Lower,
    Upper,
}

/// An entry, unpacked: stored as two words (`pack`), so that a new table is allocated zeroed
/// by the system (an untouched page costs nothing) instead of written slot by slot.
#[derive(Copy, Clone, Default)]
struct Slot {
    key: u64,
    score: i16,
    /// Move as `from * 64 + to + 1`, 0 for none.
    mv: u16,
    depth: u8,
    /// 0 = empty, 1 = exact, 2 = lower, 3 = upper.
    bound: u8,
    age: u8,
}

impl Slot {
    fn unpack(w: [u64; 2]) -> Slot {
        let v = w[1];
        Slot {
            key: w[0],
            score: v as u16 as i16,
            mv: (v >> 16) as u16,
            depth: (v >> 32) as u8,
            bound: (v >> 40) as u8,
            age: (v >> 48) as u8,
        }
    }

    fn pack(self) -> [u64; 2] {
        let v = self.score as u16 as u64
            | (self.mv as u64) << 16
            | (self.depth as u64) << 32
            | (self.bound as u64) << 40
            | (self.age as u64) << 48;
        [self.key, v]
    }
}

/// A probed entry.
#[derive(Copy, Clone, Debug)]
pub(crate) struct Entry {
    pub(crate) score: i32,
    pub(crate) mv: Option<Move>,
    pub(crate) depth: u32,
    pub(crate) bound: Bound,
}

/// The table. Scores are stored as given: the caller converts mate scores to and from
/// "distance from this node" (see `search.rs`).
pub(crate) struct Table {
    /// Packed slots (`Slot::pack`); all zeros is an empty slot.
    slots: Vec<[u64; 2]>,
    mask: usize,
    age: u8,
    /// Whether anything was stored since the table was made or cleared (a clean table needs no
    /// clearing: a new game on a new agent writes nothing).
    dirty: bool,
}

impl Table {
    /// A table of about `mb` MiB (rounded down to a power of two entries, at least 1024).
    pub(crate) fn new(mb: usize) -> Table {
        let bytes = mb.max(1) * 1024 * 1024;
        let mut n = 1024usize;
        while n * 2 * std::mem::size_of::<[u64; 2]>() <= bytes {
            n *= 2;
        }
        Table { slots: vec![[0u64; 2]; n], mask: n - 1, age: 0, dirty: false }
    }

    /// Number of entries.
    pub(crate) fn len(&self) -> usize {
        self.slots.len()
    }

    /// Forgets everything.
    pub(crate) fn clear(&mut self) {
        if self.dirty {
            self.slots.fill([0; 2]);
            self.dirty = false;
        }
        self.age = 0;
    }

    /// Marks the start of a new search (older entries become preferred victims).
    pub(crate) fn new_search(&mut self) {
        self.age = self.age.wrapping_add(1);
    }

    pub(crate) fn probe(&self, key: u64) -> Option<Entry> {
        let s = Slot::unpack(self.slots[key as usize & self.mask]);
        if s.bound == 0 || s.key != key {
            return None;
        }
        let bound = match s.bound {
            1 => Bound::Exact,
            2 => Bound::Lower,
            _ => Bound::Upper,
        };
        Some(Entry { score: s.score as i32, mv: decode(s.mv), depth: s.depth as u32, bound })
    }

    pub(crate) fn store(&mut self, key: u64, score: i32, mv: Option<Move>, depth: u32, bound: Bound) {
        let age = self.age;
        let index = key as usize & self.mask;
        let s = Slot::unpack(self.slots[index]);
        let depth = depth.min(255) as u8;
        if s.bound != 0 && s.key != key && s.age == age && s.depth > depth {
            return;
        }
        // Keep the old move when the new result has none for the same position.
        let mv = match mv {
            Some(m) => encode(m),
            None if s.key == key => s.mv,
            None => 0,
        };
        self.dirty = true;
        self.slots[index] = Slot {
            key,
            score: score.clamp(i16::MIN as i32, i16::MAX as i32) as i16,
            mv,
            depth,
            bound: match bound {
                Bound::Exact => 1,
                Bound::Lower => 2,
                Bound::Upper => 3,
            },
            age,
        }
        .pack();
    }
}

fn encode(m: Move) -> u16 {
    (m.from.index() * 64 + m.to.index() + 1) as u16
}

fn decode(v: u16) -> Option<Move> {
    if v == 0 {
        return None;
    }
    let v = (v - 1) as usize;
    Some(Move::new_unchecked(Point::new(v / 64)?, Point::new(v % 64)?))
}

impl std::fmt::Debug for Table {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Table({} entries)", self.len())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stores_and_probes() {
        let mut t = Table::new(1);
        assert!(t.len() >= 1024);
        let m = Move::new_unchecked(Point::new(12).unwrap(), Point::new(6).unwrap());
        t.store(0xdead_beef, -123, Some(m), 5, Bound::Lower);
        let e = t.probe(0xdead_beef).unwrap();
        assert_eq!((e.score, e.mv, e.depth, e.bound), (-123, Some(m), 5, Bound::Lower));
        assert!(t.probe(0xdead_beef ^ (1 << 40)).is_none());
        // A result without a move keeps the stored move.
        t.store(0xdead_beef, 7, None, 6, Bound::Exact);
        assert_eq!(t.probe(0xdead_beef).unwrap().mv, Some(m));
        t.clear();
        assert!(t.probe(0xdead_beef).is_none());
        // Every field survives packing, at its extremes too.
        let m = Move::new_unchecked(Point::new(32).unwrap(), Point::new(31).unwrap());
        for (score, depth, bound) in [(i16::MIN as i32, 255, Bound::Upper), (i16::MAX as i32, 0, Bound::Exact)] {
            t.store(u64::MAX, score, Some(m), depth, bound);
            let e = t.probe(u64::MAX).unwrap();
            assert_eq!((e.score, e.mv, e.depth, e.bound), (score, Some(m), depth, bound));
        }
        t.new_search();
        t.store(7, -1, None, 3, Bound::Lower);
        assert_eq!(Slot::unpack(t.slots[7 & t.mask]).age, 1);
        t.clear();
        assert!(t.probe(u64::MAX).is_none() && t.probe(7).is_none());
    }
}
