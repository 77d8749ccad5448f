//! What `musashi train` and `musashi selfplay --run` show: an overall bar (generations) and a bar
//! for the current phase on a terminal; plain log lines on stderr otherwise.

use crate::progress::{follow_selfplay, style, visible};
use indicatif::{MultiProgress, ProgressBar, ProgressDrawTarget};
use musashi_selfplay::{Finished, Progress};
use musashi_trainer::{Observer, Phase};
use std::sync::Mutex;

/// The training job's observer.
pub(crate) struct TrainBars {
    multi: Option<MultiProgress>,
    overall: ProgressBar,
    phase: Mutex<Option<ProgressBar>>,
}

impl TrainBars {
    pub(crate) fn new() -> TrainBars {
        let multi = visible().then(|| MultiProgress::with_draw_target(ProgressDrawTarget::stderr()));
        let overall = match &multi {
            Some(m) => {
                let overall = m.add(ProgressBar::new(0));
                overall.set_style(style("{elapsed_precise} generation {pos}/{len} [{bar:30}] {msg}"));
                overall
            }
            None => ProgressBar::hidden(),
        };
        TrainBars { multi, overall, phase: Mutex::new(None) }
    }

    /// A bar under the overall one (hidden off a terminal).
    fn add(&self, len: u64, template: &str) -> ProgressBar {
        match &self.multi {
            Some(m) => {
                let pb = m.add(ProgressBar::new(len));
                pb.set_style(style(template));
                pb
            }
            None => ProgressBar::hidden(),
        }
    }

    fn with_phase(&self, f: impl FnOnce(&mut Option<ProgressBar>)) {
        f(&mut self.phase.lock().unwrap_or_else(|p| p.into_inner()));
    }
}

impl Observer for TrainBars {
    fn start(&self, generations: u64, done: u64) {
        self.overall.set_length(generations);
        self.overall.set_position(done);
    }

    fn line(&self, text: &str) {
        match &self.multi {
            Some(m) => {
                let _ = m.println(text);
            }
            None => eprintln!("{text}"),
        }
    }

    fn phase_start(&self, phase: Phase, len: u64) {
        let template = match phase {
            Phase::Waiting => "  waiting for workers [{bar:30}] {pos}/{len} games",
            Phase::Training => "  training [{bar:30}] {pos}/{len} steps {per_sec} {msg}",
        };
        let pb = self.add(len, template);
        self.with_phase(|p| *p = Some(pb));
    }

    fn phase_progress(&self, _phase: Phase, position: u64, note: &str) {
        self.with_phase(|p| {
            if let Some(pb) = p {
                pb.set_position(position);
                pb.set_message(note.to_string());
            }
        });
    }

    fn watch_selfplay(&self, games: u64, progress: &Progress, done: &Finished) {
        let pb = self.add(games, "  self-play [{bar:30}] {pos}/{len} games {msg}");
        follow_selfplay(&pb, progress, done);
    }

    fn phase_end(&self, _phase: Phase) {
        self.with_phase(|p| {
            if let Some(pb) = p.take() {
                pb.finish_and_clear();
            }
        });
    }

    fn generation_done(&self, g: u64, summary: &str) {
        self.overall.set_position(g);
        self.overall.set_message(summary.to_string());
    }

    fn finish(&self) {
        self.overall.finish_and_clear();
    }
}
