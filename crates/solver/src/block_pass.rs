//! One pass over a level's blocks (see [`crate::blocks`]): the soldiers' step of ply `k` pulls the
//! General wins of ply `k - 1` into every block that still has soldiers'-side positions to win,
//! and the General step of ply `k + 1` follows in the same block while it is in cache.
//!
//! The soldiers' step is array work: a soldier move between two high points maps a whole block
//! onto another one element by element, a move between low points or between a low and a high
//! point is a fixed list of index pairs shared by every block with the same number of low
//! soldiers. No rank is computed, and a block only writes its own words.

use crate::blocks::{Blocks, NO_BLOCK, Split};
use crate::bounds::Bounds;
use crate::general_step::general_step;
use crate::geometry::Geometry;
use crate::index::slot;
use crate::soldier_wins::ScratchError;
use std::ops::{BitAnd, BitOr, BitOrAssign, Not};

/// New wins of one ply, as (the set's rank, the slots won in it).
pub(crate) type Wins = Vec<(u32, u32)>;

/// A word of General points (bit `g`: the General on `g`): 32 bits on the 25-point board, so that
/// twice as many fit in cache and in a vector register, 64 bits on the 33-point board.
pub(crate) trait Word:
    Copy
    + Default
    + Eq
    + Send
    + Sync
    + std::fmt::Debug
    + BitOr<Output = Self>
    + BitAnd<Output = Self>
    + Not<Output = Self>
    + BitOrAssign
    + 'static
{
    /// No point.
    const ZERO: Self;
    /// The low bits of a 64-bit mask (the board's points fit).
    fn from_u64(x: u64) -> Self;
    /// As a 64-bit mask.
    fn to_u64(self) -> u64;
}

impl Word for u32 {
    const ZERO: u32 = 0;
    #[inline]
    fn from_u64(x: u64) -> u32 {
        x as u32
    }
    #[inline]
    fn to_u64(self) -> u64 {
        self as u64
    }
}

impl Word for u64 {
    const ZERO: u64 = 0;
    #[inline]
    fn from_u64(x: u64) -> u64 {
        x
    }
    #[inline]
    fn to_u64(self) -> u64 {
        self
    }
}

/// The fixed inputs of one level's pass.
pub(crate) struct Ctx<'a> {
    pub(crate) geo: &'a Geometry,
    pub(crate) split: &'a Split,
    pub(crate) blocks: &'a Blocks,
    /// Positions per soldier set (`E`).
    pub(crate) e: usize,
}

/// One group of consecutive blocks: its share of every per-set and per-block array.
pub(crate) struct Group<'a, W> {
    pub(crate) blocks: std::ops::Range<usize>,
    /// Rank of the group's first set.
    pub(crate) first: usize,
    pub(crate) wg: &'a mut [W],
    pub(crate) ws: &'a mut [W],
    /// General wins found in this iteration.
    pub(crate) fg: &'a mut [W],
    /// Per block: General wins found in this iteration.
    pub(crate) front: &'a mut [bool],
    /// Per block: every soldiers'-side position won.
    pub(crate) full: &'a mut [bool],
    /// Per block: the earliest capture bound among its waiting General positions (255: none).
    /// Kept per block rather than per set (9 bytes per set less): when it is due, every set of
    /// the block gets its General step, which only wins the positions whose bound has come.
    pub(crate) due: &'a mut [u8],
}

/// What one pass over a group found.
#[derive(Default, Clone, Copy)]
pub(crate) struct Found {
    pub(crate) soldiers: u64,
    pub(crate) general: u64,
    /// Not 0 while General positions wait for their capture bound (positions in the orbit pass,
    /// blocks in the block pass).
    pub(crate) pending: u64,
}

impl std::ops::Add for Found {
    type Output = Found;
    fn add(self, o: Found) -> Found {
        Found {
            soldiers: self.soldiers + o.soldiers,
            general: self.general + o.general,
            pending: self.pending + o.pending,
        }
    }
}

/// Cuts `s` into consecutive pieces of the given lengths.
fn pieces<T>(mut s: &mut [T], lens: impl Iterator<Item = usize>) -> Vec<&mut [T]> {
    let mut out = Vec::new();
    for len in lens {
        let (head, tail) = s.split_at_mut(len);
        out.push(head);
        s = tail;
    }
    out
}

/// The per-level arrays, cut into groups.
#[allow(clippy::too_many_arguments)]
pub(crate) fn groups<'a, W>(
    blocks: &Blocks,
    bounds: &[usize],
    wg: &'a mut [W],
    ws: &'a mut [W],
    fg: &'a mut [W],
    front: &'a mut [bool],
    full: &'a mut [bool],
    due: &'a mut [u8],
) -> Vec<Group<'a, W>> {
    let sets = || bounds.windows(2).map(|w| blocks.start[w[1]] - blocks.start[w[0]]);
    let blks = || bounds.windows(2).map(|w| w[1] - w[0]);
    let mut wg = pieces(wg, sets()).into_iter();
    let mut ws = pieces(ws, sets()).into_iter();
    let mut fg = pieces(fg, sets()).into_iter();
    let mut front = pieces(front, blks()).into_iter();
    let mut full = pieces(full, blks()).into_iter();
    let mut due = pieces(due, blks()).into_iter();
    bounds
        .windows(2)
        .map(|w| Group {
            blocks: w[0]..w[1],
            first: blocks.start[w[0]],
            wg: wg.next().unwrap(),
            ws: ws.next().unwrap(),
            fg: fg.next().unwrap(),
            front: front.next().unwrap(),
            full: full.next().unwrap(),
            due: due.next().unwrap(),
        })
        .collect()
}

/// Words an accumulator holds and a source window spans: a power of two at least as large as
/// any block (`C(16, 8)` = 12,870 sets), so that indices masked to it need no bounds check. The
/// `fg` arrays carry `SPAN` words of padding after the last set.
pub(crate) const SPAN: usize = 1 << 14;

/// The `SPAN` words of `fg` from a block's first set on.
#[inline]
fn window<W: Word>(fg: &[W], start: usize) -> &[W; SPAN] {
    fg[start..start + SPAN].try_into().expect("fg carries SPAN words of padding")
}

/// `acc[t] |= src[s] & keep` for every pair (the indices are below `SPAN`: masking them only
/// tells the compiler so).
#[inline]
fn or_pairs<W: Word>(acc: &mut [W; SPAN], src: &[W; SPAN], pairs: &[(u16, u16)], keep: W) {
    for &(t, s) in pairs {
        acc[t as usize % SPAN] |= src[s as usize % SPAN] & keep;
    }
}

/// The slots (bit `slot(p, set)` for each point `p` of `points`): at most 32 once a soldier is on
/// the board, and the soldiers win nothing on an empty board.
#[inline]
fn slot_bits(points: u64, set: u64) -> u32 {
    debug_assert!(set != 0, "no soldier, no soldiers' win");
    debug_assert!(points & set == 0, "slots of empty points only");
    let mut out = 0u32;
    let mut bits = points;
    while bits != 0 {
        let p = bits.trailing_zeros();
        bits &= bits - 1;
        out |= 1 << slot(p, set);
    }
    out
}

/// The General wins of the previous iteration, read by every block's soldiers' step.
pub(crate) struct Prev<'a, W> {
    pub(crate) fg: &'a [W],
    pub(crate) front: &'a [bool],
}

impl Ctx<'_> {
    /// One pass over a group. Without `prev` (ply 0) every set gets its General step at ply 0;
    /// with it, ply `k` (soldiers) pulls the previous General wins into each set, and ply `k + 1`
    /// (General) visits the sets that gained soldiers' wins, or every set of a block whose
    /// earliest capture bound has come, reading the block's capture bounds from `bounds` (through
    /// `buf`) the first time one of its sets needs them. The new wins go to `log` (the soldiers'
    /// of ply `k`) and `glog` (the General's of ply `k + 1`, or 0) as (rank, the slots won):
    /// their values are written into the table once the level's plies are done
    /// ([`crate::soldier_wins`]).
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn pass<W: Word>(
        &self,
        g: Group<'_, W>,
        prev: Option<&Prev<'_, W>>,
        k: u32,
        bounds: &Bounds,
        buf: &mut Vec<u8>,
        acc: &mut [W],
        (log, glog): (&mut Wins, &mut Wins),
    ) -> Result<Found, ScratchError> {
        let (geo, split, blocks, e) = (self.geo, self.split, self.blocks, self.e);
        let mut found = Found::default();
        for (bi, b) in g.blocks.clone().enumerate() {
            let range = blocks.range(b);
            let len = range.len();
            let off = range.start - g.first;
            let (m, high) = (blocks.low[b] as usize, blocks.high[b]);
            acc[..len].fill(W::ZERO);
            if let Some(prev) = prev {
                if g.full[bi] && g.due[bi] == u8::MAX {
                    g.front[bi] = false;
                    continue;
                }
                if !g.full[bi] {
                    self.pull(b, prev, acc, len);
                }
            }
            let ply_g = if prev.is_some() { k + 1 } else { 0 };
            let whole = prev.is_none() || g.due[bi] as u32 <= ply_g;
            let mut due = if whole { u8::MAX } else { g.due[bi] };
            let lows = &split.low_sets[m];
            let (mut front, mut full) = (false, true);
            let (cover, mut loaded) = (range.start * e..range.end * e, false);
            for i in 0..len {
                let r = off + i;
                let set = high | lows[i];
                let free = geo.mask & !set;
                let ns = (acc[i] & !g.ws[r]).to_u64();
                if ns != 0 {
                    g.ws[r] |= W::from_u64(ns);
                    found.soldiers += ns.count_ones() as u64;
                    log.push(((range.start + i) as u32, slot_bits(ns, set)));
                }
                full &= g.ws[r].to_u64() == free;
                let mut won = 0u64;
                // A set is visited when its soldiers' side gained wins (its General positions may
                // have lost their last escape) or when its block's earliest bound has come.
                if whole || ns != 0 {
                    let (ws, wg) = (g.ws[r].to_u64(), g.wg[r].to_u64());
                    if !loaded {
                        bounds.load(cover.clone(), buf)?;
                        loaded = true;
                    }
                    let gd = bounds.get(cover.clone(), buf);
                    let step = general_step(geo, set, ws, wg, &gd[i * e..(i + 1) * e], ply_g);
                    won = step.won;
                    due = due.min(step.due);
                    if won != 0 {
                        g.wg[r] |= W::from_u64(won);
                        found.general += won.count_ones() as u64;
                        glog.push(((range.start + i) as u32, slot_bits(won, set)));
                    }
                }
                g.fg[r] = W::from_u64(won);
                front |= won != 0;
            }
            g.front[bi] = front;
            g.full[bi] = full;
            g.due[bi] = due;
            found.pending += (due != u8::MAX) as u64;
        }
        Ok(found)
    }

    /// The soldiers' step for block `b`: ORs into `acc` every previous General win that a soldier
    /// move from a set of the block reaches (masked where the moving soldier stood).
    fn pull<W: Word>(&self, b: usize, prev: &Prev<'_, W>, acc: &mut [W], len: usize) {
        let (split, blocks) = (self.split, self.blocks);
        let x = split.x;
        let acc: &mut [W; SPAN] = (&mut acc[..SPAN]).try_into().expect("the accumulator spans SPAN words");
        let m = blocks.low[b] as usize;
        let high = blocks.high[b];
        let bit = |p: u32| W::from_u64(1u64 << p);
        // Moves between two low points stay inside the block.
        if prev.front[b] {
            let src = window(prev.fg, blocks.start[b]);
            for pm in &split.low_low[m] {
                or_pairs(acc, src, &pm.pairs, !bit(pm.origin));
            }
        }
        // Moves between two high points map the block onto another one, position by position.
        for &(p, q) in &split.high_lines {
            let origin = match (high >> p & 1, high >> q & 1) {
                (1, 0) => p,
                (0, 1) => q,
                _ => continue,
            };
            let sb = blocks.by_high[((high ^ (1 << p) ^ (1 << q)) >> x) as usize] as usize;
            if !prev.front[sb] {
                continue;
            }
            let keep = !bit(origin);
            let src = &prev.fg[blocks.start[sb]..blocks.start[sb] + len];
            for (d, &s) in acc[..len].iter_mut().zip(src) {
                *d |= s & keep;
            }
        }
        // Moves between a low and a high point go to a block with one more or one fewer low
        // soldier.
        for &(a, h) in &split.cross_lines {
            let (sb, pairs, origin) = if high >> h & 1 == 0 {
                // The soldier on the low point a moves to h.
                if m == 0 {
                    continue;
                }
                (blocks.by_high[((high | 1 << h) >> x) as usize], &split.with_low[m][a as usize], a)
            } else {
                // The soldier on h moves to the low point a.
                if m == x as usize {
                    continue;
                }
                (blocks.by_high[((high & !(1 << h)) >> x) as usize], &split.without_low[m][a as usize], h)
            };
            if sb == NO_BLOCK || !prev.front[sb as usize] {
                continue;
            }
            or_pairs(acc, window(prev.fg, blocks.start[sb as usize]), pairs, !bit(origin));
        }
    }
}
