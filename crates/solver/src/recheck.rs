//! The re-check: every stored value re-derived from its children's stored values with the rules
//! crate's plain move generation (`Position::moves` and `Position::play`), independently of the
//! solving pass and its bit tricks.
//!
//! Local consistency is enough: if every position agrees with its children (a trapped General
//! is 0, a General to move takes the worst of its children for the soldiers plus one, the soldiers
//! the best plus one, a capture down to the threshold wins for the General, soldiers without a
//! move lose), then by induction on the stored distance every stored win is a real forced win of
//! at most that length, and by induction on the true distance every real forced win is stored
//! with at most its true length; so every value is exact.

use crate::index::LevelShape;
use crate::table::Tables;
use crate::table_error::TableError;
use crate::value::Value;
use musashi_game::{Point, Position, Side};
use rayon::prelude::*;

/// What a re-check found.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RecheckReport {
    /// Positions checked.
    pub positions: u64,
    /// Positions whose stored value disagrees with their children.
    pub mismatches: u64,
    /// The first few mismatches, described.
    pub examples: Vec<String>,
}

impl RecheckReport {
    /// Adds a part's counts and keeps the first ten examples.
    pub(crate) fn absorb(&mut self, part: RecheckReport) {
        self.positions += part.positions;
        self.mismatches += part.mismatches;
        let room = 10usize.saturating_sub(self.examples.len());
        self.examples.extend(part.examples.into_iter().take(room));
    }
}

/// The value a position must have given its children's stored values.
pub fn expected_value(tables: &Tables, pos: &Position) -> Result<Value, TableError> {
    let side = pos.side_to_move();
    let moves = pos.moves();
    if moves.is_empty() {
        return Ok(match side {
            Side::General => Value::SoldiersWin(0),
            Side::Soldiers => Value::GeneralWins,
        });
    }
    let mut best: Option<Value> = None;
    for &m in moves.iter() {
        let (child, captured) = pos.play(m);
        let v = if captured != 0 && child.num_soldiers() <= tables.threshold() {
            Value::GeneralWins
        } else {
            tables.probe(&child)?
        };
        best = Some(match best {
            Some(b) if b.compare_for(v, side).is_ge() => b,
            _ => v,
        });
    }
    Ok(match best.expect("at least one move") {
        Value::SoldiersWin(d) => Value::SoldiersWin(d + 1),
        Value::GeneralWins => Value::GeneralWins,
    })
}

/// Re-checks every position of the given levels.
pub fn recheck(tables: &Tables, levels: impl IntoIterator<Item = u32>) -> Result<RecheckReport, TableError> {
    let mut report = RecheckReport::default();
    let board = tables.board();
    let points = board.num_points() as u32;
    for n in levels {
        let level = tables.level(n)?;
        // Load the lower levels now, so that the parallel part only reads.
        for m in 0..n {
            tables.level(m)?;
        }
        let shape = LevelShape { points, soldiers: n };
        let sets = shape.num_sets();
        const CHUNK: u64 = 4096;
        let parts: Vec<Result<RecheckReport, TableError>> = (0..sets.div_ceil(CHUNK))
            .into_par_iter()
            .map(|ci| {
                let mut part = RecheckReport::default();
                let lo = ci * CHUNK;
                let hi = (lo + CHUNK).min(sets);
                let mut set = shape.set_at(lo);
                for _ in lo..hi {
                    for g in 0..points {
                        if set >> g & 1 != 0 {
                            continue;
                        }
                        let general = Point::new(g as usize).expect("a point of the board");
                        for side in Side::BOTH {
                            let pos = Position::new(board, general, set, side).expect("a valid position");
                            let stored = level.get(side, g, set);
                            let want = expected_value(tables, &pos)?;
                            part.positions += 1;
                            if stored != want {
                                part.mismatches += 1;
                                if part.examples.len() < 10 {
                                    part.examples.push(format!("{pos}: stored {stored}, its children give {want}"));
                                }
                            }
                        }
                    }
                    set = shape.next_set(set);
                }
                Ok(part)
            })
            .collect();
        for p in parts {
            report.absorb(p?);
        }
    }
    Ok(report)
}
