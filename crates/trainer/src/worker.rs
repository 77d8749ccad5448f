//! External self-play workers: processes that play with the run's current model and write
//! shards into its games folder, beside a trainer that waits for them. They meet the trainer
//! only through the run directory.

use crate::context::{Agents, Context};
use crate::job_file::load_recorded;
use crate::metrics::{Event, Metrics};
use crate::observer::{Observer, Phase};
use crate::run_dir::{Pointer, RunDir};
use crate::selfplay_phase::{PastPlayer, evaluator_factory, selfplay_config};
use crate::shards::{BOOTSTRAP_WORKER, MAIN_WORKER, games_for_generation, recorded_indices};
use crate::worker_lease::{Lease, LeaseTiming};
use crate::{TrainError, seeds};
use musashi_net::load_checkpoint;
use musashi_records::ShardPrefix;
use musashi_selfplay::{Progress, run_selfplay};
use std::path::Path;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// The trainer's side: waits until generation `g` has its games from any worker.
pub(crate) fn wait_for_games(ctx: &mut Context, g: u32, observer: &dyn Observer) -> Result<(), TrainError> {
    let want = ctx.job.selfplay.games_per_generation as u64;
    observer.phase_start(Phase::Waiting, want);
    let start = Instant::now();
    let mut stall = Stall::new(STALL_WARNING, start);
    loop {
        let have = games_for_generation(&ctx.dir.games(), g)?;
        observer.phase_progress(Phase::Waiting, have.min(want), "");
        if have >= want {
            break;
        }
        if let Some(quiet) = stall.observe(have, Instant::now()) {
            observer.line(&format!(
                "generation {g}: no worker has delivered a game for {} minutes ({have} of {want} games); are the workers running? Start them with `musashi selfplay --run DIR`, or check the workers' job and its logs (`musashi cluster slurm` submits them as a job array: squeue shows whether they were scheduled)",
                quiet.as_secs() / 60
            ));
        }
        std::thread::sleep(Duration::from_millis(500));
    }
    observer.phase_end(Phase::Waiting);
    ctx.metrics.log(Event::SelfplayExternal { generation: g, waited_seconds: start.elapsed().as_secs_f64() })?;
    observer.line(&format!("generation {g}: workers delivered {want} games in {:.1} s", start.elapsed().as_secs_f64()));
    Ok(())
}

/// How long the trainer waits for a game from its workers before it says so (and again after
/// each further stretch as long).
const STALL_WARNING: Duration = Duration::from_secs(5 * 60);

/// Tells when the count of delivered games has not moved for `after`: once per such stretch.
#[derive(Debug)]
struct Stall {
    after: Duration,
    have: u64,
    since: Instant,
    warned: Instant,
}

impl Stall {
    fn new(after: Duration, now: Instant) -> Stall {
        Stall { after, have: 0, since: now, warned: now }
    }

    /// The time without progress, when a warning is due now.
    fn observe(&mut self, have: u64, now: Instant) -> Option<Duration> {
        if have != self.have {
            (self.have, self.since, self.warned) = (have, now, now);
            return None;
        }
        let quiet = now.duration_since(self.since);
        (now.duration_since(self.warned) >= self.after).then(|| {
            self.warned = now;
            quiet
        })
    }
}

/// A self-play worker for the run in `root`.
#[derive(Clone, Debug)]
pub struct WorkerRequest<'a> {
    /// The run directory.
    pub root: &'a Path,
    /// The worker's name in shard names (letters and digits).
    pub name: &'a str,
    /// Threads to play on.
    pub threads: usize,
    /// Stop after this many games (none: when the run is done).
    pub max_games: Option<u32>,
    /// How the worker's lease on its name is kept (`worker_lease.rs`).
    pub lease: LeaseTiming,
}

fn check_name(name: &str) -> Result<(), TrainError> {
    let reserved = name == MAIN_WORKER || name == BOOTSTRAP_WORKER;
    if name.is_empty() || !name.chars().all(|c| c.is_ascii_alphanumeric()) || reserved {
        return Err(TrainError::Run(format!(
            "a worker's name must be letters and digits (and not '{MAIN_WORKER}' or '{BOOTSTRAP_WORKER}'), got '{name}'"
        )));
    }
    Ok(())
}

/// A worker's loop: play shard-sized batches for the next generation with the current model
/// until the run is done (or `max_games` games were played by this worker). Returns the games
/// this worker played.
pub fn run_worker(request: &WorkerRequest<'_>, observer: &dyn Observer) -> Result<u32, TrainError> {
    let (name, max_games) = (request.name, request.max_games);
    check_name(name)?;
    let dir = RunDir::new(request.root);
    let job = load_recorded(&dir.config())
        .map_err(|e| TrainError::Run(format!("{} is not a run directory: {e}", request.root.display())))?;
    let device = job.run.device.device().map_err(TrainError::Network)?;
    let rules = job.rules.rulesets()?;
    let metrics = Metrics::open(&dir.worker_metrics(name))?;
    let agents = Agents { opponents: Vec::new(), bootstrap: Vec::new(), tablebase: None };
    let lease = Lease::take(&dir, name, request.lease, &|holder| {
        observer.line(&format!("worker {name}: waiting for the lease held by {holder} (a live worker of this name)"))
    })?;
    let mut ctx = Context {
        job,
        dir,
        rules,
        threads: request.threads,
        device,
        metrics,
        agents,
        replay: None,
        handicap_rates: Default::default(),
    };
    let mut played = 0u32;
    loop {
        if lease.lost() {
            return Err(TrainError::Run(format!(
                "worker {name}: another process took over this worker's lease (this one was taken for dead); stopping"
            )));
        }
        if ctx.dir.done_marker().exists() || max_games.is_some_and(|m| played >= m) {
            break;
        }
        let Some(latest) = ctx.dir.last_generation() else {
            std::thread::sleep(Duration::from_millis(500));
            continue;
        };
        let g = latest + 1;
        if g > ctx.job.run.generations {
            break;
        }
        let want = ctx.job.selfplay.games_per_generation as u64;
        if games_for_generation(&ctx.dir.games(), g)? >= want {
            std::thread::sleep(Duration::from_millis(500));
            continue;
        }
        let model = if ctx.job.gate.enabled { ctx.dir.pointer(Pointer::Best).unwrap_or(0) } else { latest };
        let path = ctx.dir.checkpoint(model);
        let (net, _) = load_checkpoint(&path, &ctx.device).map_err(TrainError::checkpoint(&path))?;
        let prefix = ShardPrefix::run(g, name);
        let done = recorded_indices(&ctx.dir.games(), &prefix)?;
        let mut batch = ctx.job.selfplay.shard_games as u32;
        if let Some(m) = max_games {
            batch = batch.min(m - played);
        }
        let mut config = selfplay_config(&mut ctx, g, done.len() as u32 + batch, model)?;
        config.seed = seeds::worker_selfplay(ctx.job.run.seed, g, name);
        config.shard_games = batch as usize;
        let heuristic = ctx.job.selfplay.heuristic_at(g);
        let make = evaluator_factory(Arc::new(net), heuristic);
        let past = PastPlayer::of(&ctx, g, model, heuristic)?;
        let opponent = past.as_ref().map(PastPlayer::opponent);
        let s =
            run_selfplay(&config, &make, opponent.as_ref(), &ctx.dir.games(), &prefix, &done, &Progress::default())?;
        played += s.games;
        let event = Event::WorkerSelfplay { worker: name.to_string(), generation: g, model, games: s.games };
        ctx.metrics.log(event)?;
        observer.line(&format!("worker {name}: generation {g}: {} games with gen-{model:04}", s.games));
    }
    Ok(played)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_stall_is_told_once_per_stretch_and_progress_resets_it() {
        let t0 = Instant::now();
        let at = |s: u64| t0 + Duration::from_secs(s);
        let mut stall = Stall::new(Duration::from_secs(300), t0);
        assert_eq!(stall.observe(0, at(299)), None);
        assert_eq!(stall.observe(0, at(300)), Some(Duration::from_secs(300)));
        assert_eq!(stall.observe(0, at(450)), None, "told once per stretch");
        assert_eq!(stall.observe(0, at(600)), Some(Duration::from_secs(600)));
        assert_eq!(stall.observe(3, at(700)), None, "a delivered game resets it");
        assert_eq!(stall.observe(3, at(999)), None);
        assert_eq!(stall.observe(3, at(1000)), Some(Duration::from_secs(300)));
    }
}
