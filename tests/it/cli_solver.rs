//! End-to-end tests of `musashi solve` and `musashi probe` on a tiny configuration (33 points,
//! up to 4 soldiers). Expected values are positions simple enough to read off by hand.

use crate::cli::{musashi, stderr, stdout};
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Output;

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("musashi-cli-solver-{}-{name}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    dir
}

fn solve_small(dir: &Path) -> Output {
    musashi(&["solve", "--preset", "solved", "--max-soldiers", "4", "--out", dir.to_str().unwrap()])
}

/// General on a7 (neighbours b6 and b7), soldiers on b6 and c7: c7-b7 traps it.
const TRAP_IN_ONE: &str = "...../...../...../...../...../S../G.S.. s";
/// The same after c7-b7: the General is to move and has no move.
const TRAPPED: &str = "...../...../...../...../...../S../GS... g";
/// No soldiers: the soldiers have no move.
const NO_SOLDIERS: &str = "...../...../..G../...../...../.../..... s";

#[test]
fn solve_writes_tables_and_prints_a_summary() {
    let dir = temp_dir("summary");
    let o = solve_small(&dir);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.contains("solved the 33-point board, general_wins_at too-few"), "{out}");
    assert!(out.contains("solve time"), "{out}");
    assert!(out.contains("soldiers win"), "{out}");
    assert!(out.contains("start, soldiers to move: not covered"), "{out}");
    // One summary row per soldier count and side to move.
    let rows = out.lines().filter(|l| {
        let mut words = l.split_whitespace();
        words.next().is_some_and(|w| w.parse::<u32>().is_ok())
            && words.next().is_some_and(|w| w == "general" || w == "soldiers")
    });
    assert_eq!(rows.count(), 10, "{out}");
    for n in 0..=4 {
        assert!(dir.join(format!("level-{n:02}.mtb")).is_file());
    }
    // A second solve into the same directory finds every level complete and solves nothing.
    let d = dir.to_str().unwrap();
    let again = musashi(&["solve", "--preset", "solved", "--max-soldiers", "4", "--out", d, "--recheck-sample", "300"]);
    assert!(again.status.success(), "{}", stderr(&again));
    let out = stdout(&again);
    assert!(out.contains("resuming: levels 0 to 4"), "{out}");
    assert!(out.contains("resumed"), "{out}");
    assert!(
        out.contains("re-check of up to 300 positions per level and side (seed 1): 2466 positions, 0 mismatches"),
        "{out}"
    );
    // Tables of other rules are not overwritten without --force.
    let other = musashi(&["solve", "--preset", "classic", "--max-soldiers", "4", "--out", dir.to_str().unwrap()]);
    assert!(!other.status.success());
    assert!(stderr(&other).contains("--force") && stderr(&other).contains("threshold"), "{}", stderr(&other));
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn an_interrupted_solve_goes_on_from_its_last_complete_level() {
    let dir = temp_dir("resume");
    assert!(solve_small(&dir).status.success());
    let top = dir.join("level-04.mtb");
    let whole = fs::read(&top).unwrap();
    // As a solve killed while writing level 4 leaves it: level 4 absent, a temporary file of a
    // process that no longer runs.
    fs::remove_file(&top).unwrap();
    let stale = dir.join(format!("level-04.mtb.tmp-{}", u32::MAX - 1));
    fs::write(&stale, b"partial").unwrap();
    let o = solve_small(&dir);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.contains("resuming: levels 0 to 3"), "{out}");
    assert!(out.contains("level  4:") && out.contains("peak memory"), "{out}");
    assert!(out.contains("on disk in"), "{out}");
    assert_eq!(fs::read(&top).unwrap(), whole, "the level solved again is byte-identical");
    assert!(!stale.exists(), "the stale temporary file is removed");
    // A damaged complete level stops the resume with its name, and is left as it is.
    let path = dir.join("level-02.mtb");
    let mut bytes = fs::read(&path).unwrap();
    let mid = bytes.len() / 2;
    bytes[mid] ^= 4;
    fs::write(&path, &bytes).unwrap();
    fs::remove_file(&top).unwrap();
    let o = solve_small(&dir);
    assert!(!o.status.success());
    assert!(stderr(&o).contains("level-02.mtb") && stderr(&o).contains("checksum"), "{}", stderr(&o));
    assert_eq!(fs::read(&path).unwrap(), bytes, "nothing already written is changed");
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn probe_prints_values_and_move_values() {
    let dir = temp_dir("probe");
    assert!(solve_small(&dir).status.success());
    let tables = dir.to_str().unwrap();
    let o = musashi(&["probe", "--tables", tables, TRAP_IN_ONE, TRAPPED, NO_SOLDIERS]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(
        stdout(&o),
        format!("{TRAP_IN_ONE}\tsoldiers-win 1\n{TRAPPED}\tsoldiers-win 0\n{NO_SOLDIERS}\tgeneral-wins\n")
    );
    let o = musashi(&["probe", "--tables", tables, "--moves", TRAP_IN_ONE]);
    assert!(o.status.success(), "{}", stderr(&o));
    let line = stdout(&o);
    assert!(line.starts_with(&format!("{TRAP_IN_ONE}\tsoldiers-win 1\t")), "{line}");
    assert!(line.contains("\tc7-b7 soldiers-win 0"), "{line}");
    // The principal line: the trap; none where the General wins.
    let o = musashi(&["probe", "--tables", tables, "--line", TRAP_IN_ONE, NO_SOLDIERS]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(
        stdout(&o),
        format!("{TRAP_IN_ONE}\tsoldiers-win 1\tline (1 ply): c7-b7\n{NO_SOLDIERS}\tgeneral-wins\tline: none\n")
    );
    // Positions from a file, with comments and blank lines.
    let file = dir.join("positions.txt");
    fs::write(&file, format!("# two positions\n{TRAPPED}\n\n{NO_SOLDIERS}\n")).unwrap();
    let o = musashi(&["probe", "--tables", tables, "--positions", file.to_str().unwrap()]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(stdout(&o).lines().count(), 2);
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn probe_errors_are_clear() {
    let dir = temp_dir("errors");
    assert!(solve_small(&dir).status.success());
    let tables = dir.to_str().unwrap();
    // Not covered, wrong board, missing directory.
    let o = musashi(&["probe", "--tables", tables, "SSSSS/S...S/S.G.S/S...S/SSSSS/.../..... s"]);
    assert!(!o.status.success());
    assert!(stderr(&o).contains("cover at most 4"), "{}", stderr(&o));
    let o = musashi(&["probe", "--tables", tables, "G..../SS.../...../...../..... g"]);
    assert!(!o.status.success());
    assert!(stderr(&o).contains("25-point board"), "{}", stderr(&o));
    let o = musashi(&["probe", "--tables", "/nonexistent/musashi-tables", TRAPPED]);
    assert!(!o.status.success());
    assert!(stderr(&o).contains("/nonexistent/musashi-tables"), "{}", stderr(&o));
    // A flipped byte in a level file.
    let path = dir.join("level-02.mtb");
    let mut bytes = fs::read(&path).unwrap();
    let last = bytes.len() - 1;
    bytes[last] ^= 1;
    fs::write(&path, &bytes).unwrap();
    let o = musashi(&["probe", "--tables", tables, TRAP_IN_ONE]);
    assert!(!o.status.success());
    assert!(stderr(&o).contains("corrupt") && stderr(&o).contains("level-02.mtb"), "{}", stderr(&o));
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn damaged_tables_are_an_error_for_every_user_never_absent_tables() {
    let dir = temp_dir("damaged");
    assert!(solve_small(&dir).status.success());
    // One flipped byte in the middle of a level file.
    let level = dir.join("level-03.mtb");
    let mut bytes = fs::read(&level).unwrap();
    let i = bytes.len() / 2;
    bytes[i] ^= 0x40;
    fs::write(&level, &bytes).unwrap();
    let tables = dir.to_str().unwrap();
    let named = |o: &Output, who: &str| {
        assert!(!o.status.success(), "{who} accepted damaged tables: {}", stdout(o));
        assert!(stderr(o).contains("level-03.mtb"), "{who}: {}", stderr(o));
    };
    let perfect = format!("perfect:tables={tables}");
    named(
        &musashi(&["match", "--preset", "solved", "--general", &perfect, "--soldiers", "random", "--games", "1"]),
        "perfect",
    );
    let ab = format!("alphabeta:depth=2,tables={tables}");
    named(
        &musashi(&["match", "--preset", "solved", "--general", &ab, "--soldiers", "random", "--games", "1"]),
        "alphabeta",
    );
    let out = temp_dir("damaged-rank");
    let rank = ["rank", "--preset", "solved", "--agents", "random,greedy", "--games", "1", "--tables", tables];
    named(&musashi(&[&rank[..], &["--out", out.to_str().unwrap()]].concat()), "rank --tables");
    let train = musashi(&[
        "train",
        "--set",
        "rules.presets=[\"solved\"]",
        "--set",
        &format!("bootstrap.tablebase={tables}"),
        "--out",
        temp_dir("damaged-train").to_str().unwrap(),
    ]);
    named(&train, "bootstrap.tablebase");
    assert!(stderr(&train).contains("bootstrap.tablebase"), "{}", stderr(&train));
}

#[test]
fn solve_with_even_levels_writes_them_only_and_probe_names_odd_positions() {
    let dir = temp_dir("even");
    let d = dir.to_str().unwrap();
    let o = musashi(&["solve", "--preset", "solved", "--max-soldiers", "4", "--levels", "even", "--out", d]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.contains("tables of even levels 0 to 4"), "{out}");
    assert!(out.contains("even levels 0 to 4 soldiers"), "{out}");
    let mut names: Vec<String> =
        fs::read_dir(&dir).unwrap().map(|e| e.unwrap().file_name().into_string().unwrap()).collect();
    names.sort();
    assert_eq!(names, ["level-00.mtb", "level-02.mtb", "level-04.mtb"]);
    // Two soldiers: answered; three: refused, naming why.
    let even = musashi(&["probe", "--tables", d, TRAP_IN_ONE]);
    assert!(even.status.success(), "{}", stderr(&even));
    assert_eq!(stdout(&even).trim(), format!("{TRAP_IN_ONE}\tsoldiers-win 1"));
    let odd = musashi(&["probe", "--tables", d, "...../...../...../...../...../S.S/G.S.. s"]);
    assert!(!odd.status.success());
    assert!(stderr(&odd).contains("the tables hold the even levels only"), "{}", stderr(&odd));
    // Going on to all levels in the same folder is refused (level 1 is missing), so are the odd
    // levels, and a level choice other than all, even or odd.
    let all = musashi(&["solve", "--preset", "solved", "--max-soldiers", "4", "--out", d]);
    assert!(!all.status.success());
    assert!(stderr(&all).contains("lacks the table for 1 soldiers"), "{}", stderr(&all));
    let odd = musashi(&["solve", "--preset", "solved", "--max-soldiers", "4", "--levels", "odd", "--out", d]);
    assert!(!odd.status.success());
    assert!(stderr(&odd).contains("level-00.mtb is not one of the odd levels"), "{}", stderr(&odd));
    let bad = musashi(&["solve", "--preset", "solved", "--levels", "three", "--out", d]);
    assert!(!bad.status.success());
    assert!(stderr(&bad).contains("expected `all`, `even` or `odd`, got `three`"), "{}", stderr(&bad));
    // The odd levels in a folder of their own: 1 and 3.
    let odd_dir = temp_dir("odd");
    let od = odd_dir.to_str().unwrap();
    let o = musashi(&["solve", "--preset", "solved", "--max-soldiers", "4", "--levels", "odd", "--out", od]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).contains("odd levels 1 to 3 soldiers"), "{}", stdout(&o));
    let three = musashi(&["probe", "--tables", od, "...../...../...../...../...../S.S/G.S.. s"]);
    assert!(three.status.success(), "{}", stderr(&three));
    let two = musashi(&["probe", "--tables", od, TRAP_IN_ONE]);
    assert!(stderr(&two).contains("the tables hold the odd levels only"), "{}", stderr(&two));
    let _ = fs::remove_dir_all(&dir);
    let _ = fs::remove_dir_all(&odd_dir);
}
