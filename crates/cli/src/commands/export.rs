//! `musashi export --config configs/export.toml`: calibrates Easy, Normal and Hard for each preset
//! and side by measuring candidate settings in matches, then writes a bundle (`docs/export.md`):
//! `manifest.json`, the weights, `calibration.md` with every candidate's measurement, and
//! `export.resolved.toml`.

use crate::agents;
use crate::calibration::{Measurement, Timed, over_budget, pick, stderr_of};
use crate::commands::rank::Player;
use crate::export_config::{ExportConfig, level_spec, load_config, resolve_checkpoint, resolved_toml};
use anyhow::{Context, Result, anyhow, bail};
use musashi_evaluator::{FitOptions, MatchConfig, RatedGame, fit_side_ratings, play_match, round_robin};
use musashi_game::{Preset, Side};
use musashi_net::read_meta;
use musashi_runtime::{
    Architecture, BUNDLE_FORMAT_VERSION, Bundle, LEVELS, Level, MANIFEST, Manifest, Measured, NetworkInfo, RulesEntry,
    WeightsFile, sha256_hex,
};
use musashi_search::AgentSpec;
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

#[derive(clap::Args, Debug)]
pub(crate) struct Args {
    /// The export configuration (TOML; see configs/export.toml).
    #[arg(long)]
    config: PathBuf,
    /// Override a key of the configuration, e.g. --set games=8 (repeatable).
    #[arg(long = "set", value_name = "KEY=VALUE")]
    set: Vec<String>,
    /// Replace an existing bundle folder.
    #[arg(long)]
    force: bool,
}

/// The weight files of a bundle, one per distinct checkpoint, named by their hash.
#[derive(Default)]
struct WeightSet {
    files: BTreeMap<PathBuf, WeightsFile>,
    bytes: BTreeMap<String, Vec<u8>>,
    shape: Option<Architecture>,
}

impl WeightSet {
    /// Adds a checkpoint's weights (checked against its hash); returns the file name.
    fn add(&mut self, ckpt: &Path) -> Result<String> {
        if let Some(w) = self.files.get(ckpt) {
            return Ok(w.file.clone());
        }
        let meta = read_meta(ckpt)?;
        let bytes = std::fs::read(ckpt.join("weights.safetensors"))
            .with_context(|| format!("cannot read the weights of {}", ckpt.display()))?;
        let hash = sha256_hex(&bytes);
        if hash != meta.weights_sha256 {
            bail!(
                "checkpoint {}: the weights are corrupt (SHA-256 {hash}, metadata {})",
                ckpt.display(),
                meta.weights_sha256
            );
        }
        let arch = Architecture {
            hidden: meta.model.hidden,
            blocks: meta.model.blocks,
            value_hidden: meta.model.value_hidden,
        };
        match self.shape {
            None => self.shape = Some(arch),
            Some(s) if s != arch => {
                bail!(
                    "checkpoint {}: shape {arch:?} differs from {s:?}; a bundle holds one architecture",
                    ckpt.display()
                )
            }
            Some(_) => {}
        }
        let file = format!("net-{}.safetensors", &hash[..12]);
        let entry = WeightsFile {
            file: file.clone(),
            sha256: hash,
            parameters: meta.model.num_params(),
            source: format!("{} (generation {})", ckpt.display(), meta.generation),
        };
        self.bytes.insert(file.clone(), bytes);
        self.files.insert(ckpt.to_path_buf(), entry);
        Ok(file)
    }
}

pub(crate) fn run(a: Args) -> Result<()> {
    let config = load_config(&a.config, &a.set)?;
    export(&config, a.force)
}

/// Calibrates and writes the bundle; returns nothing but the files.
pub(crate) fn export(config: &ExportConfig, force: bool) -> Result<()> {
    let threads =
        if config.threads == 0 { std::thread::available_parallelism().map_or(1, |n| n.get()) } else { config.threads };
    // With --force the old bundle stays in place until the new one is complete (write_bundle):
    // a calibration that fails or is killed leaves it as it was.
    if config.out.exists() && !force {
        bail!("{} exists: pass --force to replace it", config.out.display());
    }
    let main_ckpt = resolve_checkpoint(&config.checkpoint)?;
    let side_ckpt = |p: &Option<PathBuf>| p.as_deref().map_or(Ok(main_ckpt.clone()), resolve_checkpoint);
    // Indexed by `Side::index()`.
    let side_ckpts = [side_ckpt(&config.general_checkpoint)?, side_ckpt(&config.soldiers_checkpoint)?];
    let mut ws = WeightSet::default();
    for ckpt in &side_ckpts {
        ws.add(ckpt)?;
    }

    let mut manifest_levels = Vec::new();
    let mut rules_entries = Vec::new();
    let mut report = String::new();
    writeln!(report, "# Calibration of the `{}` bundle\n", config.name)?;
    writeln!(
        report,
        "Checkpoints: General `{}`, soldiers `{}`; {} games per candidate, {} per reference pairing and side; seed {}; \
         {} random opening plies; {threads} threads.\n",
        side_ckpts[Side::General.index()].display(),
        side_ckpts[Side::Soldiers.index()].display(),
        config.games,
        config.reference_games,
        config.seed,
        config.opening_plies
    )?;
    for (pi, preset_name) in config.presets.iter().enumerate() {
        let preset: Preset = preset_name.parse().map_err(|e: String| anyhow!(e))?;
        let rules = preset.ruleset();
        rules_entries.push(RulesEntry { preset: preset_name.clone(), rules });
        let base = MatchConfig {
            rules,
            games: config.games,
            seed: config.seed ^ ((pi as u64) << 40),
            threads,
            opening_plies: config.opening_plies,
            max_plies: 1000,
        };
        // The reference players: the anchor and every level's opponent.
        let mut refs: Vec<Player> = Vec::new();
        let mut add_ref = |text: &str| -> Result<usize> {
            let spec: AgentSpec = text.parse()?;
            if let Some(i) = refs.iter().position(|p| p.spec == spec) {
                return Ok(i);
            }
            agents::build_agent(&spec, &rules, 0).with_context(|| format!("reference agent '{spec}'"))?;
            refs.push(Player { name: spec.to_string(), spec, generation: None, baseline: true });
            Ok(refs.len() - 1)
        };
        let anchor = add_ref(&config.anchor)?;
        let mut level_opponent = BTreeMap::new();
        for name in LEVELS {
            level_opponent.insert(name, add_ref(&config.levels[name].opponent)?);
        }
        let mut rated: Vec<RatedGame> = Vec::new();
        // References: every pairing both sides, and the anchor against itself (it pins the
        // side advantage of the per-side model).
        let mut pairs = round_robin(refs.len());
        pairs.push((anchor, anchor));
        for (k, &(x, y)) in pairs.iter().enumerate() {
            let sides: &[(usize, usize)] = if x == y { &[(x, x)] } else { &[(x, y), (y, x)] };
            for (j, &(g, s)) in sides.iter().enumerate() {
                let c = MatchConfig {
                    games: config.reference_games,
                    seed: base.seed ^ 0xAAAA ^ ((k as u64) << 8) ^ j as u64,
                    ..base.clone()
                };
                let (gs, ss) = (refs[g].spec.clone(), refs[s].spec.clone());
                let r = play_match(&c, |side, i| {
                    let spec = if side == Side::General { &gs } else { &ss };
                    agents::build_agent(spec, &rules, i as u64).expect("checked")
                });
                rated.extend(r.records.iter().map(|rec| RatedGame {
                    general: g,
                    soldiers: s,
                    general_won: rec.outcome.winner == Side::General,
                }));
                eprintln!(
                    "export {preset_name}: reference {} vs {}: General won {}/{}",
                    refs[g].name, refs[s].name, r.summary.general_wins, c.games
                );
            }
        }
        // Candidates.
        let mut measured: Vec<Measurement> = Vec::new();
        let mut skipped: Vec<String> = Vec::new();
        for side in Side::BOTH {
            for name in LEVELS {
                let level = &config.levels[name];
                let opp = level_opponent[name];
                let li = LEVELS.iter().position(|l| *l == name).expect("a level") as u64;
                for (ci, cand) in level.candidates.iter().enumerate() {
                    let settings = cand.settings();
                    settings.validate().map_err(|e| anyhow!("levels.{name}.candidates[{ci}]: {e}"))?;
                    // The strongest within a time budget: a candidate with at least the
                    // simulations of one already over the budget would be too, so it is skipped.
                    if let Some(slow) = over_budget(level, &measured, side, name, settings.sims) {
                        let line = format!(
                            "{side} {name} candidate {ci} (sims={}): skipped, sims={} already took {:.1} ms/move \
                             (budget {} ms)",
                            settings.sims, slow.settings.sims, slow.ms_per_move, level.ms_per_move
                        );
                        eprintln!("export {preset_name}: {line}");
                        skipped.push(line);
                        continue;
                    }
                    let ckpt = match &cand.checkpoint {
                        Some(p) => resolve_checkpoint(p)?,
                        None => side_ckpts[side.index()].clone(),
                    };
                    let file = ws.add(&ckpt)?;
                    let spec = level_spec(&ckpt, &settings)?;
                    agents::build_agent(&spec, &rules, 0)?;
                    let player = refs.len() + measured.len();
                    let seed = base.seed ^ ((side.index() as u64) << 32) ^ ((ci as u64) << 16) ^ (li << 8);
                    let c = MatchConfig { seed, ..base.clone() };
                    let (nanos, moves) = (Arc::new(AtomicU64::new(0)), Arc::new(AtomicU64::new(0)));
                    let opp_spec = refs[opp].spec.clone();
                    let r = play_match(&c, |s, i| {
                        if s == side {
                            let inner = agents::build_agent(&spec, &rules, i as u64).expect("checked");
                            Box::new(Timed { inner, nanos: nanos.clone(), moves: moves.clone() })
                        } else {
                            agents::build_agent(&opp_spec, &rules, i as u64).expect("checked")
                        }
                    });
                    let wins = r.records.iter().filter(|g| g.outcome.winner == side).count();
                    let n = moves.load(Ordering::Relaxed).max(1);
                    let ms_per_move = nanos.load(Ordering::Relaxed) as f64 / n as f64 / 1e6;
                    for rec in &r.records {
                        let (g, s) = if side == Side::General { (player, opp) } else { (opp, player) };
                        rated.push(RatedGame {
                            general: g,
                            soldiers: s,
                            general_won: rec.outcome.winner == Side::General,
                        });
                    }
                    eprintln!(
                        "export {preset_name}: {side} {name} candidate {ci} ({spec}): {wins}/{} against {}, {ms_per_move:.1} ms/move",
                        c.games, refs[opp].name
                    );
                    measured.push(Measurement {
                        level: name,
                        side,
                        candidate: ci,
                        spec,
                        file,
                        settings,
                        opponent: refs[opp].name.clone(),
                        games: c.games,
                        wins,
                        ms_per_move,
                        player,
                    });
                }
            }
        }
        let players = refs.len() + measured.len();
        let fit = fit_side_ratings(players, &rated, &FitOptions { anchor, ..FitOptions::default() })?;
        let elo = |m: &Measurement| match m.side {
            Side::General => (fit.general[m.player], fit.general_err[m.player]),
            Side::Soldiers => (fit.soldiers[m.player], fit.soldiers_err[m.player]),
        };
        writeln!(report, "## {preset_name}\n")?;
        writeln!(report, "Reference agents (per-side Elo, anchor `{}`):\n", config.anchor)?;
        for (i, p) in refs.iter().enumerate() {
            writeln!(
                report,
                "- `{}`: as General {:+.0} ± {:.0}, as soldiers {:+.0} ± {:.0}",
                p.name, fit.general[i], fit.general_err[i], fit.soldiers[i], fit.soldiers_err[i]
            )?;
        }
        writeln!(
            report,
            "- side advantage (anchor against itself): {:+.0} ± {:.0}\n",
            fit.side_advantage, fit.side_advantage_err
        )?;
        writeln!(report, "| side | level | candidate | opponent | score | Elo | ms/move | chosen |")?;
        writeln!(report, "|---|---|---|---|---:|---:|---:|:---:|")?;
        for side in Side::BOTH {
            for name in LEVELS {
                let ms: Vec<&Measurement> = measured.iter().filter(|m| m.side == side && m.level == name).collect();
                let chosen = pick(&config.levels[name], &ms);
                for (k, m) in ms.iter().enumerate() {
                    let (e, ee) = elo(m);
                    writeln!(
                        report,
                        "| {side} | {name} | `{}` | `{}` | {}/{} ({:.0}%) | {e:+.0} ± {ee:.0} | {:.1} | {} |",
                        m.spec,
                        m.opponent,
                        m.wins,
                        m.games,
                        100.0 * m.score(),
                        m.ms_per_move,
                        if k == chosen { "yes" } else { "" }
                    )?;
                }
                let m = ms[chosen];
                let (e, ee) = elo(m);
                let _ = m.candidate;
                manifest_levels.push(Level {
                    preset: preset_name.clone(),
                    side,
                    level: name.to_string(),
                    weights: m.file.clone(),
                    settings: m.settings,
                    measured: Measured {
                        opponent: m.opponent.clone(),
                        games: m.games,
                        score: m.score(),
                        score_err: stderr_of(m.score(), m.games),
                        elo: e,
                        elo_err: ee,
                        anchor: config.anchor.clone(),
                        ms_per_move: m.ms_per_move,
                    },
                });
            }
        }
        if !skipped.is_empty() {
            writeln!(report)?;
        }
        for line in &skipped {
            writeln!(report, "- {line}")?;
        }
        writeln!(report)?;
    }
    let manifest = Manifest {
        format_version: BUNDLE_FORMAT_VERSION,
        name: config.name.clone(),
        encoding_version: musashi_net::ENCODING_VERSION,
        network: NetworkInfo::new(ws.shape.expect("the main checkpoint was read")),
        weights: ws.files.values().cloned().collect(),
        rules: rules_entries,
        levels: manifest_levels,
    };
    write_bundle(&config.out, &manifest, &ws.bytes, &report, &resolved_toml(config)?)?;
    // Read it back through the runtime: what was written loads.
    Bundle::load(&config.out)?;
    eprintln!("export: wrote {}", config.out.display());
    print!("{report}");
    Ok(())
}

/// Writes the bundle folder (through a temporary sibling, renamed at the end, replacing an
/// existing bundle only then): the manifest, the weights, the calibration report and the
/// resolved configuration.
pub(crate) fn write_bundle(
    out: &Path,
    manifest: &Manifest,
    weights: &BTreeMap<String, Vec<u8>>,
    report: &str,
    resolved_config: &str,
) -> Result<()> {
    let name = out.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_else(|| "bundle".into());
    let tmp = out.with_file_name(format!(".{name}.tmp-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&tmp);
    std::fs::create_dir_all(&tmp).with_context(|| format!("cannot create {}", tmp.display()))?;
    let mut json = serde_json::to_string_pretty(manifest)?;
    json.push('\n');
    std::fs::write(tmp.join(MANIFEST), json)?;
    for (file, bytes) in weights {
        std::fs::write(tmp.join(file), bytes)?;
    }
    std::fs::write(tmp.join("calibration.md"), report)?;
    std::fs::write(tmp.join("export.resolved.toml"), resolved_config)?;
    // A bundle already there (--force) is moved aside first and removed only once the new one
    // is in place.
    let old = out.with_file_name(format!(".{name}.old-{}", std::process::id()));
    let replaced = out.exists();
    if replaced {
        let _ = std::fs::remove_dir_all(&old);
        std::fs::rename(out, &old).with_context(|| format!("cannot move the old bundle {} aside", out.display()))?;
    }
    if let Err(e) = std::fs::rename(&tmp, out) {
        if replaced {
            let _ = std::fs::rename(&old, out);
        }
        return Err(e).with_context(|| format!("cannot move the bundle to {}", out.display()));
    }
    if replaced {
        std::fs::remove_dir_all(&old).with_context(|| format!("cannot remove the old bundle {}", old.display()))?;
    }
    Ok(())
}
