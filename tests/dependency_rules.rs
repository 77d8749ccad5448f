//! The dependency invariants of ARCHITECTURE.md, checked on the crates' manifests: only the
//! network crate imports Burn, and the export runtime has no training dependencies (directly or
//! through another workspace crate).

use std::collections::BTreeSet;
use std::path::Path;

/// The `[dependencies]` of a workspace crate (normal dependencies only).
fn dependencies(krate: &str) -> BTreeSet<String> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("crates").join(krate).join("Cargo.toml");
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

#[test]
fn only_the_network_crate_imports_burn() {
    for krate in
        ["game", "encoding", "search", "solver", "evaluator", "runtime", "net", "records", "selfplay", "trainer"]
    {
        let direct = dependencies(krate);
        assert_eq!(direct.iter().any(|d| d.starts_with("burn")), krate == "net", "{krate}: {direct:?}");
    }
}

#[test]
fn the_runtime_has_no_training_dependencies() {
    let all = closure("runtime");
    for banned in ["burn", "musashi-net", "musashi-selfplay", "musashi-trainer", "musashi-records", "musashi-solver"] {
        assert!(!all.contains(banned), "musashi-runtime depends on {banned} (through {all:?})");
    }
    assert!(all.contains("musashi-encoding"), "{all:?}");
}

#[test]
fn the_search_and_evaluator_stay_free_of_networks_and_tables() {
    for krate in ["search", "evaluator"] {
        let all = closure(krate);
        for banned in ["burn", "musashi-net", "musashi-solver", "musashi-runtime"] {
            assert!(!all.contains(banned), "musashi-{krate} depends on {banned}");
        }
    }
}
