//! Bundles of every earlier format in the project's history load and play: the format 1 fixture
//! (`tests/fixtures/classic-format-1`) holds the same weights and level settings as today's
//! `export/classic` (format 2), so every level must play exactly the same moves from both.

mod common;

use musashi_game::Preset;
use musashi_runtime::{Bundle, Level};
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Each level's first moves from the classic start, with the computer on both sides.
fn moves(dir: &Path) -> Vec<Vec<String>> {
    let bundle = Bundle::load(dir).unwrap_or_else(|e| panic!("{e}"));
    let rules = Preset::Classic.ruleset();
    Level::ALL.iter().map(|&level| common::opening(&bundle, &rules, level, 11).unwrap()).collect()
}

#[test]
fn a_format_1_bundle_loads_and_plays_as_its_re_export() {
    let old = root().join("tests/fixtures/classic-format-1");
    let bundle = Bundle::load(&old).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(bundle.manifest().format_version, 1);
    let now = root().join("../../export/classic");
    assert_eq!(moves(&old), moves(&now));
}

#[test]
fn a_format_1_bundle_still_has_its_weights_checked() {
    let dir = std::env::temp_dir().join(format!("musashi-format-1-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let fixture = root().join("tests/fixtures/classic-format-1");
    for e in std::fs::read_dir(&fixture).unwrap() {
        let p = e.unwrap().path();
        std::fs::copy(&p, dir.join(p.file_name().unwrap())).unwrap();
    }
    let weights = dir.join("net-12dac0939979.safetensors");
    let mut bytes = std::fs::read(&weights).unwrap();
    let n = bytes.len();
    bytes[n - 5] ^= 0x01;
    std::fs::write(&weights, bytes).unwrap();
    let e = Bundle::load(&dir).unwrap_err().to_string();
    assert!(e.contains("net-12dac0939979.safetensors"), "{e}");
    // A format 2 manifest without its digest is refused, as before.
    let manifest = dir.join("manifest.json");
    let text = std::fs::read_to_string(&manifest).unwrap().replace("\"format_version\": 1", "\"format_version\": 2");
    std::fs::write(&manifest, text).unwrap();
    let e = Bundle::load(&dir).unwrap_err().to_string();
    assert!(e.contains("manifest_sha256"), "{e}");
    std::fs::remove_dir_all(&dir).unwrap();
}
