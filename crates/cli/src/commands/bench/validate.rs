//! `musashi bench validate`: alpha-beta against the solver's tables on random positions; the
//! share of its moves that keep the theoretical result, per side to move and per depth.

use anyhow::Result;
use musashi_agents::{TableOracle, load_tables};
use musashi_game::{Preset, Ruleset, Threshold};
use musashi_search::validation::{Sample, is_critical, sample_positions, validate};
use musashi_selfplay::threads_or_all;
use std::time::Instant;

pub(crate) fn bench_validate(
    tables: &str,
    positions: usize,
    max_depth: u32,
    min_soldiers: u32,
    critical: bool,
) -> Result<()> {
    let probe = musashi_solver::Tables::open(std::path::Path::new(tables))?;
    let rules = Ruleset {
        board: probe.board(),
        general_wins_at: Threshold::AtMost(probe.threshold() as u8),
        ..Preset::Solved.ruleset()
    };
    let oracle = TableOracle { tables: load_tables(std::path::Path::new(tables), &rules)? };
    let hi = oracle.tables.max_soldiers();
    let lo = min_soldiers.min(hi);
    let t = Instant::now();
    let samples: Vec<Sample> = if critical {
        // Draw in rounds (new seeds) until enough positions where the move matters turn up.
        let mut kept = Vec::with_capacity(positions);
        let mut drawn = 0usize;
        for round in 0..200u64 {
            let batch = sample_positions(&oracle, rules, positions.max(100), lo..=hi, 20261129 + round);
            if batch.is_empty() {
                break;
            }
            drawn += batch.len();
            kept.extend(batch.into_iter().filter(is_critical));
            if kept.len() >= positions {
                break;
            }
        }
        kept.truncate(positions);
        println!("{} critical positions (the move matters) among {drawn} drawn", kept.len());
        kept
    } else {
        sample_positions(&oracle, rules, positions, lo..=hi, 20261129)
    };
    println!("{} positions with {lo}-{hi} soldiers sampled in {:.1} s", samples.len(), t.elapsed().as_secs_f64());
    let t = Instant::now();
    let report = validate(rules, &samples, 1..=max_depth, threads_or_all(0));
    print!("{report}");
    println!("searched in {:.1} s", t.elapsed().as_secs_f64());
    Ok(())
}
