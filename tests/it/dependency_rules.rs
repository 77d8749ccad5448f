//! The invariants of ARCHITECTURE.md, checked on the crates' manifests and sources: which crate
//! may depend on which, where Burn is imported, which crates do no I/O, and that the binary's
//! commands do not use each other.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

const CRATES: [&str; 21] = [
    "chores",
    "game",
    "encoding",
    "search",
    "solver",
    "evaluator",
    "runtime",
    "capi",
    "net",
    "records",
    "selfplay",
    "trainer",
    "agents",
    "export",
    "config",
    "plot",
    "testkit",
    "cluster",
    "play",
    "serve",
    "lab",
];

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// The `[dependencies]` of a workspace crate (normal dependencies only).
fn dependencies(krate: &str) -> BTreeSet<String> {
    let path = root().join("crates").join(krate).join("Cargo.toml");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let manifest: toml::Table = text.parse().unwrap();
    manifest.get("dependencies").and_then(|d| d.as_table()).map(|t| t.keys().cloned().collect()).unwrap_or_default()
}

/// Every dependency of a workspace crate, following workspace crates transitively.
fn closure(krate: &str) -> BTreeSet<String> {
    let mut seen = BTreeSet::new();
    let mut todo = vec![krate.to_string()];
    while let Some(k) = todo.pop() {
        for d in dependencies(&k) {
            if seen.insert(d.clone())
                && let Some(inner) = d.strip_prefix("musashi-")
            {
                todo.push(inner.to_string());
            }
        }
    }
    seen
}

/// The Rust sources under a folder, with their text.
fn sources(dir: &Path) -> Vec<(PathBuf, String)> {
    let mut out = Vec::new();
    for e in std::fs::read_dir(dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())) {
        let p = e.unwrap().path();
        if p.is_dir() {
            out.extend(sources(&p));
        } else if p.extension().is_some_and(|x| x == "rs") {
            let text = std::fs::read_to_string(&p).unwrap();
            out.push((p, text));
        }
    }
    out
}

/// The text of a source before its `#[cfg(test)]` module (tests may use what the code may not).
fn code_part(text: &str) -> &str {
    text.split("#[cfg(test)]").next().unwrap_or(text)
}

fn set(items: &[&str]) -> BTreeSet<String> {
    items.iter().map(|s| s.to_string()).collect()
}

#[test]
fn only_the_network_crate_imports_burn() {
    for krate in CRATES {
        let direct = dependencies(krate);
        assert_eq!(direct.iter().any(|d| d.starts_with("burn")), krate == "net", "{krate}: {direct:?}");
    }
}

#[test]
fn the_rules_crate_depends_on_serde_alone() {
    assert_eq!(dependencies("game"), set(&["serde"]));
}

#[test]
fn the_solver_depends_on_the_rules_crate_only() {
    assert_eq!(dependencies("solver"), set(&["musashi-game", "rayon", "crc32fast"]));
}

#[test]
fn the_encoding_does_no_io() {
    assert_eq!(dependencies("encoding"), set(&["musashi-game"]));
    for (path, text) in sources(&root().join("crates/encoding/src")) {
        for io in ["std::fs", "std::io", "std::net", "std::env", "File::"] {
            assert!(!code_part(&text).contains(io), "{} uses {io}", path.display());
        }
    }
}

#[test]
fn the_evaluator_does_no_io() {
    for (path, text) in sources(&root().join("crates/evaluator/src")) {
        for io in ["std::fs", "std::net", "std::env", "File::"] {
            assert!(!code_part(&text).contains(io), "{} uses {io}", path.display());
        }
    }
}

#[test]
fn the_runtime_and_the_server_have_no_training_dependencies() {
    for krate in ["runtime", "play", "serve", "capi"] {
        let all = closure(krate);
        for banned in
            ["burn", "musashi-net", "musashi-selfplay", "musashi-trainer", "musashi-records", "musashi-solver"]
        {
            assert!(!all.contains(banned), "musashi-{krate} depends on {banned} (through {all:?})");
        }
        assert!(all.contains("musashi-encoding"), "{all:?}");
    }
}

#[test]
fn the_search_and_evaluator_stay_free_of_networks_and_tables() {
    for krate in ["search", "evaluator"] {
        let all = closure(krate);
        for banned in ["burn", "musashi-net", "musashi-solver", "musashi-runtime", "musashi-agents", "musashi-records"]
        {
            assert!(!all.contains(banned), "musashi-{krate} depends on {banned}");
        }
    }
}

#[test]
fn every_crate_in_the_repository_is_a_workspace_member() {
    // A crate outside the workspace is built by no one and rots as the libraries change.
    let manifest: toml::Table = std::fs::read_to_string(root().join("Cargo.toml")).unwrap().parse().unwrap();
    let members: BTreeSet<String> = manifest["workspace"]["members"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m.as_str().unwrap().trim_start_matches("crates/").to_string())
        .collect();
    for krate in CRATES {
        assert!(members.contains(krate), "crates/{krate} is not a workspace member");
    }
    for e in std::fs::read_dir(root().join("crates")).unwrap() {
        let name = e.unwrap().file_name().to_string_lossy().into_owned();
        assert!(CRATES.contains(&name.as_str()) || name == "cli", "crates/{name} is not listed in CRATES");
    }
}

#[test]
fn the_layers_point_one_way() {
    // Each crate may use only the workspace crates below it.
    let allowed: [(&str, &[&str]); 21] = [
        ("chores", &[]),
        ("game", &[]),
        ("config", &["chores"]),
        ("plot", &[]),
        ("testkit", &[]),
        ("encoding", &["game"]),
        ("search", &["game"]),
        ("solver", &["game"]),
        ("records", &["chores", "game"]),
        ("evaluator", &["chores", "game", "search"]),
        ("runtime", &["game", "search", "encoding"]),
        ("capi", &["game", "search", "encoding", "runtime", "play"]),
        ("net", &["game", "encoding"]),
        ("selfplay", &["chores", "game", "search", "net", "records"]),
        ("agents", &["game", "search", "net", "selfplay", "solver", "runtime"]),
        ("trainer", &["game", "search", "net", "records", "selfplay", "evaluator", "agents", "solver", "config"]),
        ("export", &["chores", "game", "search", "net", "evaluator", "agents", "runtime", "config"]),
        ("cluster", &["trainer", "config"]),
        ("play", &["chores", "game", "search", "runtime"]),
        ("serve", &["game", "search", "runtime", "play"]),
        ("lab", &["game", "search", "net", "agents", "evaluator", "solver"]),
    ];
    assert_eq!(allowed.len(), CRATES.len());
    for (krate, may) in allowed {
        for d in dependencies(krate) {
            if let Some(inner) = d.strip_prefix("musashi-") {
                assert!(may.contains(&inner), "musashi-{krate} depends on {d}, which it may not");
            }
        }
    }
}

#[test]
fn no_command_of_the_binary_uses_another() {
    let dir = root().join("crates/cli/src/commands");
    for (path, text) in sources(&dir) {
        let inside_bench = path.parent() == Some(&dir.join("bench"));
        for line in code_part(&text).lines().filter(|l| l.trim_start().starts_with("use ")) {
            let uses_command = line.contains("crate::commands") || (line.contains("super::") && !inside_bench);
            assert!(!uses_command, "{}: '{}'", path.display(), line.trim());
        }
    }
}

#[test]
fn unsafe_code_lives_in_the_c_library_alone() {
    // The workspace forbids unsafe code; the C and WebAssembly boundary (crates/capi) is the one
    // crate that takes raw pointers from its hosts, and it sets its own lints to allow it.
    let manifests = CRATES.iter().map(|k| (*k, root().join("crates").join(k).join("Cargo.toml")));
    for (krate, path) in manifests.chain([("the binary", root().join("Cargo.toml"))]) {
        let text = std::fs::read_to_string(path).unwrap();
        let manifest: toml::Table = text.parse().unwrap();
        let workspace_lints = manifest.get("lints").and_then(|l| l.get("workspace")).and_then(|w| w.as_bool());
        if krate == "capi" {
            let rust = &manifest["lints"]["rust"];
            assert_eq!(rust["unsafe_code"].as_str(), Some("allow"));
            assert_eq!(rust["unsafe_op_in_unsafe_fn"].as_str(), Some("deny"));
        } else {
            assert_eq!(workspace_lints, Some(true), "crates/{krate} must use the workspace's lints (no unsafe code)");
        }
    }
}
