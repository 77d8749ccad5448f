//! The process's and the machine's memory, where the system reports it (Linux's `/proc`);
//! elsewhere the answers are `None` and the reset does nothing.

/// Peak resident memory of this process in bytes (`VmHWM`).
pub fn peak_memory() -> Option<u64> {
    proc_kib("/proc/self/status", "VmHWM:")
}

/// Starts a new measurement of the peak resident memory (`/proc/self/clear_refs`), so that
/// [`peak_memory`] tells the peak of what follows; where that is not possible the peak stays
/// the process's so far.
pub fn reset_peak_memory() {
    let _ = std::fs::write("/proc/self/clear_refs", "5");
}

/// Memory the system can give without swapping (`MemAvailable`), in bytes.
pub fn available_memory() -> Option<u64> {
    proc_kib("/proc/meminfo", "MemAvailable:")
}

/// A `KEY: N kB` line of a `/proc` file, in bytes.
fn proc_kib(file: &str, key: &str) -> Option<u64> {
    let text = std::fs::read_to_string(file).ok()?;
    let line = text.lines().find(|l| l.starts_with(key))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib * 1024)
}

#[cfg(all(test, target_os = "linux"))]
mod tests {
    #[test]
    fn linux_reports_the_peak_and_the_available_memory() {
        let peak = super::peak_memory().expect("VmHWM on Linux");
        let held = vec![1u8; 64 << 20];
        std::hint::black_box(&held);
        assert!(super::peak_memory().unwrap() >= peak.max(64 << 20), "the peak covers 64 MiB held");
        assert!(super::available_memory().expect("MemAvailable on Linux") > 0);
    }
}
