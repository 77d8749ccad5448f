//! The export: calibrates Easy, Normal and Hard for each preset and side by measuring candidate
//! settings in matches against reference agents, and writes a bundle (`docs/export.md`):
//! `manifest.json`, the weights, `calibration.md` with every candidate's measurement, and
//! `export.resolved.toml`.
//!
//! Entry point: [`export`] with an [`ExportConfig`] (read by [`load_config`]). The pieces: the
//! configuration (`config.rs`, a level's candidate settings in `candidate.rs`), the reference agents and their games (`references.rs`), the
//! candidates' measurements (`candidates.rs`), the rule that picks a level's candidate and the
//! timed agent (`calibration.rs`), the weight files (`weights.rs`), the report
//! (`report.rs`) and the bundle folder, written atomically (`bundle_dir.rs`); and the way
//! back, a bundle's network as a checkpoint ([`checkpoint_from_bundle`], `unbundle.rs`).
//!
//! ```no_run
//! let config = musashi_export::load_config("configs/export.toml".as_ref(), &["games=8".into()])?;
//! let report = musashi_export::export(&config, true, &|line| eprintln!("{line}"))?;
//! println!("{} levels", report.manifest.levels.len());
//! # Ok::<(), musashi_export::ExportError>(())
//! ```

mod behaviour;
mod bundle_dir;
mod calibration;
mod candidate;
mod candidates;
mod choose;
mod config;
mod error;
mod references;
mod report;
mod retune;
mod seeds;
mod spot_checks;
mod unbundle;
mod weights;

pub use candidate::Candidate;
pub use config::{ExportConfig, LevelConfig, PresetNetworks, SpotCheckConfig, load_config, resolved_toml};
pub use error::ExportError;
pub use retune::{Retune, RetunePlan, retune};
pub use unbundle::checkpoint_from_bundle;

use candidates::Calibration;
use musashi_agents::{TableOracle, load_tables, resolve_checkpoint};
use musashi_evaluator::{FitOptions, MatchConfig, fit_side_ratings};
use musashi_game::{Preset, Ruleset};
use musashi_runtime::{Bundle, Manifest, NetworkInfo, RulesEntry, SearchConstants};
use musashi_search::Oracle;
use references::References;
use spot_checks::SpotChecks;
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

/// The checkpoint folders of one preset's General and soldiers levels (by `Side::index()`): the
/// preset's `[networks]` entry, else the export's side checkpoints, else its `checkpoint`.
fn side_checkpoints(config: &ExportConfig, preset: Preset) -> Result<[PathBuf; 2], ExportError> {
    // A checkpoint that does not load is reported against the key that names it.
    let resolve = |key: String, p: &Path| -> Result<PathBuf, ExportError> {
        let dir = resolve_checkpoint(p).map_err(|source| ExportError::Agent { what: key.clone(), source })?;
        musashi_net::read_meta(&dir).map_err(|e| ExportError::Invalid { what: key, problem: e.to_string() })?;
        Ok(dir)
    };
    let own = config.networks.get(&preset);
    let pick = |side: &str, global: &Option<PathBuf>, local: Option<&Option<PathBuf>>| {
        let local_main = own.and_then(|n| n.checkpoint.as_ref());
        match (local.and_then(|l| l.as_ref()), local_main, global) {
            (Some(p), _, _) => resolve(format!("networks.{preset}.{side}_checkpoint"), p),
            (None, Some(p), _) => resolve(format!("networks.{preset}.checkpoint"), p),
            (None, None, Some(p)) => resolve(format!("{side}_checkpoint"), p),
            (None, None, None) => resolve("checkpoint".into(), &config.checkpoint),
        }
    };
    Ok([
        pick("general", &config.general_checkpoint, own.map(|n| &n.general_checkpoint))?,
        pick("soldiers", &config.soldiers_checkpoint, own.map(|n| &n.soldiers_checkpoint))?,
    ])
}

/// The calibration matches' settings: `config.games` games of `rules`.
fn base_match(config: &ExportConfig, rules: Ruleset, seed: u64, threads: usize) -> MatchConfig {
    MatchConfig { rules, games: config.games, seed, threads, opening_plies: config.opening_plies, max_plies: 1000 }
}

/// Calibrates every level of every preset and writes the bundle to `config.out` (replacing an
/// existing one only with `force`, and only once the new one is complete).
pub fn export(config: &ExportConfig, force: bool, log: Log<'_>) -> Result<ExportReport, ExportError> {
    let threads = musashi_chores::threads_or_all(config.threads);
    if config.out.exists() && !force {
        return Err(ExportError::Exists(config.out.clone()));
    }
    // Every checkpoint is checked before the first game.
    let ckpts: Vec<[PathBuf; 2]> =
        config.presets.iter().map(|&p| side_checkpoints(config, p)).collect::<Result<_, _>>()?;
    let mut ws = WeightSet::default();
    for ckpt in ckpts.iter().flatten() {
        ws.add(ckpt)?;
    }
    let mut levels = Vec::new();
    let mut rules_entries = Vec::new();
    let mut report = report::header(config, threads);
    for (pi, (&preset, side_ckpts)) in config.presets.iter().zip(&ckpts).enumerate() {
        let preset_name = preset.name();
        let rules = preset.ruleset();
        rules_entries.push(RulesEntry { preset: preset_name.to_string(), rules });
        let base = base_match(config, rules, seeds::preset(config.seed, pi), threads);
        let preset_log = |line: &str| log(&format!("export {preset_name}: {line}"));
        let refs = References::parse(config, &rules)?;
        let oracle = match config.tables.get(&preset) {
            Some(dir) => Some(TableOracle {
                tables: load_tables(dir, &rules)
                    .map_err(|source| ExportError::Agent { what: format!("tables.{preset_name}"), source })?,
            }),
            None => None,
        };
        let mut rated = refs.play(config, &base, &preset_log);
        let oracle = oracle.as_ref().map(|o| o as &dyn Oracle);
        let calibration = Calibration { config, preset, refs: &refs, base, side_ckpts, oracle };
        let measured = calibration.measure(&mut ws, &preset_log)?;
        rated.extend_from_slice(&measured.rated);
        let players = refs.players.len() + measured.measurements.len();
        let fit = fit_side_ratings(players, &rated, &FitOptions { anchor: refs.anchor, ..FitOptions::default() })?;
        let chosen = choose::choose_levels(config, preset, &measured, &fit);
        let section_of = report::Section { config, preset: preset_name, side_ckpts, refs: &refs };
        report.push_str(&section_of.write(&measured, &fit, &chosen));
        let mut chosen = chosen.levels;
        report.push_str(&behaviour::measure(&calibration, &mut chosen, side_ckpts, &mut ws, &preset_log)?);
        levels.extend(chosen);
    }
    let checks = SpotChecks {
        config,
        rules: &rules_entries,
        ckpts: &ckpts,
        levels: &levels,
        base: base_match(config, rules_entries[0].rules, config.seed, threads),
    };
    let mut spot_checks = Vec::new();
    for (k, check) in config.spot_checks.iter().enumerate() {
        let check_log = |line: &str| log(&format!("export spot check {}: {line}", check.name));
        let (spot, section) = checks.measure(k, check, &mut ws, &check_log)?;
        report.push_str(&section);
        spot_checks.push(spot);
    }
    let (summary, unordered) = report::summary(&levels);
    report.insert_str(report.find("## ").unwrap_or(report.len()), &summary);
    if unordered > 0 {
        log(&format!(
            "export: the levels of {unordered} (preset, side) pairs are not strictly ordered (calibration.md)"
        ));
    }
    let network = NetworkInfo::new(ws.shape.expect("every preset's checkpoints were read"));
    let mut manifest = Manifest {
        format_version: 0,
        name: config.name.clone(),
        encoding_version: musashi_net::ENCODING_VERSION,
        network,
        weights: ws.files.values().cloned().collect(),
        rules: rules_entries,
        levels,
        spot_checks,
        search: Some(SearchConstants::of_this_build()),
        license: Some(config.license.clone()),
    };
    manifest.format_version = manifest.needed_format();
    bundle_dir::write_bundle(&config.out, &manifest, &ws.bytes, &report, &resolved_toml(config)?)?;
    // Read it back through the runtime: what was written loads.
    Bundle::load(&config.out)?;
    log(&format!("export: wrote {}", config.out.display()));
    Ok(ExportReport { manifest, calibration: report })
}
