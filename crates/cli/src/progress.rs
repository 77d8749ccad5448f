//! Progress bars (indicatif) that stay quiet when stderr is not a terminal: one style builder,
//! one bar builder, and the follower of self-play's counters that `selfplay` and `train` share.

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use musashi_selfplay::{Finished, Progress};
use std::io::IsTerminal;
use std::sync::atomic::Ordering::Relaxed;
use std::time::{Duration, Instant};

/// A bar style from an indicatif template.
pub(crate) fn style(template: &str) -> ProgressStyle {
    ProgressStyle::with_template(template).unwrap_or_else(|_| ProgressStyle::default_bar())
}

/// Whether bars are drawn at all (stderr is a terminal).
pub(crate) fn visible() -> bool {
    std::io::stderr().is_terminal()
}

/// A bar of `len` steps with a message; hidden unless stderr is a terminal.
pub(crate) fn bar(len: u64, template: &str) -> ProgressBar {
    if !visible() {
        return ProgressBar::hidden();
    }
    let pb = ProgressBar::with_draw_target(Some(len), ProgressDrawTarget::stderr());
    pb.set_style(style(template));
    pb
}

/// Follows self-play's counters on `pb` (games, games/s, positions/s, evaluations/s) until
/// `done`, returning the moment it is set.
pub(crate) fn follow_selfplay(pb: &ProgressBar, progress: &Progress, done: &Finished) {
    let start = Instant::now();
    while !done.wait(Duration::from_millis(200)) {
        let secs = start.elapsed().as_secs_f64().max(1e-9);
        pb.set_position(progress.games.load(Relaxed));
        pb.set_message(format!(
            "{:.2} games/s, {:.0} positions/s, {:.0} evals/s",
            progress.games.load(Relaxed) as f64 / secs,
            progress.positions.load(Relaxed) as f64 / secs,
            progress.evaluations.load(Relaxed) as f64 / secs
        ));
    }
    pb.finish_and_clear();
}
