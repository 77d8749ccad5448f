//! Bootstrapping the lopsided game: games between alpha-beta agents, recorded as training data
//! (the played move as a one-hot policy target, the game's result as the value target).

use crate::agents::build_agent;
use crate::train::context::Context;
use crate::train::selfplay_phase::data_prefix;
use anyhow::Result;
use musashi_evaluator::{MatchConfig, play_match};
use musashi_game::Game;
use musashi_records::{GameRecord, PositionRecord, list_shards, write_shard};
use musashi_search::AgentSpec;

/// Whether generation `g` gets alpha-beta games.
pub(crate) fn wanted(ctx: &Context, g: u32) -> bool {
    let b = &ctx.job.bootstrap;
    b.alphabeta_games > 0 && (b.alphabeta_generations == 0 || g <= b.alphabeta_generations)
}

/// Plays and records generation `g`'s alpha-beta games unless they are recorded already.
/// Returns the number of games played now.
pub(crate) fn run_alphabeta_games(ctx: &Context, g: u32) -> Result<u32> {
    let prefix = data_prefix(g, "alphabeta");
    if list_shards(&ctx.dir.games())?.iter().any(|s| s.name.starts_with(&prefix)) {
        return Ok(0);
    }
    let spec: AgentSpec = ctx.job.bootstrap.alphabeta_spec.parse()?;
    let per_rules = (ctx.job.bootstrap.alphabeta_games as usize / ctx.rules.len()).max(1);
    let mut games = Vec::new();
    let mut positions = Vec::new();
    for (k, &rules) in ctx.rules.iter().enumerate() {
        build_agent(&spec, &rules, 0)?;
        let config = MatchConfig {
            rules,
            games: per_rules,
            seed: ctx.job.run.seed ^ ((g as u64) << 24) ^ (k as u64) ^ 0xab,
            threads: ctx.threads,
            opening_plies: 4,
            max_plies: ctx.job.selfplay.max_plies,
        };
        let result = play_match(&config, |_, i| build_agent(&spec, &rules, i as u64).expect("checked spec"));
        for r in result.records {
            let id = format!("{prefix}-{:06}", games.len());
            let mut game = Game::new(rules);
            let start = positions.len();
            for &mv in &r.moves {
                let legal = game.legal_moves();
                positions.push(PositionRecord {
                    game_id: id.clone(),
                    generation: g,
                    ply: game.plies(),
                    position: *game.position(),
                    rules,
                    soldier_moves: game.soldier_moves(),
                    moves_left: game.moves_left(),
                    repetition_count: game.repetition_count(),
                    legal: legal.iter().map(|m| m.action() as u16).collect(),
                    policy: legal.iter().map(|&m| if m == mv { 1.0 } else { 0.0 }).collect(),
                    prior: vec![0.0; legal.len()],
                    search_value: 0.0,
                    // Random opening moves are not worth imitating.
                    full_search: game.plies() >= r.opening_plies,
                    played: mv.action() as u16,
                    result: 0.0,
                    plies_to_end: 0,
                });
                game.play(mv)?;
            }
            let length = game.plies();
            for p in &mut positions[start..] {
                p.result = if p.position.side_to_move() == r.outcome.winner { 1.0 } else { -1.0 };
                p.plies_to_end = length - p.ply;
            }
            games.push(GameRecord {
                game_id: id,
                generation: g,
                rules,
                start: *game.start_position(),
                general_agent: spec.to_string(),
                soldiers_agent: spec.to_string(),
                outcome: r.outcome,
                moves: r.moves,
                seed: r.seed,
            });
        }
    }
    write_shard(&ctx.dir.games(), &format!("{prefix}-s00000"), &games, &positions)?;
    Ok(games.len() as u32)
}
