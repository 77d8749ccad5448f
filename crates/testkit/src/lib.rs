//! What the byte-flip tests of every crate share: a seeded generator, the damage a trial does
//! to a file, and the tally of outcomes (an error naming the file, a result identical to the
//! undamaged data, or a failure: a panic, a silently different result, an error that names no
//! file). A dev-dependency only; no crate's code uses it.

use std::fmt::Display;
use std::fs;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::{Path, PathBuf};

/// SplitMix64: small and seeded, so that every trial replays from its seed.
#[derive(Clone, Debug)]
pub struct Rng(pub u64);

impl Rng {
    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number below `n` (n > 0).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }
}

/// Where a trial's flips land.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Aim {
    /// Anywhere in the file.
    Anywhere,
    /// In its first `n` bytes (a header).
    Head(usize),
    /// Half the time on an ASCII digit, turned into another digit (damage a JSON parser reads).
    Digits,
}

/// Damages `bytes`: one trial in 8 truncates them, the others change 1 to `max_changes` bytes
/// where `aim` says. Returns what was done, for the failure message.
pub fn damage(bytes: &mut Vec<u8>, rng: &mut Rng, aim: Aim, max_changes: usize) -> String {
    if bytes.is_empty() || rng.below(8) == 0 {
        let keep = rng.below(bytes.len().max(1));
        bytes.truncate(keep);
        return format!("truncated to {keep} bytes");
    }
    let mut at = Vec::new();
    for _ in 0..1 + rng.below(max_changes) {
        let digits: Vec<usize> = match aim {
            Aim::Digits if rng.below(2) == 0 => (0..bytes.len()).filter(|&i| bytes[i].is_ascii_digit()).collect(),
            _ => Vec::new(),
        };
        let i = if !digits.is_empty() {
            let i = digits[rng.below(digits.len())];
            bytes[i] = b'0' + ((bytes[i] - b'0') + 1 + rng.below(9) as u8) % 10;
            i
        } else {
            let i = match aim {
                Aim::Head(n) => rng.below(n.min(bytes.len())),
                _ => rng.below(bytes.len()),
            };
            bytes[i] ^= 1 + rng.below(255) as u8;
            i
        };
        at.push(i);
    }
    format!("bytes {at:?} changed")
}

/// Copies every file of `clean` into `work` (emptied first) and damages the one at index
/// `victim` of `files` (the clean files, sorted). Returns the damaged file's name and what was done.
pub fn damaged_copy(
    files: &[PathBuf],
    work: &Path,
    victim: usize,
    rng: &mut Rng,
    aim: Aim,
    max: usize,
) -> (String, String) {
    let _ = fs::remove_dir_all(work);
    fs::create_dir_all(work).expect("the work folder");
    for f in files {
        fs::copy(f, work.join(f.file_name().expect("a file"))).expect("a copy");
    }
    let name = files[victim].file_name().expect("a file").to_string_lossy().into_owned();
    let path = work.join(&name);
    let mut bytes = fs::read(&path).expect("the copy");
    let what = damage(&mut bytes, rng, aim, max);
    fs::write(&path, &bytes).expect("the damaged copy");
    (name, what)
}

/// The outcomes of damage trials.
#[derive(Debug, Default)]
pub struct Tally {
    /// Trials recorded.
    pub trials: usize,
    /// Errors naming the damaged file.
    pub named: usize,
    /// Results identical to the undamaged data's.
    pub identical: usize,
    /// Panics, silently different results and errors naming no file, described.
    pub failures: Vec<String>,
}

impl Tally {
    /// Reads damaged data with `read` (panics caught) and records the outcome: an error counts
    /// as named when its message contains `name` and `accept` takes it.
    pub fn record<T: PartialEq, E: Display>(
        &mut self,
        case: &str,
        name: &str,
        expected: &T,
        read: impl FnOnce() -> Result<T, E>,
        accept: impl Fn(&E) -> bool,
    ) {
        self.trials += 1;
        match catch_unwind(AssertUnwindSafe(read)) {
            Err(_) => self.failures.push(format!("{case}: panic")),
            Ok(Ok(got)) if got == *expected => self.identical += 1,
            Ok(Ok(_)) => self.failures.push(format!("{case}: silently different")),
            Ok(Err(e)) if e.to_string().contains(name) && accept(&e) => self.named += 1,
            Ok(Err(e)) => self.failures.push(format!("{case}: error not naming it: {e}")),
        }
    }

    /// One line of counts, then the first failures.
    pub fn report(&self, label: &str) -> String {
        let mut text = format!(
            "{label}: {} trials: {} errors naming the file, {} identical, {} failures",
            self.trials,
            self.named,
            self.identical,
            self.failures.len()
        );
        for line in self.failures.iter().take(20) {
            text.push_str(&format!("\n  {line}"));
        }
        text
    }

    /// Asserts that every trial ended in a named error or an identical result.
    pub fn assert_clean(&self, label: &str) {
        assert!(self.failures.is_empty(), "{}", self.report(label));
        assert_eq!(self.named + self.identical, self.trials);
    }
}

/// Runs `f` with the panic message hook silenced (trials catch the panics they provoke).
pub fn quietly<R>(f: impl FnOnce() -> R) -> R {
    let hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(|_| {}));
    let out = catch_unwind(AssertUnwindSafe(f));
    std::panic::set_hook(hook);
    out.unwrap_or_else(|p| std::panic::resume_unwind(p))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn damage_changes_the_bytes_and_the_tally_classifies() {
        let mut rng = Rng(1);
        for aim in [Aim::Anywhere, Aim::Head(4), Aim::Digits] {
            for _ in 0..50 {
                let clean = b"{\"a\": 12345, \"b\": 678}".to_vec();
                let mut bytes = clean.clone();
                let what = damage(&mut bytes, &mut rng, aim, 3);
                assert_ne!(bytes, clean, "{what}");
            }
        }
        let mut t = Tally::default();
        t.record("a", "f.bin", &1, || Ok::<i32, String>(1), |_| true);
        t.record("b", "f.bin", &1, || Err::<i32, String>("f.bin: bad".into()), |_| true);
        t.record("c", "f.bin", &1, || Err::<i32, String>("bad".into()), |_| true);
        t.record("d", "f.bin", &1, || Ok::<i32, String>(2), |_| true);
        quietly(|| t.record("e", "f.bin", &1, || -> Result<i32, String> { panic!("boom") }, |_| true));
        assert_eq!((t.trials, t.identical, t.named, t.failures.len()), (5, 1, 1, 3));
    }
}
