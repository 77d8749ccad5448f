//! Perfect-play accuracy: how many of an agent's moves keep the theoretical result, by side and
//! game phase, measured with an exact `Oracle` (the solver's tables) on the games of a match.
//!
//! The oracle answers in the game-theoretic form of the rules (no repetition rule, no move
//! limit; endless play is a General win). Under a preset with a limit or a repetition rule the
//! form's verdict is what is measured: the General's wins hold under every limit, and the
//! soldiers' forced wins known are far shorter than any preset's limit (`docs/ratings.md`).

use crate::matches::MatchGame;
use musashi_game::{Game, Side};
use musashi_search::validation::ENDLESS;
use musashi_search::{Oracle, Score, exact_rank as rank};

/// The game phases counted apart, by soldiers on the board.
pub const PHASES: [&str; 3] = ["opening", "middlegame", "endgame"];

/// The phase of a position with `soldiers` soldiers: opening 14–16, middlegame 10–13,
/// endgame 9 or fewer.
pub fn phase(soldiers: u32) -> usize {
    match soldiers {
        14.. => 0,
        10..=13 => 1,
        _ => 2,
    }
}

/// The shortest delay (plies to the soldiers' win, from the position) that makes a lost position
/// a long fight, where the loser's choice of resistance is measured apart (issue 14's target).
pub const LONG_FIGHT_PLIES: u32 = 16;

/// Whether the exact values of a lost position's moves (distances counted from the position)
/// make it a long fight: the longest delay is at least `LONG_FIGHT_PLIES` plies and some move
/// loses sooner. (Whether the position is lost, no move winning, is the caller's to check.)
pub fn is_long_fight(values: &[(musashi_game::Move, Score)]) -> bool {
    let longest = loss_distances(values).max();
    longest.is_some_and(|l| l >= LONG_FIGHT_PLIES && loss_distances(values).any(|n| n < l))
}

/// The distances of the moves in `values` that win.
fn win_distances(values: &[(musashi_game::Move, Score)]) -> impl Iterator<Item = u32> + '_ {
    values.iter().filter_map(|&(_, s)| if let Score::WinIn(n) = s { Some(n) } else { None })
}

/// The distances of the moves in `values` that lose.
fn loss_distances(values: &[(musashi_game::Move, Score)]) -> impl Iterator<Item = u32> + '_ {
    values.iter().filter_map(|&(_, s)| if let Score::LossIn(n) = s { Some(n) } else { None })
}

/// Counts for one side and phase.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct MoveCounts {
    /// Moves made from positions the oracle covers.
    pub moves: u64,
    /// Of these, moves that keep the theoretical result (in a lost position every move does).
    pub kept: u64,
    /// Moves made from theoretically won positions.
    pub winning: u64,
    /// Moves from won positions that keep the win.
    pub winning_kept: u64,
    /// Moves that turn a won position into a lost one (blunders).
    pub blunders: u64,
    /// Moves not measured: the oracle does not cover the position.
    pub uncovered: u64,
    /// Moves made from theoretically lost positions.
    pub losing: u64,
    /// Moves from lost positions that keep the longest delay: the move's exact value is the
    /// best move's (the loss as late as the oracle says it can be).
    pub losing_longest: u64,
    /// Moves from won positions that keep the shortest win: the move's exact value is the best
    /// move's. For the General, whose wins by endless play have no distance, this is the
    /// winning capture where one exists and any winning move otherwise.
    pub winning_shortest: u64,
    /// Moves from long fights: lost positions whose longest delay is at least
    /// `LONG_FIGHT_PLIES` plies and whose moves do not all lose equally late (the choice matters).
    pub long_fights: u64,
    /// Moves from long fights that keep the longest delay.
    pub long_fights_longest: u64,
    /// Moves from won positions that keep a win of known distance where the quickest win has
    /// one too (all but the General's wins by endless play, `ENDLESS`).
    pub winning_timed: u64,
    /// Over those moves, the plies by which each win is slower than the quickest.
    pub winning_plies_slower: u64,
    /// Moves from lost positions whose longest delay has a known distance (all of the
    /// General's; not the soldiers' losses to endless play).
    pub losing_timed: u64,
    /// Over those moves, the plies by which each loses sooner than the longest delay.
    pub losing_plies_given: u64,
}

impl MoveCounts {
    fn add(&mut self, o: &MoveCounts) {
        self.moves += o.moves;
        self.kept += o.kept;
        self.winning += o.winning;
        self.winning_kept += o.winning_kept;
        self.blunders += o.blunders;
        self.uncovered += o.uncovered;
        self.losing += o.losing;
        self.losing_longest += o.losing_longest;
        self.winning_shortest += o.winning_shortest;
        self.long_fights += o.long_fights;
        self.long_fights_longest += o.long_fights_longest;
        self.winning_timed += o.winning_timed;
        self.winning_plies_slower += o.winning_plies_slower;
        self.losing_timed += o.losing_timed;
        self.losing_plies_given += o.losing_plies_given;
    }

    /// Share of moves that keep the result (NaN without moves).
    pub fn accuracy(&self) -> f64 {
        self.kept as f64 / self.moves as f64
    }

    /// Share of moves from won positions that keep the win (NaN without any).
    pub fn winning_accuracy(&self) -> f64 {
        self.winning_kept as f64 / self.winning as f64
    }

    /// Share of moves from won positions that throw the win away (NaN without any).
    pub fn blunder_rate(&self) -> f64 {
        self.blunders as f64 / self.winning as f64
    }

    /// Share of moves from lost positions that keep the longest delay (NaN without any).
    pub fn longest_delay_accuracy(&self) -> f64 {
        self.losing_longest as f64 / self.losing as f64
    }

    /// Share of moves from long fights that keep the longest delay (NaN without any).
    pub fn long_fight_accuracy(&self) -> f64 {
        self.long_fights_longest as f64 / self.long_fights as f64
    }

    /// Share of moves from won positions that keep the shortest win (NaN without any).
    pub fn shortest_win_accuracy(&self) -> f64 {
        self.winning_shortest as f64 / self.winning as f64
    }

    /// Plies by which a kept win is slower than the quickest, per move (NaN without any). Under
    /// a move limit this is what lets a lost General survive: soldiers who waste about as many
    /// plies per move as the game uses never trap it before the limit.
    pub fn plies_slower_per_win(&self) -> f64 {
        self.winning_plies_slower as f64 / self.winning_timed as f64
    }

    /// Plies by which a move from a lost position loses sooner than the longest delay, per move
    /// (NaN without any).
    pub fn plies_given_per_loss(&self) -> f64 {
        self.losing_plies_given as f64 / self.losing_timed as f64
    }

    /// Share of all measured moves that keep the exact distance: the shortest win from won
    /// positions, the longest delay from lost ones (NaN without moves).
    pub fn distance_accuracy(&self) -> f64 {
        (self.winning_shortest + self.losing_longest) as f64 / self.moves as f64
    }
}

/// An agent's accuracy: counts per side (`Side::index`) and phase (`PHASES`).
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct Accuracy {
    /// `counts[side][phase]`.
    pub counts: [[MoveCounts; 3]; 2],
}

impl Accuracy {
    /// The counts of one side over every phase.
    pub fn side(&self, side: Side) -> MoveCounts {
        let mut t = MoveCounts::default();
        for c in &self.counts[side.index()] {
            t.add(c);
        }
        t
    }

    /// The counts over both sides and every phase.
    pub fn total(&self) -> MoveCounts {
        let mut t = self.side(Side::General);
        t.add(&self.side(Side::Soldiers));
        t
    }

    /// Adds `other`'s counts.
    pub fn merge(&mut self, other: &Accuracy) {
        for s in 0..2 {
            for p in 0..3 {
                self.counts[s][p].add(&other.counts[s][p]);
            }
        }
    }

    /// Measures the moves of `record` made by the sides in `sides` (random opening moves are
    /// skipped).
    pub fn add_game(&mut self, oracle: &dyn Oracle, record: &MatchGame, sides: &[Side]) {
        let played = &record.game;
        let threshold = played.rules.threshold();
        // A start off its rules' board (no match plays one) has no moves to measure.
        let Ok(mut game) = Game::from_position(played.rules, played.start) else { return };
        for (ply, &mv) in played.moves.iter().enumerate() {
            let pos = *game.position();
            let side = pos.side_to_move();
            if ply as u32 >= record.opening_plies && sides.contains(&side) {
                let c = &mut self.counts[side.index()][phase(pos.num_soldiers())];
                match oracle.move_values(&pos, threshold) {
                    None => c.uncovered += 1,
                    Some(values) => {
                        let won = win_distances(&values).next().is_some();
                        let played = values.iter().find(|(m, _)| *m == mv).map(|&(_, s)| s);
                        let keeps = matches!(played, Some(Score::WinIn(_)));
                        let best = values.iter().map(|&(_, s)| rank(s)).max();
                        let optimal = played.is_some_and(|s| Some(rank(s)) == best);
                        c.moves += 1;
                        count_plies(c, &values, played);
                        if won {
                            c.winning += 1;
                            c.winning_kept += keeps as u64;
                            c.kept += keeps as u64;
                            c.blunders += !keeps as u64;
                            c.winning_shortest += optimal as u64;
                        } else {
                            c.kept += 1;
                            c.losing += 1;
                            c.losing_longest += optimal as u64;
                            if is_long_fight(&values) {
                                c.long_fights += 1;
                                c.long_fights_longest += optimal as u64;
                            }
                        }
                    }
                }
            }
            if game.play(mv).is_err() {
                break;
            }
        }
    }
}

/// Adds the plies a move loses against the best exact distance: slower than the quickest win
/// from a won position, sooner than the longest delay from a lost one. Distances of endless
/// play are not counted, nor is a win thrown away (a blunder, counted apart).
fn count_plies(c: &mut MoveCounts, values: &[(musashi_game::Move, Score)], played: Option<Score>) {
    match (win_distances(values).min(), loss_distances(values).max(), played) {
        (Some(q), _, Some(Score::WinIn(p))) if q < ENDLESS && p < ENDLESS => {
            c.winning_timed += 1;
            c.winning_plies_slower += u64::from(p - q);
        }
        (None, Some(l), Some(Score::LossIn(p))) if l < ENDLESS => {
            c.losing_timed += 1;
            c.losing_plies_given += u64::from(l - p);
        }
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use musashi_game::{EndReason, Move, Outcome, PlayedGame, Position, Preset, Ruleset};

    /// A fake oracle: the side to move wins exactly when the General stands on the top row.
    struct TopRow;

    impl Oracle for TopRow {
        fn probe(&self, pos: &Position) -> Option<Score> {
            let top = pos.general().index() < 5;
            let general_wins = top;
            let mover_wins = general_wins == (pos.side_to_move() == Side::General);
            Some(if mover_wins { Score::WinIn(3) } else { Score::LossIn(3) })
        }
    }

    /// A game of these moves that the General won by resignation (the outcome is not measured).
    fn resigned_game(rules: Ruleset, moves: &[&str]) -> MatchGame {
        MatchGame {
            index: 0,
            opening_plies: 0,
            adjudicated: false,
            game: PlayedGame {
                rules,
                start: Position::start(rules.board, rules.first),
                seed: 0,
                moves: moves.iter().map(|m| Move::parse(rules.board, m).unwrap()).collect(),
                outcome: Outcome { winner: Side::General, reason: EndReason::Resignation },
            },
        }
    }

    #[test]
    fn counts_kept_moves_and_blunders() {
        let rules = Preset::NoSetchin.ruleset();
        // c3-c2: the General cannot reach the top row from c3 (lost for it: any move keeps the
        // result). c1-b2: the General is off the top row (won for the soldiers), and stays off
        // (kept). c2-d2: from c2 the General could step to c1 (won) but does not (a blunder).
        let record = resigned_game(rules, &["c3-c2", "c1-b2", "c2-d2"]);
        let mut a = Accuracy::default();
        a.add_game(&TopRow, &record, &[Side::General, Side::Soldiers]);
        let t = a.total();
        assert_eq!((t.moves, t.kept, t.winning, t.winning_kept, t.blunders, t.uncovered), (3, 2, 2, 1, 1, 0));
        let g = a.side(Side::General);
        assert_eq!((g.moves, g.kept, g.winning, g.blunders), (2, 1, 1, 1));
        assert_eq!(g.blunder_rate(), 1.0);
        assert_eq!(a.side(Side::Soldiers).winning_accuracy(), 1.0);
        assert_eq!(a.counts[Side::General.index()][0].moves, 2, "16 soldiers: the opening");
        // Only the General's moves, and the random opening skipped.
        let mut b = Accuracy::default();
        b.add_game(&TopRow, &MatchGame { opening_plies: 1, ..record.clone() }, &[Side::General]);
        assert_eq!((b.total().moves, b.total().blunders), (1, 1));
        let mut c = a.clone();
        c.merge(&b);
        assert_eq!(c.total().moves, 4);
        assert_eq!((phase(16), phase(14), phase(13), phase(10), phase(9)), (0, 0, 1, 1, 2));
    }

    /// A fake oracle with distances: the side to move wins when the General stands on the top
    /// row; the distance is the General's row plus one plus the soldiers on the bottom row, so
    /// the General delays by going down and the soldiers hurry by leaving the bottom row; every
    /// distance is longer by the field.
    struct Distances(u32);

    impl Oracle for Distances {
        fn probe(&self, pos: &Position) -> Option<Score> {
            let row = pos.general().coords().1 as u32;
            let bottom = (pos.soldiers() >> 20 & 0b11111).count_ones();
            let general_wins = row == 0;
            let mover_wins = general_wins == (pos.side_to_move() == Side::General);
            let n = row + 1 + bottom + self.0;
            Some(if mover_wins { Score::WinIn(n) } else { Score::LossIn(n) })
        }
    }

    #[test]
    fn counts_the_moves_that_keep_the_exact_distance() {
        let rules = Preset::NoSetchin.ruleset();
        let play = |moves: &[&str]| {
            let record = resigned_game(rules, moves);
            let mut a = Accuracy::default();
            a.add_game(&Distances(0), &record, &[Side::General, Side::Soldiers]);
            a
        };
        // Worked by hand. From the start (General c3, 5 soldiers on row 5) the General is lost
        // whatever it does; a move to row r leaving B soldiers on the bottom row loses in
        // r + 1 + B + 1 plies: c3-c4 in 10 (the longest), c3-b4 in 9 (it captures a3 and c5),
        // c3-c2 in 8. Then the soldiers win; a move leaving B' on the bottom row wins in
        // 3 + 1 + B' + 1: after c3-c4, a5-b4 leaves 4 (9 plies, the shortest) while a move
        // off another row leaves 5 (10); after c3-b4 (4 left), d5-d4 would leave 3 (8 plies)
        // but a4-a3 leaves 4 (9): it keeps the win, not its distance.
        let a = play(&["c3-c4", "a5-b4"]);
        let (g, s) = (a.side(Side::General), a.side(Side::Soldiers));
        assert_eq!((g.moves, g.winning, g.losing, g.losing_longest), (1, 0, 1, 1));
        assert_eq!((s.moves, s.winning, s.winning_kept, s.winning_shortest, s.losing), (1, 1, 1, 1, 0));
        assert_eq!(a.total().distance_accuracy(), 1.0);
        let b = play(&["c3-b4", "a4-a3"]);
        let (g, s) = (b.side(Side::General), b.side(Side::Soldiers));
        assert_eq!((g.losing, g.losing_longest), (1, 0));
        assert_eq!((s.winning, s.winning_kept, s.winning_shortest), (1, 1, 0));
        assert_eq!((g.longest_delay_accuracy(), s.shortest_win_accuracy()), (0.0, 0.0));
        assert_eq!(b.total().distance_accuracy(), 0.0);
        let mut c = a.clone();
        c.merge(&b);
        assert_eq!(c.total().distance_accuracy(), 0.5);
        assert_eq!(c.side(Side::General).longest_delay_accuracy(), 0.5);
        assert_eq!(c.side(Side::Soldiers).shortest_win_accuracy(), 0.5);
        // The plies lost against the best distance: c3-b4 loses in 9 against c3-c4's 10, and
        // a4-a3 wins in 9 where d5-d4 wins in 8.
        assert_eq!((a.total().winning_plies_slower, a.total().losing_plies_given), (0, 0));
        let (g, s) = (b.side(Side::General), b.side(Side::Soldiers));
        assert_eq!((g.losing_timed, g.losing_plies_given, s.winning_timed, s.winning_plies_slower), (1, 1, 1, 1));
        assert_eq!(
            (c.side(Side::General).plies_given_per_loss(), c.side(Side::Soldiers).plies_slower_per_win()),
            (0.5, 0.5)
        );
        assert!(a.side(Side::General).plies_slower_per_win().is_nan(), "no won positions");
    }

    #[test]
    fn endless_play_and_thrown_wins_have_no_plies_counted() {
        // Soldiers to move lose to endless play wherever the General stands on the top row and
        // win in 7 elsewhere; a General on the top row wins endlessly.
        struct Endless;
        impl Oracle for Endless {
            fn probe(&self, pos: &Position) -> Option<Score> {
                let top = pos.general().index() < 5;
                let general_to_move = pos.side_to_move() == Side::General;
                Some(match (top, general_to_move) {
                    (true, true) => Score::WinIn(ENDLESS),
                    (true, false) => Score::LossIn(ENDLESS),
                    (false, true) => Score::LossIn(7),
                    (false, false) => Score::WinIn(7),
                })
            }
        }
        let rules = Preset::NoSetchin.ruleset();
        // c3-c2: every General move from c3 loses in 8. c1-b2: soldiers win (General off the top
        // row) and keep it. c2-d2 throws the General's endless win (c2-c1) away: no plies.
        let record = resigned_game(rules, &["c3-c2", "c1-b2", "c2-d2"]);
        let mut a = Accuracy::default();
        a.add_game(&Endless, &record, &[Side::General, Side::Soldiers]);
        let (g, s) = (a.side(Side::General), a.side(Side::Soldiers));
        assert_eq!((g.losing_timed, g.losing_plies_given, g.winning, g.winning_timed), (1, 0, 1, 0));
        assert_eq!((s.winning, s.winning_timed, s.winning_plies_slower), (1, 1, 0));
    }

    /// A fake oracle where the soldiers win everywhere in the same 30 plies from the General's
    /// move: every move of the General loses equally late.
    struct Flat;

    impl Oracle for Flat {
        fn probe(&self, pos: &Position) -> Option<Score> {
            Some(if pos.side_to_move() == Side::Soldiers { Score::WinIn(29) } else { Score::LossIn(30) })
        }
    }

    #[test]
    fn long_fights_are_lost_positions_with_a_long_delay_and_a_choice() {
        let rules = Preset::NoSetchin.ruleset();
        let general = |oracle: &dyn Oracle, moves: &[&str]| {
            let mut a = Accuracy::default();
            a.add_game(oracle, &resigned_game(rules, moves), &[Side::General]);
            a.side(Side::General)
        };
        // From the start the longest delay is c3-c4's 10 plies (see above), plus the offset;
        // c3-c2 loses in 8 + offset, so the choice matters.
        let long = general(&Distances(LONG_FIGHT_PLIES - 10), &["c3-c4"]);
        assert_eq!((long.losing, long.long_fights, long.long_fights_longest), (1, 1, 1));
        assert_eq!(long.long_fight_accuracy(), 1.0);
        let missed = general(&Distances(LONG_FIGHT_PLIES - 10), &["c3-c2"]);
        assert_eq!((missed.long_fights, missed.long_fights_longest), (1, 0));
        let short = general(&Distances(LONG_FIGHT_PLIES - 11), &["c3-c4"]);
        assert_eq!((short.losing, short.long_fights), (1, 0), "a longest delay of 15 plies is short");
        let flat = general(&Flat, &["c3-c4"]);
        assert_eq!((flat.losing, flat.losing_longest, flat.long_fights), (1, 1, 0), "no choice: not a long fight");
        assert!(flat.long_fight_accuracy().is_nan());
    }
}
