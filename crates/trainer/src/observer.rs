//! How a training job shows its progress: the job calls an `Observer`, which the command line
//! implements with progress bars and a library user however it likes (or not at all:
//! `Silent`).

use musashi_selfplay::{Finished, Progress};

/// A phase of a generation that has a length.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Phase {
    /// Waiting for external workers' games.
    Waiting,
    /// Optimizer steps.
    Training,
}

/// Receives a run's progress.
pub trait Observer: Sync {
    /// The run starts: `generations` planned, `done` of them finished before.
    fn start(&self, _generations: u64, _done: u64) {}
    /// A log line.
    fn line(&self, _text: &str) {}
    /// A phase of `len` units starts.
    fn phase_start(&self, _phase: Phase, _len: u64) {}
    /// The phase has reached `position` (with an optional note, e.g. the loss).
    fn phase_progress(&self, _phase: Phase, _position: u64, _note: &str) {}
    /// Self-play of `games` games is running (on another thread): follow its counters until
    /// `done` is set, then return at once (the run waits for it).
    fn watch_selfplay(&self, _games: u64, _progress: &Progress, _done: &Finished) {}
    /// The phase ended.
    fn phase_end(&self, _phase: Phase) {}
    /// Generation `g` is done (with a short summary).
    fn generation_done(&self, _g: u64, _summary: &str) {}
    /// The run ends.
    fn finish(&self) {}
}

/// An observer that shows nothing.
#[derive(Clone, Copy, Debug, Default)]
pub struct Silent;

impl Observer for Silent {}
