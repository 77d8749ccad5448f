//! The signal that a self-play run has ended, for a thread that follows its progress: the
//! follower waits on it between polls and wakes the moment it is set (a plain flag polled after
//! a sleep kept every generation of a training run waiting up to one poll interval).

use std::sync::{Condvar, Mutex};
use std::time::Duration;

/// Set once when self-play ends; followers wait on it.
#[derive(Debug, Default)]
pub struct Finished {
    done: Mutex<bool>,
    woken: Condvar,
}

impl Finished {
    /// A signal not yet set.
    pub fn new() -> Finished {
        Finished::default()
    }

    /// Marks the run as ended and wakes every waiting follower.
    pub fn set(&self) {
        *self.done.lock().unwrap_or_else(|p| p.into_inner()) = true;
        self.woken.notify_all();
    }

    /// Whether the run has ended.
    pub fn is_set(&self) -> bool {
        *self.done.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Waits until the run ends or `timeout` passes; returns whether it has ended.
    pub fn wait(&self, timeout: Duration) -> bool {
        let done = self.done.lock().unwrap_or_else(|p| p.into_inner());
        let (done, _) = self.woken.wait_timeout_while(done, timeout, |d| !*d).unwrap_or_else(|p| p.into_inner());
        *done
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Instant;

    #[test]
    fn a_waiting_follower_wakes_when_the_run_ends_not_at_its_timeout() {
        let finished = Finished::new();
        assert!(!finished.wait(Duration::from_millis(1)), "not set yet");
        let start = Instant::now();
        std::thread::scope(|s| {
            s.spawn(|| {
                std::thread::sleep(Duration::from_millis(20));
                finished.set();
            });
            assert!(finished.wait(Duration::from_secs(60)));
        });
        assert!(start.elapsed() < Duration::from_secs(30), "woke at the set, not the timeout");
        assert!(finished.is_set());
        assert!(finished.wait(Duration::from_secs(600)), "stays set");
    }
}
