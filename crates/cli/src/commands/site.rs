//! `musashi site`: the page of `musashi serve` as a static site, playing in the browser on the
//! WebAssembly module (`musashi_serve::write_site`, `docs/serve.md`).

use anyhow::Result;
use musashi_serve::{SiteConfig, write_site};
use std::path::PathBuf;

#[derive(clap::Args, Debug)]
pub(crate) struct Args {
    /// The bundle of opponents (made by `musashi export`).
    #[arg(long, default_value = "export/musashi")]
    bundle: PathBuf,
    /// The WebAssembly module (`cargo build --profile client --target wasm32-unknown-unknown -p
    /// musashi-capi`).
    #[arg(long, default_value = "target/wasm32-unknown-unknown/client/musashi_capi.wasm")]
    wasm: PathBuf,
    /// The folder to write.
    #[arg(long)]
    out: PathBuf,
    /// Replace the folder if it exists.
    #[arg(long)]
    force: bool,
}

pub(crate) fn run(a: Args) -> Result<()> {
    let out = a.out.clone();
    let report = write_site(&SiteConfig { bundle: a.bundle, wasm: a.wasm, out: a.out, force: a.force })?;
    println!("wrote {} ({} files, {:.1} MB)", out.display(), report.files, report.bytes as f64 / 1e6);
    println!("serve it with any static file server, e.g. python3 -m http.server -d {}", out.display());
    Ok(())
}
