//! `musashi-lab average`: one checkpoint whose weights are the mean of several of one run's
//! (`musashi_lab::average`), playable wherever a checkpoint is (`mcts:ckpt=DIR`).
//!
//! musashi-lab average --out runs/pure/avg-380-420 runs/pure/checkpoints/gen-03{80,85,90,95} ...

use super::network;
use anyhow::{Context, Result};
use musashi_agents::resolve_checkpoint;
use musashi_lab::average::average;
use musashi_net::{Network, read_meta, save_checkpoint};
use std::path::PathBuf;

#[derive(clap::Args, Debug)]
pub(crate) struct Args {
    /// The checkpoint folder to write (it must not exist).
    #[arg(long)]
    out: PathBuf,
    /// The checkpoints to average (folders or BEST/LATEST pointers), two or more of one shape;
    /// the result takes the last one's generation, steps and rules.
    #[arg(required = true, num_args = 2..)]
    checkpoints: Vec<PathBuf>,
}

pub(crate) fn run(a: Args) -> Result<()> {
    let nets = a.checkpoints.iter().map(|c| network(c)).collect::<Result<Vec<_>>>()?;
    let refs: Vec<&Network> = nets.iter().map(|n| n.as_ref()).collect();
    let mean = average(&refs).map_err(anyhow::Error::msg).context("averaging the checkpoints")?;
    let last = resolve_checkpoint(a.checkpoints.last().expect("two or more"))?;
    let mut meta = read_meta(&last)?;
    meta.parent = last.file_name().map(|n| n.to_string_lossy().into_owned());
    save_checkpoint(&a.out, &mean, &meta, None)?;
    println!("{}: the mean of {} checkpoints, the last {}", a.out.display(), nets.len(), last.display());
    Ok(())
}
