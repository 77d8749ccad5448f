//! The games the server holds: bounded in number, each expired once idle for the configured
//! time. Ids are 128 random bits in hex, so one player cannot guess another's game.

use crate::api_error::ApiError;
use crate::session::Session;
use std::collections::HashMap;
use std::hash::{BuildHasher, RandomState};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};

/// A game and when it was last used.
#[derive(Debug)]
struct Slot {
    session: Arc<Mutex<Session>>,
    used: Instant,
}

/// The games, by id.
#[derive(Debug)]
pub(crate) struct Games {
    slots: Mutex<HashMap<String, Slot>>,
    limit: usize,
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
    pub(crate) fn new(limit: usize, idle: Duration) -> Games {
        Games { slots: Mutex::new(HashMap::new()), limit, idle, keys: RandomState::new(), counter: AtomicU64::new(0) }
    }

    /// A number no client can predict.
    pub(crate) fn random(&self) -> u64 {
        self.keys.hash_one(self.counter.fetch_add(1, Ordering::Relaxed))
    }

    /// Keeps a new game under a new id; first drops the idle ones. Refused when the server is
    /// full.
    pub(crate) fn insert(&self, session: Session) -> Result<(String, Arc<Mutex<Session>>), ApiError> {
        let mut slots = lock(&self.slots);
        let now = Instant::now();
        slots.retain(|_, s| now.duration_since(s.used) < self.idle);
        if slots.len() >= self.limit {
            return Err(ApiError::Full(self.limit));
        }
        let id = format!("{:016x}{:016x}", self.random(), self.random());
        let session = Arc::new(Mutex::new(session));
        slots.insert(id.clone(), Slot { session: session.clone(), used: now });
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
