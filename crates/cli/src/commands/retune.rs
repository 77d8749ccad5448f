//! `musashi retune`: changes levels' play settings in a bundle after its calibration, recording
//! why in its report (`musashi_export::retune`, `docs/export.md`).

use anyhow::Result;
use musashi_export::{Retune, RetunePlan, retune};
use std::path::PathBuf;

#[derive(clap::Args, Debug)]
pub(crate) struct Args {
    /// The bundle to change.
    #[arg(long)]
    bundle: PathBuf,
    /// LEVEL[.SIDE][@PRESET]:KEY=VALUE[,…], e.g. hard.general@classic:vary=0.05 (repeatable).
    #[arg(long = "set", value_name = "LEVEL[.SIDE][@PRESET]:SETTINGS", required = true)]
    set: Vec<Retune>,
    /// Why, for the bundle's calibration.md (name the measurement that justifies the change).
    #[arg(long)]
    why: String,
    /// The licence of the weights to record in the manifest (an SPDX expression).
    #[arg(long)]
    license: Option<String>,
    /// Where to write the bundle (default: over --bundle, which needs --force).
    #[arg(long)]
    out: Option<PathBuf>,
    /// Replace an existing folder.
    #[arg(long)]
    force: bool,
}

pub(crate) fn run(a: Args) -> Result<()> {
    let out = a.out.unwrap_or_else(|| a.bundle.clone());
    let plan = RetunePlan { changes: a.set, license: a.license, why: a.why };
    let m = retune(&a.bundle, &plan, &out, a.force)?;
    println!("wrote {} (bundle format {}, {} levels)", out.display(), m.format_version, m.levels.len());
    Ok(())
}
