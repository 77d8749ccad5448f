//! The hand-written evaluation, in units where one soldier is worth 100, from the point of view
//! of the side to move. It is computed for the General and negated for the soldiers. Terms
//! (each documented in `docs/alphabeta.md`):
//!
//! 1. **Material**: 100 per soldier, for the soldiers, counted from a balance point: the
//!    soldiers' margin over the threshold at which material alone is called even (9: the
//!    classic start after the General's opening capture).
//! 2. **Margin**: soldiers close to the threshold are in danger: each soldier of margin below
//!    four costs the soldiers `margin` extra.
//! 3. **General mobility**: points the General can step to now; a General with a single step
//!    left is close to a trap.
//! 4. **Room**: the empty points the General can walk to without capturing (a flood fill), capped.
//! 5. **Threats**: with the General to move, the best capture it has now; with the soldiers to
//!    move, the second-best disjoint threat (the soldiers can parry one, not two).
//! 6. **Gaps**: empty points between a straight soldier pair that the General can reach in two
//!    steps (next turn's threats), and all such gaps (weak points of the wall).
//! 7. **Wall compactness**: isolated soldiers (no soldier on a neighbouring point) and soldiers
//!    far from the General's room do no trapping work.
//! 8. **The setchin**: the General inside the pen has few lines (its far corners have two);
//!    soldiers inside while the General is outside are out of play.
//! 9. **Progress** (`docs/alphabeta.md`): the soldiers' board distance to the General (a wall
//!    that closes in), and the General's room weighted by how little of the move limit is left
//!    (the soldiers must shrink it in time; the General must keep it).
//!
//! The evaluation is linear in its weights (`features` and `Weights::linear`), which is what
//! lets `tune` fit them to exact values.

use musashi_game::{Bits, Board, Position, Side};
use std::fmt;
use std::str::FromStr;
use std::sync::OnceLock;

/// How many linear terms the evaluation has (`Weights::linear`, `features`).
pub const NUM_FEATURES: usize = 16;

/// The terms' values for one position, from the General's point of view, in `Weights::NAMES`
/// order: the evaluation for the General is their dot product with `Weights::linear` plus the
/// constant `soldier * balance` (`score`).
pub type Features = [i32; NUM_FEATURES];

/// Plies before the move limit from which the General's room is worth more (`late_room`). The
/// same horizon below which the transposition table mixes the moves left into its key, so
/// that entries never mix scores computed with different moves left.
pub const LATE_HORIZON: u32 = 160;

/// The evaluation's weights (units: one soldier = 100).
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Weights {
    /// Per soldier, for the soldiers.
    pub soldier: i32,
    /// The margin over the threshold at which material is called even: the evaluation's
    /// constant, `soldier * balance` for the General (not a linear weight).
    pub balance: i32,
    /// Extra per missing soldier of margin, when the margin over the threshold is below 4.
    pub margin: i32,
    /// Per point the General can step to.
    pub mobility: i32,
    /// Penalty for the General with exactly one step left.
    pub last_step: i32,
    /// Per point of room (capped at `room_cap`).
    pub room: i32,
    /// Cap on counted room (not a linear weight).
    pub room_cap: u32,
    /// Per soldier of the best capture, General to move.
    pub capture_now: i32,
    /// Per soldier of the second disjoint threat, soldiers to move.
    pub double_threat: i32,
    /// Per soldier of a single threat, soldiers to move (it costs them a tempo).
    pub single_threat: i32,
    /// Per gap the General reaches in two steps.
    pub near_gap: i32,
    /// Per gap anywhere.
    pub gap: i32,
    /// Per isolated soldier.
    pub isolated: i32,
    /// Per soldier not adjacent to the General's room.
    pub idle: i32,
    /// General inside the setchin.
    pub general_in_setchin: i32,
    /// Per soldier inside the setchin while the General is outside.
    pub soldier_in_setchin: i32,
    /// Per tenth of a step of the soldiers' mean distance to the General beyond the first
    /// (board distance, pieces ignored): a wall that has not closed in.
    pub spread: i32,
    /// Per point of room and per tenth of `LATE_HORIZON` plies spent of it: the same room is
    /// worth more to the General the fewer moves the limit leaves the soldiers.
    pub late_room: i32,
}

impl Default for Weights {
    /// The weights the engine plays with (`docs/alphabeta.md`): fitted to the solved 25-point
    /// game by `tune` (Texel-style), with `spread` held at 0 and the terms the 25-point solved
    /// form cannot show (the setchin's, `late_room`) set by hand in the fitted units.
    fn default() -> Weights {
        Weights {
            soldier: 100,
            balance: -126,
            margin: 400,
            mobility: 65,
            last_step: 400,
            room: 400,
            room_cap: 24,
            capture_now: 400,
            double_threat: 400,
            single_threat: -400,
            near_gap: -287,
            gap: -260,
            isolated: 376,
            idle: -400,
            general_in_setchin: 400,
            soldier_in_setchin: 160,
            spread: 0,
            late_room: 100,
        }
    }
}

impl Weights {
    /// Names of the linear weights, in `Features` order.
    pub const NAMES: [&'static str; NUM_FEATURES] = [
        "soldier",
        "margin",
        "mobility",
        "last_step",
        "room",
        "capture_now",
        "double_threat",
        "single_threat",
        "near_gap",
        "gap",
        "isolated",
        "idle",
        "general_in_setchin",
        "soldier_in_setchin",
        "spread",
        "late_room",
    ];

    /// The hand-set weights of the first baseline, without the progress terms (`spread`,
    /// `late_room` zero): the evaluation as it was before them, and the one the greedy player
    /// and `HeuristicBlend` use.
    pub fn legacy() -> Weights {
        Weights {
            soldier: 100,
            balance: 9,
            margin: 25,
            mobility: 10,
            last_step: 30,
            room: 8,
            room_cap: 24,
            capture_now: 80,
            double_threat: 60,
            single_threat: 10,
            near_gap: 8,
            gap: 3,
            isolated: 12,
            idle: 8,
            general_in_setchin: 20,
            soldier_in_setchin: 8,
            spread: 0,
            late_room: 0,
        }
    }

    /// The linear weights, in `NAMES` order.
    pub fn linear(&self) -> [i32; NUM_FEATURES] {
        [
            self.soldier,
            self.margin,
            self.mobility,
            self.last_step,
            self.room,
            self.capture_now,
            self.double_threat,
            self.single_threat,
            self.near_gap,
            self.gap,
            self.isolated,
            self.idle,
            self.general_in_setchin,
            self.soldier_in_setchin,
            self.spread,
            self.late_room,
        ]
    }

    /// These weights with the linear ones replaced by `v` (in `NAMES` order).
    pub fn with_linear(&self, v: [i32; NUM_FEATURES]) -> Weights {
        Weights {
            soldier: v[0],
            margin: v[1],
            mobility: v[2],
            last_step: v[3],
            room: v[4],
            capture_now: v[5],
            double_threat: v[6],
            single_threat: v[7],
            near_gap: v[8],
            gap: v[9],
            isolated: v[10],
            idle: v[11],
            general_in_setchin: v[12],
            soldier_in_setchin: v[13],
            spread: v[14],
            late_room: v[15],
            ..*self
        }
    }
}

impl fmt::Display for Weights {
    /// `name=value` pairs separated by commas: the linear weights, then `balance` and `room_cap`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (name, v) in Weights::NAMES.iter().zip(self.linear()) {
            write!(f, "{name}={v},")?;
        }
        write!(f, "balance={},room_cap={}", self.balance, self.room_cap)
    }
}

impl FromStr for Weights {
    type Err = String;
    /// `name=value` pairs separated by commas or whitespace, over `Weights::default()`; every
    /// name of `NAMES`, `balance` and `room_cap` is accepted, anything else is an error.
    fn from_str(s: &str) -> Result<Weights, String> {
        let mut w = Weights::default();
        let mut v = w.linear();
        for pair in s.split(|c: char| c == ',' || c.is_whitespace()).filter(|p| !p.is_empty()) {
            let (k, x) = pair.split_once('=').ok_or_else(|| format!("'{pair}' is not name=value"))?;
            let x: i64 = x.parse().map_err(|e| format!("bad value for {k}: {e}"))?;
            let x32 = i32::try_from(x).map_err(|_| format!("{k}={x} is out of range"))?;
            match k {
                "balance" => w.balance = x32,
                "room_cap" => w.room_cap = u32::try_from(x).map_err(|_| format!("room_cap={x} is out of range"))?,
                _ => {
                    let i = Weights::NAMES.iter().position(|n| *n == k).ok_or_else(|| {
                        format!("unknown weight '{k}' (known: {}, balance, room_cap)", Weights::NAMES.join(", "))
                    })?;
                    v[i] = x32;
                }
            }
        }
        Ok(w.with_linear(v))
    }
}

/// The squares the General can reach by walking over empty points (its own point included).
#[inline]
pub(crate) fn room(pos: &Position) -> u64 {
    let nbr = &pos.board().topology().neighbours;
    let empty = pos.empty();
    let mut region = pos.general().bit();
    let mut frontier = region;
    while frontier != 0 {
        let mut next = 0;
        for p in Bits(frontier) {
            next |= nbr[p.index()];
        }
        next &= empty & !region;
        region |= next;
        frontier = next;
    }
    region
}

/// Board distances (steps along lines, pieces ignored) between the 33-point board's points.
/// The setchin joins the square at `c5` alone, so distances between points of the square are
/// the same on the 25-point board.
fn distances() -> &'static [[u8; 33]; 33] {
    static D: OnceLock<[[u8; 33]; 33]> = OnceLock::new();
    D.get_or_init(|| {
        let nbr = &Board::Setchin33.topology().neighbours;
        let mut d = [[u8::MAX; 33]; 33];
        for (a, row) in d.iter_mut().enumerate() {
            row[a] = 0;
            let (mut seen, mut frontier, mut k) = (1u64 << a, 1u64 << a, 0u8);
            while frontier != 0 {
                k += 1;
                let mut next = 0;
                for p in Bits(frontier) {
                    next |= nbr[p.index()];
                }
                next &= !seen;
                for p in Bits(next) {
                    row[p.index()] = k;
                }
                seen |= next;
                frontier = next;
            }
        }
        d
    })
}

/// The evaluation's terms for `pos` (`Features`), with `threshold` the capture threshold,
/// `plies_left` the plies the move limit still allows (`None`: no limit; a limit in soldier
/// moves counts two plies per move), and the room cap of `w` (`room_cap`).
#[inline]
pub fn features(pos: &Position, threshold: u32, plies_left: Option<u32>, w: &Weights) -> Features {
    let mut f = [0i32; NUM_FEATURES];
    let topo = pos.board().topology();
    let nbr = &topo.neighbours;
    let soldiers = pos.soldiers();
    let n = pos.num_soldiers() as i32;
    let empty = pos.empty();
    let g = pos.general();
    let margin = n - threshold as i32;
    f[0] = -margin;
    if margin < 4 {
        f[1] = 4 - margin.max(0);
    }

    let steps = nbr[g.index()] & empty;
    let mobility = steps.count_ones() as i32;
    f[2] = mobility;
    f[3] = -((mobility == 1) as i32);

    let room = room(pos);
    let room_points = (room.count_ones() - 1).min(w.room_cap) as i32;
    f[4] = room_points;

    // Threats: captures available from the General's steps.
    let mut best = 0u32;
    let mut best_mask = 0u64;
    let mut threats = [0u64; 8];
    let mut k = 0;
    for to in Bits(steps) {
        let c = pos.captures_at(to);
        if c != 0 {
            threats[k] = c;
            k += 1;
            if c.count_ones() > best {
                best = c.count_ones();
                best_mask = c;
            }
        }
    }
    if pos.side_to_move() == Side::General {
        f[5] = best as i32;
    } else if best > 0 {
        let second = threats[..k].iter().map(|&c| (c & !best_mask).count_ones()).max().unwrap_or(0);
        f[6] = second as i32;
        f[7] = best as i32;
    }

    // Gaps: empty points with a straight soldier pair through them.
    let mut two_steps = steps;
    for p in Bits(steps) {
        two_steps |= nbr[p.index()];
    }
    two_steps &= empty | g.bit();
    two_steps &= !steps;
    for p in Bits(empty) {
        let mut gap = false;
        for &pair in &topo.capture_pairs[p.index()] {
            if pair != 0 && soldiers & pair == pair {
                gap = true;
                break;
            }
        }
        if gap {
            f[9] += 1;
            if two_steps & p.bit() != 0 {
                f[8] += 1;
            }
        }
    }

    // Wall: isolated soldiers, soldiers not touching the General's room, and how far the
    // soldiers stand from the General.
    let mut border = 0u64;
    for p in Bits(room) {
        border |= nbr[p.index()];
    }
    let dist = &distances()[g.index()];
    let mut spread = 0i32;
    for s in Bits(soldiers) {
        if nbr[s.index()] & soldiers == 0 {
            f[10] += 1;
        }
        if border & s.bit() == 0 {
            f[11] += 1;
        }
        spread += dist[s.index()] as i32 - 1;
    }
    if n > 0 {
        f[14] = 10 * spread / n;
    }

    if g.in_setchin() {
        f[12] = -1;
    } else {
        f[13] = (soldiers >> 25).count_ones() as i32;
    }

    if let Some(left) = plies_left {
        let spent = LATE_HORIZON - left.min(LATE_HORIZON);
        f[15] = room_points * (10 * spent / LATE_HORIZON) as i32;
    }
    f
}

/// The dot product of `f` with `w`'s linear weights.
#[inline]
pub fn dot(f: &Features, w: &Weights) -> i32 {
    f.iter().zip(w.linear()).map(|(&x, y)| x * y).sum()
}

/// The evaluation for the General of a position with terms `f`: `dot(f, w)` plus the constant
/// `soldier * balance`.
#[inline]
pub fn score(f: &Features, w: &Weights) -> i32 {
    dot(f, w) + w.soldier * w.balance
}

/// The evaluation of `pos` for the General, with `threshold` the capture threshold.
#[inline]
pub(crate) fn general_view(pos: &Position, threshold: u32, plies_left: Option<u32>, w: &Weights) -> i32 {
    score(&features(pos, threshold, plies_left, w), w)
}

/// The evaluation of `pos` for the side to move, without a move limit in sight.
#[inline]
pub fn evaluate(pos: &Position, threshold: u32, w: &Weights) -> i32 {
    evaluate_with_limit(pos, threshold, None, w)
}

/// The evaluation of `pos` for the side to move, with `plies_left` the plies the move limit
/// still allows (`None`: no limit; see `features`).
#[inline]
pub fn evaluate_with_limit(pos: &Position, threshold: u32, plies_left: Option<u32>, w: &Weights) -> i32 {
    let v = general_view(pos, threshold, plies_left, w);
    if pos.side_to_move() == Side::General { v } else { -v }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn eval(s: &str) -> i32 {
        evaluate(&s.parse().unwrap(), 5, &Weights::legacy())
    }

    #[test]
    fn terms_point_the_right_way() {
        // Mirror images score alike.
        assert_eq!(
            eval("SSS../S...S/S.G.S/S...S/SSSSS/.../..... g"),
            eval("..SSS/S...S/S.G.S/S...S/SSSSS/.../..... g")
        );
        let start = "SSSSS/S...S/S.G.S/S...S/SSSSS/.../..... g";
        // Fewer soldiers is better for the General.
        assert!(eval("SSSS./S...S/S.G.S/S...S/SSSSS/.../..... g") > eval(start));
        // A General in the setchin is worse off than in the open.
        let open = "...../..G../...../SS.SS/SSSSS/.../..... g";
        let pen = "...../...../...../SS.SS/SSSSS/.G./..... g";
        assert!(eval(open) > eval(pen));
        // Seen from the soldiers, the General's capture threat is bad.
        let threatened = ".S.../...../.SG../...../...../.../..... s";
        let safe = ".S.../...../S.G../...../...../.../..... s";
        assert!(eval(threatened) < eval(safe));
    }

    #[test]
    fn weights_print_and_parse() {
        let w = Weights { spread: -7, balance: 3, room_cap: 20, ..Weights::default() };
        assert_eq!(w.to_string().parse::<Weights>().unwrap(), w);
        assert_eq!("".parse::<Weights>().unwrap(), Weights::default());
        assert_eq!("room=5 idle=-2".parse::<Weights>().unwrap(), Weights { room: 5, idle: -2, ..Weights::default() });
        assert!("rooms=5".parse::<Weights>().unwrap_err().contains("unknown weight 'rooms'"));
        assert!("room=x".parse::<Weights>().is_err());
        let v: [i32; NUM_FEATURES] = std::array::from_fn(|i| i as i32 * 3 - 7);
        assert_eq!(Weights::default().with_linear(v).linear(), v);
    }

    #[test]
    fn progress_terms() {
        let w = Weights { spread: 1, late_room: 1, ..Weights::legacy() };
        let f = |s: &str, left| features(&s.parse().unwrap(), 5, left, &w);
        // Soldiers next to the General: no spread; one a step further: 10/n tenths.
        let near = "...../.SSS./.SGS./.SSS./...../.../..... g";
        assert_eq!(f(near, None)[14], 0);
        let far = "...../.SSS./.SG.S/.SSS./...../.../..... g";
        assert_eq!(f(far, None)[14], 10 / 8);
        // Across the setchin: c3 to a7 is c3-c4-c5-b6-a7, four steps.
        let pen = "...../...../..G../...../...../.../S.... g";
        assert_eq!(f(pen, None)[14], 30);
        // The room only counts late: from LATE_HORIZON plies left on, a tenth per 16 plies.
        let open = "SSSSS/S...S/S.G.S/S...S/SSSSS/.../..... g";
        assert_eq!(f(open, None)[15], 0);
        assert_eq!(f(open, Some(LATE_HORIZON))[15], 0);
        assert_eq!(f(open, Some(LATE_HORIZON / 2))[15], 8 * 5);
        assert_eq!(f(open, Some(0))[15], 8 * 10);
        // The same room late is better for the General.
        let v = |left| evaluate_with_limit(&open.parse().unwrap(), 5, left, &Weights::default());
        assert!(v(Some(10)) > v(Some(200)));
        assert_eq!(v(Some(200)), v(None));
    }

    #[test]
    fn room_is_the_walkable_region() {
        let pos: Position = "SSSSS/S...S/S.G.S/S...S/SSSSS/.../..... g".parse().unwrap();
        // The 9 inner points; the setchin is cut off by the c5 soldier.
        assert_eq!(room(&pos).count_ones(), 9);
    }
}
