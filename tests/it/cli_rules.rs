//! End-to-end tests of the `perft` and `show` subcommands.

use crate::cli::{musashi, stderr, stdout};

#[test]
fn perft_prints_one_line_per_depth() {
    let o = musashi(&["perft", "--depth", "4"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(stdout(&o), "depth 1: 8\ndepth 2: 186\ndepth 3: 685\ndepth 4: 16347\n");
    assert!(stderr(&o).contains("leaves/s"));
}

#[test]
fn perft_options_override_the_preset() {
    let o = musashi(&[
        "perft",
        "--preset",
        "classic",
        "--board",
        "25",
        "--first",
        "soldiers",
        "--general-wins-at",
        "too-few",
        "--depth",
        "2",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(stdout(&o), "depth 1: 24\ndepth 2: 168\n");
    let o = musashi(&["perft", "--preset", "soldiers-first", "--depth", "1"]);
    assert_eq!(stdout(&o), "depth 1: 27\n");
}

#[test]
fn perft_divide_lists_first_moves() {
    let o = musashi(&["perft", "--depth", "2", "--divide"]);
    assert!(o.status.success());
    let out = stdout(&o);
    assert!(out.contains("c3-b2: "), "{out}");
    let total: u64 =
        out.lines().filter(|l| l.contains('-')).map(|l| l.rsplit(' ').next().unwrap().parse::<u64>().unwrap()).sum();
    assert_eq!(total, 186);
    assert!(out.ends_with("depth 2: 186\n"));
}

#[test]
fn perft_from_a_position_takes_its_board() {
    let o = musashi(&["perft", "--position", "SSSSS/S...S/S.G.S/S...S/SSSSS s", "--depth", "1"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(stdout(&o), "depth 1: 24\n");
    let o = musashi(&["perft", "--board", "33", "--position", "SSSSS/S...S/S.G.S/S...S/SSSSS s", "--depth", "1"]);
    assert!(!o.status.success());
    assert!(stderr(&o).contains("33-point board"), "{}", stderr(&o));
}

#[test]
fn bad_input_gets_a_clear_error() {
    let o = musashi(&["perft", "--position", "SSSSS/S...S/S.G.S/S.x.S/SSSSS/.../..... g", "--depth", "1"]);
    assert!(!o.status.success());
    assert!(stderr(&o).contains("unknown character 'x' at c4"), "{}", stderr(&o));
    let o = musashi(&["perft", "--preset", "clasic", "--depth", "1"]);
    assert!(!o.status.success());
    assert!(stderr(&o).contains("unknown preset 'clasic'"), "{}", stderr(&o));
    let o = musashi(&["perft", "--move-limit", "plies 0", "--depth", "1"]);
    assert!(!o.status.success());
    let o = musashi(&["perft", "--depth", "0"]);
    assert!(!o.status.success());
    assert!(stderr(&o).contains("--depth"));
}

#[test]
fn show_draws_the_board_and_the_marks() {
    let o = musashi(&["show", "SSSSS/S...S/S.G.S/S...S/SSSSS/.../..... g"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.contains("1   S---S---X---S---S"), "{out}");
    assert!(out.contains("2   S---2---.---2---S"), "{out}");
    assert!(out.contains("threatened soldiers (X): c1 a3 e3 c5"), "{out}");
    assert!(out.contains("legal moves (8): c3-b2 c3-c2 c3-d2 c3-b3 c3-d3 c3-b4 c3-c4 c3-d4"), "{out}");
    assert!(!out.contains('\x1b'), "no colour codes when not on a terminal");
}

#[test]
fn show_explains_an_ended_position_and_unsafe_moves() {
    let o = musashi(&["show", "...../...../...../...../..G../SSS/SSSSS s"]);
    assert!(stdout(&o).contains("game over: general wins (soldiers-stuck)"), "{}", stdout(&o));
    let o = musashi(&["show", "...../.S.S./..G../...../SS.SS/.../..... s"]);
    let out = stdout(&o);
    assert!(out.contains("unsafe soldier moves:"), "{out}");
}
