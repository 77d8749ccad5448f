//! The lab: probes that measure what a network has learned against the solved tables, kept in
//! the workspace so that CI builds and tests them with the libraries they use.
//!
//! - `fights`: the long fights of rankings' games (the General to move in a lost position whose
//!   longest delay is at least 16 plies and where some move loses sooner) and two measures of a
//!   network on them: whether the raw policy's top move keeps the longest delay, and the
//!   moves-left head's error against the exact distance; and the head's own pick over the
//!   fight's children (the most predicted plies), the pairs of children it orders right, and the
//!   pick of the policy and the head together.
//! - `distill`: table-labelled games off self-play's path (a near-perfect General against
//!   soldiers from perfect to random) with their policy targets (`PolicyTarget`: the best moves,
//!   or every move of the best one's class weighted by its delay), and a network trained from
//!   scratch on them (optionally through random board symmetries, optionally with a lost
//!   General's children ranked by the moves-left head: `Ranking`), reporting the long-fight
//!   measures on positions it was not shown.
//! - `average`: checkpoints averaged tensor by tensor (one run's recent snapshots).
//! - `policy`: the raw policy seen through a board symmetry, its log-probabilities, the top move.
//! - `model_spec`: model shapes by name (`mlp:192x2`, `graph:32x4`, `graph:32x4r1`).
//! - `share`: hits out of tries as the probes print them (`17811/19895 = 89.5%`).
//! - `tsv`: the columns and rows of rankings' and matches' game files.
//!
//! The programs are one binary, `musashi-lab` (`cargo build --release -p musashi-lab`), with a
//! subcommand each (`src/main.rs`; one module per subcommand in `src/probes/`):
//!
//! - `distill`: models trained from scratch (or fine-tuned, `--from`) on the table-labelled
//!   games, measured on the long fights they were not shown
//!   (`experiments/2026-12-05-distance-probe`, `experiments/2026-12-06-graph-network`,
//!   `experiments/2026-12-07-sibling-ranking`);
//! - `fights`: one checkpoint on the long fights (`experiments/2026-12-05-distance-probe`, where
//!   it was `lfprobe`);
//! - `symprobe`, `agentprobe`, `ensemble`, `mlsearch`, `rollout`: the long fights through the 8
//!   symmetries, agents' searches, an ensemble, a minimax over the moves-left head and policy
//!   rollouts (`experiments/2026-12-06-symmetric-policy`);
//! - `lfscan`: a General's long-fight moves in a ranking's games broken down
//!   (`experiments/2026-12-05-no-setchin-long-fights`);
//! - `movegrade`: every move of `musashi match` files graded by the tables
//!   (`experiments/2026-12-06-search-cliff`);
//! - `average`: one checkpoint averaging several (`experiments/2026-12-07-checkpoint-average`).

pub mod average;
pub mod distill;
pub mod fights;
pub mod model_spec;
pub mod policy;
pub mod share;
pub mod tsv;
