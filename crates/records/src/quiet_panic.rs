//! A panic caught on purpose, without the panic hook's report on standard error: the Parquet
//! decoder's panic on damaged bytes becomes a clean `Corrupt` error and nothing else is printed.
//! The process's hook is wrapped once; it stays silent only on a thread inside
//! `catch_quietly`, and reports every other panic as before.

use std::cell::Cell;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::Once;

thread_local! {
    static QUIET: Cell<bool> = const { Cell::new(false) };
}

static WRAP_HOOK: Once = Once::new();

/// Runs `f`; a panic inside it comes back as its message and is not printed.
pub(crate) fn catch_quietly<T>(f: impl FnOnce() -> T) -> Result<T, String> {
    WRAP_HOOK.call_once(|| {
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            if !QUIET.with(Cell::get) {
                previous(info)
            }
        }));
    });
    let was = QUIET.with(|q| q.replace(true));
    let out = catch_unwind(AssertUnwindSafe(f));
    QUIET.with(|q| q.set(was));
    out.map_err(|p| message(&*p))
}

/// A panic payload's text.
fn message(p: &(dyn std::any::Any + Send)) -> String {
    p.downcast_ref::<String>().cloned().or_else(|| p.downcast_ref::<&str>().map(|s| s.to_string())).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_message_comes_back_and_other_panics_still_reach_the_hook() {
        assert_eq!(catch_quietly(|| 7), Ok(7));
        let caught = catch_quietly(|| -> u8 { panic!("decoder fell over at {}", 3) });
        assert_eq!(caught, Err("decoder fell over at 3".to_string()));
        assert!(!QUIET.with(Cell::get), "the thread is loud again afterwards");
    }
}
