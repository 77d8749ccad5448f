//! One worker thread: many games at once, their leaves evaluated in one batch per round.

use crate::config::SelfplayConfig;
use crate::detours::pick_at_rate;
use crate::handicap::HandicapGame;
use crate::progress::Progress;
use crate::sparring::sparring_player;
use musashi_game::{GOLDEN_GAMMA, Game, Move, PlayedGame, Side, Snapshot, mix64};
use musashi_records::ShardPrefix;
use musashi_records::{GameRecord, PositionRecord};
use musashi_search::{Agent, AlphaBeta, Evaluations, Evaluator, Mcts, Step};
use std::sync::atomic::Ordering::Relaxed;

/// A finished game and its positions.
pub(crate) struct Finished {
    pub record: GameRecord,
    pub positions: Vec<PositionRecord>,
}

struct Slot {
    index: u32,
    seed: u64,
    mcts: Mcts,
    records: Vec<PositionRecord>,
    /// How the weak side plays, in a handicap game.
    handicap: Option<HandicapGame>,
    /// Alpha-beta's side and player, in a sparring game.
    sparring: Option<(Side, AlphaBeta)>,
    /// The past checkpoint's side and search, in a past game.
    past: Option<PastSide>,
}

/// The past checkpoint's side of a past game: its own search (and tree) over the same game.
struct PastSide {
    side: Side,
    mcts: Mcts,
    name: String,
}

/// The games' players other than the current network: the past checkpoint of past games.
pub(crate) struct Opponents<'a> {
    /// The past checkpoint's name and evaluator (none: no past games).
    pub past: Option<(&'a str, &'a mut dyn Evaluator)>,
}

/// Mixed into a past game's seed for the past side's search.
const PAST_SEARCH_SEED: u64 = 0x7061_7374;

/// The seed of game `index`: a function of the base seed and the index alone.
pub(crate) fn game_seed(base: u64, index: u32) -> u64 {
    mix64(base ^ (index as u64).wrapping_mul(GOLDEN_GAMMA))
}

/// Game `index`, of the kind its seed draws (`GameKinds`); a past game is played as a plain
/// one when there is no past checkpoint (`past_name`).
fn new_slot(config: &SelfplayConfig, index: u32, past_name: Option<&str>) -> Slot {
    let rules = config.rules[index as usize % config.rules.len()];
    let seed = game_seed(config.seed, index);
    let mut mcts = Mcts::new(config.mcts, Game::new(rules), seed);
    let kinds = config.kinds();
    let sparring = kinds.sparring(seed).map(|(side, depth)| (side, sparring_player(depth, seed)));
    let past = kinds.past(seed).zip(past_name).map(|(side, name)| PastSide {
        side,
        mcts: Mcts::new(config.mcts, Game::new(rules), seed ^ PAST_SEARCH_SEED),
        name: name.to_string(),
    });
    let handicap = kinds.handicap(seed);
    if let Some(h) = handicap {
        mcts = mcts.with_handicap(h.side, h.sims);
    }
    Slot { index, seed, mcts, records: Vec::new(), handicap, sparring, past }
}

impl Slot {
    /// Whether alpha-beta is to move in this sparring game.
    fn sparring_to_move(&self) -> bool {
        self.sparring.as_ref().is_some_and(|(side, _)| *side == self.mcts.game().position().side_to_move())
    }

    /// The search of the side to move: the past checkpoint's in its turns of a past game.
    fn search_to_move(&mut self) -> (&mut Mcts, bool) {
        let to_move = self.mcts.game().position().side_to_move();
        match &mut self.past {
            Some(p) if p.side == to_move => (&mut p.mcts, true),
            _ => (&mut self.mcts, false),
        }
    }

    /// Plays `mv` in every search of the game.
    fn advance(&mut self, mv: Move) {
        self.mcts.advance(mv);
        if let Some(p) = &mut self.past {
            p.mcts.advance(mv);
        }
    }
}

/// One network's batch of leaves: the states and the slots that asked for them.
#[derive(Default)]
struct Batch {
    states: Vec<Snapshot>,
    owners: Vec<usize>,
    out: Evaluations,
}

impl Batch {
    fn clear(&mut self) {
        self.states.clear();
        self.owners.clear();
    }

    /// Evaluates the batch and hands each slot its leaf's evaluation (`past`: to the past
    /// side's search).
    fn evaluate(&mut self, evaluator: &mut dyn Evaluator, slots: &mut [Option<Slot>], past: bool, progress: &Progress) {
        if self.states.is_empty() {
            return;
        }
        evaluator.evaluate(&self.states, &mut self.out);
        progress.evaluations.fetch_add(self.states.len() as u64, Relaxed);
        for (k, &i) in self.owners.iter().enumerate() {
            let slot = slots[i].as_mut().expect("an owner slot is live");
            let mcts = if past { &mut slot.past.as_mut().expect("a past game").mcts } else { &mut slot.mcts };
            mcts.provide(self.out.logits_of(k), self.out.values[k], self.out.plies_of(k));
        }
    }
}

/// Plays games claimed from `claim` until it runs dry, sending each finished game to `send`.
/// The past side's leaves go to the past checkpoint's evaluator in a batch of their own.
pub(crate) fn play_games(
    config: &SelfplayConfig,
    prefix: &ShardPrefix,
    evaluator: &mut dyn Evaluator,
    opponents: Opponents<'_>,
    claim: &(dyn Fn() -> Option<u32> + Sync),
    send: &dyn Fn(Finished),
    progress: &Progress,
) {
    let (past_name, mut past_evaluator) = opponents.past.unzip();
    let next_slot = || claim().map(|k| new_slot(config, k, past_name));
    let mut slots: Vec<Option<Slot>> = (0..config.concurrent_games).map(|_| next_slot()).collect();
    let (mut batch, mut past_batch) = (Batch::default(), Batch::default());
    loop {
        batch.clear();
        past_batch.clear();
        for i in 0..slots.len() {
            while let Some(slot) = slots[i].as_mut() {
                let done = if slot.sparring_to_move() {
                    play_sparring_move(config, prefix, slot)
                } else {
                    let (mcts, past) = slot.search_to_move();
                    match mcts.step() {
                        Step::Evaluate(s) => {
                            let b = if past { &mut past_batch } else { &mut batch };
                            b.states.push(s);
                            b.owners.push(i);
                            break;
                        }
                        Step::Done if past => play_past_move(config, prefix, slot),
                        Step::Done => play_move(config, prefix, slot, progress),
                    }
                };
                if let Some(done) = done {
                    send(done);
                    progress.games.fetch_add(1, Relaxed);
                    slots[i] = next_slot();
                }
            }
        }
        if batch.states.is_empty() && past_batch.states.is_empty() {
            return;
        }
        batch.evaluate(evaluator, &mut slots, false, progress);
        if let Some(e) = past_evaluator.as_deref_mut() {
            past_batch.evaluate(e, &mut slots, true, progress);
        }
    }
}

/// Chooses and plays the searched move; returns the finished game when it ends.
fn play_move(config: &SelfplayConfig, prefix: &ShardPrefix, slot: &mut Slot, progress: &Progress) -> Option<Finished> {
    let r = slot.mcts.result();
    let unit = slot.mcts.random_unit();
    let mut mv = r.choose(config.mcts.temperature_at(slot.mcts.game().plies()), unit);
    let side = slot.mcts.game().position().side_to_move();
    let detours = if config.detours.applies_to(side) { config.detours.rate } else { 0.0 };
    let blunders = slot.handicap.filter(|h| h.side == side).map_or(0.0, |h| h.blunders);
    // Detours, then blunders: each a random legal move at its rate (no draw spent at rate 0, so
    // games without them are the same as before they existed).
    for rate in [detours, blunders].into_iter().filter(|&rate| rate > 0.0) {
        let (take, which) = (slot.mcts.random_unit(), slot.mcts.random_unit());
        if let Some(k) = pick_at_rate(rate, r.moves.len(), take, which) {
            mv = r.moves[k];
        }
    }
    let g = slot.mcts.game();
    slot.records.push(PositionRecord {
        game_id: prefix.game_id(slot.index),
        generation: config.generation,
        ply: g.plies(),
        position: *g.position(),
        rules: *g.rules(),
        soldier_moves: g.soldier_moves(),
        moves_left: g.moves_left(),
        repetition_count: g.repetition_count(),
        legal: r.moves.iter().map(|m| m.action() as u16).collect(),
        policy: r.policy_target.clone(),
        prior: r.priors.clone(),
        search_value: r.value,
        full_search: r.full,
        played: mv.action() as u16,
        result: 0.0,
        plies_to_end: 0,
    });
    progress.positions.fetch_add(1, Relaxed);
    progress.simulations.fetch_add(r.sims as u64, Relaxed);
    slot.advance(mv);
    finish_if_over(config, prefix, slot)
}

/// Plays the past checkpoint's searched move in a past game (not recorded); returns the
/// finished game when it ends.
fn play_past_move(config: &SelfplayConfig, prefix: &ShardPrefix, slot: &mut Slot) -> Option<Finished> {
    let past = &mut slot.past.as_mut().expect("a past game").mcts;
    let r = past.result();
    let unit = past.random_unit();
    let mv = r.choose(config.mcts.temperature_at(past.game().plies()), unit);
    slot.advance(mv);
    finish_if_over(config, prefix, slot)
}

/// Plays alpha-beta's move in a sparring game (not recorded); returns the finished game when
/// it ends.
fn play_sparring_move(config: &SelfplayConfig, prefix: &ShardPrefix, slot: &mut Slot) -> Option<Finished> {
    let (_, player) = slot.sparring.as_mut().expect("a sparring game");
    let mv = player.choose(slot.mcts.game()).mv;
    slot.advance(mv);
    finish_if_over(config, prefix, slot)
}

/// The finished game, with every recorded position's result and plies to the end, once the
/// game is over.
fn finish_if_over(config: &SelfplayConfig, prefix: &ShardPrefix, slot: &mut Slot) -> Option<Finished> {
    let g = slot.mcts.game();
    let outcome = g.outcome_or_endless(config.max_plies)?;
    let length = g.plies();
    let mut positions = std::mem::take(&mut slot.records);
    for p in &mut positions {
        p.result = if p.position.side_to_move() == outcome.winner { 1.0 } else { -1.0 };
        p.plies_to_end = length - p.ply;
    }
    let record = GameRecord {
        game_id: prefix.game_id(slot.index),
        generation: config.generation,
        general_agent: agent_name(config, slot, Side::General),
        soldiers_agent: agent_name(config, slot, Side::Soldiers),
        game: PlayedGame::of(g, slot.seed, outcome),
    };
    Some(Finished { record, positions })
}

/// The name of the player of `side` in the games table: the model, with its handicap and
/// detours if any, or its alpha-beta sparring partner (by the engine's own name), or the past
/// checkpoint (by the name its caller gave).
fn agent_name(config: &SelfplayConfig, slot: &Slot, side: Side) -> String {
    if let Some((s, player)) = &slot.sparring
        && *s == side
    {
        return format!("{} (sparring)", player.name());
    }
    if let Some(p) = &slot.past
        && p.side == side
    {
        return p.name.clone();
    }
    let name = match slot.handicap {
        Some(h) if h.side == side && h.blunders > 0.0 => {
            format!("{} (handicap: {} simulations, blunders {:.3})", config.agent_name, h.sims, h.blunders)
        }
        Some(h) if h.side == side => format!("{} (handicap: {} simulations)", config.agent_name, h.sims),
        _ => config.agent_name.clone(),
    };
    if config.detours.applies_to(side) { format!("{name} (detours: {})", config.detours.rate) } else { name }
}
