//! The server shared fairly between clients (addresses): a client may have at most
//! `SEARCHES_PER_CLIENT` searches waiting or running at once; one more is refused (429) at once
//! instead of queueing. With searches run one per core in arrival order, another client's search
//! then waits behind at most that many searches of a flooding client, whatever the flood. The
//! same count bounds a client's open connections (`CONNECTIONS_PER_CLIENT`, `listen.rs`), so one
//! client's stalled connections cannot take every slot.

use musashi_play::ApiError;
use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex};

/// Searches one client may have waiting or running at once.
pub(crate) const SEARCHES_PER_CLIENT: usize = 2;
/// Connections one client may have open at once (a browser opens six per server).
pub(crate) const CONNECTIONS_PER_CLIENT: usize = 32;

/// The address a request came from, as the accept loop records it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Peer(pub(crate) IpAddr);

/// What each client has in flight (searches, or connections), at most `limit` each.
#[derive(Debug)]
pub(crate) struct InFlight {
    limit: usize,
    by_client: Mutex<HashMap<IpAddr, usize>>,
}

/// One search counted against its client until dropped.
#[derive(Debug)]
pub(crate) struct Ticket {
    flights: Arc<InFlight>,
    client: IpAddr,
}

impl InFlight {
    /// At most `limit` per client.
    pub(crate) fn new(limit: usize) -> Arc<InFlight> {
        Arc::new(InFlight { limit, by_client: Mutex::default() })
    }

    /// Counts one more of `client`'s, or none when the client has `limit` already.
    pub(crate) fn take(self: &Arc<Self>, client: IpAddr) -> Option<Ticket> {
        let mut map = self.by_client.lock().unwrap_or_else(|p| p.into_inner());
        let n = map.entry(client).or_insert(0);
        if *n >= self.limit {
            return None;
        }
        *n += 1;
        Some(Ticket { flights: self.clone(), client })
    }

    /// Counts a search of `client`, or refuses it (429) when the client has its share.
    pub(crate) fn search(self: &Arc<Self>, client: IpAddr) -> Result<Ticket, ApiError> {
        self.take(client).ok_or(ApiError::Busy(self.limit))
    }
}

impl Drop for Ticket {
    fn drop(&mut self) {
        let mut map = self.flights.by_client.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(n) = map.get_mut(&self.client) {
            *n -= 1;
            if *n == 0 {
                map.remove(&self.client);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_client_holds_at_most_its_share_and_gets_it_back() {
        let flights = InFlight::new(SEARCHES_PER_CLIENT);
        let (a, b): (IpAddr, IpAddr) = ("127.0.0.1".parse().unwrap(), "127.0.0.2".parse().unwrap());
        let first: Vec<Ticket> = (0..SEARCHES_PER_CLIENT).map(|_| flights.search(a).unwrap()).collect();
        assert_eq!(flights.search(a).unwrap_err(), ApiError::Busy(SEARCHES_PER_CLIENT));
        let other = flights.take(b).expect("another client is not held back");
        drop(first);
        flights.take(a).expect("tickets are given back when dropped");
        drop(other);
        assert!(flights.by_client.lock().unwrap().get(&b).is_none(), "no entry left for an idle client");
    }
}
