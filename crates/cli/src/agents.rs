//! The agent factory: turns a spec string into a player. Every kind of agent is named here, and
//! only here; to add a kind, add a match arm and a line to `KINDS`.

use crate::tables::{TableOracle, load_tables};
use anyhow::{Context, Result, bail};
use musashi_game::Ruleset;
use musashi_net::{DeviceKind, Network, load_checkpoint};
use musashi_runtime::{Bundle, LevelPlayer};
use musashi_search::alphabeta::{Config, Limits};
use musashi_search::{
    Agent, AgentSpec, AlphaBeta, Evaluator, GreedyAgent, MctsAgent, Oracle, PerfectAgent, PlaySettings, RandomAgent,
    UniformEvaluator,
};
use musashi_selfplay::NetEvaluator;
use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::{Arc, Mutex, OnceLock};
use std::time::Duration;

/// The accepted kinds and their keys, for error messages and help.
pub(crate) const KINDS: &str = "random; greedy; \
alphabeta[:depth=N][,ms=N][,nodes=N][,tt=MiB][,noise=N][,lmr=0|1] (no limit given: depth=6); \
mcts:ckpt=DIR|uniform[,sims=N][,temp=T][,cpuct=C][,blunder=P] (sims=0 plays the raw policy; default sims=100, \
temp=0, blunder=0: the chance per move of a move from the lower half); \
perfect:tables=DIR (solver tables; alpha-beta depth 6 with the tables where they do not cover a position); \
alphabeta and mcts also take tables=DIR (exact values where the tables cover a position); \
bundle:dir=DIR,level=easy|normal|hard (an exported opponent level, run by the export runtime)";

/// Builds the agent `spec` describes for games under `rules`, started with `seed`.
pub(crate) fn build_agent(spec: &AgentSpec, rules: &Ruleset, seed: u64) -> Result<Box<dyn Agent>> {
    let mut spec = spec.clone();
    let oracle: Option<Arc<dyn Oracle>> = match spec.take_str("tables") {
        Some(dir) => Some(Arc::new(TableOracle { tables: load_tables(&dir, rules)? })),
        None => None,
    };
    let mut agent: Box<dyn Agent> = match (spec.kind.as_str(), oracle) {
        ("random", None) => Box::new(RandomAgent::new(seed)),
        ("greedy", None) => Box::new(GreedyAgent::new(seed)),
        ("alphabeta", o) => {
            let engine = alphabeta(&mut spec)?;
            Box::new(match o {
                Some(o) => engine.with_oracle(o),
                None => engine,
            })
        }
        ("mcts", o) => {
            let agent = mcts(&mut spec)?;
            Box::new(match o {
                Some(o) => agent.with_oracle(o),
                None => agent,
            })
        }
        ("perfect", Some(o)) => {
            let fallback = AlphaBeta::new(Config::default()).with_oracle(o.clone());
            Box::new(PerfectAgent::new(spec.to_string(), o, Box::new(fallback)))
        }
        ("bundle", None) => Box::new(bundle(&mut spec, rules)?),
        ("perfect", None) => bail!("agent '{spec}': perfect needs tables=DIR (a `musashi solve` output folder)"),
        ("random" | "greedy" | "bundle", Some(_)) => bail!("agent '{spec}': {} takes no tables", spec.kind),
        ("human", _) => bail!("'human' is a player only `musashi play` knows; here an agent is needed ({KINDS})"),
        (other, _) => bail!("unknown agent kind '{other}' in '{spec}'; accepted: {KINDS}"),
    };
    if let Err(e) = spec.finish() {
        bail!("{e}; accepted: {KINDS}");
    }
    agent.new_game(seed);
    Ok(agent)
}

fn alphabeta(spec: &mut AgentSpec) -> Result<AlphaBeta> {
    let depth: Option<u32> = spec.take("depth")?;
    let ms: Option<u64> = spec.take("ms")?;
    let nodes: Option<u64> = spec.take("nodes")?;
    let mut config = Config::default();
    if let Some(d) = depth
        && !(1..=musashi_search::alphabeta::MAX_DEPTH).contains(&d)
    {
        bail!("agent '{spec}': depth must be 1-{}", musashi_search::alphabeta::MAX_DEPTH);
    }
    if ms == Some(0) || nodes == Some(0) {
        bail!("agent '{spec}': ms and nodes must be positive");
    }
    if depth.is_some() || ms.is_some() || nodes.is_some() {
        config.limits = Limits { depth, nodes, time: ms.map(Duration::from_millis) };
    }
    if let Some(mb) = spec.take::<usize>("tt")? {
        if !(1..=4096).contains(&mb) {
            bail!("agent '{spec}': tt (MiB) must be 1-4096");
        }
        config.tt_mb = mb;
    }
    if let Some(n) = spec.take::<i32>("noise")? {
        if !(0..=1000).contains(&n) {
            bail!("agent '{spec}': noise must be 0-1000");
        }
        config.noise = n;
    }
    if let Some(l) = spec.take::<u8>("lmr")? {
        config.lmr = l != 0;
    }
    Ok(AlphaBeta::new(config).with_name(spec.to_string()))
}

/// Networks loaded so far, by checkpoint folder: a match builds one agent per game, and they
/// share the weights.
fn network(path: &str) -> Result<Arc<Network>> {
    static CACHE: OnceLock<Mutex<HashMap<PathBuf, Arc<Network>>>> = OnceLock::new();
    let key = PathBuf::from(path);
    let mut cache = CACHE.get_or_init(Default::default).lock().expect("no panic while loading");
    if let Some(net) = cache.get(&key) {
        return Ok(net.clone());
    }
    let device = DeviceKind::Cpu.device().map_err(anyhow::Error::msg)?;
    let (net, _) = load_checkpoint(&key, &device).with_context(|| format!("agent checkpoint '{path}'"))?;
    let net = Arc::new(net);
    cache.insert(key, net.clone());
    Ok(net)
}

/// The playing settings of an `mcts:` spec (every key but `ckpt`).
pub(crate) fn play_settings(spec: &mut AgentSpec) -> Result<PlaySettings> {
    let mut settings = PlaySettings::default();
    if let Some(sims) = spec.take::<u32>("sims")? {
        settings.sims = sims;
    }
    if let Some(t) = spec.take::<f32>("temp")? {
        settings.temperature = t;
    }
    if let Some(c) = spec.take::<f32>("cpuct")? {
        settings.cpuct = c;
    }
    if let Some(b) = spec.take::<f32>("blunder")? {
        settings.blunder = b;
    }
    settings.validate().map_err(|e| anyhow::anyhow!("agent '{spec}': {e}"))?;
    Ok(settings)
}

fn mcts(spec: &mut AgentSpec) -> Result<MctsAgent> {
    let Some(ckpt) = spec.take_str("ckpt") else {
        bail!("agent '{spec}': mcts needs ckpt=DIR (a checkpoint folder) or ckpt=uniform");
    };
    let settings = play_settings(spec)?;
    let evaluator: Box<dyn Evaluator> =
        if ckpt == "uniform" { Box::new(UniformEvaluator) } else { Box::new(NetEvaluator::new(network(&ckpt)?, 0)) };
    Ok(settings.agent(spec.to_string(), evaluator))
}

/// Loaded once per process and shared, by path (export bundles).
fn cached<T: Send + Sync + 'static>(
    cache: &'static OnceLock<Mutex<HashMap<PathBuf, Arc<T>>>>,
    path: &str,
    load: impl FnOnce(&std::path::Path) -> Result<T>,
) -> Result<Arc<T>> {
    let key = PathBuf::from(path);
    let mut map = cache.get_or_init(Default::default).lock().expect("no panic while loading");
    if let Some(v) = map.get(&key) {
        return Ok(v.clone());
    }
    let v = Arc::new(load(&key)?);
    map.insert(key, v.clone());
    Ok(v)
}

/// The export bundle in `dir` (loaded and checked once per process).
pub(crate) fn load_bundle(dir: &str) -> Result<Arc<Bundle>> {
    static CACHE: OnceLock<Mutex<HashMap<PathBuf, Arc<Bundle>>>> = OnceLock::new();
    cached(&CACHE, dir, |p| Bundle::load(p).map_err(anyhow::Error::from))
}

fn bundle(spec: &mut AgentSpec, rules: &Ruleset) -> Result<LevelPlayer> {
    let (Some(dir), Some(level)) = (spec.take_str("dir"), spec.take_str("level")) else {
        bail!("agent '{spec}': bundle needs dir=DIR and level=easy|normal|hard");
    };
    Ok(load_bundle(&dir)?.player(rules, &level)?)
}

/// A factory for matches: checks the spec once, then builds a fresh agent per game.
pub(crate) fn factory(spec: &AgentSpec, rules: &Ruleset) -> Result<impl Fn(usize) -> Box<dyn Agent> + Sync + use<>> {
    build_agent(spec, rules, 0)?;
    let (spec, rules) = (spec.clone(), *rules);
    Ok(move |index: usize| build_agent(&spec, &rules, index as u64).expect("the spec was checked"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use musashi_game::Preset;

    fn build(s: &str) -> Result<Box<dyn Agent>> {
        build_agent(&s.parse()?, &Preset::Classic.ruleset(), 1)
    }

    fn err(s: &str) -> String {
        build(s).err().expect("an error").to_string()
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
        assert!(err("perfect").contains("tables=DIR"));
        assert!(err("perfect:tables=/no/such/dir").contains("/no/such/dir"));
        assert!(err("bundle:dir=/no/such/dir").contains("level="));
        assert!(err("bundle:dir=/no/such/dir,level=hard").contains("/no/such/dir"));
    }
}
