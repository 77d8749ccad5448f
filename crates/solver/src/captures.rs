//! Capture bounds: before a level's first step, each General position learns the longest win its
//! captures allow the soldiers (the capture children live in lower levels, already solved).

use crate::geometry::Geometry;
use crate::index::{LevelShape, slot};
use crate::value::GENERAL_WINS_BYTE;
use std::sync::Arc;

/// Writes, for every General point of one soldier set, the capture bound: 0 without captures,
/// 1 + the longest capture child, or 255 when some capture wins for the General. The General
/// step reads them back from these bytes ([`crate::general_step`]).
pub(crate) fn capture_bounds(
    geo: &Geometry,
    threshold: u32,
    n: u32,
    set: u64,
    lower: &[Option<Arc<Vec<u8>>>],
    out: &mut [u8],
) {
    out.fill(0);
    let caps = geo.capture_points(set);
    if caps == 0 {
        return;
    }
    let free = geo.mask & !set;
    let mut c = caps;
    while c != 0 {
        let p = c.trailing_zeros();
        c &= c - 1;
        // The General points one step from p (the lines are symmetric).
        let from = geo.neighbours[p as usize] & free;
        if from == 0 {
            // No General can arrive here (every neighbour holds a soldier), so this capture,
            // which could take four pairs, is never played.
            continue;
        }
        let taken = geo.captured_at(p, set);
        let m = n - taken.count_ones();
        let bound = if m <= threshold {
            GENERAL_WINS_BYTE
        } else {
            let table = lower[m as usize].as_ref().expect("lower levels are solved first");
            let child = set & !taken;
            let b = table[LevelShape { points: geo.points, soldiers: m }.index(p, child) as usize];
            if b == GENERAL_WINS_BYTE { GENERAL_WINS_BYTE } else { b + 1 }
        };
        let mut f = from;
        while f != 0 {
            let g = f.trailing_zeros();
            f &= f - 1;
            let b = &mut out[slot(g, set) as usize];
            *b = (*b).max(bound);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use musashi_game::Board;

    #[test]
    fn a_point_no_general_can_reach_is_not_looked_up() {
        // c3 surrounded by eight soldiers (four full pairs) plus one on e5: arriving at c3 would
        // take eight, but no General can arrive there. No lower level may be read (there are
        // none here), and no General point gets a capture bound from it.
        let geo = Geometry::new(Board::Square25);
        let ring = geo.neighbours[12];
        let set = ring | 1 << 24;
        assert_eq!(geo.capture_points(set), 1 << 12);
        let lower = vec![None; 10];
        let mut out = vec![7u8; 25 - 9];
        capture_bounds(&geo, 0, 9, set, &lower, &mut out);
        assert!(out.iter().all(|&b| b == 0), "{out:?}");
    }
}
