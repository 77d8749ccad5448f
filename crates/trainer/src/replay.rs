//! The replay window: positions from the run's shards, newest kept, size growing with the run.

use crate::config::TrainerConfig;
use musashi_evaluator::LONG_FIGHT_PLIES;
use musashi_game::{Side, Snapshot};
use musashi_records::{PositionRecord, RecordError, Shard, read_positions};
use rand::Rng;
use std::collections::{HashMap, HashSet, VecDeque};

/// One training position.
#[derive(Clone, Debug, PartialEq)]
pub struct Sample {
    /// The position in its game context.
    pub state: Snapshot,
    /// Legal actions.
    pub legal: Vec<u16>,
    /// Policy target aligned with `legal`.
    pub policy: Vec<f32>,
    /// Value target for the side to move.
    pub value: f32,
    /// Whether the policy target comes from a full search (else it is not trained on).
    pub full: bool,
    /// Weight of its policy loss where `full` (1, or `train.long_fight_weight` on a long fight).
    pub weight: f32,
    /// Plies from this position to the end of its game (the moves-left target).
    pub plies: f32,
}

/// What endgame tables know about a position: the value for the side to move and, for a
/// forced soldiers' win, the plies to the end under perfect play.
#[derive(Clone, Debug, PartialEq)]
pub struct ExactTarget {
    /// +1 or -1 for the side to move.
    pub value: f32,
    /// Plies to the end when the tables know them (a General's endless-play win has none).
    pub plies: Option<u32>,
    /// The best moves' actions, when the policy target is to be theirs (else empty).
    pub best: Vec<u16>,
}

/// Exact targets where known (endgame tables), or None; the flag says whether the game so far
/// is unrepeated (every earlier position recorded, none occurring twice: `oracle_value_in_game`).
pub type ValueOracle<'a> = &'a (dyn Fn(&Snapshot, bool) -> Option<ExactTarget> + Sync);

/// A policy over `legal` spread evenly over the actions in `best`; `None` when none is legal.
fn spread_over(legal: &[u16], best: &[u16]) -> Option<Vec<f32>> {
    let k = legal.iter().filter(|a| best.contains(a)).count();
    (k > 0).then(|| legal.iter().map(|a| if best.contains(a) { 1.0 / k as f32 } else { 0.0 }).collect())
}

/// Whether each game's positions so far, read in order, are unrepeated: every ply from the
/// start recorded (sparring games record one side only) and no position occurring twice.
#[derive(Default)]
struct History {
    game: String,
    next_ply: u32,
    unrepeated: bool,
}

impl History {
    /// Takes the next record (sorted by game, then ply); whether its game is unrepeated so far.
    fn next(&mut self, r: &PositionRecord) -> bool {
        if r.game_id != self.game {
            self.game.clone_from(&r.game_id);
            self.next_ply = 0;
            self.unrepeated = true;
        }
        self.unrepeated &= r.ply == self.next_ply && r.repetition_count < 2;
        self.next_ply = r.ply + 1;
        self.unrepeated
    }
}

/// The window of recent positions.
#[derive(Debug, Default)]
pub struct Replay {
    samples: VecDeque<Sample>,
    loaded: HashSet<String>,
    seen: u64,
    exact: u64,
}

/// Each game's capture score for the General, in [-1, 1]: 2 × captured / needed - 1, where
/// captured is the soldiers taken between the game's first and last recorded positions and
/// needed the captures from its first position that win (down to the rules' threshold). A game
/// lost without a capture scores -1, one won by captures about +1.
fn capture_scores(records: &[PositionRecord]) -> HashMap<String, f32> {
    let mut counts: HashMap<&str, (u32, u32, u32)> = HashMap::new();
    for r in records {
        let n = r.position.num_soldiers();
        let e = counts.entry(r.game_id.as_str()).or_insert((n, n, r.rules.threshold()));
        e.0 = e.0.max(n);
        e.1 = e.1.min(n);
    }
    counts
        .into_iter()
        .map(|(id, (first, last, threshold))| {
            let needed = first.saturating_sub(threshold).max(1) as f32;
            let captured = (first - last) as f32;
            (id.to_string(), (2.0 * captured / needed - 1.0).clamp(-1.0, 1.0))
        })
        .collect()
}

impl Replay {
    /// An empty window.
    pub fn new() -> Replay {
        Replay::default()
    }

    /// Positions in the window.
    pub fn len(&self) -> usize {
        self.samples.len()
    }

    /// Whether the window is empty.
    pub fn is_empty(&self) -> bool {
        self.samples.is_empty()
    }

    /// Positions loaded so far in total (the window's growth follows this).
    pub fn seen(&self) -> u64 {
        self.seen
    }

    /// Positions whose value target came from the oracle.
    pub fn exact_values(&self) -> u64 {
        self.exact
    }

    /// Loads the shards not loaded before, then trims the window. The new positions are put in
    /// a canonical order (by game id, which starts with the data generation, then ply), so the
    /// window does not depend on how games were grouped into shards or in which order they
    /// finished. Value targets: the game result mixed with the search value (and with the
    /// game's capture score, `score_weight`), or the oracle's exact value where it knows one;
    /// moves-left targets: the plies to the game's end, or the oracle's exact distance where it
    /// knows one.
    pub fn load(
        &mut self,
        shards: &[Shard],
        config: &TrainerConfig,
        oracle: Option<ValueOracle>,
    ) -> Result<usize, RecordError> {
        let mut fresh = Vec::new();
        for shard in shards {
            if self.loaded.insert(shard.name.clone()) {
                fresh.extend(read_positions(&shard.positions)?);
            }
        }
        fresh.sort_by(|a, b| a.game_id.cmp(&b.game_id).then(a.ply.cmp(&b.ply)));
        let added = fresh.len();
        let w = config.score_weight;
        let scores = if w > 0.0 { capture_scores(&fresh) } else { HashMap::new() };
        let mut history = History::default();
        for r in fresh {
            let unrepeated = history.next(&r);
            let state = Snapshot {
                position: r.position,
                rules: r.rules,
                moves_left: r.moves_left,
                repetition_count: r.repetition_count,
            };
            let mix = config.search_value_mix;
            let mut value = (1.0 - mix) * r.result + mix * r.search_value;
            if w > 0.0 {
                let score = scores[&r.game_id];
                let mine = if r.position.side_to_move() == Side::General { score } else { -score };
                value = (1.0 - w) * value + w * mine;
            }
            let mut plies = r.plies_to_end as f32;
            let (mut policy, mut full, mut weight) = (r.policy, r.full_search, 1.0);
            if let Some(e) = oracle.and_then(|o| o(&state, unrepeated)) {
                value = e.value;
                plies = e.plies.map_or(plies, |n| n as f32);
                self.exact += 1;
                if let Some(p) = spread_over(&r.legal, &e.best) {
                    (policy, full) = (p, true);
                    if is_long_fight(&state, &e, r.legal.len()) {
                        weight = config.long_fight_weight;
                    }
                }
            }
            self.samples.push_back(Sample { state, legal: r.legal, policy, value, full, weight, plies });
        }
        self.seen += added as u64;
        self.trim(config);
        Ok(added)
    }

    /// The window size for the positions seen so far.
    pub fn window(&self, config: &TrainerConfig) -> usize {
        let grown = (self.seen as f64 * config.window_fraction) as usize;
        grown.clamp(config.window_min, config.window_max)
    }

    fn trim(&mut self, config: &TrainerConfig) {
        let w = self.window(config);
        while self.samples.len() > w {
            self.samples.pop_front();
        }
    }

    /// A random sample: uniform for `recency` 0, skewed towards the newest otherwise.
    pub fn pick(&self, rng: &mut impl Rng, recency: f64) -> &Sample {
        let n = self.samples.len();
        assert!(n > 0, "sampling from an empty replay window");
        let u: f64 = rng.random();
        let x = if recency > 0.0 { u.powf(1.0 / (1.0 + recency)) } else { u };
        &self.samples[((x * n as f64) as usize).min(n - 1)]
    }
}

/// Whether the tables say the General, to move, loses in at least [`LONG_FIGHT_PLIES`] plies and
/// some of its `legal` moves lose sooner than its best.
fn is_long_fight(state: &Snapshot, exact: &ExactTarget, legal: usize) -> bool {
    let lost = state.position.side_to_move() == Side::General && exact.value < 0.0;
    let long = exact.plies.is_some_and(|n| n >= LONG_FIGHT_PLIES);
    lost && long && !exact.best.is_empty() && exact.best.len() < legal
}

#[cfg(test)]
mod tests {
    use super::*;
    use musashi_game::{Game, Move, Preset};

    /// The positions of a game that plays `moves` from the classic start.
    fn records(id: &str, moves: &[&str]) -> Vec<PositionRecord> {
        let rules = Preset::Classic.ruleset();
        let mut game = Game::new(rules);
        let mut out = Vec::new();
        for m in moves {
            out.push(PositionRecord {
                game_id: id.into(),
                generation: 0,
                ply: game.plies(),
                position: *game.position(),
                rules,
                soldier_moves: game.soldier_moves(),
                moves_left: game.moves_left(),
                repetition_count: game.repetition_count(),
                legal: vec![],
                policy: vec![],
                prior: vec![],
                search_value: 0.0,
                full_search: true,
                played: 0,
                result: -1.0,
                plies_to_end: 0,
            });
            game.play(Move::parse(rules.board, m).unwrap()).unwrap();
        }
        out
    }

    #[test]
    fn the_capture_score_counts_the_soldiers_taken_against_those_that_win() {
        let mut all = records("a", &["c3-b2", "a2-a3", "b2-c3"]);
        all.extend(records("b", &["c3-c4", "b1-b2"]));
        let scores = capture_scores(&all);
        // c3-b2 takes c1 and a3: 2 of the 11 captures that win on classic (16 down to 5).
        assert!((scores["a"] - (2.0 * 2.0 / 11.0 - 1.0)).abs() < 1e-6, "{scores:?}");
        assert_eq!(scores["b"], -1.0, "no capture");
    }

    #[test]
    fn a_game_stays_unrepeated_until_a_position_recurs_or_a_ply_is_missing() {
        // General out and back, a soldier out and back: the start recurs at ply 4.
        let repeated = records("a", &["c3-c4", "a2-b2", "c4-c3", "b2-a2", "c3-c4", "a2-b2"]);
        assert_eq!(repeated[4].repetition_count, 2);
        let mut h = History::default();
        let flags: Vec<bool> = repeated.iter().map(|r| h.next(r)).collect();
        assert_eq!(flags, [true, true, true, true, false, false]);
        // A new game starts clean; a missing ply (a sparring game's unrecorded move) ends it.
        let mut gap = records("b", &["c3-c4", "a2-b2", "c4-c3"]);
        gap.remove(1);
        let flags: Vec<bool> = gap.iter().map(|r| h.next(r)).collect();
        assert_eq!(flags, [true, false]);
    }
}
