//! `musashi unbundle export/musashi --out runs/musashi-net`: a bundle's network as a checkpoint
//! folder, to export again or play as `mcts:ckpt=` (`musashi_export::checkpoint_from_bundle`).

use anyhow::Result;
use std::path::PathBuf;

#[derive(clap::Args, Debug)]
pub(crate) struct Args {
    /// The bundle folder (with manifest.json).
    bundle: PathBuf,
    /// The checkpoint folder to write (must not exist).
    #[arg(long)]
    out: PathBuf,
    /// The weight file to take, where the bundle holds several (manifest.json's `weights`).
    #[arg(long)]
    weights: Option<String>,
}

pub(crate) fn run(a: Args) -> Result<()> {
    let dir = musashi_export::checkpoint_from_bundle(&a.bundle, a.weights.as_deref(), &a.out)?;
    println!("wrote {}", dir.display());
    Ok(())
}
