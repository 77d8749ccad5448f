//! The validation code against a tiny exact oracle built here by retrograde analysis: every
//! 25-point position with three soldiers, under the `too-few` threshold (2 on 25 points), where
//! any capture ends the game, so the three-soldier positions form a closed game of 101,200
//! positions. Not the project's solver: a test fixture small enough to trust by reading.

use super::*;
use musashi_game::{Board, Preset, Threshold};
use std::collections::HashMap;
use std::sync::OnceLock;

struct Tiny {
    /// (mover wins, plies) for every decided position; missing = General wins by endless play.
    values: HashMap<u64, (bool, u32)>,
}

fn key(pos: &Position) -> u64 {
    pos.soldiers() | (pos.general().index() as u64) << 40 | (pos.side_to_move().index() as u64) << 48
}

fn rules() -> Ruleset {
    Ruleset { board: Board::Square25, general_wins_at: Threshold::TooFew, ..Preset::Solved.ruleset() }
}

impl Tiny {
    fn build() -> Tiny {
        let board = Board::Square25;
        let points: Vec<_> = board.points().collect();
        let mut all = Vec::new();
        for &g in &points {
            let others: Vec<_> = points.iter().copied().filter(|&p| p != g).collect();
            for i in 0..others.len() {
                for j in i + 1..others.len() {
                    for k in j + 1..others.len() {
                        let mask = others[i].bit() | others[j].bit() | others[k].bit();
                        for side in Side::BOTH {
                            all.push(Position::new(board, g, mask, side).unwrap());
                        }
                    }
                }
            }
        }
        assert_eq!(all.len(), 101_200);
        let mut values: HashMap<u64, (bool, u32)> = HashMap::new();
        // Round 0: the mover has no move (trapped General, or soldiers stuck): lost now.
        let mut undecided = Vec::new();
        for p in all {
            if p.has_moves() {
                undecided.push(p);
            } else {
                values.insert(key(&p), (false, 0));
            }
        }
        // Round d decides the wins in d (a child lost in d - 1) and the losses in d (every
        // child won, the longest in d - 1), so distances are exact.
        for d in 1.. {
            let mut decided = Vec::new();
            undecided.retain(|p| {
                let (mut win, mut all_won, mut longest) = (false, true, 0);
                for &m in p.moves().iter() {
                    let (child, captured) = p.play(m);
                    // Any capture leaves at most one soldier: the General has won.
                    let v = if captured != 0 { Some((false, 0)) } else { values.get(&key(&child)).copied() };
                    match v {
                        Some((false, k)) if k + 1 == d => win = true,
                        Some((true, k)) => longest = longest.max(k + 1),
                        Some((false, _)) => {}
                        None => all_won = false,
                    }
                    if v.is_none_or(|(w, _)| !w) {
                        all_won = false;
                    }
                }
                if win {
                    decided.push((key(p), (true, d)));
                    false
                } else if all_won && longest == d {
                    decided.push((key(p), (false, d)));
                    false
                } else {
                    true
                }
            });
            if decided.is_empty() {
                break;
            }
            values.extend(decided);
        }
        Tiny { values }
    }
}

impl Oracle for Tiny {
    fn probe(&self, pos: &Position) -> Option<Score> {
        if pos.board() != Board::Square25 || pos.num_soldiers() != 3 {
            return None;
        }
        Some(match self.values.get(&key(pos)) {
            Some(&(true, n)) => Score::WinIn(n),
            Some(&(false, n)) => Score::LossIn(n),
            None if pos.side_to_move() == Side::General => Score::WinIn(1000),
            None => Score::LossIn(1000),
        })
    }
}

fn tiny() -> &'static Tiny {
    static TINY: OnceLock<Tiny> = OnceLock::new();
    TINY.get_or_init(Tiny::build)
}

#[test]
fn the_tiny_oracle_knows_a_trap() {
    // Soldiers to move: c1-b1 traps the General on a1.
    let pos: Position = "G.S../SS.../...../...../..... s".parse().unwrap();
    assert_eq!(tiny().probe(&pos), Some(Score::WinIn(1)));
    let moves = tiny().move_values(&pos, 2).unwrap();
    assert!(moves.iter().any(|(m, s)| m.to_string() == "c1-b1" && *s == Score::WinIn(1)));
    // Some soldiers' wins take several moves, and some positions are lost for them.
    let soldiers_wins = tiny().values.iter().filter(|(k, v)| (*k >> 48) & 1 == 1 && v.0).count();
    assert!(soldiers_wins > 100, "{soldiers_wins}");
    assert!(tiny().values.values().any(|&(w, n)| w && n >= 5));
}

#[test]
fn alphabeta_finds_short_wins_and_never_walks_into_short_losses() {
    let samples = sample_positions(tiny(), rules(), 800, 3..=3, 5);
    assert_eq!(samples.len(), 800);
    let short = samples.iter().filter(|s| matches!(s.value, Score::WinIn(n) if n <= 6)).count();
    assert!(short >= 20, "{short} short wins");
    for depth in [1, 2, 4, 6] {
        let failures = short_range_failures(rules(), &samples, depth);
        assert!(failures.is_empty(), "depth {depth}: {failures:#?}");
    }
}

#[test]
fn the_report_counts_per_side_and_depth() {
    let samples = sample_positions(tiny(), rules(), 120, 3..=3, 9);
    let report = validate(rules(), &samples, 1..=3, 2);
    assert_eq!(report.rows.len(), 6);
    for r in &report.rows {
        assert!(r.kept <= r.winning && r.winning <= r.positions);
    }
    let total: usize = report.rows.iter().filter(|r| r.depth == 1).map(|r| r.positions).sum();
    assert_eq!(total, 120);
    let text = report.to_string();
    assert!(text.contains("kept the win") && text.lines().count() == 8, "{text}");
}

#[test]
fn critical_positions_are_those_where_the_move_matters() {
    let samples = sample_positions(tiny(), rules(), 400, 3..=3, 13);
    let critical: Vec<&Sample> = samples.iter().filter(|s| is_critical(s)).collect();
    assert!(!critical.is_empty() && critical.len() < samples.len(), "{} of {}", critical.len(), samples.len());
    for s in &samples {
        let values: Vec<Score> = s.moves.iter().map(|&(_, v)| v).collect();
        let expected = match s.value {
            // Won: some move throws the win away.
            Score::WinIn(_) => values.iter().any(|v| !matches!(v, Score::WinIn(_))),
            // Lost (or drawn): not every move is worth the same.
            _ => values.iter().any(|v| *v != values[0]),
        };
        assert_eq!(is_critical(s), expected, "{}", s.pos);
    }
}
