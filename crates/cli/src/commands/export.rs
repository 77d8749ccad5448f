//! `musashi export --config configs/export.toml`: calibrates Easy, Normal and Hard for each preset
//! and side by measuring candidate settings in matches, then writes a bundle (`docs/export.md`):
//! `manifest.json`, the weights, and `calibration.md` with every candidate's measurement.

use crate::agents;
use crate::commands::rank::Player;
use crate::train::config_file::apply_override;
use anyhow::{Context, Result, anyhow, bail};
use musashi_evaluator::{FitOptions, MatchConfig, RatedGame, fit_side_ratings, play_match, round_robin};
use musashi_game::{Preset, Side};
use musashi_net::read_meta;
use musashi_runtime::{
    Architecture, BUNDLE_FORMAT_VERSION, Bundle, LEVELS, Level, MANIFEST, Manifest, Measured, NetworkInfo, RulesEntry,
    WeightsFile, sha256_hex,
};
use musashi_search::{Agent, AgentSpec, Choice, PlaySettings};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Instant;

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

/// One candidate setting of a level.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct Candidate {
    /// Simulations per move (0 = the raw policy).
    #[serde(default)]
    sims: u32,
    /// Move-selection temperature at every ply.
    #[serde(default)]
    temperature: f32,
    /// Chance per move of a move from the lower half.
    #[serde(default)]
    blunder: f32,
    /// PUCT exploration constant (default: the search's).
    #[serde(default)]
    cpuct: Option<f32>,
    /// Another checkpoint for this candidate (default: the export's).
    #[serde(default)]
    checkpoint: Option<PathBuf>,
}

/// A level's target.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct LevelConfig {
    /// The opponent the candidates are measured against (it plays the other side).
    opponent: String,
    /// The score to aim at against it (0..1), or absent for "the strongest within the time
    /// budget".
    #[serde(default)]
    target: Option<f64>,
    /// Per-move time budget in milliseconds (0 = none): candidates slower than it are not chosen.
    #[serde(default)]
    ms_per_move: f64,
    /// The settings to measure.
    candidates: Vec<Candidate>,
}

/// The whole configuration.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct ExportConfig {
    /// The bundle's name.
    name: String,
    /// The checkpoint folder, or a run's checkpoints/BEST or LATEST pointer file.
    checkpoint: PathBuf,
    /// The bundle folder to write.
    out: PathBuf,
    /// Presets to calibrate levels for.
    presets: Vec<String>,
    /// The agent at Elo 0 for every side.
    #[serde(default = "default_anchor")]
    anchor: String,
    /// Calibration games per candidate.
    games: usize,
    /// Games per pairing and side among the reference agents (anchor and opponents).
    #[serde(default = "default_reference_games")]
    reference_games: usize,
    /// Seed of every calibration match.
    #[serde(default)]
    seed: u64,
    /// Worker threads (0 = every core).
    #[serde(default)]
    threads: usize,
    /// Random moves at the start of each game.
    #[serde(default = "default_opening")]
    opening_plies: u32,
    /// The levels: easy, normal and hard.
    levels: BTreeMap<String, LevelConfig>,
}

fn default_anchor() -> String {
    "alphabeta:depth=1".into()
}
fn default_reference_games() -> usize {
    20
}
fn default_opening() -> u32 {
    2
}

impl ExportConfig {
    fn validate(&self) -> Result<()> {
        if self.name.is_empty() || !self.name.chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_') {
            bail!("name must be letters, digits, - or _");
        }
        if self.presets.is_empty() {
            bail!("presets must name at least one preset");
        }
        for p in &self.presets {
            p.parse::<Preset>().map_err(|e| anyhow!("presets: {e}"))?;
        }
        if self.games == 0 {
            bail!("games must be at least 1");
        }
        for name in self.levels.keys() {
            if !LEVELS.contains(&name.as_str()) {
                bail!("levels.{name}: unknown level (expected {})", LEVELS.join(", "));
            }
        }
        for name in LEVELS {
            let l = self.levels.get(name).ok_or_else(|| anyhow!("levels.{name} is missing"))?;
            if l.candidates.is_empty() {
                bail!("levels.{name}.candidates is empty");
            }
            if let Some(t) = l.target
                && !(0.0..=1.0).contains(&t)
            {
                bail!("levels.{name}.target must be in 0..=1");
            }
            l.opponent.parse::<AgentSpec>().map_err(|e| anyhow!("levels.{name}.opponent: {e}"))?;
        }
        self.anchor.parse::<AgentSpec>().map_err(|e| anyhow!("anchor: {e}"))?;
        Ok(())
    }
}

/// Reads the configuration with overrides.
pub(crate) fn load_config(path: &Path, overrides: &[String]) -> Result<ExportConfig> {
    let text = std::fs::read_to_string(path).with_context(|| format!("cannot read config {}", path.display()))?;
    let source = path.display().to_string();
    let mut table: toml::Table = text.parse().map_err(|e| anyhow!("{source}: {e}"))?;
    for o in overrides {
        apply_override(&mut table, o)?;
    }
    let config: ExportConfig = serde_path_to_error::deserialize(toml::Value::Table(table)).map_err(|e| {
        let path = e.path().to_string();
        let inner = e.into_inner();
        if path == "." { anyhow!("{source}: {inner}") } else { anyhow!("{source}: key '{path}': {inner}") }
    })?;
    config.validate().map_err(|e| anyhow!("{source}: {e}"))?;
    Ok(config)
}

/// A checkpoint folder, following a BEST/LATEST pointer file.
fn resolve_checkpoint(path: &Path) -> Result<PathBuf> {
    if path.is_file() {
        let name = std::fs::read_to_string(path).with_context(|| format!("cannot read {}", path.display()))?;
        let dir = path.parent().unwrap_or(Path::new(".")).join(name.trim());
        return Ok(dir);
    }
    Ok(path.to_path_buf())
}

impl Candidate {
    fn settings(&self) -> PlaySettings {
        let mut s = PlaySettings {
            sims: self.sims,
            temperature: self.temperature,
            blunder: self.blunder,
            ..PlaySettings::default()
        };
        if let Some(c) = self.cpuct {
            s.cpuct = c;
        }
        s
    }
}

/// The in-pipeline agent spec of settings over a checkpoint.
pub(crate) fn level_spec(ckpt: &Path, s: &PlaySettings) -> Result<AgentSpec> {
    let text = format!(
        "mcts:ckpt={},sims={},temp={},cpuct={},blunder={}",
        ckpt.display(),
        s.sims,
        s.temperature,
        s.cpuct,
        s.blunder
    );
    text.parse().map_err(|e| anyhow!("{e}"))
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

/// Times an agent's moves.
struct Timed {
    inner: Box<dyn Agent>,
    nanos: Arc<AtomicU64>,
    moves: Arc<AtomicU64>,
}

impl Agent for Timed {
    fn name(&self) -> String {
        self.inner.name()
    }
    fn new_game(&mut self, seed: u64) {
        self.inner.new_game(seed);
    }
    fn choose(&mut self, game: &musashi_game::Game) -> Choice {
        let t = Instant::now();
        let c = self.inner.choose(game);
        self.nanos.fetch_add(t.elapsed().as_nanos() as u64, Ordering::Relaxed);
        self.moves.fetch_add(1, Ordering::Relaxed);
        c
    }
}

/// One measured candidate.
#[derive(Clone, Debug)]
struct Measurement {
    level: &'static str,
    side: Side,
    candidate: usize,
    spec: AgentSpec,
    /// The weight file in the bundle.
    file: String,
    settings: PlaySettings,
    opponent: String,
    games: usize,
    wins: usize,
    ms_per_move: f64,
    /// Player index in the ratings fit.
    player: usize,
}

impl Measurement {
    fn score(&self) -> f64 {
        self.wins as f64 / self.games as f64
    }
}

/// Picks the measured candidate for a level: the one closest to the target score (ties: the
/// earlier), or with no target the highest score within the time budget (ties: the earlier).
fn pick(level: &LevelConfig, ms: &[&Measurement]) -> usize {
    let fits = |m: &Measurement| level.ms_per_move <= 0.0 || m.ms_per_move <= level.ms_per_move;
    match level.target {
        Some(t) => {
            let mut best = 0;
            for (i, m) in ms.iter().enumerate() {
                let d = |m: &Measurement| (m.score() - t).abs() + if fits(m) { 0.0 } else { 10.0 };
                if d(m) < d(ms[best]) - 1e-12 {
                    best = i;
                }
            }
            best
        }
        None => {
            let mut best: Option<usize> = None;
            for (i, m) in ms.iter().enumerate() {
                if fits(m) && best.is_none_or(|b| m.score() > ms[b].score() + 1e-12) {
                    best = Some(i);
                }
            }
            // Nothing within the budget: the fastest.
            best.unwrap_or_else(|| {
                (0..ms.len()).min_by(|&a, &b| ms[a].ms_per_move.total_cmp(&ms[b].ms_per_move)).expect("candidates")
            })
        }
    }
}

fn stderr_of(p: f64, n: usize) -> f64 {
    (p * (1.0 - p) / n.max(1) as f64).sqrt()
}

pub(crate) fn run(a: Args) -> Result<()> {
    let config = load_config(&a.config, &a.set)?;
    export(&config, a.force)
}

/// Calibrates and writes the bundle; returns nothing but the files.
pub(crate) fn export(config: &ExportConfig, force: bool) -> Result<()> {
    let threads =
        if config.threads == 0 { std::thread::available_parallelism().map_or(1, |n| n.get()) } else { config.threads };
    if config.out.exists() {
        if !force {
            bail!("{} exists: pass --force to replace it", config.out.display());
        }
        std::fs::remove_dir_all(&config.out).with_context(|| format!("cannot remove {}", config.out.display()))?;
    }
    let main_ckpt = resolve_checkpoint(&config.checkpoint)?;
    let mut ws = WeightSet::default();
    ws.add(&main_ckpt)?;

    let mut manifest_levels = Vec::new();
    let mut rules_entries = Vec::new();
    let mut report = String::new();
    writeln!(report, "# Calibration of the `{}` bundle\n", config.name)?;
    writeln!(
        report,
        "Checkpoint `{}`; {} games per candidate, {} per reference pairing and side; seed {}; {} random opening plies; \
         {threads} threads.\n",
        main_ckpt.display(),
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
        for side in Side::BOTH {
            for name in LEVELS {
                let level = &config.levels[name];
                let opp = level_opponent[name];
                for (ci, cand) in level.candidates.iter().enumerate() {
                    let ckpt = match &cand.checkpoint {
                        Some(p) => resolve_checkpoint(p)?,
                        None => main_ckpt.clone(),
                    };
                    let file = ws.add(&ckpt)?;
                    let settings = cand.settings();
                    settings.validate().map_err(|e| anyhow!("levels.{name}.candidates[{ci}]: {e}"))?;
                    let spec = level_spec(&ckpt, &settings)?;
                    agents::build_agent(&spec, &rules, 0)?;
                    let player = refs.len() + measured.len();
                    let seed = base.seed ^ ((side.index() as u64) << 32) ^ ((ci as u64) << 16) ^ name.len() as u64;
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
    write_bundle(&config.out, &manifest, &ws.bytes, &report)?;
    // Read it back through the runtime: what was written loads.
    Bundle::load(&config.out)?;
    eprintln!("export: wrote {}", config.out.display());
    print!("{report}");
    Ok(())
}

/// Writes the bundle folder (through a temporary sibling, renamed at the end).
pub(crate) fn write_bundle(
    out: &Path,
    manifest: &Manifest,
    weights: &BTreeMap<String, Vec<u8>>,
    report: &str,
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
    std::fs::rename(&tmp, out).with_context(|| format!("cannot move the bundle to {}", out.display()))?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn m(score: usize, ms: f64) -> Measurement {
        Measurement {
            level: "easy",
            side: Side::General,
            candidate: 0,
            spec: "random".parse().unwrap(),
            file: String::new(),
            settings: PlaySettings::default(),
            opponent: String::new(),
            games: 10,
            wins: score,
            ms_per_move: ms,
            player: 0,
        }
    }

    #[test]
    fn the_runtime_network_computes_what_burn_computes() {
        use musashi_game::{Game, Preset};
        use musashi_net::{DeviceKind, ModelConfig, Network, Prediction, encode_batch, weights_bytes};
        use musashi_runtime::Mlp;
        let device = DeviceKind::Cpu.device().unwrap();
        for (seed, config) in [
            (1, ModelConfig { hidden: 16, blocks: 1, value_hidden: 8 }),
            (2, ModelConfig { hidden: 24, blocks: 2, value_hidden: 4 }),
            (3, ModelConfig { hidden: 8, blocks: 0, value_hidden: 2 }),
        ] {
            let net = Network::init(config, &device, seed);
            let arch = Architecture { hidden: config.hidden, blocks: config.blocks, value_hidden: config.value_hidden };
            let mlp = Mlp::from_safetensors(&weights_bytes(&net).unwrap(), arch).unwrap();
            // States from a few games: both boards, both sides to move, captures.
            let mut states = Vec::new();
            for preset in [Preset::Classic, Preset::NoSetchin, Preset::Qdan] {
                let mut g = Game::new(preset.ruleset());
                for k in 0..40 {
                    if g.is_over() {
                        break;
                    }
                    states.push(g.snapshot());
                    let moves = g.legal_moves();
                    g.play(moves[(k * 7 + 3) % moves.len()]).unwrap();
                }
            }
            let mut features = Vec::new();
            encode_batch(&states, &mut features);
            let mut pred = Prediction::default();
            net.predict(&features, &mut pred);
            let mut logits = Vec::new();
            for (i, row) in features.chunks_exact(musashi_net::NUM_FEATURES).enumerate() {
                let v = mlp.forward(row, &mut logits);
                assert!((v - pred.values[i]).abs() < 1e-5, "value {v} vs {}", pred.values[i]);
                let want = &pred.logits[i * logits.len()..(i + 1) * logits.len()];
                let worst = logits.iter().zip(want).map(|(a, b)| (a - b).abs()).fold(0.0f32, f32::max);
                assert!(worst < 1e-4, "logits differ by {worst}");
            }
            // Another shape is refused.
            let wrong = Architecture { hidden: config.hidden + 1, ..arch };
            assert!(Mlp::from_safetensors(&weights_bytes(&net).unwrap(), wrong).unwrap_err().contains("shape"));
        }
    }

    #[test]
    fn picks_the_closest_or_the_strongest_in_budget() {
        let ms = [m(1, 1.0), m(4, 2.0), m(7, 3.0), m(9, 50.0)];
        let refs: Vec<&Measurement> = ms.iter().collect();
        let lc = |target: Option<f64>, budget: f64| LevelConfig {
            opponent: "random".into(),
            target,
            ms_per_move: budget,
            candidates: vec![],
        };
        assert_eq!(pick(&lc(Some(0.5), 0.0), &refs), 1);
        assert_eq!(pick(&lc(Some(0.65), 0.0), &refs), 2);
        assert_eq!(pick(&lc(None, 0.0), &refs), 3);
        assert_eq!(pick(&lc(None, 10.0), &refs), 2);
        assert_eq!(pick(&lc(None, 0.5), &refs), 0, "nothing in budget: the fastest");
        assert_eq!(pick(&lc(Some(1.0), 10.0), &refs), 2, "over budget is not chosen");
    }
}
