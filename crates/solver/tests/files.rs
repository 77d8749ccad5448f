//! Table files: a round trip, and every kind of damage is a clear error, never a wrong answer.

use musashi_game::{Board, Position, Side};
use musashi_solver::{HEADER_LEN, SolveConfig, TableError, Tables, level_file_name, recheck, solve, solve_in_memory};
use std::fs;
use std::path::{Path, PathBuf};
use std::sync::Arc;

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("musashi-solver-test-{}-{name}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    dir
}

fn config() -> SolveConfig {
    SolveConfig { board: Board::Setchin33, threshold: 1, max_soldiers: 4 }
}

fn write_tables(dir: &Path) {
    solve(config(), &|_| {}, |t: Arc<musashi_solver::LevelTable>, _| t.write(&dir.join(level_file_name(t.soldiers()))))
        .unwrap();
}

#[test]
fn saved_tables_read_back_equal_and_recheck_clean() {
    let dir = temp_dir("round-trip");
    write_tables(&dir);
    let (mem, _) = solve_in_memory(config(), &|_| {}).unwrap();
    let disk = Tables::open(&dir).unwrap();
    assert_eq!(disk.board(), Board::Setchin33);
    assert_eq!(disk.threshold(), 1);
    assert_eq!(disk.max_soldiers(), 4);
    for n in 0..=4 {
        assert_eq!(disk.level(n).unwrap(), mem.level(n).unwrap());
    }
    let report = recheck(&disk, 0..=4).unwrap();
    assert_eq!(report.mismatches, 0, "{:?}", report.examples);
    assert_eq!(report.positions, (0..=4).map(|n| 2 * 33 * musashi_solver::binomial(32, n)).sum::<u64>());
    let pos = Position::parse("...../...../...../...../...../.S./SG... s").unwrap();
    assert_eq!(disk.probe(&pos).unwrap(), mem.probe(&pos).unwrap());
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn a_flipped_byte_anywhere_is_detected() {
    let dir = temp_dir("flip");
    write_tables(&dir);
    let path = dir.join(level_file_name(3));
    let original = fs::read(&path).unwrap();
    // A byte of the header, of the General's values and of the soldiers' values.
    let per_side = (original.len() - HEADER_LEN) / 2;
    for at in [20, 40, HEADER_LEN + 7, HEADER_LEN + per_side + per_side / 2] {
        let mut bytes = original.clone();
        bytes[at] ^= 0x10;
        fs::write(&path, &bytes).unwrap();
        let err = Tables::open(&dir).and_then(|t| t.level(3).map(|_| ()));
        match err {
            Err(TableError::Corrupt { what, .. }) => {
                assert!(what.contains("checksum") || what.contains("size"), "{what}")
            }
            other => panic!("byte {at}: expected a corrupt-file error, got {other:?}"),
        }
    }
    // Truncated, wrong magic, wrong version.
    fs::write(&path, &original[..original.len() - 1]).unwrap();
    assert!(matches!(Tables::open(&dir).unwrap().level(3), Err(TableError::Corrupt { .. })));
    let mut bad = original.clone();
    bad[0] = b'X';
    fs::write(&path, &bad).unwrap();
    assert!(matches!(Tables::open(&dir), Err(TableError::NotATable { .. })));
    let mut newer = original.clone();
    newer[8] = 2;
    fs::write(&path, &newer).unwrap();
    assert!(matches!(Tables::open(&dir), Err(TableError::Version { found: 2, .. })));
    // A missing level and an empty directory.
    fs::remove_file(&path).unwrap();
    assert!(matches!(Tables::open(&dir), Err(TableError::MissingLevel { soldiers: 3, .. })));
    let empty = temp_dir("empty");
    assert!(matches!(Tables::open(&empty), Err(TableError::Empty { .. })));
    let _ = fs::remove_dir_all(&dir);
    let _ = fs::remove_dir_all(&empty);
}

#[test]
fn mismatched_tables_and_positions_are_refused() {
    let dir = temp_dir("mismatch");
    write_tables(&dir);
    // A level from another threshold.
    let (other, _) = solve_in_memory(SolveConfig { threshold: 0, ..config() }, &|_| {}).unwrap();
    other.level(2).unwrap().write(&dir.join(level_file_name(2))).unwrap();
    assert!(matches!(Tables::open(&dir), Err(TableError::Mismatch(_))));
    let (t, _) = solve_in_memory(config(), &|_| {}).unwrap();
    let on25 = Position::parse("G..../SS.../...../...../..... g").unwrap();
    assert!(matches!(t.probe(&on25), Err(TableError::Mismatch(_))));
    let start = Position::start(Board::Setchin33, Side::Soldiers);
    assert!(matches!(t.probe(&start), Err(TableError::NotCovered { soldiers: 16, max: 4 })));
    let _ = fs::remove_dir_all(&dir);
}
