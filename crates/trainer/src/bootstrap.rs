//! Bootstrapping the lopsided game: games between alpha-beta agents, recorded as training data
//! (the played move as a one-hot policy target, the game's result as the value target).

use crate::context::Context;
use crate::metrics::Event;
use crate::shards::{BOOTSTRAP_WORKER, any_shard};
use crate::{TrainError, seeds};
use musashi_evaluator::{MatchConfig, MatchGame, play_match};
use musashi_game::Game;
use musashi_records::{GameRecord, PositionRecord, ShardPrefix, write_shard};

/// Whether generation `g` gets alpha-beta games.
pub(crate) fn wanted(ctx: &Context, g: u32) -> bool {
    let b = &ctx.job.bootstrap;
    b.alphabeta_games > 0 && (b.alphabeta_generations == 0 || g <= b.alphabeta_generations)
}

/// Plays and records generation `g`'s alpha-beta games unless they are recorded already; logs
/// a `bootstrap` event when it played some.
pub(crate) fn run_alphabeta_games(ctx: &mut Context, g: u32) -> Result<(), TrainError> {
    let prefix = ShardPrefix::run(g, BOOTSTRAP_WORKER);
    if any_shard(&ctx.dir.games(), &prefix)? {
        return Ok(());
    }
    let per_rules = (ctx.job.bootstrap.alphabeta_games as usize / ctx.rules.len()).max(1);
    let mut games = Vec::new();
    let mut positions = Vec::new();
    for (k, &rules) in ctx.rules.iter().enumerate() {
        let recipe = &ctx.agents.bootstrap[k];
        let config = MatchConfig {
            rules,
            games: per_rules,
            seed: seeds::bootstrap(ctx.job.run.seed, g, k),
            threads: ctx.threads,
            opening_plies: 4,
            max_plies: ctx.job.selfplay.max_plies,
        };
        let result = play_match(&config, |_, i| recipe.create(i as u64));
        for r in result.records {
            let id = prefix.game_id(games.len() as u32);
            record_positions(&r, g, &id, &mut positions)?;
            games.push(GameRecord {
                game_id: id,
                generation: g,
                general_agent: recipe.spec().to_string(),
                soldiers_agent: recipe.spec().to_string(),
                game: r.game,
            });
        }
    }
    write_shard(&ctx.dir.games(), &prefix.shard_name(0), &games, &positions)?;
    if !games.is_empty() {
        ctx.metrics.log(Event::Bootstrap { generation: g, alphabeta_games: games.len() as u32 })?;
    }
    Ok(())
}

/// Replays a match game, appending its positions (the played move as the policy target, the
/// result as the value target).
fn record_positions(r: &MatchGame, g: u32, id: &str, positions: &mut Vec<PositionRecord>) -> Result<(), TrainError> {
    let (rules, played) = (r.game.rules, &r.game);
    let mut game =
        Game::from_position(rules, played.start).map_err(|e| TrainError::Run(format!("bootstrap game {id}: {e}")))?;
    let start = positions.len();
    for &mv in &played.moves {
        let legal = game.legal_moves();
        positions.push(PositionRecord {
            game_id: id.to_string(),
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
        game.play(mv).map_err(|e| TrainError::Run(format!("bootstrap game {id}: {e}")))?;
    }
    let length = game.plies();
    for p in &mut positions[start..] {
        p.result = if p.position.side_to_move() == played.outcome.winner { 1.0 } else { -1.0 };
        p.plies_to_end = length - p.ply;
    }
    Ok(())
}
