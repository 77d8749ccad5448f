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

use musashi_game::{Bits, Position, Side};

/// The evaluation's weights (units: one soldier = 100).
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Weights {
    /// Per soldier, for the soldiers.
    pub soldier: i32,
    /// The margin over the threshold at which material is called even.
    pub balance: i32,
    /// Extra per missing soldier of margin, when the margin over the threshold is below 4.
    pub margin: i32,
    /// Per point the General can step to.
    pub mobility: i32,
    /// Penalty for the General with exactly one step left.
    pub last_step: i32,
    /// Per point of room (capped at `room_cap`).
    pub room: i32,
    /// Cap on counted room.
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
}

impl Default for Weights {
    fn default() -> Weights {
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
        }
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

/// The evaluation of `pos` for the General, with `threshold` the capture threshold.
pub(crate) fn general_view(pos: &Position, threshold: u32, w: &Weights) -> i32 {
    let topo = pos.board().topology();
    let nbr = &topo.neighbours;
    let soldiers = pos.soldiers();
    let n = pos.num_soldiers() as i32;
    let empty = pos.empty();
    let g = pos.general();
    let margin = n - threshold as i32;
    let mut v = -w.soldier * (margin - w.balance);

    if margin < 4 {
        v += w.margin * (4 - margin.max(0));
    }

    let steps = nbr[g.index()] & empty;
    let mobility = steps.count_ones() as i32;
    v += w.mobility * mobility;
    if mobility == 1 {
        v -= w.last_step;
    }

    let room = room(pos);
    v += w.room * (room.count_ones() - 1).min(w.room_cap) as i32;

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
        v += w.capture_now * best as i32;
    } else if best > 0 {
        let second = threats[..k].iter().map(|&c| (c & !best_mask).count_ones()).max().unwrap_or(0);
        v += w.double_threat * second as i32 + w.single_threat * best as i32;
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
            v += w.gap;
            if two_steps & p.bit() != 0 {
                v += w.near_gap;
            }
        }
    }

    // Wall: isolated soldiers and soldiers not touching the General's room.
    let mut border = 0u64;
    for p in Bits(room) {
        border |= nbr[p.index()];
    }
    for s in Bits(soldiers) {
        if nbr[s.index()] & soldiers == 0 {
            v += w.isolated;
        }
        if border & s.bit() == 0 {
            v += w.idle;
        }
    }

    if g.in_setchin() {
        v -= w.general_in_setchin;
    } else {
        v += w.soldier_in_setchin * (soldiers >> 25).count_ones() as i32;
    }
    v
}

/// The evaluation of `pos` for the side to move.
#[inline]
pub fn evaluate(pos: &Position, threshold: u32, w: &Weights) -> i32 {
    let v = general_view(pos, threshold, w);
    if pos.side_to_move() == Side::General { v } else { -v }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn eval(s: &str) -> i32 {
        evaluate(&s.parse().unwrap(), 5, &Weights::default())
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
    fn room_is_the_walkable_region() {
        let pos: Position = "SSSSS/S...S/S.G.S/S...S/SSSSS/.../..... g".parse().unwrap();
        // The 9 inner points; the setchin is cut off by the c5 soldier.
        assert_eq!(room(&pos).count_ones(), 9);
    }
}
