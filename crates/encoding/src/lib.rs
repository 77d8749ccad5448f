//! The feature encoding: how a position in its game context becomes the network's input.
//! Versioned: checkpoints and export bundles record `ENCODING_VERSION`, and refuse to load under
//! another. Its own crate, free of Burn, so that the training network (`musashi-net`) and the
//! export runtime (`musashi-runtime`) encode with the same code.
//!
//! Version 1, `NUM_FEATURES` = 180 floats:
//!
//! | offset | size | feature |
//! |---:|---:|---|
//! | 0 | 33 | the General's point (one-hot over the 33 points, point order) |
//! | 33 | 33 | soldiers |
//! | 66 | 33 | empty points of the board (0 on points the board lacks: the setchin on 25 points) |
//! | 99 | 33 | the General's destinations (empty neighbours) |
//! | 132 | 33 | threatened soldiers (capturable by the General's next move) |
//! | 165 | 2 | side to move: General, soldiers (one-hot) |
//! | 167 | 1 | the board is the 25-point board |
//! | 168 | 1 | soldiers / 16 |
//! | 169 | 1 | the threshold (soldiers at or below which the General wins) / 16 |
//! | 170 | 1 | (soldiers - threshold) / 16 |
//! | 171 | 3 | repetition rule: third-time-general-wins, soldiers-may-not-repeat, none |
//! | 174 | 3 | move limit: plies, soldier-moves, none |
//! | 177 | 1 | moves left / the limit (1 without a limit) |
//! | 178 | 1 | min(moves left, 32) / 32 (1 without a limit) |
//! | 179 | 1 | the position has occurred before (repetition count ≥ 2) |

pub mod board_graph;

use musashi_game::{Bits, Board, MoveLimit, Repetition, Side, Snapshot, analysis};

/// The encoding's version, stored in every checkpoint and export.
pub const ENCODING_VERSION: u32 = 1;
/// Number of input features.
pub const NUM_FEATURES: usize = 180;

/// The network's moves-left output is plies to the end divided by this, so that its targets lie
/// near 1; the training network and the export runtime both scale by it.
pub const PLIES_SCALE: f32 = 100.0;

const POINTS: usize = 33;

/// The feature that is 1 when the General is to move and 0 when the soldiers are (the first of
/// the side-to-move pair): what per-role heads choose their heads by.
pub const GENERAL_TO_MOVE: usize = 5 * POINTS;

/// Writes the features of `s` into `out` (length `NUM_FEATURES`).
pub fn encode(s: &Snapshot, out: &mut [f32]) {
    assert_eq!(out.len(), NUM_FEATURES, "feature buffer of the wrong length");
    out.fill(0.0);
    let pos = &s.position;
    let mut plane = |k: usize, mask: u64| {
        for p in Bits(mask) {
            out[k * POINTS + p.index()] = 1.0;
        }
    };
    plane(0, pos.general().bit());
    plane(1, pos.soldiers());
    plane(2, pos.empty());
    plane(3, pos.general_destinations());
    plane(4, analysis::threatened_soldiers(pos));
    let o = 5 * POINTS;
    out[GENERAL_TO_MOVE + if pos.side_to_move() == Side::General { 0 } else { 1 }] = 1.0;
    out[o + 2] = if pos.board() == Board::Square25 { 1.0 } else { 0.0 };
    let soldiers = pos.num_soldiers() as f32;
    let threshold = s.rules.threshold() as f32;
    out[o + 3] = soldiers / 16.0;
    out[o + 4] = threshold / 16.0;
    out[o + 5] = (soldiers - threshold) / 16.0;
    out[o + 6 + repetition_index(s.rules.repetition)] = 1.0;
    let (limit_index, limit) = match s.rules.move_limit {
        MoveLimit::Plies(n) => (0, Some(n)),
        MoveLimit::SoldierMoves(n) => (1, Some(n)),
        MoveLimit::None => (2, None),
    };
    out[o + 9 + limit_index] = 1.0;
    let (fraction, near) = match (limit, s.moves_left) {
        (Some(n), Some(left)) => (left as f32 / n as f32, left.min(32) as f32 / 32.0),
        _ => (1.0, 1.0),
    };
    out[o + 12] = fraction;
    out[o + 13] = near;
    out[o + 14] = if s.repetition_count >= 2 { 1.0 } else { 0.0 };
}

fn repetition_index(r: Repetition) -> usize {
    match r {
        Repetition::ThirdTimeGeneralWins => 0,
        Repetition::SoldiersMayNotRepeat => 1,
        Repetition::None => 2,
    }
}

/// Encodes a batch into one row-major buffer of `batch.len() * NUM_FEATURES` floats.
pub fn encode_batch(batch: &[Snapshot], out: &mut Vec<f32>) {
    out.clear();
    out.resize(batch.len() * NUM_FEATURES, 0.0);
    for (s, row) in batch.iter().zip(out.chunks_exact_mut(NUM_FEATURES)) {
        encode(s, row);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use musashi_game::{Game, Position, Preset};

    #[test]
    fn start_features() {
        let g = Game::new(Preset::Classic.ruleset());
        let mut f = vec![0.0; NUM_FEATURES];
        encode(&g.snapshot(), &mut f);
        assert_eq!(f[12], 1.0, "General on c3");
        assert_eq!(f[33..66].iter().sum::<f32>(), 16.0);
        assert_eq!(f[66..99].iter().sum::<f32>(), 33.0 - 17.0);
        assert_eq!(f[99..132].iter().sum::<f32>(), 8.0);
        assert_eq!(f[132..165].iter().sum::<f32>(), 4.0);
        assert_eq!(f[165], 1.0);
        assert_eq!(f[167], 0.0);
        assert_eq!(f[177], 1.0);
        let g = Game::new(Preset::NoSetchin.ruleset());
        encode(&g.snapshot(), &mut f);
        assert_eq!(f[66 + 25..99].iter().sum::<f32>(), 0.0, "the setchin is masked on 25 points");
        assert_eq!(f[167], 1.0);
    }

    #[test]
    fn point_planes_follow_symmetries() {
        let g = Game::new(Preset::NoSetchin.ruleset());
        let p: Position = "S.SSS/..S.S/SG..S/S.S.S/SS.S. s".parse().unwrap();
        let g = Game::from_position(*g.rules(), p).unwrap();
        let mut f = vec![0.0; NUM_FEATURES];
        let mut h = vec![0.0; NUM_FEATURES];
        encode(&g.snapshot(), &mut f);
        for &s in p.board().symmetries() {
            let img = Snapshot { position: s.position(&p), ..g.snapshot() };
            encode(&img, &mut h);
            for k in 0..5 {
                for q in p.board().points() {
                    assert_eq!(f[k * 33 + q.index()], h[k * 33 + s.point(q).index()], "{s:?} plane {k}");
                }
            }
            assert_eq!(f[165..], h[165..]);
        }
    }
}
