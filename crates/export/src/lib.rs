//! The export: calibrates Easy, Normal and Hard for each preset and side by measuring candidate
//! settings in matches against reference agents, and writes a bundle (`docs/export.md`):
//! `manifest.json`, the weights, `calibration.md` with every candidate's measurement, and
//! `export.resolved.toml`.
//!
//! Entry point: [`export`] with an [`ExportConfig`] (read by [`load_config`]). The pieces: the
//! configuration (`config.rs`), the reference agents and their games (`references.rs`), the
//! candidates' measurements (`candidates.rs`), the rule that picks a level's candidate and the
//! timed agent (`calibration.rs`), the weight files (`weights.rs`), the report
//! (`report.rs`) and the bundle folder, written atomically (`bundle_dir.rs`).
//!
//! ```no_run
//! let config = musashi_export::load_config("configs/export.toml".as_ref(), &["games=8".into()])?;
//! let report = musashi_export::export(&config, true, &|line| eprintln!("{line}"))?;
//! println!("{} levels", report.manifest.levels.len());
//! # Ok::<(), musashi_export::ExportError>(())
//! ```

mod bundle_dir;
mod calibration;
mod candidates;
mod config;
mod error;
mod references;
mod report;
mod seeds;
mod weights;

pub use config::{Candidate, ExportConfig, LevelConfig, load_config, resolved_toml};
pub use error::ExportError;

use candidates::Calibration;
use musashi_agents::resolve_checkpoint;
use musashi_evaluator::{FitOptions, MatchConfig, fit_side_ratings};
use musashi_game::Preset;
use musashi_runtime::{BUNDLE_FORMAT_VERSION, Bundle, Manifest, NetworkInfo, RulesEntry};
use references::References;
use std::path::{Path, PathBuf};
use weights::WeightSet;

/// Where progress lines go (one line each, without a newline).
pub type Log<'a> = &'a (dyn Fn(&str) + Sync);

/// What an export wrote.
#[derive(Debug)]
pub struct ExportReport {
    /// The bundle's manifest.
    pub manifest: Manifest,
    /// `calibration.md`.
    pub calibration: String,
}

/// The checkpoint folders of the General's and the soldiers' levels (by `Side::index()`).
fn side_checkpoints(config: &ExportConfig) -> Result<[PathBuf; 2], ExportError> {
    // A checkpoint that does not load is reported against the key that names it.
    let resolve = |key: &str, p: &Path| -> Result<PathBuf, ExportError> {
        let dir = resolve_checkpoint(p).map_err(|source| ExportError::Agent { what: key.to_string(), source })?;
        musashi_net::read_meta(&dir)
            .map_err(|e| ExportError::Invalid { what: key.to_string(), problem: e.to_string() })?;
        Ok(dir)
    };
    let main = resolve("checkpoint", &config.checkpoint)?;
    let side = |key: &str, p: &Option<PathBuf>| p.as_deref().map_or(Ok(main.clone()), |p| resolve(key, p));
    Ok([
        side("general_checkpoint", &config.general_checkpoint)?,
        side("soldiers_checkpoint", &config.soldiers_checkpoint)?,
    ])
}

/// Calibrates every level of every preset and writes the bundle to `config.out` (replacing an
/// existing one only with `force`, and only once the new one is complete).
pub fn export(config: &ExportConfig, force: bool, log: Log<'_>) -> Result<ExportReport, ExportError> {
    let threads =
        if config.threads == 0 { std::thread::available_parallelism().map_or(1, |n| n.get()) } else { config.threads };
    if config.out.exists() && !force {
        return Err(ExportError::Exists(config.out.clone()));
    }
    let side_ckpts = side_checkpoints(config)?;
    let mut ws = WeightSet::default();
    for ckpt in &side_ckpts {
        ws.add(ckpt)?;
    }
    let mut levels = Vec::new();
    let mut rules_entries = Vec::new();
    let mut calibration = report::header(config, &side_ckpts, threads);
    for (pi, preset_name) in config.presets.iter().enumerate() {
        let preset: Preset =
            preset_name.parse().map_err(|problem| ExportError::Invalid { what: "presets".into(), problem })?;
        let rules = preset.ruleset();
        rules_entries.push(RulesEntry { preset: preset_name.clone(), rules });
        let base = MatchConfig {
            rules,
            games: config.games,
            seed: seeds::preset(config.seed, pi),
            threads,
            opening_plies: config.opening_plies,
            max_plies: 1000,
        };
        let preset_log = |line: &str| log(&format!("export {preset_name}: {line}"));
        let refs = References::parse(config, &rules)?;
        let mut rated = refs.play(config, &base, &preset_log);
        let measured =
            Calibration { config, refs: &refs, base, side_ckpts: &side_ckpts }.measure(&mut ws, &preset_log)?;
        rated.extend_from_slice(&measured.rated);
        let players = refs.players.len() + measured.measurements.len();
        let fit = fit_side_ratings(players, &rated, &FitOptions { anchor: refs.anchor, ..FitOptions::default() })?;
        let (section, chosen) = report::preset_section(config, preset_name, &refs, &measured, &fit);
        calibration.push_str(&section);
        levels.extend(chosen);
    }
    let manifest = Manifest {
        format_version: BUNDLE_FORMAT_VERSION,
        name: config.name.clone(),
        encoding_version: musashi_net::ENCODING_VERSION,
        network: NetworkInfo::new(ws.shape.expect("the main checkpoint was read")),
        weights: ws.files.values().cloned().collect(),
        rules: rules_entries,
        levels,
    };
    bundle_dir::write_bundle(&config.out, &manifest, &ws.bytes, &calibration, &resolved_toml(config)?)?;
    // Read it back through the runtime: what was written loads.
    Bundle::load(&config.out)?;
    log(&format!("export: wrote {}", config.out.display()));
    Ok(ExportReport { manifest, calibration })
}
