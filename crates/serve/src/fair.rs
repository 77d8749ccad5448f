//! Searches shared fairly between clients: a client (an address) may have at most
//! `PER_CLIENT` searches waiting or running at once; one more is refused (429) at once instead of
//! queueing. With searches run one per core in arrival order, another client's search then waits
//! behind at most `PER_CLIENT` searches of a flooding client, whatever the flood.

use crate::api_error::ApiError;
use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex};

/// Searches one client may have waiting or running at once.
pub(crate) const PER_CLIENT: usize = 2;

/// The address a request came from, as the accept loop records it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Peer(pub(crate) IpAddr);

/// The searches each client has in flight.
#[derive(Debug, Default)]
pub(crate) struct InFlight {
    by_client: Mutex<HashMap<IpAddr, usize>>,
}

/// One search counted against its client until dropped.
#[derive(Debug)]
pub(crate) struct Ticket {
    flights: Arc<InFlight>,
    client: IpAddr,
}

impl InFlight {
    /// Counts a search of `client`, or refuses it when the client has `PER_CLIENT` already.
    pub(crate) fn take(self: &Arc<Self>, client: IpAddr) -> Result<Ticket, ApiError> {
        let mut map = self.by_client.lock().unwrap_or_else(|p| p.into_inner());
        let n = map.entry(client).or_insert(0);
        if *n >= PER_CLIENT {
            return Err(ApiError::Busy(PER_CLIENT));
        }
        *n += 1;
        Ok(Ticket { flights: self.clone(), client })
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
        let flights = Arc::new(InFlight::default());
        let (a, b): (IpAddr, IpAddr) = ("127.0.0.1".parse().unwrap(), "127.0.0.2".parse().unwrap());
        let first: Vec<Ticket> = (0..PER_CLIENT).map(|_| flights.take(a).unwrap()).collect();
        assert_eq!(flights.take(a).unwrap_err(), ApiError::Busy(PER_CLIENT));
        let other = flights.take(b).expect("another client is not held back");
        drop(first);
        flights.take(a).expect("tickets are given back when dropped");
        drop(other);
        assert!(flights.by_client.lock().unwrap().get(&b).is_none(), "no entry left for an idle client");
    }
}
