//! The games the server holds: bounded in number, each expired once idle for the configured
//! time, and at most a share of them per client: a client past its share has its own least
//! recently used game dropped, so no one client can fill the server and lock others out. Ids are
//! 128 random bits in hex, so one player cannot guess another's game.

use musashi_play::ApiError;
use musashi_play::Session;
use std::collections::HashMap;
use std::hash::{BuildHasher, RandomState};
use std::net::IpAddr;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};

/// A game and when it was last used.
#[derive(Debug)]
struct Slot {
    session: Arc<Mutex<Session>>,
    used: Instant,
    /// The client that started it.
    client: IpAddr,
}

/// The games, by id.
#[derive(Debug)]
pub(crate) struct Games {
    slots: Mutex<HashMap<String, Slot>>,
    limit: usize,
    /// Games one client may hold at once.
    per_client: usize,
    idle: Duration,
    /// Keys chosen at random by the standard library for this process: hashing a counter with
    /// them gives ids and seeds no client can predict.
    keys: RandomState,
    counter: AtomicU64,
}

/// A lock, also after a panic elsewhere left it poisoned (each operation leaves a game whole).
pub(crate) fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

impl Games {
    pub(crate) fn new(limit: usize, per_client: usize, idle: Duration) -> Games {
        let slots = Mutex::new(HashMap::new());
        Games { slots, limit, per_client, idle, keys: RandomState::new(), counter: AtomicU64::new(0) }
    }

    /// A number no client can predict.
    pub(crate) fn random(&self) -> u64 {
        self.keys.hash_one(self.counter.fetch_add(1, Ordering::Relaxed))
    }

    /// Keeps a new game of `client` under a new id. First drops the idle games, and the
    /// client's least recently used one when it holds its share. Refused when the server is full.
    pub(crate) fn insert(&self, session: Session, client: IpAddr) -> Result<(String, Arc<Mutex<Session>>), ApiError> {
        let mut slots = lock(&self.slots);
        let now = Instant::now();
        slots.retain(|_, s| now.duration_since(s.used) < self.idle);
        let own = slots.iter().filter(|(_, s)| s.client == client);
        if own.clone().count() >= self.per_client {
            let oldest = own.min_by_key(|(_, s)| s.used).map(|(id, _)| id.clone());
            slots.remove(&oldest.expect("a client holding its share holds a game"));
        }
        if slots.len() >= self.limit {
            return Err(ApiError::Full(self.limit));
        }
        let id = format!("{:016x}{:016x}", self.random(), self.random());
        let session = Arc::new(Mutex::new(session));
        slots.insert(id.clone(), Slot { session: session.clone(), used: now, client });
        Ok((id, session))
    }

    /// The game `id`, marked as used now.
    pub(crate) fn get(&self, id: &str) -> Result<Arc<Mutex<Session>>, ApiError> {
        let missing = || ApiError::NoGame(musashi_game::excerpt(id));
        let mut slots = lock(&self.slots);
        let now = Instant::now();
        let slot = slots.get_mut(id).ok_or_else(missing)?;
        if now.duration_since(slot.used) >= self.idle {
            slots.remove(id);
            return Err(missing());
        }
        slot.used = now;
        Ok(slot.session.clone())
    }
}
