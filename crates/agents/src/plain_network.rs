//! A trained network's forward pass in plain Rust (`musashi-runtime`), for searches that
//! evaluate one state at a time: MCTS agents in matches, rankings, evaluation and play. Burn
//! pays a fixed cost per operation that a batch of one cannot spread; on the quick job's and
//! classic's MLPs the runtime's pass takes 7–8 µs a state against Burn's 21–47 µs, with the
//! same outputs to float rounding (`tests/it/runtime_vs_network.rs`). Batched self-play keeps
//! Burn, which is faster per state at batches of 30. The graph network keeps Burn as well: the
//! runtime's graph pass measured no faster (233 against 218 µs a state).

use crate::{AgentError, Model};
use musashi_game::{Game, Preset, Snapshot};
use musashi_net::{DeviceKind, ModelConfig, ModelKind, Network, weights_bytes};
use musashi_runtime::{Architecture, GraphShape, NetworkShape};
use musashi_search::{Evaluations, Evaluator};
use std::sync::Arc;
use std::time::Instant;

/// The runtime's description of a model's shape (what bundle manifests record).
pub fn network_shape(m: &ModelConfig) -> NetworkShape {
    let (hidden, blocks, value_hidden, moves_left_hidden) = (m.hidden, m.blocks, m.value_hidden, m.moves_left_hidden);
    match m.kind {
        ModelKind::Mlp => NetworkShape::Mlp(Architecture {
            hidden,
            blocks,
            value_hidden,
            moves_left_hidden,
            role_heads: m.role_heads,
        }),
        ModelKind::Graph => {
            NetworkShape::Graph(GraphShape { hidden, blocks, reach: m.reach, value_hidden, moves_left_hidden })
        }
    }
}

/// The plain-Rust copy of `net` that single-state searches run instead of Burn: for an MLP on
/// the CPU; `None` for the graph network and for networks on a GPU.
pub(crate) fn plain_copy(net: &Network, name: &str) -> Result<Option<Arc<musashi_runtime::Network>>, AgentError> {
    let config = net.config();
    if config.kind != ModelKind::Mlp || net.device_kind() != DeviceKind::Cpu {
        return Ok(None);
    }
    let fail = |message: String| AgentError::Invalid {
        spec: name.to_string(),
        problem: format!("the network's plain-Rust copy: {message}"),
    };
    let bytes = weights_bytes(net).map_err(|e| fail(e.to_string()))?;
    let plain =
        musashi_runtime::Network::from_safetensors(&bytes, network_shape(&config)).map_err(|e| fail(e.to_string()))?;
    Ok(Some(Arc::new(plain)))
}

/// `n` states from seeded random games under Classic and No setchin in turn (what the speed
/// probe and the tests evaluate: real encodings, not synthetic inputs).
pub(crate) fn sample_states(n: usize) -> Vec<Snapshot> {
    let mut out = Vec::new();
    let mut k = 7u64;
    for preset in [Preset::Classic, Preset::NoSetchin].into_iter().cycle() {
        let mut game = Game::new(preset.ruleset());
        while !game.is_over() && out.len() < n {
            out.push(game.snapshot());
            let moves = game.legal_moves();
            k = k.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            game.play(moves[(k >> 33) as usize % moves.len()]).expect("a legal move");
        }
        if out.len() >= n {
            break;
        }
    }
    out
}

/// One state at a time, as an MCTS agent evaluates: microseconds per state for a fresh network
/// of shape `config` (seed 1), through Burn and through its plain-Rust copy (`None` where it has
/// none), each timed for about `seconds` over 256 states of random games.
pub fn time_single_state(config: ModelConfig, seconds: f64) -> Result<(f64, Option<f64>), AgentError> {
    config.validate().map_err(|e| AgentError::Invalid { spec: "the timed network".into(), problem: e.to_string() })?;
    let device = DeviceKind::Cpu.device().map_err(|e| AgentError::Device(e.to_string()))?;
    let model = Model::trained(Arc::new(Network::init(config, &device, 1)), "bench".into())?;
    let states = sample_states(256);
    let time = |mut e: Box<dyn Evaluator>| {
        let mut out = Evaluations::default();
        let start = Instant::now();
        let mut n = 0usize;
        while n == 0 || start.elapsed().as_secs_f64() < seconds {
            for s in &states {
                e.evaluate(std::slice::from_ref(s), &mut out);
            }
            n += states.len();
        }
        start.elapsed().as_secs_f64() * 1e6 / n as f64
    };
    let burn = time(model.evaluator());
    let plain = match &model {
        Model::Net(t) if t.has_plain_copy() => Some(time(model.single_state_evaluator())),
        _ => None,
    };
    Ok((burn, plain))
}

#[cfg(test)]
mod tests {
    use super::*;
    use musashi_game::Snapshot;

    fn evaluate(model: &Model, single: bool, states: &[Snapshot]) -> Evaluations {
        let mut e = if single { model.single_state_evaluator() } else { model.evaluator() };
        let mut out = Evaluations::default();
        e.evaluate(states, &mut out);
        out
    }

    #[test]
    fn a_cpu_mlp_searches_with_its_plain_copy_and_gets_burns_outputs() {
        let device = DeviceKind::Cpu.device().unwrap();
        let net = Arc::new(Network::init(ModelConfig::mlp(48, 2, 16, 16), &device, 3));
        let model = Model::trained(net, "test".into()).unwrap();
        let Model::Net(trained) = &model else { panic!("a trained model") };
        assert!(trained.has_plain_copy(), "an MLP on the CPU gets a plain-Rust copy");
        let states = sample_states(120);
        let (burn, plain) = (evaluate(&model, false, &states), evaluate(&model, true, &states));
        assert_eq!(plain.values.len(), states.len());
        assert_eq!(plain.plies.len(), states.len());
        let close = |a: &[f32], b: &[f32]| a.len() == b.len() && a.iter().zip(b).all(|(x, y)| (x - y).abs() < 1e-4);
        assert!(close(&burn.values, &plain.values), "values");
        assert!(close(&burn.logits, &plain.logits), "logits");
        assert!(close(&burn.plies, &plain.plies), "plies to the end");
    }

    #[test]
    fn the_graph_network_keeps_burn() {
        let device = DeviceKind::Cpu.device().unwrap();
        let net = Arc::new(Network::init(ModelConfig::graph(8, 1, 8, 8), &device, 3));
        let Model::Net(trained) = Model::trained(net, "graph".into()).unwrap() else { panic!("a trained model") };
        assert!(!trained.has_plain_copy());
    }
}
