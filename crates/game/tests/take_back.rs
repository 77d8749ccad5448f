//! `Game::take_back`: a person's move and the computer's replies go back together; a
//! computer's moves alone never do.

use musashi_game::{Game, Preset, Side};

fn played(game: &mut Game, n: usize) {
    for _ in 0..n {
        let m = game.legal_moves()[0];
        game.play(m).unwrap();
    }
}

#[test]
fn takes_back_to_the_humans_turn() {
    let rules = Preset::Classic.ruleset();
    // The human plays the General (who moves first), the computer the soldiers.
    let mut game = Game::new(rules);
    played(&mut game, 4);
    let before: Vec<_> = game.moves().collect();
    let taken = game.take_back(|s| s == Side::General);
    assert_eq!(taken, vec![before[3], before[2]], "the reply and the person's move, last first");
    assert_eq!(game.plies(), 2);
    assert_eq!(game.position().side_to_move(), Side::General);
    // After the person's own move (no reply yet): only that move.
    played(&mut game, 1);
    assert_eq!(game.take_back(|s| s == Side::General).len(), 1);
    assert_eq!(game.plies(), 2);
}

#[test]
fn never_takes_back_the_computers_moves_alone() {
    let rules = Preset::Classic.ruleset();
    // The human plays the soldiers; the computer's first General move stands alone.
    let mut game = Game::new(rules);
    played(&mut game, 1);
    assert!(game.take_back(|s| s == Side::Soldiers).is_empty());
    assert_eq!(game.plies(), 1);
    // Two computers: nothing to take back.
    played(&mut game, 3);
    assert!(game.take_back(|_| false).is_empty());
    assert_eq!(game.plies(), 4);
    // Two people: one move at a time.
    assert_eq!(game.take_back(|_| true).len(), 1);
    assert_eq!(game.plies(), 3);
}
