//! `musashi seal-shards FOLDER`: gives the shards of an older build (shard format 1, without
//! checksum files) their checksum files, after decoding them and checking every row
//! (`musashi_records::seal_legacy_shards`). FOLDER is a run directory or its `games` folder.

use anyhow::Result;
use std::path::PathBuf;

#[derive(clap::Args, Debug)]
pub(crate) struct Args {
    /// A run directory, or a folder of shards (a run's `games`).
    folder: PathBuf,
}

pub(crate) fn run(a: Args) -> Result<()> {
    let games = a.folder.join("games");
    let dir = if games.is_dir() { games } else { a.folder };
    let sealed = musashi_records::seal_legacy_shards(&dir)?;
    for name in &sealed {
        println!("sealed {name}");
    }
    println!("{}: {} shards sealed (the others had checksum files)", dir.display(), sealed.len());
    Ok(())
}
