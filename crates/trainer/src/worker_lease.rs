//! A worker's lease on its name: `RUN/workers/NAME.lease`, created exclusively and renewed by a
//! heartbeat thread, so that two processes never play under one name (their game ids and seeds
//! would be the same) while a worker that died (killed, preempted, its node lost) is replaced
//! by the next process of that name: at once on the same host when its process is gone,
//! elsewhere once the lease is older than `stale_after`.

use crate::TrainError;
use crate::run_dir::RunDir;
use std::fs::OpenOptions;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, SystemTime};

/// How a lease is kept: how often it is renewed and when an unrenewed one counts as dead.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LeaseTiming {
    /// Between two renewals.
    pub renew_every: Duration,
    /// A lease not renewed for this long belongs to a dead worker.
    pub stale_after: Duration,
}

impl Default for LeaseTiming {
    fn default() -> Self {
        LeaseTiming { renew_every: Duration::from_secs(10), stale_after: Duration::from_secs(60) }
    }
}

/// The lease this process holds; dropping it stops the heartbeat and removes the file.
pub(crate) struct Lease {
    path: PathBuf,
    holder: String,
    stop: Arc<(Mutex<bool>, std::sync::Condvar)>,
    lost: Arc<AtomicBool>,
    heartbeat: Option<JoinHandle<()>>,
}

/// This machine's name, as a lease records it.
fn host() -> String {
    std::fs::read_to_string("/proc/sys/kernel/hostname")
        .ok()
        .or_else(|| std::env::var("HOSTNAME").ok())
        .map(|h| h.trim().to_string())
        .filter(|h| !h.is_empty())
        .unwrap_or_else(|| "unknown-host".into())
}

/// Who holds a lease: host, process id and a nonce (a restarted process may reuse a pid).
fn this_holder() -> String {
    let nanos = SystemTime::now().duration_since(SystemTime::UNIX_EPOCH).map_or(0, |d| d.subsec_nanos());
    format!("{} {} {nanos:08x}", host(), std::process::id())
}

/// Whether the holder recorded in a lease is certainly gone: a process of this host that no
/// longer exists (known only where `/proc` is).
fn holder_is_gone(holder: &str) -> bool {
    let mut theirs = holder.split(' ');
    let same_host = theirs.next() == Some(host().as_str());
    match theirs.next().and_then(|p| p.parse::<u32>().ok()) {
        Some(pid) if same_host && Path::new("/proc/self").exists() => !Path::new(&format!("/proc/{pid}")).exists(),
        _ => false,
    }
}

/// How long ago the lease file was last written (zero when it cannot be told).
fn age(path: &Path) -> Duration {
    let modified = std::fs::metadata(path).and_then(|m| m.modified());
    modified.ok().and_then(|t| SystemTime::now().duration_since(t).ok()).unwrap_or(Duration::ZERO)
}

impl Lease {
    /// Takes the lease of worker `name`: waits while another live process renews it (calling
    /// `waiting` once with its holder), takes over a dead holder's, and fails when it cannot
    /// write the file.
    pub(crate) fn take(
        dir: &RunDir,
        name: &str,
        timing: LeaseTiming,
        waiting: &dyn Fn(&str),
    ) -> Result<Lease, TrainError> {
        let folder = dir.root.join("workers");
        std::fs::create_dir_all(&folder).map_err(TrainError::io(&folder))?;
        let path = folder.join(format!("{name}.lease"));
        let holder = this_holder();
        let mut told = false;
        loop {
            match OpenOptions::new().write(true).create_new(true).open(&path) {
                Ok(mut f) => {
                    f.write_all(holder.as_bytes()).and_then(|_| f.sync_all()).map_err(TrainError::io(&path))?;
                    return Ok(Lease::hold(path, holder, timing.renew_every));
                }
                Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {
                    let other = std::fs::read_to_string(&path).unwrap_or_default();
                    if holder_is_gone(&other) || age(&path) > timing.stale_after {
                        let _ = std::fs::remove_file(&path);
                        continue;
                    }
                    if !told {
                        waiting(other.trim());
                        told = true;
                    }
                    std::thread::sleep(timing.renew_every.min(Duration::from_secs(1)));
                }
                Err(e) => return Err(TrainError::io(&path)(e)),
            }
        }
    }

    /// Starts the heartbeat of a lease just written.
    fn hold(path: PathBuf, holder: String, every: Duration) -> Lease {
        let stop = Arc::new((Mutex::new(false), std::sync::Condvar::new()));
        let lost = Arc::new(AtomicBool::new(false));
        let (p, h, s, l) = (path.clone(), holder.clone(), stop.clone(), lost.clone());
        let heartbeat = std::thread::spawn(move || {
            let (flag, wake) = &*s;
            let mut stopped = flag.lock().expect("the lease's flag");
            while !*stopped {
                stopped = wake.wait_timeout(stopped, every).expect("the lease's flag").0;
                if !*stopped && !renew(&p, &h) {
                    l.store(true, Ordering::Relaxed);
                    return;
                }
            }
        });
        Lease { path, holder, stop, lost, heartbeat: Some(heartbeat) }
    }

    /// Whether another process took the lease over (this one was taken for dead).
    pub(crate) fn lost(&self) -> bool {
        self.lost.load(Ordering::Relaxed)
    }
}

/// Rewrites the lease with its holder (fresh modification time); false when the file no
/// longer names this holder.
fn renew(path: &Path, holder: &str) -> bool {
    if std::fs::read_to_string(path).ok().as_deref() != Some(holder) {
        return false;
    }
    let renewed =
        OpenOptions::new().write(true).truncate(true).open(path).and_then(|mut f| f.write_all(holder.as_bytes()));
    renewed.is_ok()
}

impl Drop for Lease {
    fn drop(&mut self) {
        {
            let (flag, wake) = &*self.stop;
            *flag.lock().expect("the lease's flag") = true;
            wake.notify_all();
        }
        if let Some(h) = self.heartbeat.take() {
            let _ = h.join();
        }
        if std::fs::read_to_string(&self.path).ok().as_deref() == Some(self.holder.as_str()) {
            let _ = std::fs::remove_file(&self.path);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run_dir(tag: &str) -> RunDir {
        let root = std::env::temp_dir().join(format!("musashi-lease-{tag}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&root);
        RunDir::new(&root)
    }

    const FAST: LeaseTiming =
        LeaseTiming { renew_every: Duration::from_millis(20), stale_after: Duration::from_millis(300) };

    #[test]
    fn a_live_lease_is_waited_for_and_a_released_one_taken() {
        let dir = run_dir("live");
        let first = Lease::take(&dir, "w1", FAST, &|_| panic!("free")).unwrap();
        let path = dir.root.join("workers/w1.lease");
        assert!(std::fs::read_to_string(&path).unwrap().contains(&std::process::id().to_string()));
        let waited = std::sync::atomic::AtomicBool::new(false);
        std::thread::scope(|s| {
            s.spawn(|| {
                std::thread::sleep(Duration::from_millis(500));
                assert!(!first.lost(), "the heartbeat keeps it fresh past stale_after");
                drop(first);
            });
            let second = Lease::take(&dir, "w1", FAST, &|_| waited.store(true, Ordering::Relaxed)).unwrap();
            assert!(waited.load(Ordering::Relaxed), "the second process waited for the first");
            drop(second);
        });
        assert!(!path.exists(), "a dropped lease removes its file");
        let _ = std::fs::remove_dir_all(&dir.root);
    }

    #[test]
    fn a_dead_holders_lease_is_taken_over() {
        let dir = run_dir("dead");
        std::fs::create_dir_all(dir.root.join("workers")).unwrap();
        let path = dir.root.join("workers/w2.lease");
        // A holder on another host that stopped renewing: taken once stale.
        std::fs::write(&path, "some-other-host 1 0").unwrap();
        let start = std::time::Instant::now();
        let lease = Lease::take(&dir, "w2", FAST, &|_| {}).unwrap();
        assert!(start.elapsed() >= Duration::from_millis(250), "waited until stale");
        drop(lease);
        // A holder on this host whose process is gone: taken at once.
        std::fs::write(&path, format!("{} {} 0", host(), u32::MAX - 1)).unwrap();
        let lease = Lease::take(&dir, "w2", LeaseTiming { stale_after: Duration::from_secs(600), ..FAST }, &|_| {
            panic!("a gone process is not waited for")
        })
        .unwrap();
        // A holder that takes the lease over makes the old one see it lost.
        std::fs::write(&path, "thief 1 0").unwrap();
        std::thread::sleep(Duration::from_millis(100));
        assert!(lease.lost());
        drop(lease);
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "thief 1 0", "a lost lease is not removed");
        let _ = std::fs::remove_dir_all(&dir.root);
    }
}
