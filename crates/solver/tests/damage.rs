//! Damaged table files: a table that exists but fails its checks is an error naming the file,
//! never "no tables" and never different values. A seeded fuzz test flips and truncates bytes of
//! a small table directory (33 points, up to 3 soldiers) and reads it both ways: loaded and
//! checked at once (`Tables::load`), and opened lazily (`Tables::open`, levels read at their first
//! probe).

use musashi_game::{Board, Position};
use musashi_solver::{SolveConfig, TableError, Tables, level_file_name, solve};
use std::fs;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::{Path, PathBuf};
use std::sync::Arc;

const MAX: u32 = 3;

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("musashi-solver-damage-{}-{name}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    dir
}

fn write_tables(dir: &Path) {
    let config = SolveConfig { board: Board::Setchin33, threshold: 1, max_soldiers: MAX };
    solve(config, &|_| {}, |t: Arc<musashi_solver::LevelTable>, _| t.write(&dir.join(level_file_name(t.soldiers()))))
        .unwrap();
}

/// splitmix64.
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

/// Positions to probe on every level: the General and a few soldiers on varied points.
fn probes() -> Vec<Position> {
    let texts = [
        "...../...../...../...../...../.S./SG... s",
        "..G../...../...../...../...../.../..... g",
        "..G../...../...../...../...../.../..... g",
        "...../..S../..G../..S../..S../.../..... s",
        "..G../...../...../...../...../.../..... g",
    ];
    texts.iter().map(|t| Position::parse(t).unwrap()).collect()
}

/// How a damaged directory read: an error, or the tables (every level and the probes).
fn read_loaded(dir: &Path) -> Result<Vec<musashi_solver::LevelTable>, TableError> {
    let t = Tables::load(dir)?;
    (0..=MAX).map(|n| t.level(n).cloned()).collect()
}

fn read_lazily(dir: &Path) -> Result<Vec<musashi_solver::LevelTable>, TableError> {
    let t = Tables::open(dir)?;
    for p in probes() {
        t.probe(&p)?;
    }
    (0..=MAX).map(|n| t.level(n).cloned()).collect()
}

#[test]
fn a_damaged_table_is_an_error_naming_it_not_absent_tables() {
    let dir = temp_dir("one-flip");
    write_tables(&dir);
    let path = dir.join(level_file_name(2));
    let mut bytes = fs::read(&path).unwrap();
    let n = bytes.len();
    bytes[n - 10] ^= 0x04;
    fs::write(&path, &bytes).unwrap();
    // Opening reads headers only: it succeeds, and the damage is found when level 2 is read.
    let lazy = Tables::open(&dir).unwrap();
    let two = Position::parse("...../...../...../...../...../.S./SG... s").unwrap();
    let e = lazy.probe(&two).unwrap_err();
    assert!(e.is_damage() && !e.is_absent(), "{e}");
    // Loading checks every level now.
    let e = Tables::load(&dir).unwrap_err();
    assert!(matches!(e, TableError::Corrupt { .. }) && e.is_damage() && !e.is_absent(), "{e}");
    assert_eq!(e.path(), Some(path.as_path()));
    assert!(e.to_string().contains("level-02.mtb"), "{e}");
    // Absent tables are told apart: no directory, or no level files in it.
    let e = Tables::load(&dir.join("nowhere")).unwrap_err();
    assert!(e.is_absent() && !e.is_damage(), "{e}");
    let empty = temp_dir("empty");
    assert!(Tables::load(&empty).unwrap_err().is_absent());
    fs::remove_dir_all(&dir).unwrap();
    fs::remove_dir_all(&empty).unwrap();
}

#[derive(Debug, Default)]
struct Tally {
    named: usize,
    identical: usize,
    bad: Vec<String>,
}

#[test]
fn damaged_tables_are_named_errors_or_identical_never_panics() {
    let clean = temp_dir("clean");
    write_tables(&clean);
    let expected = read_loaded(&clean).unwrap();
    assert_eq!(read_lazily(&clean).unwrap(), expected);
    let mut files: Vec<PathBuf> = fs::read_dir(&clean).unwrap().map(|e| e.unwrap().path()).collect();
    files.sort();
    assert_eq!(files.len(), MAX as usize + 1);
    let work = temp_dir("work");
    let mut rng = Rng(0x7AB1_E017);
    let trials = 300;
    let (mut loaded, mut lazy) = (Tally::default(), Tally::default());
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
        // Half the damage in the 64-byte header, where a flip is most likely to be misread.
        let in_header = rng.below(2) == 0;
        let what = if rng.below(8) == 0 {
            let keep = rng.below(bytes.len());
            bytes.truncate(keep);
            format!("truncated to {keep}")
        } else {
            let mut at = Vec::new();
            for _ in 0..1 + rng.below(4) {
                let i = if in_header { rng.below(64) } else { rng.below(bytes.len()) };
                bytes[i] ^= 1 + rng.below(255) as u8;
                at.push(i);
            }
            format!("bytes {at:?} flipped")
        };
        fs::write(&victim, &bytes).unwrap();
        let name = victim.file_name().unwrap().to_string_lossy().into_owned();
        for (tally, read) in [(&mut loaded, read_loaded as fn(&Path) -> _), (&mut lazy, read_lazily)] {
            match catch_unwind(AssertUnwindSafe(|| read(&work))) {
                Err(_) => tally.bad.push(format!("trial {trial}: {name} {what}: panic")),
                Ok(Ok(levels)) if levels == expected => tally.identical += 1,
                Ok(Ok(_)) => tally.bad.push(format!("trial {trial}: {name} {what}: silently different values")),
                Ok(Err(e)) if e.to_string().contains(&name) && e.is_damage() => tally.named += 1,
                Ok(Err(e)) => tally.bad.push(format!("trial {trial}: {name} {what}: error not naming it: {e}")),
            }
        }
    }
    std::panic::set_hook(hook);
    for (how, t) in [("load", &loaded), ("open + probe", &lazy)] {
        println!(
            "{how}: {trials} trials: {} errors naming the file, {} identical, {} failures",
            t.named,
            t.identical,
            t.bad.len()
        );
        for line in t.bad.iter().take(20) {
            println!("  {line}");
        }
    }
    assert!(loaded.bad.is_empty() && lazy.bad.is_empty());
    assert_eq!(loaded.named + loaded.identical, trials);
    fs::remove_dir_all(&clean).unwrap();
    fs::remove_dir_all(&work).unwrap();
}
