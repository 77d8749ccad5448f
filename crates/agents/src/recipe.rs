//! `AgentRecipe`: a spec parsed and checked once, with what it needs loaded, that makes a fresh
//! agent for each game.

use crate::AgentError;
use crate::kinds::Kind;
use crate::model::{Model, resolve_checkpoint};
use crate::tables::{TableOracle, load_tables};
use musashi_game::Ruleset;
use musashi_net::DeviceKind;
use musashi_runtime::{Bundle, Level, UnknownLevel};
use musashi_search::alphabeta::{Config, Limits, MAX_DEPTH, Weights};
use musashi_search::mcts::PlayOverrides;
use musashi_search::{Agent, AgentSpec, AlphaBeta, GreedyAgent, Oracle, PerfectAgent, PlaySettings, RandomAgent};
use std::fmt;
use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

/// What kind of agent, with its typed settings and loaded resources.
#[derive(Clone)]
enum Recipe {
    Random,
    Greedy,
    AlphaBeta(Config),
    Mcts(Model, PlaySettings),
    Perfect(Arc<dyn Oracle>, f32),
    Bundle(Arc<Bundle>, Level, Ruleset, PlayOverrides),
}

/// A player, parsed once: `create(seed)` makes the agent for one game.
#[derive(Clone)]
pub struct AgentRecipe {
    /// The canonical spec (the agent's name in reports).
    spec: String,
    recipe: Recipe,
    oracle: Option<Arc<dyn Oracle>>,
}

impl fmt::Debug for AgentRecipe {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("AgentRecipe").field("spec", &self.spec).finish_non_exhaustive()
    }
}

impl fmt::Display for AgentRecipe {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.spec)
    }
}

fn invalid(spec: &AgentSpec, problem: impl Into<String>) -> AgentError {
    AgentError::Invalid { spec: spec.to_string(), problem: problem.into() }
}

impl AgentRecipe {
    /// Parses `spec` for games under `rules`, loading its weights, tables or bundle.
    pub fn parse(spec: &AgentSpec, rules: &Ruleset) -> Result<AgentRecipe, AgentError> {
        let mut spec = spec.clone();
        let kind: Kind = match spec.kind.as_str() {
            "human" => return Err(AgentError::Human),
            k => k.parse().map_err(|()| AgentError::UnknownKind { kind: k.to_string(), spec: spec.to_string() })?,
        };
        let oracle: Option<Arc<dyn Oracle>> = match spec.take_str("tables") {
            Some(_) if !kind.takes_tables() => return Err(invalid(&spec, format!("{kind} takes no tables"))),
            Some(dir) => Some(Arc::new(TableOracle { tables: load_tables(Path::new(&dir), rules)? })),
            None => None,
        };
        let recipe = match kind {
            Kind::Random => Recipe::Random,
            Kind::Greedy => Recipe::Greedy,
            Kind::AlphaBeta => Recipe::AlphaBeta(alphabeta_config(&mut spec)?),
            Kind::Mcts => mcts(&mut spec)?,
            Kind::Perfect => match &oracle {
                Some(o) => Recipe::Perfect(o.clone(), blunder(&mut spec)?),
                None => return Err(invalid(&spec, "perfect needs tables=DIR (a `musashi solve` output folder)")),
            },
            Kind::Bundle => bundle(&mut spec, rules)?,
        };
        spec.finish()?;
        Ok(AgentRecipe { spec: spec.to_string(), recipe, oracle })
    }

    /// Parses a spec string (see [`AgentRecipe::parse`]).
    pub fn parse_str(text: &str, rules: &Ruleset) -> Result<AgentRecipe, AgentError> {
        AgentRecipe::parse(&text.parse::<AgentSpec>()?, rules)
    }

    /// MCTS with `settings` over a model, without a spec string (a path may hold any character).
    /// Its name is the spec it would have, for reports; it is never parsed back.
    pub fn mcts(model: Model, settings: PlaySettings) -> Result<AgentRecipe, AgentError> {
        let spec = format!("mcts:ckpt={},{settings}", model.name());
        settings.validate().map_err(|e| AgentError::Invalid { spec: spec.clone(), problem: e.to_string() })?;
        Ok(AgentRecipe { spec, recipe: Recipe::Mcts(model, settings), oracle: None })
    }

    /// Level `level` of the bundle in `dir` as calibrated, without a spec string (a path may
    /// hold any character). Its name is the spec it would have, for reports.
    pub fn bundle(dir: &Path, level: Level, rules: &Ruleset) -> Result<AgentRecipe, AgentError> {
        let bundle = load_bundle(dir, level, rules)?;
        let spec = format!("bundle:dir={},level={level}", dir.display());
        let recipe = Recipe::Bundle(bundle, level, *rules, PlayOverrides::default());
        Ok(AgentRecipe { spec, recipe, oracle: None })
    }

    /// The canonical spec: the agent's name.
    pub fn spec(&self) -> &str {
        &self.spec
    }

    /// A fresh agent for one game, started with `seed`.
    pub fn create(&self, seed: u64) -> Box<dyn Agent> {
        let name = self.spec.clone();
        let o = self.oracle.clone();
        let mut agent: Box<dyn Agent> = match &self.recipe {
            Recipe::Random => Box::new(RandomAgent::new(seed)),
            Recipe::Greedy => Box::new(GreedyAgent::new(seed)),
            Recipe::AlphaBeta(config) => {
                let engine = AlphaBeta::new(config.clone()).with_name(name);
                Box::new(match o {
                    Some(o) => engine.with_oracle(o),
                    None => engine,
                })
            }
            Recipe::Mcts(model, settings) => {
                let agent = settings.agent(name, model.single_state_evaluator());
                Box::new(match o {
                    Some(o) => agent.with_oracle(o),
                    None => agent,
                })
            }
            Recipe::Perfect(o, blunder) => {
                let fallback = AlphaBeta::new(Config::default()).with_oracle(o.clone());
                Box::new(PerfectAgent::new(name, o.clone(), Box::new(fallback)).with_blunder(*blunder))
            }
            Recipe::Bundle(bundle, level, rules, over) => Box::new(
                bundle
                    .player_adjusted(rules, *level, &over.label(), |s| over.apply(s))
                    .expect("the level was found when the recipe was parsed"),
            ),
        };
        agent.new_game(seed);
        agent
    }
}

fn alphabeta_config(spec: &mut AgentSpec) -> Result<Config, AgentError> {
    let depth: Option<u32> = spec.take("depth")?;
    let ms: Option<u64> = spec.take("ms")?;
    let nodes: Option<u64> = spec.take("nodes")?;
    let mut config = Config::default();
    if let Some(d) = depth
        && !(1..=MAX_DEPTH).contains(&d)
    {
        return Err(invalid(spec, format!("depth must be 1-{MAX_DEPTH}")));
    }
    if ms == Some(0) || nodes == Some(0) {
        return Err(invalid(spec, "ms and nodes must be positive"));
    }
    if depth.is_some() || ms.is_some() || nodes.is_some() {
        config.limits = Limits { depth, nodes, time: ms.map(Duration::from_millis) };
    }
    if let Some(mb) = spec.take::<usize>("tt")? {
        if !(1..=4096).contains(&mb) {
            return Err(invalid(spec, "tt (MiB) must be 1-4096"));
        }
        config.tt_mb = mb;
    }
    if let Some(n) = spec.take::<i32>("noise")? {
        if !(0..=1000).contains(&n) {
            return Err(invalid(spec, "noise must be 0-1000"));
        }
        config.noise = n;
    }
    if let Some(l) = spec.take::<u8>("lmr")? {
        config.lmr = l != 0;
    }
    config.blunder = blunder(spec)?;
    config.weights = weights(spec)?;
    Ok(config)
}

/// The `weights=default|legacy|FILE` key (`alphabeta_weights`).
fn weights(spec: &mut AgentSpec) -> Result<Weights, AgentError> {
    match spec.take_str("weights") {
        None => Ok(Weights::default()),
        Some(value) => alphabeta_weights(&value).map_err(|problem| invalid(spec, problem)),
    }
}

/// Alpha-beta's evaluation weights by name, `default` or `legacy`, or from a file of
/// `name=value` pairs over the default weights (as `Weights` prints them and the lab's
/// `tune-eval` writes them); the error says which file and what is wrong with it.
pub fn alphabeta_weights(value: &str) -> Result<Weights, String> {
    match value {
        "default" => Ok(Weights::default()),
        "legacy" => Ok(Weights::legacy()),
        file => {
            let text = std::fs::read_to_string(file).map_err(|e| format!("weights file {file} cannot be read: {e}"))?;
            text.trim().parse().map_err(|e| format!("weights file {file}: {e}"))
        }
    }
}

/// The `blunder=P` key (0 when absent): a chance per move, 0..=1.
fn blunder(spec: &mut AgentSpec) -> Result<f32, AgentError> {
    match spec.take::<f32>("blunder")? {
        None => Ok(0.0),
        Some(p) if (0.0..=1.0).contains(&p) => Ok(p),
        Some(_) => Err(invalid(spec, "blunder must be in 0..=1")),
    }
}

/// The playing settings of an `mcts:` spec (every key but `ckpt` and `tables`), checked.
fn play_settings(spec: &mut AgentSpec) -> Result<PlaySettings, AgentError> {
    let settings = PlaySettings::take_from(spec)?;
    settings.validate().map_err(|e| invalid(spec, e.to_string()))?;
    Ok(settings)
}

fn mcts(spec: &mut AgentSpec) -> Result<Recipe, AgentError> {
    let Some(ckpt) = spec.take_str("ckpt") else {
        return Err(invalid(spec, "mcts needs ckpt=DIR (a checkpoint folder) or ckpt=uniform"));
    };
    let settings = play_settings(spec)?;
    let model = if ckpt == "uniform" {
        Model::Uniform
    } else {
        let dir = resolve_checkpoint(Path::new(&ckpt))?;
        Model::trained(Model::network(&dir, DeviceKind::Cpu)?, ckpt)?
    };
    Ok(Recipe::Mcts(model, settings))
}

/// The bundle in `dir` (loaded once per process), checked to have `level` for `rules`.
fn load_bundle(dir: &Path, level: Level, rules: &Ruleset) -> Result<Arc<Bundle>, AgentError> {
    static CACHE: crate::cache::Cache<Bundle> = crate::cache::Cache::new();
    let bundle = crate::cache::cached(&CACHE, dir, Bundle::load)?;
    bundle.player(rules, level)?;
    Ok(bundle)
}

fn bundle(spec: &mut AgentSpec, rules: &Ruleset) -> Result<Recipe, AgentError> {
    let (Some(dir), Some(level)) = (spec.take_str("dir"), spec.take_str("level")) else {
        return Err(invalid(spec, "bundle needs dir=DIR and level=easy|normal|hard"));
    };
    let level: Level = level.parse().map_err(|e: UnknownLevel| invalid(spec, e.to_string()))?;
    let over = PlayOverrides::take_from(spec)?;
    let bundle = load_bundle(Path::new(&dir), level, rules)?;
    for side in bundle.manifest().levels.iter().filter(|l| l.level == level) {
        over.apply(side.settings.play()).validate().map_err(|e| invalid(spec, e.to_string()))?;
    }
    Ok(Recipe::Bundle(bundle, level, *rules, over))
}

#[cfg(test)]
mod tests {
    use super::*;
    use musashi_game::Preset;
    use musashi_search::mcts::{PLAY_KEYS, PlayValue};

    fn build(s: &str) -> Result<Box<dyn Agent>, AgentError> {
        Ok(AgentRecipe::parse_str(s, &Preset::Classic.ruleset())?.create(1))
    }

    fn err(s: &str) -> String {
        build(s).err().expect("an error").to_string()
    }

    #[test]
    fn alphabeta_takes_its_evaluation_weights_by_name_or_from_a_file() {
        let game = musashi_game::Game::new(Preset::Classic.ruleset());
        let score = |spec: &str| build(spec).unwrap().choose(&game).analysis.score.expect("a score");
        let default = score("alphabeta:depth=3");
        assert_eq!(score("alphabeta:depth=3,weights=default"), default);
        assert_ne!(score("alphabeta:depth=3,weights=legacy"), default, "legacy weights judge the start otherwise");
        let dir = std::env::temp_dir().join(format!("musashi-weights-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let file = dir.join("legacy.txt");
        std::fs::write(&file, format!("{}\n", Weights::legacy())).unwrap();
        let from_file = score(&format!("alphabeta:depth=3,weights={}", file.display()));
        assert_eq!(
            from_file,
            score("alphabeta:depth=3,weights=legacy"),
            "a file of the legacy weights plays as legacy"
        );
        std::fs::write(&file, "soldier=100,nonsense=3").unwrap();
        let e = err(&format!("alphabeta:weights={}", file.display()));
        assert!(e.contains("weights file") && e.contains("nonsense"), "{e}");
        assert!(err("alphabeta:weights=/no/such/file").contains("cannot be read"));
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn builds_every_kind_and_rejects_unknowns() {
        assert_eq!(build("random").unwrap().name(), "random");
        assert_eq!(build("greedy").unwrap().name(), "greedy");
        assert_eq!(build("alphabeta:depth=3,tt=1").unwrap().name(), "alphabeta:depth=3,tt=1");
        assert_eq!(build("alphabeta").unwrap().name(), "alphabeta");
        let e = err("minimax");
        assert!(e.contains("unknown agent kind 'minimax'") && e.contains("alphabeta"), "{e}");
        let e = err("alphabeta:dept=3");
        assert!(e.contains("unknown parameter 'dept'") && e.contains("depth=N"), "{e}");
        assert!(build("alphabeta:depth=0").is_err());
        assert!(err("alphabeta:depth=x").contains("bad value 'x'"));
        assert!(build("random:depth=2").is_err());
        assert!(err("random:tables=x").contains("takes no tables"));
        assert!(err("human").contains("musashi play"));
        assert_eq!(build("mcts:ckpt=uniform,sims=8").unwrap().name(), "mcts:ckpt=uniform,sims=8");
        assert!(err("mcts").contains("ckpt="));
        assert!(err("mcts:ckpt=/no/such/dir").contains("/no/such/dir"));
        assert!(err("mcts:ckpt=uniform,temp=-1").contains("temperature"));
        assert!(err("mcts:ckpt=uniform,blunder=2").contains("blunder"));
        assert_eq!(
            build("mcts:ckpt=uniform,sims=4,blunder=0.5").unwrap().name(),
            "mcts:ckpt=uniform,sims=4,blunder=0.5"
        );
        assert_eq!(build("alphabeta:depth=2,blunder=0.25").unwrap().name(), "alphabeta:depth=2,blunder=0.25");
        assert!(err("alphabeta:depth=2,blunder=1.5").contains("blunder must be in 0..=1"));
        assert!(err("perfect").contains("tables=DIR"));
        assert!(err("perfect:tables=/no/such/dir").contains("/no/such/dir"));
        assert!(err("bundle:dir=/no/such/dir").contains("level="));
        assert!(err("bundle:dir=/no/such/dir,level=hard").contains("/no/such/dir"));
    }

    #[test]
    fn a_bundle_level_can_be_played_at_other_settings() {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../export/classic");
        let spec = |rest: &str| format!("bundle:dir={},level=hard{rest}", dir.display());
        let plain = build(&spec("")).unwrap().name();
        let other = build(&spec(",sims=7,fallible=0.5,heur=0.25,sym=true")).unwrap().name();
        assert_eq!(other, format!("{plain}[sims=7,fallible=0.5,heur=0.25,sym=true]"));
        assert!(err(&spec(",sym=2")).contains("bad value '2' for sym"), "{}", err(&spec(",sym=2")));
        assert!(err(&spec(",fallible=2")).contains("fallible"), "{}", err(&spec(",fallible=2")));
        assert!(err(&spec(",heur=-1")).contains("heuristic"), "{}", err(&spec(",heur=-1")));
        assert!(err(&spec(",sims=x")).contains("sims"));
        // The settings reach the search: it runs the simulations asked for.
        let game = musashi_game::Game::new(Preset::Classic.ruleset());
        let nodes = |rest: &str| build(&spec(rest)).unwrap().choose(&game).analysis.nodes;
        assert_eq!(nodes(",sims=37"), 37);
        assert_eq!(nodes(",sims=51"), 51);
    }

    #[test]
    fn a_bundle_level_takes_every_play_setting() {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../export/classic");
        let rules = Preset::Classic.ruleset();
        let plain = AgentRecipe::parse_str(&format!("bundle:dir={},level=hard", dir.display()), &rules).unwrap();
        let Recipe::Bundle(bundle, ..) = &plain.recipe else { panic!("a bundle") };
        let levels: Vec<PlaySettings> =
            bundle.manifest().levels.iter().filter(|l| l.level == Level::Hard).map(|l| l.settings.play()).collect();
        for key in PLAY_KEYS {
            // A value in range other than the first level's.
            let other = match key.value(&levels[0]) {
                PlayValue::Count(n) => PlayValue::Count(n + 1),
                PlayValue::Real(0.0) => PlayValue::Real(0.5),
                PlayValue::Real(x) => PlayValue::Real(x / 2.0),
                PlayValue::Switch(b) => PlayValue::Switch(!b),
            };
            let pair = format!("{}={other}", key.name);
            let recipe = AgentRecipe::parse_str(&format!("{plain},{pair}"), &rules).unwrap();
            assert_eq!(recipe.create(0).name(), format!("{}[{pair}]", plain.create(0).name()));
            let Recipe::Bundle(_, _, _, over) = &recipe.recipe else { panic!("a bundle") };
            for level in &levels {
                assert_eq!(key.value(&over.apply(*level)), other, "{pair}");
            }
        }
    }

    #[test]
    fn a_level_named_by_its_folder_plays_as_its_spec() {
        let rules = Preset::Classic.ruleset();
        let shipped = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../export/classic");
        let typed = AgentRecipe::bundle(&shipped, Level::Easy, &rules).unwrap();
        let parsed = AgentRecipe::parse_str(typed.spec(), &rules).unwrap();
        assert_eq!(typed.spec(), parsed.spec());
        let game = musashi_game::Game::new(rules);
        for seed in 0..3 {
            assert_eq!(typed.create(seed).choose(&game).mv, parsed.create(seed).choose(&game).mv);
        }
        let hardest = format!("bundle:dir={},level=hardest", shipped.display());
        let e = AgentRecipe::parse_str(&hardest, &rules).unwrap_err().to_string();
        assert!(e.contains("unknown level 'hardest': expected one of easy, normal, hard"), "{e}");
        // A folder whose name a spec cannot hold (a comma) is still a level.
        let dir = std::env::temp_dir().join(format!("musashi-bundle,{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        for file in std::fs::read_dir(&shipped).unwrap() {
            let file = file.unwrap().path();
            std::fs::copy(&file, dir.join(file.file_name().unwrap())).unwrap();
        }
        let copy = AgentRecipe::bundle(&dir, Level::Easy, &rules).unwrap();
        assert_eq!(copy.create(1).choose(&game).mv, typed.create(1).choose(&game).mv);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn typed_settings_make_the_same_agent_as_the_spec() {
        let rules = Preset::Classic.ruleset();
        let settings = PlaySettings { sims: 4, ..PlaySettings::default() };
        let typed = AgentRecipe::mcts(Model::Uniform, settings).unwrap();
        let parsed = AgentRecipe::parse_str(typed.spec(), &rules).unwrap();
        let game = musashi_game::Game::new(rules);
        for seed in 0..3 {
            assert_eq!(typed.create(seed).choose(&game).mv, parsed.create(seed).choose(&game).mv);
        }
        let bad = PlaySettings { blunder: 3.0, ..settings };
        assert!(AgentRecipe::mcts(Model::Uniform, bad).unwrap_err().to_string().contains("blunder"));
        // The moves-left factor goes into the spec only when it is not 1, and comes back.
        assert!(!typed.spec().contains("ml="));
        let off = PlaySettings { moves_left: 0.0, ..settings };
        let typed = AgentRecipe::mcts(Model::Uniform, off).unwrap();
        assert!(typed.spec().ends_with(",ml=0"), "{}", typed.spec());
        let Recipe::Mcts(_, back) = AgentRecipe::parse_str(typed.spec(), &rules).unwrap().recipe else {
            panic!("mcts")
        };
        assert_eq!(back, off);
        assert_eq!(back.mcts_config().moves_left.max_effect, 0.0);
        assert!(err("mcts:ckpt=uniform,ml=-1").contains("moves_left"));
        // So does the symmetric root.
        let sym = PlaySettings { symmetric_root: true, ..settings };
        let typed = AgentRecipe::mcts(Model::Uniform, sym).unwrap();
        assert!(typed.spec().ends_with(",sym=true"), "{}", typed.spec());
        let Recipe::Mcts(_, back) = AgentRecipe::parse_str(typed.spec(), &rules).unwrap().recipe else {
            panic!("mcts")
        };
        assert!(back.mcts_config().symmetric_root);
        assert!(!AgentRecipe::mcts(Model::Uniform, settings).unwrap().spec().contains("sym"));
    }
}
