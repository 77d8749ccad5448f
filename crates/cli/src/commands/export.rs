//! `musashi export --config configs/export.toml`: calibrates Easy, Normal and Hard for each
//! preset and side and writes the bundle (`musashi_export::export`, `docs/export.md`).

use anyhow::{Result, bail};
use musashi_export::{ExportError, export, load_config};
use std::path::PathBuf;

#[derive(clap::Args, Debug)]
pub(crate) struct Args {
    /// The export configuration (TOML; see configs/export.toml).
    #[arg(long)]
    config: PathBuf,
    /// Override a key of the configuration, e.g. --set games=8 (repeatable).
    #[arg(long = "set", value_name = "KEY=VALUE")]
    set: Vec<String>,
    /// Replace an existing bundle folder.
    #[arg(long)]
    force: bool,
}

pub(crate) fn run(a: Args) -> Result<()> {
    let config = load_config(&a.config, &a.set)?;
    let report = match export(&config, a.force, &|line| eprintln!("{line}")) {
        Err(e @ ExportError::Exists(_)) => bail!("{e}: pass --force to replace it"),
        result => result?,
    };
    print!("{}", report.calibration);
    Ok(())
}
