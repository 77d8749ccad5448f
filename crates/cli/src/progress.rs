//! Progress bars (indicatif) that stay quiet when stderr is not a terminal.

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::io::IsTerminal;

/// A bar of `len` steps with a message; hidden unless stderr is a terminal.
pub(crate) fn bar(len: u64, template: &str) -> ProgressBar {
    let pb = ProgressBar::new(len);
    if std::io::stderr().is_terminal() {
        pb.set_draw_target(ProgressDrawTarget::stderr());
        pb.set_style(ProgressStyle::with_template(template).unwrap_or_else(|_| ProgressStyle::default_bar()));
    } else {
        pb.set_draw_target(ProgressDrawTarget::hidden());
    }
    pb
}
