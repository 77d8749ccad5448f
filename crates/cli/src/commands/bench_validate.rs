//! `musashi bench validate`: alpha-beta against the solver's tables on random positions; the
//! share of its moves that keep the theoretical result, per side to move and per depth.

use crate::commands::selfplay::threads_or_all;
use crate::tables::{TableOracle, load_tables};
use anyhow::Result;
use musashi_game::{Preset, Ruleset, Threshold};
use musashi_search::validation::{sample_positions, validate};
use std::time::Instant;

pub(crate) fn bench_validate(tables: &str, positions: usize, max_depth: u32, min_soldiers: u32) -> Result<()> {
    let probe = musashi_solver::Tables::open(std::path::Path::new(tables))?;
    let rules = Ruleset {
        board: probe.board(),
        general_wins_at: Threshold::AtMost(probe.threshold() as u8),
        ..Preset::Solved.ruleset()
    };
    let oracle = TableOracle { tables: load_tables(tables, &rules)? };
    let hi = oracle.tables.max_soldiers();
    let lo = min_soldiers.min(hi);
    let t = Instant::now();
    let samples = sample_positions(&oracle, rules, positions, lo..=hi, 20261129);
    println!("{} positions with {lo}-{hi} soldiers sampled in {:.1} s", samples.len(), t.elapsed().as_secs_f64());
    let t = Instant::now();
    let report = validate(rules, &samples, 1..=max_depth, threads_or_all(0));
    print!("{report}");
    println!("searched in {:.1} s", t.elapsed().as_secs_f64());
    Ok(())
}
