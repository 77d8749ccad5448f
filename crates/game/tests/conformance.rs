//! The conformance suite: thousands of seeded random games through every preset and several
//! custom rulesets, checked at every step against the naive referee in `naive/` and against
//! the invariants of the rules (notation and action round trips, incremental hashing, captures
//! in pairs, symmetry, endings exactly when the rules say).

mod naive;

use musashi_game::*;
use naive::{NBoard, NGame, NLimit, NRep};

/// A small seeded generator (SplitMix64), so the suite is reproducible.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

fn rulesets() -> Vec<Ruleset> {
    let mut out: Vec<Ruleset> = Preset::ALL.iter().map(|p| p.ruleset()).collect();
    let custom =
        |board, first, t, repetition, move_limit| Ruleset { board, first, general_wins_at: t, repetition, move_limit };
    use Board::*;
    out.push(custom(Square25, Side::Soldiers, Threshold::AtMost(0), Repetition::None, MoveLimit::SoldierMoves(40)));
    out.push(custom(
        Setchin33,
        Side::General,
        Threshold::TooFew,
        Repetition::SoldiersMayNotRepeat,
        MoveLimit::Plies(60),
    ));
    out.push(custom(Square25, Side::General, Threshold::AtMost(6), Repetition::SoldiersMayNotRepeat, MoveLimit::None));
    out.push(custom(
        Square25,
        Side::Soldiers,
        Threshold::TooFew,
        Repetition::ThirdTimeGeneralWins,
        MoveLimit::Plies(25),
    ));
    out.push(custom(
        Setchin33,
        Side::Soldiers,
        Threshold::AtMost(10),
        Repetition::ThirdTimeGeneralWins,
        MoveLimit::SoldierMoves(30),
    ));
    out
}

fn naive_rules(r: &Ruleset) -> (NRep, NLimit) {
    let rep = match r.repetition {
        Repetition::ThirdTimeGeneralWins => NRep::ThirdTime,
        Repetition::SoldiersMayNotRepeat => NRep::NoSoldierRepeat,
        Repetition::None => NRep::Off,
    };
    let limit = match r.move_limit {
        MoveLimit::Plies(n) => NLimit::Plies(n),
        MoveLimit::SoldierMoves(n) => NLimit::SoldierMoves(n),
        MoveLimit::None => NLimit::Off,
    };
    (rep, limit)
}

fn sorted_names(moves: &[Move]) -> Vec<String> {
    let mut v: Vec<String> = moves.iter().map(|m| m.to_string()).collect();
    v.sort();
    v
}

/// Picks a move: often the reverse of the mover's previous move (to provoke repetitions),
/// otherwise a uniformly random legal one.
fn pick(rng: &mut Rng, legal: &[Move], previous: Option<Move>) -> Move {
    if let Some(p) = previous {
        let back = Move::new_unchecked(p.to, p.from);
        if rng.below(10) < 6 && legal.contains(&back) {
            return back;
        }
    }
    legal[rng.below(legal.len())]
}

fn random_position(rng: &mut Rng, board: Board) -> Position {
    let points: Vec<Point> = board.points().collect();
    let general = points[rng.below(points.len())];
    let k = 1 + rng.below(16);
    let mut soldiers = 0u64;
    while soldiers.count_ones() < k as u32 {
        let p = points[rng.below(points.len())];
        if p != general {
            soldiers |= p.bit();
        }
    }
    let side = if rng.below(2) == 0 { Side::General } else { Side::Soldiers };
    Position::new(board, general, soldiers, side).unwrap()
}

const GAMES_PER_RULESET: usize = 350;
const MAX_PLIES_WITHOUT_LIMIT: u32 = 600;

#[test]
fn random_games_agree_with_the_naive_referee_and_keep_every_invariant() {
    let mut rng = Rng(20261129);
    let mut endings = std::collections::BTreeMap::<String, usize>::new();
    let mut games = 0;
    for rules in rulesets() {
        let nboard = NBoard::new(rules.board == Board::Setchin33);
        assert_eq!(nboard.lines(), rules.board.topology().num_lines);
        let threshold = match rules.general_wins_at {
            Threshold::AtMost(n) => n as usize,
            Threshold::TooFew => nboard.min_degree() - 1,
        };
        let (rep, limit) = naive_rules(&rules);
        for _ in 0..GAMES_PER_RULESET {
            games += 1;
            // Most games start from the start; every third from random pieces (any point, 1-16
            // soldiers, either side to move), which reaches the setchin and sparse endgames.
            let mut game = if games % 3 == 0 {
                Game::from_position(rules, random_position(&mut rng, rules.board)).unwrap()
            } else {
                Game::new(rules)
            };
            let start = game.position().to_string();
            let mut referee = NGame::new(&nboard, &start, threshold, rep, limit);
            // One game per non-trivial symmetry, played with the mapped moves.
            let syms: Vec<Symmetry> = rules.board.symmetries()[1..].to_vec();
            let mut images: Vec<Game> =
                syms.iter().map(|s| Game::from_position(rules, s.position(game.position())).unwrap()).collect();
            let mut last_by_side: [Option<Move>; 2] = [None, None];
            loop {
                let pos = *game.position();
                let text = pos.to_string();
                // Notation: same string as the referee, exact round trip.
                assert_eq!(text, referee.pos.to_string(&nboard));
                assert_eq!(Position::parse(&text).unwrap(), pos);
                assert_eq!(Position::parse_on(rules.board, &text).unwrap(), pos);
                // Incremental hash equals a recomputed one.
                assert_eq!(pos.hash(), pos.hash_from_scratch(), "{text}");
                // Outcome and repetition count agree with the referee.
                let expect = referee
                    .outcome
                    .map(|(w, r)| (if w == 'g' { Side::General } else { Side::Soldiers }, r.to_string()));
                assert_eq!(
                    game.outcome().map(|o| (o.winner, o.reason.to_string())),
                    expect,
                    "{text} after {} plies",
                    game.plies()
                );
                let now = referee.pos.to_string(&nboard);
                assert_eq!(game.repetition_count() as usize, referee.seen.iter().filter(|s| **s == now).count());
                // Legal moves are exactly the referee's, with action and notation round trips.
                let legal = game.legal_moves();
                assert_eq!(sorted_names(&legal), referee.legal(), "{text}");
                for &m in legal.iter() {
                    assert_eq!(Move::from_action(rules.board, m.action()), Some(m));
                    assert!(m.action() < rules.board.num_actions());
                    assert_eq!(Move::parse(rules.board, &m.to_string()), Ok(m));
                    assert!(game.is_legal(m));
                }
                // Symmetric games: mapped positions, mapped legal moves, same outcome.
                for (s, img) in syms.iter().zip(&images) {
                    assert_eq!(*img.position(), s.position(&pos));
                    let mapped: Vec<Move> = legal.iter().map(|&m| s.apply_move(m)).collect();
                    assert_eq!(sorted_names(&mapped), sorted_names(&img.legal_moves()), "{s:?} {text}");
                    assert_eq!(img.outcome(), game.outcome());
                }
                if let Some(o) = game.outcome() {
                    *endings.entry(format!("{} {}", o.winner, o.reason)).or_default() += 1;
                    // A game ends by its limit.
                    match rules.move_limit {
                        MoveLimit::Plies(n) => assert!(game.plies() <= n),
                        MoveLimit::SoldierMoves(n) => assert!(game.soldier_moves() <= n),
                        MoveLimit::None => {}
                    }
                    break;
                }
                if rules.move_limit == MoveLimit::None && game.plies() >= MAX_PLIES_WITHOUT_LIMIT {
                    break;
                }
                let side = pos.side_to_move();
                let m = pick(&mut rng, &legal, last_by_side[side.index()]);
                last_by_side[side.index()] = Some(m);
                let before = pos.num_soldiers();
                game.play(m).unwrap();
                referee.play(&m.to_string());
                let captured = game.last_captured();
                // Soldiers only ever drop in pairs, only by the General's move.
                assert_eq!(before - game.position().num_soldiers(), captured.count_ones());
                assert_eq!(captured.count_ones() % 2, 0);
                if side == Side::Soldiers {
                    assert_eq!(captured, 0);
                }
                for (s, img) in syms.iter().zip(images.iter_mut()) {
                    img.play(s.apply_move(m)).unwrap();
                }
            }
        }
    }
    // The suite exercised every kind of ending.
    for reason in ["trap", "too-few-soldiers", "soldiers-stuck", "repetition", "move-limit"] {
        assert!(endings.keys().any(|k| k.ends_with(reason)), "no game ended by {reason}: {endings:?}");
    }
    assert!(games >= 3000);
}

#[test]
fn undo_restores_every_earlier_state() {
    let mut rng = Rng(7);
    for rules in rulesets() {
        for _ in 0..20 {
            let mut game = Game::new(rules);
            let mut states = vec![game.clone()];
            while !game.is_over() && game.plies() < 200 {
                let legal = game.legal_moves();
                game.play(legal[rng.below(legal.len())]).unwrap();
                states.push(game.clone());
            }
            states.pop();
            while let Some(s) = states.pop() {
                game.undo().unwrap();
                assert_eq!(game, s);
            }
        }
    }
}
