//! The re-check on sampled positions, for tables too large to hold: positions drawn uniformly
//! (seeded) from each level and side are re-derived from their children's stored values
//! ([`crate::recheck`]'s rule), reading single bytes from the level files
//! ([`Tables::open_files`]) rather than loading the levels, so it runs in little memory on tables
//! of any size.

use crate::index::LevelShape;
use crate::recheck::{RecheckReport, expected_value};
use crate::table::Tables;
use crate::table_error::TableError;
use musashi_game::{Point, Position, Side};
use rayon::prelude::*;
use std::path::Path;

/// A seeded stream of 64-bit numbers (SplitMix64).
fn mix(state: u64) -> u64 {
    let mut z = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Re-checks `per_side` positions drawn from each side of each level of the table directory
/// `dir` (all of a side when it has fewer), seeded by `seed`.
pub fn recheck_sample(dir: &Path, per_side: u64, seed: u64) -> Result<RecheckReport, TableError> {
    let tables = Tables::open_files(dir)?;
    let board = tables.board();
    let mut report = RecheckReport::default();
    for n in tables.held() {
        let shape = LevelShape { points: board.num_points() as u32, soldiers: n };
        let size = shape.positions_per_side();
        for side in Side::BOTH {
            let draws = per_side.min(size);
            let key = seed ^ (n as u64) << 56 ^ (side.index() as u64) << 48;
            let parts: Vec<Result<RecheckReport, TableError>> = (0..draws)
                .into_par_iter()
                .map(|i| {
                    // Every index when the side is small, else uniform draws.
                    let index = if draws == size { i } else { mix(key ^ i) % size };
                    let e = shape.empties() as u64;
                    let soldiers = shape.set_at(index / e);
                    let general = Point::new(nth_free(soldiers, (index % e) as u32) as usize).expect("a point");
                    let pos = Position::new(board, general, soldiers, side).expect("a valid position");
                    let (stored, want) = (tables.probe(&pos)?, expected_value(&tables, &pos)?);
                    let mut part = RecheckReport { positions: 1, ..RecheckReport::default() };
                    if stored != want {
                        part.mismatches = 1;
                        part.examples.push(format!("{pos}: stored {stored}, its children give {want}"));
                    }
                    Ok(part)
                })
                .collect();
            for p in parts {
                report.absorb(p?);
            }
        }
    }
    Ok(report)
}

/// The `slot`-th point (counting from 0) without a soldier.
fn nth_free(soldiers: u64, slot: u32) -> u32 {
    let mut free = !soldiers;
    for _ in 0..slot {
        free &= free - 1;
    }
    free.trailing_zeros()
}
