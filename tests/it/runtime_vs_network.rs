//! The export runtime's plain-Rust networks (musashi-runtime, no Burn) compute what the training
//! networks (Burn) compute: values, moves left and policy logits on positions from a few games,
//! for several shapes of both the MLP (with and without per-role heads) and the graph network; a
//! wrong shape is refused.

use musashi_agents::network_shape;
use musashi_game::{Game, Preset, Snapshot};
use musashi_net::{DeviceKind, ModelConfig, Network, Prediction, encode_batch, weights_bytes};
use musashi_runtime::{Architecture, GraphShape, Network as RuntimeNetwork, NetworkShape};

/// States from a few games: both boards, both sides to move, captures.
fn states() -> Vec<Snapshot> {
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
    states
}

/// Runs both on the same weights; returns the largest differences in value, logits and plies.
fn compare(config: ModelConfig, seed: u64) -> (f32, f32, f32) {
    let device = DeviceKind::Cpu.device().unwrap();
    let net = Network::init(config, &device, seed);
    let runtime = RuntimeNetwork::from_safetensors(&weights_bytes(&net).unwrap(), network_shape(&config)).unwrap();
    let mut features = Vec::new();
    encode_batch(&states(), &mut features);
    let mut pred = Prediction::default();
    net.predict(&features, &mut pred);
    let (mut value, mut logit, mut plies) = (0.0f32, 0.0f32, 0.0f32);
    let mut logits = Vec::new();
    for (i, row) in features.chunks_exact(musashi_net::NUM_FEATURES).enumerate() {
        let out = runtime.forward(row, &mut logits);
        value = value.max((out.value - pred.values[i]).abs());
        assert_eq!(out.plies.is_some(), config.moves_left_hidden > 0);
        if let Some(p) = out.plies {
            assert!(p >= 0.0);
            // Plies are 100 × softplus: a relative difference.
            plies = plies.max((p - pred.plies[i]).abs() / pred.plies[i].abs().max(1.0));
        }
        let want = &pred.logits[i * logits.len()..(i + 1) * logits.len()];
        logit = logits.iter().zip(want).map(|(a, b)| (a - b).abs()).fold(logit, f32::max);
    }
    (value, logit, plies)
}

#[test]
fn the_runtime_mlp_computes_what_burn_computes() {
    let roles = |c: ModelConfig| ModelConfig { role_heads: true, ..c };
    for (seed, config) in [
        (1, ModelConfig::mlp(16, 1, 8, 8)),
        (2, ModelConfig::mlp(24, 2, 4, 0)),
        (3, ModelConfig::mlp(8, 0, 2, 3)),
        (4, roles(ModelConfig::mlp(16, 2, 8, 8))),
        (5, roles(ModelConfig::mlp(12, 1, 4, 0))),
    ] {
        let (value, logits, plies) = compare(config, seed);
        assert!(value < 1e-5 && logits < 1e-4 && plies < 1e-5, "{config:?}: {value} {logits} {plies}");
        // Another shape is refused, and so is a missing or an extra moves-left head.
        let net = Network::init(config, &DeviceKind::Cpu.device().unwrap(), seed);
        let bytes = weights_bytes(&net).unwrap();
        let NetworkShape::Mlp(arch) = network_shape(&config) else { unreachable!() };
        let wrong = NetworkShape::Mlp(Architecture { hidden: config.hidden + 1, ..arch });
        assert!(RuntimeNetwork::from_safetensors(&bytes, wrong).unwrap_err().to_string().contains("shape"));
        let other = if arch.moves_left_hidden > 0 { 0 } else { 5 };
        let other_head = NetworkShape::Mlp(Architecture { moves_left_hidden: other, ..arch });
        assert!(RuntimeNetwork::from_safetensors(&bytes, other_head).is_err());
        // So is a shape with or without per-role heads that the weights do not have.
        let other_roles = NetworkShape::Mlp(Architecture { role_heads: !arch.role_heads, ..arch });
        assert!(RuntimeNetwork::from_safetensors(&bytes, other_roles).is_err());
    }
}

#[test]
fn the_runtime_graph_network_computes_what_burn_computes() {
    let graph = |h, b, reach, v, m| ModelConfig { reach, ..ModelConfig::graph(h, b, v, m) };
    for (seed, config) in [(4, graph(16, 2, 2, 8, 8)), (5, graph(8, 1, 1, 4, 0)), (6, graph(12, 3, 1, 6, 5))] {
        let (value, logits, plies) = compare(config, seed);
        assert!(value < 1e-5 && logits < 1e-5 && plies < 1e-5, "{config:?}: {value} {logits} {plies}");
        let net = Network::init(config, &DeviceKind::Cpu.device().unwrap(), seed);
        let bytes = weights_bytes(&net).unwrap();
        let NetworkShape::Graph(g) = network_shape(&config) else { unreachable!() };
        let other_reach = NetworkShape::Graph(GraphShape { reach: 3 - g.reach, ..g });
        assert!(RuntimeNetwork::from_safetensors(&bytes, other_reach).unwrap_err().to_string().contains("shape"));
        let as_mlp = NetworkShape::Mlp(Architecture {
            hidden: g.hidden,
            blocks: g.blocks,
            value_hidden: g.value_hidden,
            moves_left_hidden: g.moves_left_hidden,
            role_heads: false,
        });
        assert!(RuntimeNetwork::from_safetensors(&bytes, as_mlp).is_err(), "graph weights are not an MLP's");
    }
}
