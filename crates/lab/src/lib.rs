//! The lab: probes that measure what a network has learned against the solved tables, kept in
//! the workspace so that CI builds and tests them with the libraries they use.
//!
//! - `fights`: the long fights of rankings' games (the General to move in a lost position whose
//!   longest delay is at least 16 plies and where some move loses sooner) and two measures of a
//!   network on them: whether the raw policy's top move keeps the longest delay, and the
//!   moves-left head's error against the exact distance.
//! - `distill`: table-labelled games off self-play's path (a near-perfect General against
//!   soldiers from perfect to random) and a network trained from scratch on them, reporting the
//!   long-fight measures on positions it was not shown.
//! - `model_spec`: model shapes by name (`mlp:192x2`, `graph:32x4`, `graph:32x4r1`).
//!
//! The binaries: `lab-distill` (models trained from scratch on the table-labelled games, measured
//! on the long fights they were not shown: `experiments/2026-12-06-graph-network`), `lab-fights`
//! (one checkpoint on the long fights: `experiments/2026-12-05-distance-probe`, where it was
//! `lfprobe`) and `lab-speed` (inference and training speed of shapes side by side).

pub mod distill;
pub mod fights;
pub mod model_spec;
