//! What the binary's end-to-end tests share: running `musashi`, reading what it printed, a
//! fresh temporary folder per test.

use std::path::PathBuf;
use std::process::{Command, Output};

/// `musashi` with `args`, run to the end.
pub(crate) fn musashi(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_musashi")).args(args).output().expect("the binary runs")
}

/// What it printed on stdout.
pub(crate) fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

/// What it printed on stderr.
pub(crate) fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// Its stdout, after asserting that it succeeded (showing both streams if not).
pub(crate) fn ok(o: &Output) -> String {
    assert!(o.status.success(), "stdout: {}\nstderr: {}", stdout(o), stderr(o));
    stdout(o)
}

/// An empty folder `musashi-{prefix}-{tag}-{pid}` in the system's temporary folder.
pub(crate) fn temp(prefix: &str, tag: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("musashi-{prefix}-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}
