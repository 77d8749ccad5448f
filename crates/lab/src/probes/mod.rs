//! One module per subcommand of `musashi-lab`, each with its `Args` and `run`; no probe uses
//! another. What several share is below: opening the tables, a checkpoint and the long fights.

pub(crate) mod agentprobe;
pub(crate) mod average;
pub(crate) mod distill;
pub(crate) mod dump_labels;
pub(crate) mod ensemble;
pub(crate) mod fights;
pub(crate) mod lfscan;
pub(crate) mod mlsearch;
pub(crate) mod movegrade;
pub(crate) mod rollout;
pub(crate) mod symprobe;
pub(crate) mod tune_eval;

use anyhow::{Context, Result};
use musashi_agents::{Model, TableOracle, load_tables, resolve_checkpoint};
use musashi_game::{Preset, Ruleset};
use musashi_lab::fights::{Fight, collect};
use musashi_net::{DeviceKind, Network};
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// The solved tables and the preset they are of: what every probe of the tables takes.
#[derive(clap::Args, Debug)]
pub(crate) struct Solved {
    /// The solved tables of the preset.
    #[arg(long)]
    pub(crate) tables: PathBuf,
    /// The preset whose games are played or read (its tables must match it).
    #[arg(long, default_value = "no-setchin")]
    pub(crate) preset: Preset,
}

impl Solved {
    /// The preset's rules and its tables as an oracle.
    pub(crate) fn open(&self) -> Result<(Ruleset, TableOracle)> {
        let rules = self.preset.ruleset();
        Ok((rules, oracle(&self.tables, &rules)?))
    }
}

/// The solved tables and the rankings' games whose long fights a probe reads.
#[derive(clap::Args, Debug)]
pub(crate) struct FightsFrom {
    #[command(flatten)]
    pub(crate) solved: Solved,
    /// Game files of rankings (`musashi rank --out`, games.tsv) or matches (`musashi match --out`): their long fights are measured.
    #[arg(required = true)]
    pub(crate) rankings: Vec<PathBuf>,
}

/// One checkpoint probed on the long fights of rankings' games: what `fights`, `symprobe`,
/// `mlsearch` and `rollout` take.
#[derive(clap::Args, Debug)]
pub(crate) struct NetOnFights {
    #[command(flatten)]
    pub(crate) input: FightsFrom,
    /// The checkpoint (a folder, or a BEST/LATEST pointer).
    #[arg(long)]
    pub(crate) checkpoint: PathBuf,
}

impl NetOnFights {
    /// The checkpoint's network and every `every`-th long fight (graded by the tables).
    pub(crate) fn open(&self, every: usize) -> Result<(Arc<Network>, Vec<Fight>)> {
        let (rules, oracle) = self.input.solved.open()?;
        let net = network(&self.checkpoint)?;
        Ok((net, long_fights(&self.input.rankings, rules, &oracle, every)?))
    }
}

/// The solved tables in `dir`, checked against `rules`, as an oracle.
pub(crate) fn oracle(dir: &Path, rules: &Ruleset) -> Result<TableOracle> {
    Ok(TableOracle { tables: load_tables(dir, rules)? })
}

/// The network of a checkpoint (a folder, or a BEST/LATEST pointer), on the CPU.
pub(crate) fn network(checkpoint: &Path) -> Result<Arc<Network>> {
    let dir = resolve_checkpoint(checkpoint)?;
    Ok(Model::network(&dir, DeviceKind::Cpu)?)
}

/// Every distinct long fight of the rankings' `games.tsv` files, then every `every`-th of them.
pub(crate) fn long_fights(
    rankings: &[PathBuf],
    rules: Ruleset,
    oracle: &TableOracle,
    every: usize,
) -> Result<Vec<Fight>> {
    let fights = collect(rankings, rules, oracle).map_err(anyhow::Error::msg).context("the rankings' games")?;
    Ok(fights.into_iter().step_by(every.max(1)).collect())
}

/// `--every`'s values: whole numbers from 1.
pub(crate) fn positive() -> clap::builder::RangedU64ValueParser<usize> {
    clap::builder::RangedU64ValueParser::new().range(1..)
}
