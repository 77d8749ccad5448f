//! Property tests of the position and move parsers: every input either parses and round-trips
//! exactly, or is refused with an error message; never a panic.

use musashi_game::*;
use proptest::prelude::*;

fn valid_position() -> impl Strategy<Value = Position> {
    (any::<bool>(), 0usize..33, any::<u64>(), 0u32..=16, any::<bool>()).prop_map(|(square, g, bits, k, gen_to_move)| {
        let board = if square { Board::Square25 } else { Board::Setchin33 };
        let points: Vec<Point> = board.points().collect();
        let general = points[g % points.len()];
        let mut soldiers = 0u64;
        let mut state = bits;
        let mut i = 0;
        while soldiers.count_ones() < k && i < 1000 {
            state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            let p = points[(state >> 33) as usize % points.len()];
            if p != general {
                soldiers |= p.bit();
            }
            i += 1;
        }
        let side = if gen_to_move { Side::General } else { Side::Soldiers };
        Position::new(board, general, soldiers, side).unwrap()
    })
}

fn check_position_text(s: &str) {
    match Position::parse(s) {
        Ok(p) => {
            assert_eq!(p.to_string(), s, "an accepted string is canonical");
            assert_eq!(Position::parse_on(p.board(), s), Ok(p));
            assert!(p.num_soldiers() <= 16);
        }
        Err(e) => assert!(!e.to_string().is_empty()),
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 4000, ..ProptestConfig::default() })]

    #[test]
    fn valid_positions_round_trip(p in valid_position()) {
        let s = p.to_string();
        prop_assert_eq!(Position::parse(&s), Ok(p));
    }

    #[test]
    fn mutated_positions_parse_or_refuse(p in valid_position(), edits in prop::collection::vec((0usize..64, 0usize..4, prop::sample::select(vec!['S', 'G', '.', '/', ' ', 'g', 's', 'x', 'é', '\n'])), 1..4)) {
        let mut chars: Vec<char> = p.to_string().chars().collect();
        for (at, kind, ch) in edits {
            let i = at % (chars.len() + 1);
            match kind {
                0 if i < chars.len() => chars[i] = ch,
                1 => chars.insert(i, ch),
                2 if i < chars.len() => { chars.remove(i); }
                _ if i + 1 < chars.len() => chars.swap(i, i + 1),
                _ => {}
            }
        }
        check_position_text(&chars.iter().collect::<String>());
    }

    #[test]
    fn arbitrary_text_parses_or_refuses(s in "[SG./ gsx]{0,48}") {
        check_position_text(&s);
    }

    #[test]
    fn any_unicode_parses_or_refuses(s in "\\PC{0,50}") {
        check_position_text(&s);
    }

    #[test]
    fn move_strings_parse_or_refuse(s in "[a-g][0-9]-[a-g][0-9]|[a-z0-9-]{0,7}|\\PC{0,8}") {
        for board in Board::ALL {
            match Move::parse(board, &s) {
                Ok(m) => {
                    prop_assert_eq!(m.to_string(), s.clone());
                    prop_assert!(board.is_line(m.from, m.to));
                    prop_assert_eq!(Move::from_action(board, m.action()), Some(m));
                }
                Err(e) => prop_assert!(!e.to_string().is_empty()),
            }
        }
    }
}
