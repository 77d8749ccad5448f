//! Damaged table files: a table that exists but fails its checks is an error naming the file,
//! never "no tables" and never different values. A seeded fuzz test flips and truncates bytes of
//! a small table directory (33 points, up to 3 soldiers) and reads it both ways: loaded and
//! checked at once (`Tables::load`), and opened lazily (`Tables::open`, levels read at their first
//! probe).

use musashi_game::{Board, Position};
use musashi_solver::{Levels, SolveConfig, TableError, Tables, level_file_name, solve};
use musashi_testkit::{Aim, Rng, Tally, damaged_copy, quietly};
use std::fs;
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
    let config = SolveConfig { board: Board::Setchin33, threshold: 1, max_soldiers: MAX, levels: Levels::All };
    solve(config, &|_| {}, |t: Arc<musashi_solver::LevelTable>, _| t.write(&dir.join(level_file_name(t.soldiers()))))
        .unwrap();
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
    quietly(|| {
        for trial in 0..trials {
            // Half the damage in the 64-byte header, where a flip is most likely to be misread.
            let aim = if rng.below(2) == 0 { Aim::Head(64) } else { Aim::Anywhere };
            let victim = rng.below(files.len());
            let (name, what) = damaged_copy(&files, &work, victim, &mut rng, aim, 4);
            let case = format!("trial {trial}: {name} {what}");
            loaded.record(&case, &name, &expected, || read_loaded(&work), TableError::is_damage);
            lazy.record(&case, &name, &expected, || read_lazily(&work), TableError::is_damage);
        }
    });
    println!("{}\n{}", loaded.report("load"), lazy.report("open + probe"));
    loaded.assert_clean("load");
    lazy.assert_clean("open + probe");
    fs::remove_dir_all(&clean).unwrap();
    fs::remove_dir_all(&work).unwrap();
}
