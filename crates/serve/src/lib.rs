//! `musashi serve`: the exported opponents in a browser. An HTTP server (axum) with a small JSON
//! API and one page embedded in the binary (`page/`: HTML, CSS and plain JavaScript, no build
//! step). The server plays through the export runtime, so it has no training dependencies, and
//! the page has no rules of its own: legal moves, marks and endings come from the API.
//! `docs/serve.md` documents the API.
//!
//! Safe by default: it binds to localhost unless told otherwise; every request is checked and a
//! client's mistake is a 4xx with a message; games are bounded in number and expire when idle;
//! no request names a file; a request runs at most one search, of the level's fixed size, and
//! searches beyond one per core wait their turn (a client may have two waiting or running at
//! once, `fair.rs`); a client holds a bounded share of the games (`games.rs`). Only its own host names and JSON bodies are
//! accepted (`guard.rs`: no DNS rebinding, no cross-site form posts); connections are capped,
//! time-limited and shed past the cap, never fatal (`listen.rs`).

mod fair;
mod games;
mod guard;
mod listen;
mod routes;
mod site;

pub use musashi_play::ApiError;
pub use site::{SiteConfig, SiteError, SiteReport, write_site};

use musashi_runtime::{Bundle, BundleError};
use routes::App;
use std::fmt;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

/// The address `musashi serve` binds to unless told otherwise: this machine only.
pub const DEFAULT_ADDR: &str = "127.0.0.1:8080";

/// What the server serves and its limits.
#[derive(Clone, Debug)]
pub struct ServeConfig {
    /// The bundle folder.
    pub bundle: PathBuf,
    /// Where to listen (port 0: any free port).
    pub addr: SocketAddr,
    /// Games held at once.
    pub max_games: usize,
    /// Games one client (an address) holds at once; its least recently used game is dropped
    /// when it starts one more.
    pub games_per_client: usize,
    /// A game idle this long is dropped.
    pub idle: Duration,
    /// Host names the server answers to besides its own address (`--allow-host`), for a proxy
    /// or a name in DNS; any other `Host` is refused.
    pub allow_hosts: Vec<String>,
}

/// Why the server could not start.
#[derive(Debug)]
pub enum ServeError {
    /// The bundle cannot be loaded.
    Bundle(BundleError),
    /// A limit out of range.
    Limit(String),
    /// The address cannot be bound.
    Bind {
        /// The address.
        addr: SocketAddr,
        /// Why.
        source: std::io::Error,
    },
    /// The server's threads could not start, or serving failed.
    Io(std::io::Error),
}

impl fmt::Display for ServeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ServeError::Bundle(e) => e.fmt(f),
            ServeError::Limit(m) => f.write_str(m),
            ServeError::Bind { addr, source } => write!(f, "cannot listen on {addr}: {source}"),
            ServeError::Io(e) => write!(f, "the server failed: {e}"),
        }
    }
}

impl std::error::Error for ServeError {}

/// Loads the bundle, binds, calls `ready` with the bound address, then serves until the process
/// ends.
pub fn serve(config: ServeConfig, ready: impl FnOnce(SocketAddr, &Bundle)) -> Result<(), ServeError> {
    if config.max_games == 0 {
        return Err(ServeError::Limit("max games must be at least 1".into()));
    }
    if config.games_per_client == 0 {
        return Err(ServeError::Limit("games per client must be at least 1".into()));
    }
    if config.idle.is_zero() {
        return Err(ServeError::Limit("the idle time before a game expires must be above 0".into()));
    }
    let bundle = Bundle::load(&config.bundle).map_err(ServeError::Bundle)?;
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(cores.min(4))
        .enable_io()
        .enable_time()
        .build()
        .map_err(ServeError::Io)?;
    runtime.block_on(async move {
        let listener = tokio::net::TcpListener::bind(config.addr)
            .await
            .map_err(|source| ServeError::Bind { addr: config.addr, source })?;
        let addr = listener.local_addr().map_err(ServeError::Io)?;
        ready(addr, &bundle);
        let app = App {
            bundle,
            games: games::Games::new(config.max_games, config.games_per_client, config.idle),
            searches: tokio::sync::Semaphore::new(cores),
            in_flight: fair::InFlight::new(fair::SEARCHES_PER_CLIENT),
        };
        let hosts = Arc::new(guard::Hosts::new(addr, &config.allow_hosts));
        let router = routes::router(Arc::new(app)).layer(axum::middleware::from_fn_with_state(hosts, guard::guard));
        listen::accept_loop(listener, router).await;
        Ok(())
    })
}
