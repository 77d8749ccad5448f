//! What a training run shows: an overall bar (generations) and a bar for the current phase with
//! its rates on a terminal; plain log lines on stderr otherwise.

use indicatif::{MultiProgress, ProgressBar, ProgressDrawTarget, ProgressStyle};
use musashi_selfplay::Progress;
use std::io::IsTerminal;
use std::sync::atomic::Ordering::Relaxed;
use std::time::{Duration, Instant};

pub(crate) struct Reporter {
    multi: Option<MultiProgress>,
    overall: ProgressBar,
}

fn style(t: &str) -> ProgressStyle {
    ProgressStyle::with_template(t).unwrap_or_else(|_| ProgressStyle::default_bar())
}

impl Reporter {
    pub(crate) fn new(generations: u64, done: u64) -> Reporter {
        if std::io::stderr().is_terminal() {
            let multi = MultiProgress::with_draw_target(ProgressDrawTarget::stderr());
            let overall = multi.add(ProgressBar::new(generations));
            overall.set_style(style("{elapsed_precise} generation {pos}/{len} [{bar:30}] {msg}"));
            overall.set_position(done);
            Reporter { multi: Some(multi), overall }
        } else {
            Reporter { multi: None, overall: ProgressBar::hidden() }
        }
    }

    /// A log line (above the bars on a terminal).
    pub(crate) fn line(&self, msg: &str) {
        match &self.multi {
            Some(m) => {
                let _ = m.println(msg);
            }
            None => eprintln!("{msg}"),
        }
    }

    pub(crate) fn generation_done(&self, g: u64, msg: &str) {
        self.overall.set_position(g);
        self.overall.set_message(msg.to_string());
    }

    /// A bar for a phase of `len` units (hidden off a terminal).
    pub(crate) fn phase(&self, len: u64, template: &str) -> ProgressBar {
        match &self.multi {
            Some(m) => {
                let pb = m.add(ProgressBar::new(len));
                pb.set_style(style(template));
                pb
            }
            None => ProgressBar::hidden(),
        }
    }

    /// Runs `f` while a bar follows self-play's counters.
    pub(crate) fn with_selfplay<T>(&self, games: u64, f: impl FnOnce(&Progress) -> T) -> T {
        let pb = self.phase(games, "  self-play [{bar:30}] {pos}/{len} games {msg}");
        let progress = Progress::default();
        let done = std::sync::atomic::AtomicBool::new(false);
        let out = std::thread::scope(|s| {
            s.spawn(|| {
                let start = Instant::now();
                while !done.load(Relaxed) {
                    std::thread::sleep(Duration::from_millis(200));
                    let secs = start.elapsed().as_secs_f64().max(1e-9);
                    pb.set_position(progress.games.load(Relaxed));
                    pb.set_message(format!(
                        "{:.2} games/s, {:.0} positions/s",
                        progress.games.load(Relaxed) as f64 / secs,
                        progress.positions.load(Relaxed) as f64 / secs
                    ));
                }
            });
            let out = f(&progress);
            done.store(true, Relaxed);
            out
        });
        pb.finish_and_clear();
        out
    }

    pub(crate) fn finish(&self) {
        self.overall.finish_and_clear();
    }
}
