//! The text game driven by scripts of lines, in-process.

use super::{Console, Hinter, Player};
use musashi_game::{Game, Preset, Side};
use musashi_search::{Agent, RandomAgent};

fn random(seed: u64) -> Player {
    Player::Computer(Box::new(RandomAgent::new(seed)))
}

fn console(players: [Player; 2]) -> Console {
    let make: Box<dyn Fn(u64) -> Box<dyn Agent>> = Box::new(|seed| Box::new(RandomAgent::new(seed)));
    let hinter = Hinter { name: "random".to_string(), make };
    Console {
        game: Game::new(Preset::Classic.ruleset()),
        players,
        hinter,
        seed: 7,
        color: false,
        eval: false,
        echo: true,
    }
}

/// Runs a console on `script` and returns what it wrote.
fn transcript(c: Console, script: &str) -> String {
    let mut out = Vec::new();
    c.run(&mut script.as_bytes(), &mut out).expect("an in-memory game");
    String::from_utf8(out).expect("text")
}

#[test]
fn two_computers_play_to_the_end_without_asking_for_another_game() {
    let text = transcript(console([random(1), random(2)]), "");
    assert!(text.contains("game over: the "), "{text}");
    let moves = text.lines().find_map(|l| l.strip_prefix("moves: ")).expect("the moves line");
    let plays = text.lines().filter(|l| l.starts_with("the General plays") || l.starts_with("the soldiers play"));
    assert_eq!(moves.split(' ').count(), plays.count(), "{text}");
    assert!(!text.contains("another game?") && !text.contains("You "), "{text}");
}

#[test]
fn a_human_gets_help_moves_errors_hints_and_leaves() {
    let text = transcript(console([Player::Human, random(2)]), "help\nmoves\nz9-a1\n\nhint\nundo\nquit\n");
    assert!(text.contains("type a move as from-to"), "{text}");
    let legal = Game::new(Preset::Classic.ruleset()).legal_moves();
    let listed = text.lines().find_map(|l| l.strip_prefix("legal moves: ")).expect("the moves");
    assert_eq!(listed.split(' ').count(), legal.len());
    assert!(text.contains("Type help for commands."), "{text}");
    let hint = text.lines().find_map(|l| l.strip_prefix("hint (random): ")).expect("a hint");
    assert!(legal.iter().any(|m| m.to_string() == hint), "{hint}");
    assert!(text.contains("nothing to undo") && text.ends_with("game abandoned after 0 moves.\n"), "{text}");
}

#[test]
fn a_move_is_played_and_undone_with_the_reply() {
    let first = Game::new(Preset::Classic.ruleset()).legal_moves()[0];
    let text = transcript(console([Player::Human, random(2)]), &format!("{first}\nundo\n"));
    assert!(text.contains(&format!("the General plays {first}\n")) && text.contains("the soldiers play "), "{text}");
    assert!(text.contains("took back ") && text.contains("input ended: game abandoned after 0 moves."), "{text}");
}

#[test]
fn resigning_loses_and_another_game_swaps_the_sides() {
    let text = transcript(console([Player::Human, random(2)]), "resign\nswap\n");
    assert!(text.contains("You lost.\ngame over: the soldiers win"), "{text}");
    assert!(text.contains("game 2: the General is the computer, the soldiers are you"), "{text}");
    // In the second game the computer General moves first, then the human is asked.
    let second = text.split("game 2:").nth(1).expect("a second game");
    assert!(second.contains("the General plays ") && second.contains(&format!("{} to move> ", Side::Soldiers)));
}
