//! Running self-play on every core: the worker threads and the shard writer.

use crate::config::SelfplayConfig;
use crate::past::PastOpponent;
use crate::progress::{Progress, SelfplaySummary};
use crate::worker::{Finished, Opponents, play_games};
use musashi_game::Side;
use musashi_records::{RecordError, ShardPrefix, write_shard};
use musashi_search::Evaluator;
use std::collections::HashSet;
use std::path::Path;
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering::Relaxed};
use std::sync::{Mutex, mpsc};
use std::time::Instant;

/// Plays `config.games` games, except the indices in `skip` (already recorded), writing shards
/// `PREFIX-sNNNNN` into `out_dir`. Each worker builds its evaluator with `make_evaluator`, and
/// the past checkpoint's with `past`'s when `config.past` asks for past games (without `past`
/// there are none).
pub fn run_selfplay(
    config: &SelfplayConfig,
    make_evaluator: &(dyn Fn() -> Box<dyn Evaluator> + Sync),
    past: Option<&PastOpponent<'_>>,
    out_dir: &Path,
    prefix: &ShardPrefix,
    skip: &HashSet<u32>,
    progress: &Progress,
) -> Result<SelfplaySummary, RecordError> {
    let start = Instant::now();
    let next = AtomicU32::new(0);
    let stop = AtomicBool::new(false);
    let claim = || -> Option<u32> {
        loop {
            if stop.load(Relaxed) {
                return None;
            }
            let i = next.fetch_add(1, Relaxed);
            if i >= config.games {
                return None;
            }
            if !skip.contains(&i) {
                return Some(i);
            }
        }
    };
    let (tx, rx) = mpsc::channel::<Finished>();
    let tx = Mutex::new(tx);
    let mut summary = SelfplaySummary::default();
    let mut write_error = None;
    std::thread::scope(|scope| {
        for _ in 0..config.threads {
            let tx = tx.lock().expect("sender").clone();
            let claim = &claim;
            scope.spawn(move || {
                let mut evaluator = make_evaluator();
                let mut past_evaluator = past.map(|p| (p.name.as_str(), (p.make_evaluator)()));
                let opponents = Opponents {
                    past: past_evaluator.as_mut().map(|(name, e)| (*name, e.as_mut() as &mut dyn Evaluator)),
                };
                let send = |f: Finished| {
                    let _ = tx.send(f);
                };
                play_games(config, prefix, evaluator.as_mut(), opponents, claim, &send, progress);
            });
        }
        drop(tx);
        let mut pending: Vec<Finished> = Vec::new();
        let mut shard_no = 0u32;
        let mut flush = |pending: &mut Vec<Finished>, summary: &mut SelfplaySummary| -> Result<(), RecordError> {
            if pending.is_empty() {
                return Ok(());
            }
            let name = loop {
                let name = prefix.shard_name(shard_no);
                shard_no += 1;
                if !out_dir.join(format!("{name}.games.parquet")).exists() {
                    break name;
                }
            };
            let games: Vec<_> = pending.iter().map(|f| f.record.clone()).collect();
            let positions: Vec<_> = pending.iter().flat_map(|f| f.positions.iter().cloned()).collect();
            summary.shards.push(write_shard(out_dir, &name, &games, &positions)?);
            pending.clear();
            Ok(())
        };
        for f in rx {
            summary.games += 1;
            summary.positions += f.positions.len() as u64;
            let game = &f.record.game;
            summary.total_plies += game.length() as u64;
            match game.outcome.winner {
                Side::General => summary.general_wins += 1,
                Side::Soldiers => summary.soldiers_wins += 1,
            }
            *summary.endings.entry(format!("{} {}", game.outcome.winner, game.outcome.reason)).or_default() += 1;
            pending.push(f);
            if pending.len() >= config.shard_games
                && let Err(e) = flush(&mut pending, &mut summary)
            {
                stop.store(true, Relaxed);
                write_error = Some(e);
                break;
            }
        }
        if write_error.is_none()
            && let Err(e) = flush(&mut pending, &mut summary)
        {
            write_error = Some(e);
        }
    });
    summary.seconds = start.elapsed().as_secs_f64();
    match write_error {
        Some(e) => Err(e),
        None => Ok(summary),
    }
}
