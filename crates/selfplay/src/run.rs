//! Running self-play on every core: workers, the shard writer, progress and the summary.

use crate::config::SelfplayConfig;
use crate::worker::{Finished, play_games};
use musashi_game::Side;
use musashi_records::{RecordError, Shard, write_shard};
use musashi_search::Evaluator;
use std::collections::{BTreeMap, HashSet};
use std::path::Path;
use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, Ordering::Relaxed};
use std::sync::{Mutex, mpsc};
use std::time::Instant;

/// Counters a caller can poll while self-play runs (for progress bars).
#[derive(Debug, Default)]
pub struct Progress {
    /// Games finished.
    pub games: AtomicU64,
    /// Positions recorded (moves played).
    pub positions: AtomicU64,
    /// States evaluated by the network.
    pub evaluations: AtomicU64,
    /// MCTS simulations run.
    pub simulations: AtomicU64,
}

/// What a self-play run produced.
#[derive(Debug, Default, Clone, PartialEq)]
pub struct SelfplaySummary {
    /// Games played in this run.
    pub games: u32,
    /// Positions recorded.
    pub positions: u64,
    /// Games won by the General.
    pub general_wins: u32,
    /// Games won by the soldiers.
    pub soldiers_wins: u32,
    /// Games per ending (`winner reason`).
    pub endings: BTreeMap<String, u32>,
    /// Sum of game lengths in plies.
    pub total_plies: u64,
    /// Wall time.
    pub seconds: f64,
    /// Shards written.
    pub shards: Vec<Shard>,
}

/// The id of game `index` of a run whose ids start with `prefix`.
pub fn game_id(prefix: &str, index: u32) -> String {
    format!("{prefix}-{index:06}")
}

/// Plays `config.games` games, except the indices in `skip` (already recorded), writing shards
/// `PREFIX-sNNNNN` into `out_dir`. Each worker builds its evaluator with `make_evaluator`.
pub fn run_selfplay(
    config: &SelfplayConfig,
    make_evaluator: &(dyn Fn() -> Box<dyn Evaluator> + Sync),
    out_dir: &Path,
    prefix: &str,
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
                let send = |f: Finished| {
                    let _ = tx.send(f);
                };
                play_games(config, prefix, evaluator.as_mut(), claim, &send, progress);
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
                let name = format!("{prefix}-s{shard_no:05}");
                shard_no += 1;
                if !out_dir.join(format!("{name}.games.parquet")).exists() {
                    break name;
                }
            };
            let games: Vec<_> = pending.iter().map(|f| f.game.clone()).collect();
            let positions: Vec<_> = pending.iter().flat_map(|f| f.positions.iter().cloned()).collect();
            summary.shards.push(write_shard(out_dir, &name, &games, &positions)?);
            pending.clear();
            Ok(())
        };
        for f in rx {
            summary.games += 1;
            summary.positions += f.positions.len() as u64;
            summary.total_plies += f.game.moves.len() as u64;
            match f.game.outcome.winner {
                Side::General => summary.general_wins += 1,
                Side::Soldiers => summary.soldiers_wins += 1,
            }
            *summary.endings.entry(format!("{} {}", f.game.outcome.winner, f.game.outcome.reason)).or_default() += 1;
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
