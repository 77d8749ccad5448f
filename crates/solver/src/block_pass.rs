//! The two sweeps of a ply over a level's blocks (see [`crate::blocks`]): the soldiers' half of
//! ply `k` pulls the General wins of ply `k - 1` (`fg`, read only) into every block that still has
//! soldiers'-side positions to win, marking the sets that gained wins; the General's half of ply
//! `k + 1` then visits those sets (and the blocks whose capture bound has come) and overwrites
//! `fg` with its wins. Two sweeps rather than one let a single `fg` array serve both halves.
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

/// One group of consecutive blocks: its share of the arrays the soldiers' half of a ply writes.
pub(crate) struct SoldierGroup<'a, W> {
    pub(crate) blocks: std::ops::Range<usize>,
    /// Rank of the group's first set.
    pub(crate) first: usize,
    pub(crate) ws: &'a mut [W],
    /// Per block: every soldiers'-side position won.
    pub(crate) full: &'a mut [bool],
    /// Per set, a bit (from the group's first set on): gained soldiers' wins in this ply.
    pub(crate) gained: &'a mut [u64],
    /// Per block: some set of it gained soldiers' wins in this ply.
    pub(crate) gain: &'a mut [bool],
}

/// One group of consecutive blocks: its share of the arrays the General's half of a ply writes
/// (and of what the soldiers' half left for it).
pub(crate) struct GeneralGroup<'a, W> {
    pub(crate) blocks: std::ops::Range<usize>,
    /// Rank of the group's first set.
    pub(crate) first: usize,
    pub(crate) wg: &'a mut [W],
    pub(crate) ws: &'a [W],
    /// General wins found in this ply (read by the next ply's soldiers' half).
    pub(crate) fg: &'a mut [W],
    /// Per block: General wins found in this ply (its `fg` is stale where this is false).
    pub(crate) front: &'a mut [bool],
    /// Per block: the earliest capture bound among its waiting General positions (255: none).
    /// Kept per block rather than per set (9 bytes per set less): when it is due, every set of
    /// the block gets its General step, which only wins the positions whose bound has come.
    pub(crate) due: &'a mut [u8],
    pub(crate) gained: &'a [u64],
    pub(crate) gain: &'a [bool],
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

/// The lengths of the groups' pieces of a per-set (`sets`) or per-block array.
fn lens<'a>(blocks: &'a Blocks, bounds: &'a [usize], sets: bool) -> impl Iterator<Item = usize> + 'a {
    bounds.windows(2).map(move |w| if sets { blocks.start[w[1]] - blocks.start[w[0]] } else { w[1] - w[0] })
}

/// The per-level arrays the soldiers' half writes, cut into groups (`gained` is one bitmap per
/// group).
pub(crate) fn soldier_groups<'a, W>(
    blocks: &Blocks,
    bounds: &[usize],
    ws: &'a mut [W],
    full: &'a mut [bool],
    gained: &'a mut [Vec<u64>],
    gain: &'a mut [bool],
) -> Vec<SoldierGroup<'a, W>> {
    let mut ws = pieces(ws, lens(blocks, bounds, true)).into_iter();
    let mut full = pieces(full, lens(blocks, bounds, false)).into_iter();
    let mut gain = pieces(gain, lens(blocks, bounds, false)).into_iter();
    bounds
        .windows(2)
        .zip(gained.iter_mut())
        .map(|(w, gained)| SoldierGroup {
            blocks: w[0]..w[1],
            first: blocks.start[w[0]],
            ws: ws.next().unwrap(),
            full: full.next().unwrap(),
            gained,
            gain: gain.next().unwrap(),
        })
        .collect()
}

/// The per-level arrays the General's half writes, cut into groups, with what the soldiers'
/// half left.
#[allow(clippy::too_many_arguments)]
pub(crate) fn general_groups<'a, W>(
    blocks: &Blocks,
    bounds: &[usize],
    wg: &'a mut [W],
    ws: &'a [W],
    fg: &'a mut [W],
    front: &'a mut [bool],
    due: &'a mut [u8],
    (gained, gain): (&'a [Vec<u64>], &'a [bool]),
) -> Vec<GeneralGroup<'a, W>> {
    let mut wg = pieces(wg, lens(blocks, bounds, true)).into_iter();
    let mut fg = pieces(fg, lens(blocks, bounds, true)).into_iter();
    let mut front = pieces(front, lens(blocks, bounds, false)).into_iter();
    let mut due = pieces(due, lens(blocks, bounds, false)).into_iter();
    bounds
        .windows(2)
        .zip(gained)
        .map(|(w, gained)| {
            let (sets, blks) = (blocks.start[w[0]]..blocks.start[w[1]], w[0]..w[1]);
            GeneralGroup {
                blocks: blks.clone(),
                first: sets.start,
                wg: wg.next().unwrap(),
                ws: &ws[sets],
                fg: fg.next().unwrap(),
                front: front.next().unwrap(),
                due: due.next().unwrap(),
                gained,
                gain: &gain[blks],
            }
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
    /// The soldiers' half of ply `k` over a group: pulls the previous ply's General wins
    /// (`prev`, read only) into each set of every block not yet full, marks in `g.gained` the
    /// sets that gained wins and logs those wins to `log` as (rank, the slots won); their values
    /// are written into the table once the level's plies are done ([`crate::soldier_wins`]).
    /// Returns the positions won.
    pub(crate) fn soldiers_half<W: Word>(
        &self,
        g: SoldierGroup<'_, W>,
        prev: &Prev<'_, W>,
        (acc, tmp): (&mut [W], &mut [W]),
        log: &mut Wins,
    ) -> u64 {
        let (geo, split, blocks) = (self.geo, self.split, self.blocks);
        let mut found = 0u64;
        g.gained.fill(0);
        for (bi, b) in g.blocks.clone().enumerate() {
            g.gain[bi] = false;
            if g.full[bi] {
                continue;
            }
            let range = blocks.range(b);
            let len = range.len();
            let off = range.start - g.first;
            acc[..len].fill(W::ZERO);
            self.pull(b, prev, acc, tmp, len);
            let (m, high) = (blocks.low[b] as usize, blocks.high[b]);
            let lows = &split.low_sets[m];
            let (mut full, mut gain) = (true, false);
            for i in 0..len {
                let r = off + i;
                let set = high | lows[i];
                let ns = (acc[i] & !g.ws[r]).to_u64();
                if ns != 0 {
                    g.ws[r] |= W::from_u64(ns);
                    found += ns.count_ones() as u64;
                    log.push(((range.start + i) as u32, slot_bits(ns, set)));
                    g.gained[r / 64] |= 1 << (r % 64);
                    gain = true;
                }
                full &= g.ws[r].to_u64() == geo.mask & !set;
            }
            g.full[bi] = full;
            g.gain[bi] = gain;
        }
        found
    }

    /// The General's half of ply `ply` (0: the first ply, every set; else the ply after the
    /// soldiers' half) over a group: visits the sets that gained soldiers' wins, or every set of
    /// a block whose earliest capture bound has come, reading the block's capture bounds from
    /// `bounds` (through `buf`) the first time one of its sets needs them, and overwrites the
    /// block's `fg` with the wins found. A block with nothing to visit keeps its stale `fg`, its
    /// `front` says so. The wins go to `glog` as (rank, the slots won).
    pub(crate) fn general_half<W: Word>(
        &self,
        g: GeneralGroup<'_, W>,
        ply: u32,
        bounds: &Bounds,
        buf: &mut Vec<u8>,
        glog: &mut Wins,
    ) -> Result<Found, ScratchError> {
        let (geo, split, blocks, e) = (self.geo, self.split, self.blocks, self.e);
        let mut found = Found::default();
        for (bi, b) in g.blocks.clone().enumerate() {
            let whole = ply == 0 || g.due[bi] as u32 <= ply;
            if !whole && !g.gain[bi] {
                g.front[bi] = false;
                found.pending += (g.due[bi] != u8::MAX) as u64;
                continue;
            }
            let range = blocks.range(b);
            let off = range.start - g.first;
            let (m, high) = (blocks.low[b] as usize, blocks.high[b]);
            let lows = &split.low_sets[m];
            let mut due = if whole { u8::MAX } else { g.due[bi] };
            let (cover, mut loaded, mut front) = (range.start * e..range.end * e, false, false);
            for i in 0..range.len() {
                let r = off + i;
                let mut won = 0u64;
                // A set is visited when its soldiers' side gained wins (its General positions may
                // have lost their last escape) or when its block's earliest bound has come.
                if whole || g.gained[r / 64] >> (r % 64) & 1 != 0 {
                    let set = high | lows[i];
                    let (ws, wg) = (g.ws[r].to_u64(), g.wg[r].to_u64());
                    if !loaded {
                        bounds.load(cover.clone(), buf)?;
                        loaded = true;
                    }
                    let gd = bounds.get(cover.clone(), buf);
                    let step = general_step(geo, set, ws, wg, &gd[i * e..(i + 1) * e], ply);
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
            g.due[bi] = due;
            found.pending += (due != u8::MAX) as u64;
        }
        Ok(found)
    }

    /// The soldiers' step for block `b`: ORs into `acc` every previous General win that a soldier
    /// move from a set of the block reaches (masked where the moving soldier stood). A move into
    /// a block the level does not keep (the 33-point board's mirror) reads its image block
    /// through `tmp`.
    fn pull<W: Word>(&self, b: usize, prev: &Prev<'_, W>, acc: &mut [W], tmp: &mut [W], len: usize) {
        let (split, blocks) = (self.split, self.blocks);
        let x = split.x;
        let acc: &mut [W; SPAN] = (&mut acc[..SPAN]).try_into().expect("the accumulator spans SPAN words");
        let tmp: &mut [W; SPAN] = (&mut tmp[..SPAN]).try_into().expect("the image buffer spans SPAN words");
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
            let (sb, mirrored) = blocks.of_high(high ^ (1 << p) ^ (1 << q), x);
            if !prev.front[sb as usize] {
                continue;
            }
            let keep = !bit(origin);
            let src = match mirrored {
                false => &prev.fg[blocks.start[sb as usize]..blocks.start[sb as usize] + len],
                true => &self.image(sb as usize, m, prev.fg, tmp)[..len],
            };
            for (d, &s) in acc[..len].iter_mut().zip(src) {
                *d |= s & keep;
            }
        }
        // Moves between a low and a high point go to a block with one more or one fewer low
        // soldier.
        for &(a, h) in &split.cross_lines {
            let (target, pairs, origin, sm) = if high >> h & 1 == 0 {
                // The soldier on the low point a moves to h.
                if m == 0 {
                    continue;
                }
                (high | 1 << h, &split.with_low[m][a as usize], a, m - 1)
            } else {
                // The soldier on h moves to the low point a.
                if m == x as usize {
                    continue;
                }
                (high & !(1 << h), &split.without_low[m][a as usize], h, m + 1)
            };
            let (sb, mirrored) = blocks.of_high(target, x);
            if sb == NO_BLOCK || !prev.front[sb as usize] {
                continue;
            }
            let src = match mirrored {
                false => window(prev.fg, blocks.start[sb as usize]),
                true => self.image(sb as usize, sm, prev.fg, tmp),
            };
            or_pairs(acc, src, pairs, !bit(origin));
        }
    }

    /// The words of the block not kept whose image is the kept block `img` (with `m` low
    /// soldiers), in its own order: the image's words permuted and mirrored into `tmp`.
    fn image<'t, W: Word>(&self, img: usize, m: usize, fg: &[W], tmp: &'t mut [W; SPAN]) -> &'t [W; SPAN] {
        let mirror = self.split.mirror.expect("only the mirror leaves blocks out");
        let src = window(fg, self.blocks.start[img]);
        for (d, &i) in tmp.iter_mut().zip(&self.split.mirror_low[m]) {
            *d = W::from_u64(mirror.mask(src[i as usize % SPAN].to_u64()));
        }
        tmp
    }
}
