//! Fuzzes the position and move parsers: any input either parses and round-trips exactly, or is
//! refused with an error; it never panics. Run: `cargo +nightly fuzz run notation`.
#![no_main]

use libfuzzer_sys::fuzz_target;
use musashi_game::{Board, Game, Move, Position, Preset};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    if let Ok(p) = Position::parse(text) {
        assert_eq!(p.to_string(), text);
        assert_eq!(Position::parse_on(p.board(), text), Ok(p));
        assert_eq!(p.hash(), p.hash_from_scratch());
        // The parsed position is playable: its moves are legal and keep the invariants.
        let rules = if p.board() == Board::Setchin33 { Preset::Classic } else { Preset::NoSetchin }.ruleset();
        let mut g = Game::from_position(rules, p).expect("same board");
        if let Some(&m) = g.legal_moves().first() {
            g.play(m).expect("a listed move is legal");
            assert_eq!(g.position().hash(), g.position().hash_from_scratch());
        }
    } else {
        let _ = Position::parse(text).unwrap_err().to_string();
    }
    for board in Board::ALL {
        match Move::parse(board, text) {
            Ok(m) => {
                assert_eq!(m.to_string(), text);
                assert_eq!(Move::from_action(board, m.action()), Some(m));
            }
            Err(e) => {
                let _ = e.to_string();
            }
        }
    }
});
