//! Validation of alpha-beta against an exact oracle (the solver's tables): over random
//! positions, the share of the engine's moves that keep the theoretical result, per side to
//! move and per depth; and the checks that the engine finds short forced wins and never walks
//! into a short forced loss it can see. Works on the game-theoretic form of the rules (no
//! repetition rule, no move limit) that exact analysis uses.

use crate::agent::Score;
use crate::alphabeta::{AlphaBeta, Config, Limits, Weights};
use crate::oracle::Oracle;
use musashi_game::{Board, Game, Move, MoveLimit, Position, Repetition, Ruleset, Side};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use std::fmt;
use std::ops::RangeInclusive;

/// A position with its exact value and the exact value of every move.
#[derive(Clone, Debug)]
pub struct Sample {
    /// The position (not ended).
    pub pos: Position,
    /// Its value for the side to move.
    pub value: Score,
    /// Every legal move with the value it leads to, for the side to move.
    pub moves: Vec<(Move, Score)>,
}

/// Whether `s` is a win for the side it is scored for.
fn wins(s: Score) -> bool {
    matches!(s, Score::WinIn(_))
}

/// The best of the move values: the shortest win, else the longest loss.
fn best(moves: &[(Move, Score)]) -> Score {
    let key = |s: Score| match s {
        Score::WinIn(n) => (2, u32::MAX - n),
        Score::LossIn(n) => (0, n),
        Score::Value(_) => (1, 0),
    };
    moves.iter().map(|&(_, s)| s).max_by_key(|&s| key(s)).expect("a position that is not over has moves")
}

/// The distance an oracle reports for a General win by endless play (no trap can be forced),
/// as the command line's table oracle reports it; a move into such a position scores one more.
pub const ENDLESS: u32 = 1000;

/// Parses one line of a labelled-positions file, the format `musashi-solver`'s `dump_labels`
/// example writes: the position, its solved-form value (`S<n>`: the soldiers force a trap in
/// `n` plies, `G`: they cannot), and every movement-legal move with the value of the position
/// it leads to (`c3-b2:S12`; `G` after a capture that leaves `threshold` or fewer soldiers is
/// an immediate General win, `S0` a trap), tab-separated, moves separated by spaces. Move
/// values are turned into scores for the side to move as `Oracle::move_values` gives them (an
/// immediate win in 1, a General win by endless play in `ENDLESS + 1`); the sample's value is
/// the best of them, checked against the stored value.
pub fn parse_sample(board: Board, threshold: u32, line: &str) -> Result<Sample, String> {
    let mut fields = line.trim_end().split('\t');
    let (Some(p), Some(v), m) = (fields.next(), fields.next(), fields.next()) else {
        return Err(format!("expected position, value and moves: '{line}'"));
    };
    let pos: Position = p.parse().map_err(|e| format!("'{p}': {e}"))?;
    if pos.board() != board {
        return Err(format!("'{p}' is not on the {board}-point board"));
    }
    let value = |code: &str| -> Result<Option<u32>, String> {
        match code {
            "G" => Ok(None),
            _ => code
                .strip_prefix('S')
                .and_then(|n| n.parse().ok())
                .map(Some)
                .ok_or_else(|| format!("bad value '{code}' (expected S<plies> or G)")),
        }
    };
    let stored = value(v)?;
    let side = pos.side_to_move();
    let mut moves = Vec::new();
    for item in m.unwrap_or("").split(' ').filter(|x| !x.is_empty()) {
        let (mv, code) = item.split_once(':').ok_or_else(|| format!("bad move value '{item}'"))?;
        let mv = Move::parse(board, mv).map_err(|e| format!("'{mv}': {e}"))?;
        if !pos.is_legal(mv) {
            return Err(format!("{mv} is not a move of {pos}"));
        }
        let (child, captured) = pos.play(mv);
        let score = match value(code)? {
            Some(k) if side == Side::Soldiers => Score::WinIn(k + 1),
            Some(k) => Score::LossIn(k + 1),
            None if captured != 0 && child.num_soldiers() <= threshold => Score::WinIn(1),
            None if side == Side::General => Score::WinIn(ENDLESS + 1),
            None => Score::LossIn(ENDLESS + 1),
        };
        moves.push((mv, score));
    }
    if moves.len() != pos.moves().len() {
        return Err(format!("{pos}: {} move values for {} moves", moves.len(), pos.moves().len()));
    }
    let best = best(&moves);
    let consistent = match (stored, best) {
        (Some(n), Score::WinIn(k) | Score::LossIn(k)) if k <= ENDLESS => n == k,
        (None, Score::WinIn(_)) => side == Side::General,
        (None, Score::LossIn(_)) => side == Side::Soldiers,
        _ => false,
    };
    if !consistent {
        return Err(format!("{pos}: stored value {v} disagrees with its moves' best {best:?}"));
    }
    Ok(Sample { pos, value: best, moves })
}

/// The soldiers' forced win of a sample in plies (`None`: the General wins).
pub fn soldiers_win_in(s: &Sample) -> Option<u32> {
    match (s.value, s.pos.side_to_move()) {
        (Score::WinIn(n), Side::Soldiers) | (Score::LossIn(n), Side::General) if n <= ENDLESS => Some(n),
        _ => None,
    }
}

/// The game-theoretic form of `rules`: same board and threshold, no repetition rule, no limit.
pub fn solved_form(rules: Ruleset) -> Ruleset {
    Ruleset { repetition: Repetition::None, move_limit: MoveLimit::None, ..rules }
}

/// `count` random positions (uniform placements of a soldier count in `soldiers`, random side
/// to move) that are not ended and that the oracle covers with all their moves.
pub fn sample_positions(
    oracle: &dyn Oracle,
    rules: Ruleset,
    count: usize,
    soldiers: RangeInclusive<u32>,
    seed: u64,
) -> Vec<Sample> {
    let rules = solved_form(rules);
    let threshold = rules.threshold();
    let points: Vec<_> = rules.board.points().collect();
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut out = Vec::with_capacity(count);
    let mut tries = 0usize;
    while out.len() < count && tries < count * 1000 + 10_000 {
        tries += 1;
        let n = rng.random_range(soldiers.clone());
        let g = points[rng.random_range(0..points.len())];
        let mut mask = 0u64;
        while mask.count_ones() < n {
            let p = points[rng.random_range(0..points.len())];
            if p != g {
                mask |= p.bit();
            }
        }
        let side = if rng.random_bool(0.5) { Side::General } else { Side::Soldiers };
        let Ok(pos) = Position::new(rules.board, g, mask, side) else { continue };
        if !pos.has_moves() {
            continue;
        }
        let Some(moves) = oracle.move_values(&pos, threshold) else { continue };
        let value = best(&moves);
        out.push(Sample { pos, value, moves });
    }
    out
}

/// Whether the choice of move matters in `s`: a won position where some move gives the win
/// away, or a lost one where the moves resist for different lengths. Uniformly drawn positions
/// are mostly decided whatever is played; these are the ones that test an engine.
pub fn is_critical(s: &Sample) -> bool {
    match s.value {
        Score::WinIn(_) => s.moves.iter().any(|&(_, v)| !wins(v)),
        _ => {
            let first = s.moves.first().map(|&(_, v)| v);
            s.moves.iter().any(|&(_, v)| Some(v) != first)
        }
    }
}

/// Alpha-beta at a fixed depth, no noise, for validation.
pub fn engine_at(depth: u32) -> AlphaBeta {
    engine_with(depth, &Weights::default())
}

/// Alpha-beta at a fixed depth with these evaluation weights, no noise.
pub fn engine_with(depth: u32, weights: &Weights) -> AlphaBeta {
    AlphaBeta::new(Config {
        limits: Limits { depth: Some(depth), ..Limits::default() },
        tt_mb: 4,
        weights: *weights,
        ..Config::default()
    })
}

/// One row of the report: positions where the side to move wins, at one depth.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Row {
    /// Search depth.
    pub depth: u32,
    /// Side to move.
    pub side: Side,
    /// Positions with this side to move.
    pub positions: usize,
    /// Of those, positions the side to move wins.
    pub winning: usize,
    /// Of the winning ones, positions where the engine's move keeps the win.
    pub kept: usize,
    /// Of the losing ones, positions where the engine's move delays the loss the longest.
    pub longest_resistance: usize,
    /// Of the winning ones, positions where the engine's move keeps the shortest win (its
    /// exact value equals the best move's). With the General winning, every win but an
    /// immediate capture counts as endless play, so there it means taking such a capture.
    pub shortest_win: usize,
}

/// The validation report.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Report {
    /// The rules the positions were judged under.
    pub rules: Ruleset,
    /// Positions sampled.
    pub positions: usize,
    /// One row per depth and side.
    pub rows: Vec<Row>,
}

impl fmt::Display for Report {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "alpha-beta vs exact values, {} positions, rules: {}", self.positions, self.rules)?;
        writeln!(
            f,
            "depth  side to move  positions  winning  kept the win          shortest win          \
             losing: longest resistance"
        )?;
        for r in &self.rows {
            let pct = |a: usize, b: usize| if b == 0 { 0.0 } else { 100.0 * a as f64 / b as f64 };
            let losing = r.positions - r.winning;
            writeln!(
                f,
                "{:>5}  {:<12}  {:>9}  {:>7}  {:>6} ({:>5.1}%)       {:>6} ({:>5.1}%)       {:>6} of {:>6} ({:>5.1}%)",
                r.depth,
                r.side.name(),
                r.positions,
                r.winning,
                r.kept,
                pct(r.kept, r.winning),
                r.shortest_win,
                pct(r.shortest_win, r.winning),
                r.longest_resistance,
                losing,
                pct(r.longest_resistance, losing)
            )?;
        }
        Ok(())
    }
}

/// Searches every sample at every depth (on `threads` threads) and counts the moves that keep
/// the theoretical result, and those that keep its exact distance.
pub fn validate(rules: Ruleset, samples: &[Sample], depths: RangeInclusive<u32>, threads: usize) -> Report {
    validate_with(rules, samples, depths, threads, &Weights::default())
}

/// One searched sample: its side to move, whether it wins, and whether the engine's move keeps
/// the win, the longest resistance, the shortest win.
type Judged = (Side, bool, bool, bool, bool);

/// `validate` with an engine using these evaluation weights.
pub fn validate_with(
    rules: Ruleset,
    samples: &[Sample],
    depths: RangeInclusive<u32>,
    threads: usize,
    weights: &Weights,
) -> Report {
    let rules = solved_form(rules);
    let mut rows = Vec::new();
    for depth in depths {
        let chunks: Vec<&[Sample]> = samples.chunks(samples.len().div_ceil(threads.max(1)).max(1)).collect();
        let results: Vec<Vec<Judged>> = std::thread::scope(|scope| {
            let handles: Vec<_> = chunks
                .iter()
                .map(|chunk| {
                    scope.spawn(move || {
                        let mut engine = engine_with(depth, weights);
                        chunk
                            .iter()
                            .map(|s| {
                                let game = Game::from_position(rules, s.pos).expect("the rules' board");
                                engine.clear();
                                let mv = engine.search(&game).best;
                                let got = s.moves.iter().find(|(m, _)| *m == mv).expect("a legal move").1;
                                let winning = wins(s.value);
                                (
                                    s.pos.side_to_move(),
                                    winning,
                                    winning && wins(got),
                                    !winning && got == s.value,
                                    winning && got == s.value,
                                )
                            })
                            .collect()
                    })
                })
                .collect();
            handles.into_iter().map(|h| h.join().expect("validation worker")).collect()
        });
        for side in Side::BOTH {
            let mut row =
                Row { depth, side, positions: 0, winning: 0, kept: 0, longest_resistance: 0, shortest_win: 0 };
            for &(s, winning, kept, resisted, shortest) in results.iter().flatten() {
                if s == side {
                    row.positions += 1;
                    row.winning += winning as usize;
                    row.kept += kept as usize;
                    row.longest_resistance += resisted as usize;
                    row.shortest_win += shortest as usize;
                }
            }
            rows.push(row);
        }
    }
    Report { rules, positions: samples.len(), rows }
}

/// The samples where alpha-beta at `depth` fails the short-range checks: where the side to
/// move wins in `n <= depth` plies, the engine must report `WinIn(n)` and play a move that
/// wins in `n`; where some move avoids losing within `depth` plies, the engine must not play a
/// move that loses within `depth`. Returns a description of each failure.
pub fn short_range_failures(rules: Ruleset, samples: &[Sample], depth: u32) -> Vec<String> {
    short_range_failures_with(rules, samples, depth, &Weights::default())
}

/// `short_range_failures` with an engine using these evaluation weights.
pub fn short_range_failures_with(rules: Ruleset, samples: &[Sample], depth: u32, weights: &Weights) -> Vec<String> {
    let rules = solved_form(rules);
    let mut engine = engine_with(depth, weights);
    let mut failures = Vec::new();
    for s in samples {
        let game = Game::from_position(rules, s.pos).expect("the rules' board");
        engine.clear();
        let r = engine.search(&game);
        let got = s.moves.iter().find(|(m, _)| *m == r.best).expect("a legal move").1;
        let short_loss = |v: Score| matches!(v, Score::LossIn(n) if n <= depth);
        let failure = match s.value {
            // The General's wins may be claimed sooner (a repetition in the search counts for
            // it, see `docs/alphabeta.md`); the soldiers' must be exact.
            Score::WinIn(n) if n <= depth && s.pos.side_to_move() == Side::General => {
                (!matches!(r.score, Score::WinIn(k) if k <= n) || !wins(got)).then(|| format!("wins in {n}"))
            }
            Score::WinIn(n) if n <= depth => {
                (r.score != Score::WinIn(n) || got != Score::WinIn(n)).then(|| format!("wins in {n}"))
            }
            v if !short_loss(v) && short_loss(got) => Some(format!("walks into a loss (best {v:?})")),
            _ => None,
        };
        if let Some(what) = failure {
            failures.push(format!("{}: {what}; engine says {} and plays {} ({got:?})", s.pos, r.score, r.best));
        }
    }
    failures
}

#[cfg(test)]
mod tests;
