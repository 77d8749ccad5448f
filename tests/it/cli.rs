//! What the binary's end-to-end tests share: running `musashi`, reading what it printed, a
//! fresh temporary folder per test, a tiny checkpoint to play.

use musashi_net::{CheckpointMeta, Device, ModelConfig, Network, save_checkpoint};
use std::path::{Path, PathBuf};
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

/// A checkpoint of a fresh `config` network (weights from `seed`) for the classic rules, at
/// `generation`, in `dir`.
pub(crate) fn tiny_checkpoint(dir: &Path, seed: u64, config: ModelConfig, generation: u32) {
    let net = Network::init(config, &Device::flex(), seed);
    let meta = CheckpointMeta {
        format_version: 0,
        encoding_version: 0,
        model: config,
        rules: vec![musashi_game::Preset::Classic.ruleset()],
        generation,
        step: 0,
        parent: None,
        weights_sha256: String::new(),
        training_sha256: None,
    };
    save_checkpoint(dir, &net, &meta, None).unwrap();
}
