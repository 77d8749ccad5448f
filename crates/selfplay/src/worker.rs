//! One worker thread: many games at once, their leaves evaluated in one batch per round.

use crate::config::SelfplayConfig;
use crate::detours::pick_at_rate;
use crate::handicap::HandicapGame;
use crate::progress::Progress;
use crate::sparring::sparring_player;
use musashi_game::{GOLDEN_GAMMA, Game, PlayedGame, Side, Snapshot, mix64};
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
}

/// The seed of game `index`: a function of the base seed and the index alone.
pub(crate) fn game_seed(base: u64, index: u32) -> u64 {
    mix64(base ^ (index as u64).wrapping_mul(GOLDEN_GAMMA))
}

fn new_slot(config: &SelfplayConfig, index: u32) -> Slot {
    let rules = config.rules[index as usize % config.rules.len()];
    let seed = game_seed(config.seed, index);
    let mut mcts = Mcts::new(config.mcts, Game::new(rules), seed);
    let handicap = config.handicap.of_game(seed);
    if let Some(h) = handicap {
        mcts = mcts.with_handicap(h.side, h.sims);
    }
    let sparring = config.sparring.of_game(seed).map(|(side, depth)| (side, sparring_player(depth, seed)));
    Slot { index, seed, mcts, records: Vec::new(), handicap, sparring }
}

impl Slot {
    /// Whether alpha-beta is to move in this sparring game.
    fn sparring_to_move(&self) -> bool {
        self.sparring.as_ref().is_some_and(|(side, _)| *side == self.mcts.game().position().side_to_move())
    }
}

/// Plays games claimed from `claim` until it runs dry, sending each finished game to `send`.
pub(crate) fn play_games(
    config: &SelfplayConfig,
    prefix: &ShardPrefix,
    evaluator: &mut dyn Evaluator,
    claim: &(dyn Fn() -> Option<u32> + Sync),
    send: &dyn Fn(Finished),
    progress: &Progress,
) {
    let mut slots: Vec<Option<Slot>> =
        (0..config.concurrent_games).map(|_| claim().map(|i| new_slot(config, i))).collect();
    let mut batch: Vec<Snapshot> = Vec::with_capacity(slots.len());
    let mut owners: Vec<usize> = Vec::with_capacity(slots.len());
    let mut out = Evaluations::default();
    loop {
        batch.clear();
        owners.clear();
        for i in 0..slots.len() {
            while let Some(slot) = slots[i].as_mut() {
                if slot.sparring_to_move() {
                    if let Some(done) = play_sparring_move(config, prefix, slot) {
                        send(done);
                        progress.games.fetch_add(1, Relaxed);
                        slots[i] = claim().map(|k| new_slot(config, k));
                    }
                    continue;
                }
                match slot.mcts.step() {
                    Step::Evaluate(s) => {
                        batch.push(s);
                        owners.push(i);
                        break;
                    }
                    Step::Done => {
                        if let Some(done) = play_move(config, prefix, slot, progress) {
                            send(done);
                            progress.games.fetch_add(1, Relaxed);
                            slots[i] = claim().map(|k| new_slot(config, k));
                        }
                    }
                }
            }
        }
        if batch.is_empty() {
            return;
        }
        evaluator.evaluate(&batch, &mut out);
        progress.evaluations.fetch_add(batch.len() as u64, Relaxed);
        for (k, &i) in owners.iter().enumerate() {
            let slot = slots[i].as_mut().expect("an owner slot is live");
            slot.mcts.provide(out.logits_of(k), out.values[k], out.plies_of(k));
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
    slot.mcts.advance(mv);
    finish_if_over(config, prefix, slot)
}

/// Plays alpha-beta's move in a sparring game (not recorded); returns the finished game when
/// it ends.
fn play_sparring_move(config: &SelfplayConfig, prefix: &ShardPrefix, slot: &mut Slot) -> Option<Finished> {
    let (_, player) = slot.sparring.as_mut().expect("a sparring game");
    let mv = player.choose(slot.mcts.game()).mv;
    slot.mcts.advance(mv);
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
/// detours if any, or its alpha-beta sparring partner (by the engine's own name).
fn agent_name(config: &SelfplayConfig, slot: &Slot, side: Side) -> String {
    if let Some((s, player)) = &slot.sparring
        && *s == side
    {
        return format!("{} (sparring)", player.name());
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
