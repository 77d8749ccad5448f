//! Table files: a round trip, and every kind of damage is a clear error, never a wrong answer.

use musashi_game::{Board, Position, Side};
use musashi_solver::{
    HEADER_LEN, Levels, SolveConfig, TableError, Tables, level_file_name, recheck, solve, solve_in_memory,
};
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
    SolveConfig { board: Board::Setchin33, threshold: 1, max_soldiers: 4, levels: Levels::All }
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
    // The stored positions: the mirror-canonical half (and a little more) of the board's.
    let stored: u64 = (0..=4).map(|n| 2 * disk.level(n).unwrap().shape().positions_per_side()).sum();
    let all: u64 = (0..=4).map(|n| 2 * 33 * musashi_solver::binomial(32, n)).sum();
    assert_eq!(report.positions, stored);
    assert!(stored > all / 2 && stored < all, "{stored} of {all}");
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
    newer[8] = 3;
    fs::write(&path, &newer).unwrap();
    assert!(matches!(Tables::open(&dir), Err(TableError::Version { found: 3, .. })));
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

#[test]
fn a_solve_into_a_directory_resumes_byte_identical_and_reports_what_it_found() {
    use musashi_solver::{SolveDir, solve_from};
    let (whole, pieces) = (temp_dir("dir-whole"), temp_dir("dir-pieces"));
    let (mut store, found) = SolveDir::open(&whole, config(), false, &|_| {}).unwrap();
    assert!(found.is_empty());
    solve_from(config(), 0, &|_| {}, &mut store).unwrap();
    // The scratch files (capture bounds, both sides' wins) and the temporary files are gone.
    let mut names: Vec<String> =
        fs::read_dir(&whole).unwrap().map(|e| e.unwrap().file_name().into_string().unwrap()).collect();
    names.sort();
    assert_eq!(names, (0..=4).map(level_file_name).collect::<Vec<_>>());
    // The same in two pieces: levels 0-2, then a new store that finds them and goes on.
    let low = SolveConfig { max_soldiers: 2, ..config() };
    let (mut store, _) = SolveDir::open(&pieces, low, false, &|_| {}).unwrap();
    solve_from(low, 0, &|_| {}, &mut store).unwrap();
    let checked = std::sync::Mutex::new(Vec::new());
    let (mut store, found) = SolveDir::open(&pieces, config(), false, &|n| checked.lock().unwrap().push(n)).unwrap();
    assert_eq!(checked.into_inner().unwrap(), vec![0, 1, 2]);
    assert_eq!(found.len(), 3);
    let (mem, stats) = solve_in_memory(config(), &|_| {}).unwrap();
    for (f, s) in found.iter().zip(&stats) {
        assert!(f.resumed);
        assert_eq!(
            (f.soldiers, f.general_to_move, f.soldiers_to_move),
            (s.soldiers, s.general_to_move, s.soldiers_to_move)
        );
    }
    solve_from(config(), 3, &|_| {}, &mut store).unwrap();
    for n in 0..=4 {
        let (a, b) =
            (fs::read(whole.join(level_file_name(n))).unwrap(), fs::read(pieces.join(level_file_name(n))).unwrap());
        assert!(a == b, "level {n} differs between one solve and two pieces");
        assert_eq!(Tables::open(&pieces).unwrap().level(n).unwrap(), mem.level(n).unwrap());
    }
    // Other rules in the same folder are refused; with `replace` the files go.
    let other = SolveConfig { threshold: 5, ..config() };
    assert!(matches!(SolveDir::open(&pieces, other, false, &|_| {}), Err(TableError::Occupied { .. })));
    let (_, found) = SolveDir::open(&pieces, other, true, &|_| {}).unwrap();
    assert!(found.is_empty());
    assert!(!pieces.join(level_file_name(0)).exists());
    let _ = fs::remove_dir_all(&whole);
    let _ = fs::remove_dir_all(&pieces);
}

#[test]
fn the_sampled_recheck_passes_clean_tables_and_finds_a_wrong_value() {
    use musashi_solver::recheck_sample;
    let dir = temp_dir("sampled");
    write_tables(&dir);
    let report = recheck_sample(&dir, 500, 7).unwrap();
    assert_eq!(report.mismatches, 0, "{:?}", report.examples);
    // 500 per side where a side has more, every position of the smaller ones.
    let sizes: u64 = (0..=4).map(|n| 2 * (33 * musashi_solver::binomial(32, n)).min(500)).sum();
    assert_eq!(report.positions, sizes);
    // One wrong value (the checksums are not the sampled re-check's business): covering the
    // whole level finds it (level 4 goes, so that covering every level stays quick).
    fs::remove_file(dir.join(level_file_name(4))).unwrap();
    let path = dir.join(level_file_name(3));
    let mut bytes = fs::read(&path).unwrap();
    let at = bytes[HEADER_LEN..].iter().position(|&b| b == 5).unwrap() + HEADER_LEN;
    bytes[at] = 7;
    fs::write(&path, &bytes).unwrap();
    let report = recheck_sample(&dir, 200_000, 7).unwrap();
    assert!(report.mismatches >= 1, "{report:?}");
    assert!(!report.examples.is_empty());
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn tables_loaded_within_a_budget_probe_from_files_what_memory_holds() {
    let dir = temp_dir("budget");
    write_tables(&dir);
    let (mem, _) = solve_in_memory(config(), &|_| {}).unwrap();
    // Budget 0: every level from its file; 100 KB: levels 0-2 in memory, 3 and 4 from files;
    // loaded now (every level checked) or opened (each checked when first probed).
    for (budget, load) in [(0, true), (100_000, true), (0, false), (100_000, false)] {
        let disk = if load { Tables::load_within(&dir, budget) } else { Tables::open_within(&dir, budget) }.unwrap();
        for n in 0..=4u32 {
            let level = mem.level(n).unwrap();
            let e = 33 - n as u64;
            for index in (0..level.shape().positions_per_side()).step_by(97) {
                let soldiers = level.shape().set_at(index / e);
                let mut free = !soldiers;
                for _ in 0..index % e {
                    free &= free - 1;
                }
                let g = musashi_game::Point::new(free.trailing_zeros() as usize).unwrap();
                for side in Side::BOTH {
                    let pos = Position::new(Board::Setchin33, g, soldiers, side).unwrap();
                    assert_eq!(disk.probe(&pos).unwrap(), mem.probe(&pos).unwrap(), "{pos}");
                }
            }
        }
    }
    // A damaged level too large to hold is still found when loading.
    let path = dir.join(level_file_name(4));
    let mut bytes = fs::read(&path).unwrap();
    let last = bytes.len() - 3;
    bytes[last] ^= 1;
    fs::write(&path, &bytes).unwrap();
    let err = Tables::load_within(&dir, 100_000).unwrap_err();
    assert!(err.is_damage() && err.to_string().contains("level-04.mtb"), "{err}");
    // Opened, it is found by the first probe that reaches it, which it answers with no value.
    let opened = Tables::open_within(&dir, 100_000).unwrap();
    let four = Position::parse("...../...../...../...../...../SSS/SG... s").unwrap();
    let err = opened.probe(&four).unwrap_err();
    assert!(err.is_damage() && err.to_string().contains("level-04.mtb"), "{err}");
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn an_even_levels_solve_writes_the_full_solves_even_levels_and_resumes() {
    use musashi_solver::{SolveDir, recheck_sample, solve_from};
    let (full, even) = (temp_dir("levels-all"), temp_dir("levels-even"));
    write_tables(&full);
    // Levels 0 and 2 first, then a new store that finds them and goes on to 4.
    let config = SolveConfig { levels: Levels::Even, ..config() };
    let low = SolveConfig { max_soldiers: 3, ..config };
    let (mut store, _) = SolveDir::open(&even, low, false, &|_| {}).unwrap();
    solve_from(low, 0, &|_| {}, &mut store).unwrap();
    let (mut store, found) = SolveDir::open(&even, config, false, &|_| {}).unwrap();
    assert_eq!(found.iter().map(|s| s.soldiers).collect::<Vec<_>>(), vec![0, 2]);
    solve_from(config, 3, &|_| {}, &mut store).unwrap();
    let mut names: Vec<String> =
        fs::read_dir(&even).unwrap().map(|e| e.unwrap().file_name().into_string().unwrap()).collect();
    names.sort();
    assert_eq!(names, [0, 2, 4].map(level_file_name));
    for n in [0, 2, 4] {
        let (a, b) =
            (fs::read(full.join(level_file_name(n))).unwrap(), fs::read(even.join(level_file_name(n))).unwrap());
        assert!(a == b, "level {n} differs between the full and the even solve");
    }
    // The tables know what they hold; odd positions are refused by name, even ones answered.
    let tables = Tables::open(&even).unwrap();
    assert_eq!((tables.levels(), tables.max_soldiers()), (Levels::Even, 4));
    assert_eq!(tables.held().collect::<Vec<_>>(), vec![0, 2, 4]);
    assert!(tables.covers(2) && !tables.covers(3) && !tables.covers(5));
    let (mem, _) = solve_in_memory(config, &|_| {}).unwrap();
    assert_eq!(mem.levels(), Levels::Even);
    let odd = Position::parse("...../...../...../...../...../S.S/SG... s").unwrap();
    assert!(matches!(tables.probe(&odd), Err(TableError::OtherParity { soldiers: 3, held: Levels::Even })));
    assert!(matches!(tables.move_values(&odd), Err(TableError::OtherParity { soldiers: 3, .. })));
    let pos = Position::parse("...../...../...../...../...../.S./SG... s").unwrap();
    assert_eq!(tables.probe(&pos).unwrap(), Tables::open(&full).unwrap().probe(&pos).unwrap());
    assert_eq!(mem.probe(&pos).unwrap(), tables.probe(&pos).unwrap());
    let report = recheck_sample(&even, 300, 3).unwrap();
    assert_eq!(report.mismatches, 0, "{:?}", report.examples);
    assert_eq!(report.positions, [0, 2, 4].map(|n| 2 * (33 * musashi_solver::binomial(32, n)).min(300)).iter().sum());
    // An even solve does not go on from a folder with odd levels; a gap is named.
    assert!(matches!(SolveDir::open(&full, config, false, &|_| {}), Err(TableError::Occupied { .. })));
    fs::copy(full.join(level_file_name(3)), even.join(level_file_name(3))).unwrap();
    assert!(matches!(Tables::open(&even), Err(TableError::MissingLevel { soldiers: 1, .. })));
    fs::remove_file(even.join(level_file_name(3))).unwrap();
    fs::remove_file(even.join(level_file_name(2))).unwrap();
    assert!(matches!(Tables::open(&even), Err(TableError::MissingLevel { soldiers: 2, .. })));
    let _ = fs::remove_dir_all(&full);
    let _ = fs::remove_dir_all(&even);
}

#[test]
fn an_odd_levels_solve_writes_the_full_solves_odd_levels_and_refuses_even_positions() {
    use musashi_solver::{SolveDir, solve_from};
    let (full, odd) = (temp_dir("levels-all-2"), temp_dir("levels-odd"));
    write_tables(&full);
    let config = SolveConfig { levels: Levels::Odd, ..config() };
    let (mut store, found) = SolveDir::open(&odd, config, false, &|_| {}).unwrap();
    assert!(found.is_empty());
    solve_from(config, 0, &|_| {}, &mut store).unwrap();
    let mut names: Vec<String> =
        fs::read_dir(&odd).unwrap().map(|e| e.unwrap().file_name().into_string().unwrap()).collect();
    names.sort();
    assert_eq!(names, [1, 3].map(level_file_name));
    for n in [1, 3] {
        let (a, b) =
            (fs::read(full.join(level_file_name(n))).unwrap(), fs::read(odd.join(level_file_name(n))).unwrap());
        assert!(a == b, "level {n} differs between the full and the odd solve");
    }
    let tables = Tables::open(&odd).unwrap();
    assert_eq!((tables.levels(), tables.max_soldiers()), (Levels::Odd, 3));
    let three = Position::parse("...../...../...../...../...../S.S/SG... s").unwrap();
    assert_eq!(tables.probe(&three).unwrap(), Tables::open(&full).unwrap().probe(&three).unwrap());
    let two = Position::parse("...../...../...../...../...../.S./SG... s").unwrap();
    let err = tables.probe(&two).unwrap_err();
    assert!(matches!(err, TableError::OtherParity { soldiers: 2, held: Levels::Odd }), "{err:?}");
    assert!(err.to_string().contains("the odd levels only"), "{err}");
    // Resuming finds the odd levels; an odd solve does not go on from the even ones.
    let (_, found) = SolveDir::open(&odd, config, false, &|_| {}).unwrap();
    assert_eq!(found.iter().map(|s| s.soldiers).collect::<Vec<_>>(), vec![1, 3]);
    let err = SolveDir::open(&full, config, false, &|_| {}).unwrap_err();
    assert!(err.to_string().contains("not one of the odd levels"), "{err}");
    let _ = fs::remove_dir_all(&full);
    let _ = fs::remove_dir_all(&odd);
}

#[test]
fn levels_are_all_even_or_odd_without_a_gap() {
    assert_eq!(Levels::of(&[1, 3, 5]), Ok(Levels::Odd));
    assert_eq!(Levels::of(&[1]), Ok(Levels::Odd));
    assert_eq!(Levels::of(&[3, 5]), Err(1));
    assert!(Levels::Odd.contains(15) && !Levels::Odd.contains(16));
    assert_eq!(Levels::of(&[0, 1, 2, 3]), Ok(Levels::All));
    assert_eq!(Levels::of(&[0, 2, 4]), Ok(Levels::Even));
    assert_eq!(Levels::of(&[0]), Ok(Levels::Even));
    assert_eq!(Levels::of(&[0, 1, 3]), Err(2));
    assert_eq!(Levels::of(&[0, 4]), Err(2));
    assert_eq!(Levels::of(&[2, 4]), Err(0));
    assert!(Levels::Even.contains(16) && !Levels::Even.contains(15) && Levels::All.contains(15));
}
