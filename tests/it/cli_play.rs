//! End-to-end tests of `match`, `hint` and `play` (with piped input).

use crate::cli::{musashi, stderr, stdout};
use std::io::Write;
use std::process::{Command, Output, Stdio};

fn with_input(args: &[&str], input: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_musashi"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    child.stdin.take().unwrap().write_all(input.as_bytes()).unwrap();
    child.wait_with_output().unwrap()
}

fn temp_dir(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("musashi-cli-play-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn match_prints_the_result_line_and_writes_the_games() {
    let dir = temp_dir("match");
    let run = |threads: &str, file: &str| {
        let out = dir.join(file);
        let o = musashi(&[
            "match",
            "--preset",
            "no-setchin",
            "--general",
            "alphabeta:depth=2,tt=1",
            "--soldiers",
            "greedy",
            "--games",
            "4",
            "--seed",
            "3",
            "--opening-plies",
            "2",
            "--threads",
            threads,
            "--out",
            out.to_str().unwrap(),
        ]);
        assert!(o.status.success(), "{}", stderr(&o));
        (stdout(&o), std::fs::read_to_string(out).unwrap())
    };
    let (out1, games1) = run("1", "one.tsv");
    let (out2, games2) = run("2", "two.tsv");
    let last = out1.lines().last().unwrap();
    let (w, l) = last
        .strip_prefix("result: general ")
        .and_then(|r| r.split_once(", soldiers "))
        .map(|(w, l)| (w.parse::<usize>().unwrap(), l.parse::<usize>().unwrap()))
        .unwrap_or_else(|| panic!("bad last line: {last}"));
    assert_eq!(w + l, 4);
    assert_eq!(out2.lines().last().unwrap(), last, "results depend on the thread count");
    assert_eq!(games1, games2);
    let lines: Vec<&str> = games1.lines().filter(|l| !l.starts_with('#')).collect();
    assert_eq!(lines.len(), 4);
    for (i, line) in lines.iter().enumerate() {
        let fields: Vec<&str> = line.split('\t').collect();
        assert_eq!(fields.len(), 6, "{line}");
        assert_eq!(fields[0], i.to_string());
        assert!(fields[2] == "general" || fields[2] == "soldiers");
        assert_eq!(fields[5].split(' ').count().to_string(), fields[4]);
    }
    assert!(out1.contains("average length:") && out1.contains("endings:"), "{out1}");
}

#[test]
fn match_rejects_unknown_agents_clearly() {
    let o = musashi(&["match", "--general", "minimax", "--soldiers", "greedy", "--games", "1"]);
    assert!(!o.status.success());
    let e = stderr(&o);
    assert!(e.contains("unknown agent kind 'minimax'") && e.contains("alphabeta"), "{e}");
    let o = musashi(&["match", "--general", "alphabeta:deep=3", "--soldiers", "greedy", "--games", "1"]);
    assert!(stderr(&o).contains("unknown parameter 'deep'"), "{}", stderr(&o));
}

#[test]
fn hint_prints_one_line_per_position() {
    let trap = "G.S../SS.../...../...../....S s";
    let win = "SS.../S.S../.SG../...../....S g";
    let o = musashi(&["hint", "--preset", "no-setchin", "--agent", "alphabeta:depth=3", trap, win]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(stdout(&o), format!("{trap}\tc1-b1\n{win}\tc3-b2\n"));
    let dir = temp_dir("hint");
    let file = dir.join("positions.txt");
    std::fs::write(&file, format!("# two positions\n{trap}\n\nSSSSS/S...S/S.G.S/S...S/SSSSS/.../..... g\n")).unwrap();
    let o = musashi(&["hint", "--agent", "greedy", "--positions", file.to_str().unwrap(), "--verbose"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 2, "{out}");
    assert_eq!(lines[0], format!("{trap}\tc1-b1"));
    assert!(lines[1].starts_with("SSSSS/S...S/S.G.S/S...S/SSSSS/.../..... g\tc3-"), "{out}");
    assert!(stderr(&o).contains("score"), "{}", stderr(&o));
}

#[test]
fn play_survives_bad_input_undoes_and_resigns() {
    let input = "hello\na1-b2\nc3-c5\n\nc3-b2\nundo\nmoves\nhint\nc3-b2\nresign\n";
    let o = with_input(
        &["play", "--general", "human", "--soldiers", "alphabeta:depth=2", "--hint-agent", "alphabeta:depth=2"],
        input,
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.contains("'hello' is not a move"), "{out}");
    assert!(out.contains("a1-b2 is not legal"), "{out}");
    assert!(out.contains("no line joins the two points of 'c3-c5'"), "{out}");
    assert!(out.contains("the General plays c3-b2"), "{out}");
    assert!(out.contains("the soldiers play "), "{out}");
    assert!(out.contains("took back "), "{out}");
    assert!(out.contains("legal moves: "), "{out}");
    assert!(out.contains("hint (alphabeta:depth=2): c3-"), "{out}");
    assert!(out.contains("game over: the soldiers win (resignation): the General resigned."), "{out}");
    assert!(out.contains("threatened soldiers (X)"), "{out}");
}

#[test]
fn play_explains_the_ending_and_warns_on_repetition() {
    // The soldiers trap the General.
    let o = with_input(
        &[
            "play",
            "--preset",
            "no-setchin",
            "--position",
            "G.S../SS.../...../...../....S s",
            "--general",
            "alphabeta:depth=2",
            "--soldiers",
            "human",
        ],
        "c1-b1\n",
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.contains("game over: the soldiers win (trap): the General is trapped"), "{out}");
    assert!(out.contains("unsafe soldier moves"), "{out}");
    // Two humans shuffle back and forth: a warning, then the third occurrence.
    let o = with_input(
        &["play", "--general", "human", "--soldiers", "human"],
        "c3-c4\na2-b2\nc4-c3\nb2-a2\nc3-c4\na2-b2\nc4-c3\nb2-a2\n",
    );
    let out = stdout(&o);
    assert!(out.contains("warning: this position has occurred twice"), "{out}");
    assert!(
        out.contains("game over: the General wins (repetition): the same position occurred for the third time."),
        "{out}"
    );
}

#[test]
fn play_stops_cleanly_at_the_end_of_input() {
    let o = with_input(&["play", "--soldiers", "greedy"], "c3-b2\n");
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).contains("input ended: game abandoned after 2 moves."), "{}", stdout(&o));
    let o = with_input(&["play", "--soldiers", "greedy"], "");
    assert!(o.status.success());
    let o = with_input(&["play", "--general", "nonsense"], "");
    assert!(!o.status.success());
    assert!(stderr(&o).contains("unknown agent kind 'nonsense'"), "{}", stderr(&o));
}

#[test]
fn play_reads_moves_in_any_case_and_keeps_the_computers_opening() {
    // The computer plays the General's opening; the human (soldiers) cannot undo it.
    let o = with_input(&["play", "--general", "greedy", "--soldiers", "human"], "undo\nquit\n");
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.contains("the General plays "), "{out}");
    assert!(out.contains("nothing to undo"), "{out}");
    assert!(out.contains("game abandoned after 1 move."), "{out}");
    // Upper-case point names are read as lower case; the computer's score is labelled.
    let o = with_input(&["play", "--soldiers", "greedy", "--eval"], "C3-B2\n");
    let out = stdout(&o);
    assert!(out.contains("the General plays c3-b2"), "{out}");
    assert!(out.contains("the soldiers play ") && out.contains("(its evaluation: "), "{out}");
    // --opponent plays one side: --general or --soldiers beside it is refused, not ignored.
    let o = with_input(&["play", "--opponent", "export/classic:easy", "--general", "random"], "");
    assert!(!o.status.success());
    assert!(stderr(&o).contains("leave out --general and --soldiers"), "{}", stderr(&o));
    // A level the bundle lacks is reported against --opponent.
    let o = with_input(&["play", "--opponent", "export/classic:expert", "--human", "soldiers"], "");
    assert!(!o.status.success());
    assert!(stderr(&o).contains("--opponent"), "{}", stderr(&o));
    // Rules the bundle was not calibrated on are played by the nearest calibrated level, and
    // play says so: classic with "General wins at" 4 by the classic bundle's easy soldiers.
    let o = with_input(&["play", "--opponent", "export/classic:easy", "--general-wins-at", "4"], "c3-b2\n");
    let out = stdout(&o);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(out.contains("its classic easy level plays them"), "{out}");
    assert!(out.contains("the soldiers play "), "the level answered: {out}");
}

#[test]
fn the_musashi_bundle_plays_every_version_and_side_with_its_own_levels() {
    // Right after cloning: every version's Easy, Normal and Hard for both sides, calibrated (no
    // "nearest" note), the human resigning at once.
    for preset in ["classic", "no-setchin", "soldiers-first", "qdan"] {
        for level in ["easy", "normal", "hard"] {
            for human in ["general", "soldiers"] {
                let opponent = format!("export/musashi:{level}");
                let args = ["play", "--opponent", &opponent, "--preset", preset, "--human", human, "--color", "never"];
                let o = with_input(&args, "resign\n");
                let out = stdout(&o);
                assert!(o.status.success(), "{preset} {level} {human}: {}", stderr(&o));
                assert!(!out.contains("level plays them"), "{preset} {level} {human}: {out}");
                assert!(
                    out.contains("game over: ") && out.contains("(resignation)"),
                    "{preset} {level} {human}: {out}"
                );
            }
        }
    }
    // A custom ruleset: the nearest calibrated version's level, as the manifest's spot checks say.
    let o = with_input(&["play", "--opponent", "export/musashi:hard", "--general-wins-at", "4"], "resign\n");
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).contains("its classic hard level plays them"), "{}", stdout(&o));
}

#[test]
fn a_huge_position_is_not_echoed_back() {
    let huge = "S".repeat(100_000);
    let o = musashi(&["show", &format!("{huge} g")]);
    assert!(!o.status.success());
    let err = stderr(&o);
    assert!(
        err.len() < 1_000 && err.contains("100002 characters"),
        "{} bytes: {}",
        err.len(),
        &err[..200.min(err.len())]
    );
}

#[test]
fn matches_vary_their_openings_and_take_zero_threads_as_every_core() {
    let dir = temp_dir("openings");
    let out = dir.join("games.tsv");
    let o = musashi(&[
        "match",
        "--general",
        "greedy",
        "--soldiers",
        "greedy",
        "--games",
        "4",
        "--threads",
        "0",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).contains("2 random opening plies"), "{}", stdout(&o));
    let games: Vec<String> = std::fs::read_to_string(&out)
        .unwrap()
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| l.split('\t').skip(5).collect::<Vec<_>>().join(" "))
        .collect();
    let distinct: std::collections::BTreeSet<&String> = games.iter().collect();
    assert!(distinct.len() > 1, "four deterministic games were identical: {games:?}");
}

#[test]
fn serve_refuses_a_missing_bundle_a_zero_limit_and_a_busy_address() {
    let o = musashi(&["serve", "--bundle", "/nonexistent/bundle", "--addr", "127.0.0.1:0"]);
    assert!(!o.status.success());
    assert!(stderr(&o).contains("bundle /nonexistent/bundle: cannot read manifest.json"), "{}", stderr(&o));
    let o = musashi(&["serve", "--bundle", "export/classic", "--max-games", "0"]);
    assert!(stderr(&o).contains("max games must be at least 1"), "{}", stderr(&o));
    let busy = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = busy.local_addr().unwrap().to_string();
    let o = musashi(&["serve", "--bundle", "export/classic", "--addr", &addr]);
    assert!(!o.status.success());
    assert!(stderr(&o).contains(&format!("cannot listen on {addr}")), "{}", stderr(&o));
}

#[test]
fn play_announces_captures_says_who_won_and_offers_another_game() {
    let input = "c3-d4\nresign\nswap\nresign\nno\n";
    let o = with_input(&["play", "--opponent", "export/musashi:easy", "--color", "never"], input);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.contains("the General plays c3-d4\ncaptured 2 soldiers: e3 c5 (14 left)"), "{out}");
    assert!(!out.contains("its evaluation"), "no raw evaluation unless asked: {out}");
    assert!(out.contains("You lost.\ngame over: the soldiers win (resignation)"), "{out}");
    assert!(out.contains("another game? yes, swap (sides), or no> swap"), "{out}");
    assert!(out.contains("game 2: the General is the computer, the soldiers are you"), "{out}");
    assert!(out.contains("You lost.\ngame over: the General wins (resignation)"), "{out}");
    // The hint is the bundle's Hard level, as the page's.
    let o = with_input(&["play", "--opponent", "export/musashi:easy"], "hint\nquit\n");
    assert!(stdout(&o).contains("hint (bundle:dir=export/musashi,level=hard): "), "{}", stdout(&o));
}
