//! The accept loop: one HTTP/1.1 connection per request, at most `MAX_CONNECTIONS` at once and
//! `CONNECTIONS_PER_CLIENT` of one client, a deadline on every connection, and an accept error
//! (out of file descriptors) waited out rather than fatal. Past either cap a new connection is
//! closed at once: the server sheds load and keeps every game it holds.

use crate::fair::{CONNECTIONS_PER_CLIENT, InFlight, Peer};
use axum::Router;
use axum::http::Request;
use hyper::body::Incoming;
use hyper::server::conn::http1;
use hyper::service::{Service, service_fn};
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use std::sync::Arc;
use std::time::Duration;
use tokio::net::TcpListener;
use tokio::sync::Semaphore;

/// Connections served at once; more are closed as they arrive.
pub(crate) const MAX_CONNECTIONS: usize = 512;
/// How long a client may take to send a request's head.
pub(crate) const HEADER_TIMEOUT: Duration = Duration::from_secs(5);
/// How long a connection may stay open in all (its one request's deadline, plus its head's).
const CONNECTION_DEADLINE: Duration = Duration::from_secs(75);
/// How long to wait after a failed accept (no descriptors left) before trying again.
const ACCEPT_BACKOFF: Duration = Duration::from_millis(50);

/// Serves `router` on `listener` until the process ends.
pub(crate) async fn accept_loop(listener: TcpListener, router: Router) {
    let slots = Arc::new(Semaphore::new(MAX_CONNECTIONS));
    let per_client = InFlight::new(CONNECTIONS_PER_CLIENT);
    loop {
        let (stream, peer) = match listener.accept().await {
            Ok(accepted) => accepted,
            Err(_) => {
                tokio::time::sleep(ACCEPT_BACKOFF).await;
                continue;
            }
        };
        let Some(client_slot) = per_client.take(peer.ip()) else {
            drop(stream);
            continue;
        };
        let Ok(slot) = slots.clone().try_acquire_owned() else {
            drop(stream);
            continue;
        };
        // Every request carries its client's address, for the fair share of searches.
        let inner = TowerToHyperService::new(router.clone());
        let service = service_fn(move |mut request: Request<Incoming>| {
            request.extensions_mut().insert(Peer(peer.ip()));
            inner.call(request)
        });
        tokio::spawn(async move {
            let connection = http1::Builder::new()
                .timer(TokioTimer::new())
                .header_read_timeout(HEADER_TIMEOUT)
                .keep_alive(false)
                .serve_connection(TokioIo::new(stream), service);
            let _ = tokio::time::timeout(CONNECTION_DEADLINE, connection).await;
            drop((slot, client_slot));
        });
    }
}
