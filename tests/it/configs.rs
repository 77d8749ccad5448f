//! The example configs in `configs/`: every training job loads and validates as it stands, and
//! `configs/README.md` lists every file, so an example cannot rot unnoticed.

use std::path::{Path, PathBuf};

/// The files of `configs/` that are not training jobs (`musashi export` reads them).
const EXPORT_CONFIGS: [&str; 2] = ["export.toml", "musashi.toml"];

fn configs() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("configs");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "toml"))
        .collect();
    files.sort();
    files
}

fn name(p: &Path) -> &str {
    p.file_name().unwrap().to_str().unwrap()
}

#[test]
fn every_training_config_loads_and_validates() {
    let jobs: Vec<PathBuf> = configs().into_iter().filter(|p| !EXPORT_CONFIGS.contains(&name(p))).collect();
    assert!(jobs.len() >= 7, "the training configs: {jobs:?}");
    for path in &jobs {
        if let Err(e) = musashi_trainer::load_job(path, &[]) {
            panic!("{} does not load: {e}", path.display());
        }
    }
}

#[test]
fn the_pure_selfplay_config_trains_without_tables_and_with_handicap_games() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("configs/pure-selfplay.toml");
    let job = musashi_trainer::load_job(&path, &[]).unwrap();
    assert!(job.bootstrap.tablebase.is_empty() && !job.bootstrap.tablebase_policy);
    assert!(job.selfplay.handicap.share > 0.0, "{:?}", job.selfplay.handicap);
    assert!(job.run.max_minutes > 0.0);
}

#[test]
fn the_configs_readme_lists_every_file() {
    let readme = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("configs/README.md")).unwrap();
    for path in configs() {
        let row = format!("| `{}` |", name(&path));
        assert!(readme.contains(&row), "configs/README.md has no row for {}", name(&path));
    }
}
