//! Damaged shards: random byte flips and truncations in every file of a shard (seeded, hundreds
//! of trials). Each must end in an error that names the damaged file, or in records identical to
//! the undamaged shard's: never a panic, never silently different records.

use musashi_records::*;
use musashi_testkit::{Aim, Rng, Tally, damaged_copy, quietly};
use std::fs;
use std::path::Path;

mod common;

use common::{sample, temp_dir};

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
    quietly(|| {
        for trial in 0..trials {
            let victim = rng.below(files.len());
            let (name, what) = damaged_copy(&files, &work, victim, &mut rng, Aim::Anywhere, 4);
            tally.record(&format!("trial {trial}: {name} {what}"), &name, &expected, || read_all(&work), |_| true);
        }
    });
    fs::remove_dir_all(&clean).unwrap();
    fs::remove_dir_all(&work).unwrap();
    tally
}

#[test]
fn damaged_shards_are_named_errors_never_panics_or_silent_changes() {
    let t = fuzz("fuzz", 600, 0x5EED_0017);
    println!("{}", t.report("shards"));
    t.assert_clean("shards");
}
