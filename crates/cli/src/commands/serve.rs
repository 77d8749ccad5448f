//! `musashi serve`: play the exported opponents in a browser (`musashi_serve::serve`,
//! `docs/serve.md`). Prints the address to open, then serves until interrupted.

use anyhow::Result;
use musashi_serve::{DEFAULT_ADDR, ServeConfig, serve};
use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::Duration;

#[derive(clap::Args, Debug)]
pub(crate) struct Args {
    /// The bundle of opponents (made by `musashi export`).
    #[arg(long, default_value = "export/musashi")]
    bundle: PathBuf,
    /// Where to listen. The default is this machine only; another address opens the server to
    /// the network.
    #[arg(long, default_value = DEFAULT_ADDR)]
    addr: SocketAddr,
    /// Games held at once.
    #[arg(long, default_value_t = 1000)]
    max_games: usize,
    /// Games one client (an address) holds at once: starting one more drops its least recently
    /// used game, so that one client cannot fill the server.
    #[arg(long, default_value_t = 50)]
    games_per_client: usize,
    /// Minutes after which an idle game is dropped (a page can still continue it from its moves).
    #[arg(long, default_value_t = 60)]
    idle_minutes: u64,
    /// A host name the server also answers to (a proxy's or a DNS name; repeatable). Requests
    /// naming any other host are refused, so that no other site can reach it by DNS rebinding.
    #[arg(long = "allow-host")]
    allow_hosts: Vec<String>,
}

pub(crate) fn run(a: Args) -> Result<()> {
    let config = ServeConfig {
        bundle: a.bundle,
        addr: a.addr,
        max_games: a.max_games,
        games_per_client: a.games_per_client,
        idle: Duration::from_secs(a.idle_minutes.saturating_mul(60)),
        allow_hosts: a.allow_hosts,
    };
    serve(config, |addr, bundle| {
        let m = bundle.manifest();
        let rules: Vec<&str> = m.rules.iter().map(|r| r.preset.as_str()).collect();
        println!("bundle {} ({} levels, calibrated on {})", bundle.origin(), m.levels.len(), rules.join(", "));
        if !addr.ip().is_loopback() {
            println!("listening on {addr}: open to the network, not only this machine");
        }
        println!("open http://{addr}/ in a browser (Ctrl-C stops the server)");
    })?;
    Ok(())
}
