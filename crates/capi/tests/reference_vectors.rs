//! The reference vectors of the shipped bundle (`docs/reference-vectors/musashi.json`): the
//! runtime computes them again (features and outputs to 1e-5, moves exactly), and the C API, the
//! door every port goes through, gives the same features, outputs and moves.
//! `MUSASHI_BLESS=1 cargo test -p musashi-capi --test reference_vectors` rewrites the file.

use musashi_capi::*;
use musashi_game::{Preset, Ruleset, Threshold};
use musashi_runtime::{Bundle, ReferenceVectors, reference_vectors};
use std::ffi::{CStr, CString};
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// Every version the bundle was calibrated on, and custom rules it serves by the nearest.
pub fn versions() -> Vec<(String, Ruleset)> {
    let mut v: Vec<(String, Ruleset)> = [Preset::Classic, Preset::NoSetchin, Preset::SoldiersFirst, Preset::Qdan]
        .into_iter()
        .map(|p| (p.name().to_string(), p.ruleset()))
        .collect();
    let custom = Ruleset { general_wins_at: Threshold::AtMost(4), ..Preset::Classic.ruleset() };
    v.push(("custom-classic-wins-at-4".to_string(), custom));
    v
}

fn close(a: &[f32], b: &[f32]) -> bool {
    a.len() == b.len() && a.iter().zip(b).all(|(x, y)| (x - y).abs() <= 1e-5 * x.abs().max(1.0))
}

#[test]
fn the_runtime_computes_the_committed_vectors() {
    let bundle = Bundle::load(&root().join("export/musashi")).unwrap();
    let fresh = reference_vectors(&bundle, &versions(), 12, 3, 1).unwrap();
    let path = root().join("docs/reference-vectors/musashi.json");
    if std::env::var_os("MUSASHI_BLESS").is_some() {
        std::fs::write(&path, serde_json::to_string_pretty(&fresh).unwrap() + "\n").unwrap();
    }
    let committed: ReferenceVectors = serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    assert_eq!(committed.manifest_sha256, fresh.manifest_sha256, "the vectors are of the shipped bundle");
    assert_eq!(committed.versions.len(), fresh.versions.len());
    for (c, f) in committed.versions.iter().zip(&fresh.versions) {
        assert_eq!((&c.name, c.rules, c.positions.len()), (&f.name, f.rules, f.positions.len()));
        for (cp, fp) in c.positions.iter().zip(&f.positions) {
            let at = format!("{} after {:?}", c.name, cp.moves);
            assert_eq!((&cp.moves, &cp.position), (&fp.moves, &fp.position), "{at}");
            assert!(close(&cp.features, &fp.features) && close(&cp.logits, &fp.logits), "{at}");
            assert!(close(&[cp.value], &[fp.value]), "{at}");
            assert_eq!(cp.plies.is_some(), fp.plies.is_some());
            assert_eq!(cp.choices, fp.choices, "{at}");
        }
    }
}

fn c(s: &str) -> CString {
    CString::new(s).unwrap()
}

fn last_error() -> String {
    // SAFETY: the library's error string, valid until the next failing call.
    unsafe { CStr::from_ptr(musashi_last_error()) }.to_string_lossy().into_owned()
}

#[test]
fn the_c_api_plays_the_vectors_moves_from_bytes() {
    let dir = root().join("export/musashi");
    let builder = musashi_bundle_builder_new();
    for file in std::fs::read_dir(&dir).unwrap() {
        let path = file.unwrap().path();
        let bytes = std::fs::read(&path).unwrap();
        let name = c(path.file_name().unwrap().to_str().unwrap());
        // SAFETY: live builder, NUL-terminated name, `bytes` outlives the call.
        assert_eq!(unsafe { musashi_bundle_builder_add(builder, name.as_ptr(), bytes.as_ptr(), bytes.len()) }, 0);
    }
    // SAFETY: the builder is consumed here.
    let bundle = unsafe { musashi_bundle_build(builder, c("shipped").as_ptr()) };
    assert!(!bundle.is_null(), "{}", last_error());
    let text = std::fs::read_to_string(root().join("docs/reference-vectors/musashi.json")).unwrap();
    let vectors: ReferenceVectors = serde_json::from_str(&text).unwrap();
    for version in &vectors.versions {
        let rules = c(&serde_json::to_string(&version.rules).unwrap());
        for p in &version.positions {
            // SAFETY: every handle below is live until freed at the end of the loop.
            unsafe {
                let game = musashi_game_new(rules.as_ptr());
                assert!(!game.is_null(), "{}", last_error());
                for m in &p.moves {
                    assert_eq!(musashi_game_play(game, c(m).as_ptr()), 0, "{}", last_error());
                }
                let mut features = vec![0.0f32; 180];
                assert_eq!(musashi_game_features(game, features.as_mut_ptr(), features.len()), 180);
                assert!(close(&features, &p.features));
                let (mut logits, mut outputs) = (vec![0.0f32; 144], [0.0f32; 2]);
                let hard = c("hard");
                assert_eq!(musashi_evaluate(bundle, game, hard.as_ptr(), logits.as_mut_ptr(), outputs.as_mut_ptr()), 0);
                assert!(close(&logits, &p.logits) && close(&outputs[..1], &[p.value]));
                for (level, want) in &p.choices {
                    let player = musashi_player_new(bundle, game, c(level.name()).as_ptr(), 0, vectors.seed);
                    assert!(!player.is_null(), "{}", last_error());
                    let got = CStr::from_ptr(musashi_player_choose(player, game)).to_str().unwrap().to_string();
                    assert_eq!(&got, want, "{} {level} after {:?}", version.name, p.moves);
                    musashi_player_free(player);
                }
                musashi_game_free(game);
            }
        }
    }
    // SAFETY: live bundle, freed once.
    unsafe { musashi_bundle_free(bundle) };
}

#[test]
fn bad_input_gets_an_error_not_a_crash() {
    // SAFETY: NULL and bad strings are what is being tested; every call checks its arguments.
    unsafe {
        assert!(musashi_game_new(c("chess").as_ptr()).is_null());
        assert!(last_error().contains("unknown preset 'chess'"), "{}", last_error());
        assert!(musashi_game_new(std::ptr::null()).is_null());
        assert!(last_error().contains("rules is NULL"));
        let game = musashi_game_new(c("classic").as_ptr());
        assert_eq!(musashi_game_play(game, c("a1-a2").as_ptr()), -1);
        assert!(last_error().contains("move 'a1-a2'"), "{}", last_error());
        assert_eq!(musashi_game_undo(game), -1);
        assert_eq!(musashi_game_play(std::ptr::null_mut(), c("c3-b2").as_ptr()), -1);
        let state: serde_json::Value =
            serde_json::from_str(CStr::from_ptr(musashi_game_state(game)).to_str().unwrap()).unwrap();
        let first = state["legal"][0].as_str().unwrap().to_string();
        assert_eq!(musashi_game_play(game, c(&first).as_ptr()), 0);
        assert_eq!(musashi_game_undo(game), 0);
        let builder = musashi_bundle_builder_new();
        assert!(musashi_bundle_build(builder, std::ptr::null()).is_null());
        assert!(last_error().contains("no manifest.json"), "{}", last_error());
        let builder = musashi_bundle_builder_new();
        let junk = b"{\"format_version\": 4}";
        assert_eq!(musashi_bundle_builder_add(builder, c("manifest.json").as_ptr(), junk.as_ptr(), junk.len()), 0);
        assert!(musashi_bundle_build(builder, c("junk").as_ptr()).is_null());
        assert!(last_error().starts_with("bundle junk: manifest.json"), "{}", last_error());
        let bundle = musashi_bundle_open(c(root().join("export/classic").to_str().unwrap()).as_ptr());
        assert!(!bundle.is_null(), "{}", last_error());
        assert!(musashi_player_new(bundle, game, c("expert").as_ptr(), 0, 1).is_null());
        assert!(last_error().contains("unknown level 'expert'"));
        musashi_bundle_free(bundle);
        musashi_game_free(game);
    }
}
