//! Damaged shards: random byte flips and truncations in every file of a shard (seeded, hundreds
//! of trials). Each must end in an error that names the damaged file, or in records identical to
//! the undamaged shard's: never a panic, never silently different records.

use musashi_records::*;
use std::fs;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::Path;

mod common;

use common::{sample, temp_dir};

/// splitmix64: a small seeded generator, so that every trial can be replayed from its number.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

#[derive(Debug, Default)]
struct Tally {
    trials: usize,
    /// An error naming the damaged file.
    named: usize,
    /// Records identical to the undamaged ones (the damage did not matter).
    identical: usize,
    panics: Vec<String>,
    silent: Vec<String>,
    misnamed: Vec<String>,
}

type Read = (Vec<GameRecord>, Vec<PositionRecord>);

/// Everything a reader of the shard directory does: list the shards, read both files.
fn read_all(dir: &Path) -> Result<Read, RecordError> {
    let shards = list_shards(dir)?;
    let mut games = Vec::new();
    let mut positions = Vec::new();
    for s in &shards {
        games.extend(read_games(&s.games)?);
        positions.extend(read_positions(&s.positions)?);
    }
    Ok((games, positions))
}

/// Damages one file of a clean shard per trial and reads the shard back.
fn fuzz(tag: &str, trials: usize, seed: u64) -> Tally {
    let clean = temp_dir(&format!("{tag}-clean"));
    let work = temp_dir(&format!("{tag}-work"));
    let (games, positions) = sample();
    write_shard(&clean, "sp0003-main-s00000", &games, &positions).unwrap();
    let mut files: Vec<_> = fs::read_dir(&clean).unwrap().map(|e| e.unwrap().path()).collect();
    files.sort();
    let expected = read_all(&clean).unwrap();
    assert_eq!(expected, (games, positions), "the clean shard reads back exactly");

    let mut rng = Rng(seed);
    let mut tally = Tally::default();
    let hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(|_| {}));
    for trial in 0..trials {
        let _ = fs::remove_dir_all(&work);
        fs::create_dir_all(&work).unwrap();
        for f in &files {
            fs::copy(f, work.join(f.file_name().unwrap())).unwrap();
        }
        let victim = work.join(files[rng.below(files.len())].file_name().unwrap());
        let mut bytes = fs::read(&victim).unwrap();
        let what = if rng.below(8) == 0 {
            let keep = rng.below(bytes.len());
            bytes.truncate(keep);
            format!("truncated to {keep} bytes")
        } else {
            let flips = 1 + rng.below(4);
            let mut at = Vec::new();
            for _ in 0..flips {
                let i = rng.below(bytes.len());
                bytes[i] ^= 1 + rng.below(255) as u8;
                at.push(i);
            }
            format!("bytes {at:?} flipped")
        };
        fs::write(&victim, &bytes).unwrap();
        let name = victim.file_name().unwrap().to_string_lossy().into_owned();
        let case = format!("trial {trial}: {name} {what}");
        tally.trials += 1;
        match catch_unwind(AssertUnwindSafe(|| read_all(&work))) {
            Err(p) => {
                let msg =
                    p.downcast_ref::<String>().cloned().or_else(|| p.downcast_ref::<&str>().map(|s| s.to_string()));
                tally.panics.push(format!("{case}: panic {msg:?}"));
            }
            Ok(Ok(read)) if read == expected => tally.identical += 1,
            Ok(Ok(_)) => tally.silent.push(case),
            Ok(Err(e)) if e.to_string().contains(&name) => tally.named += 1,
            Ok(Err(e)) => tally.misnamed.push(format!("{case}: {e}")),
        }
    }
    std::panic::set_hook(hook);
    fs::remove_dir_all(&clean).unwrap();
    fs::remove_dir_all(&work).unwrap();
    tally
}

fn report(t: &Tally) {
    println!(
        "{} trials: {} errors naming the file, {} identical, {} panics, {} silently different, {} errors not naming it",
        t.trials,
        t.named,
        t.identical,
        t.panics.len(),
        t.silent.len(),
        t.misnamed.len()
    );
    for line in t.panics.iter().chain(&t.silent).chain(&t.misnamed).take(20) {
        println!("  {line}");
    }
}

#[test]
fn damaged_shards_are_named_errors_never_panics_or_silent_changes() {
    let t = fuzz("fuzz", 600, 0x5EED_0017);
    report(&t);
    assert!(t.panics.is_empty(), "{} panics", t.panics.len());
    assert!(t.silent.is_empty(), "{} silently different", t.silent.len());
    assert!(t.misnamed.is_empty(), "{} errors not naming the file", t.misnamed.len());
    assert_eq!(t.named + t.identical, t.trials);
}
