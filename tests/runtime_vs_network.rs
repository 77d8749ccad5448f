//! The export runtime's plain-Rust network (musashi-runtime, no Burn) computes what the
//! training network (Burn) computes: values and policy logits on positions from a few games, for
//! several shapes; a wrong shape is refused.

use musashi_runtime::Architecture;

#[test]
fn the_runtime_network_computes_what_burn_computes() {
    use musashi_game::{Game, Preset};
    use musashi_net::{DeviceKind, ModelConfig, Network, Prediction, encode_batch, weights_bytes};
    use musashi_runtime::Mlp;
    let device = DeviceKind::Cpu.device().unwrap();
    for (seed, config) in
        [(1, ModelConfig::mlp(16, 1, 8, 8)), (2, ModelConfig::mlp(24, 2, 4, 0)), (3, ModelConfig::mlp(8, 0, 2, 3))]
    {
        let net = Network::init(config, &device, seed);
        let arch = Architecture {
            hidden: config.hidden,
            blocks: config.blocks,
            value_hidden: config.value_hidden,
            moves_left_hidden: config.moves_left_hidden,
        };
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
            let out = mlp.forward(row, &mut logits);
            let v = out.value;
            assert!((v - pred.values[i]).abs() < 1e-5, "value {v} vs {}", pred.values[i]);
            assert_eq!(out.plies.is_some(), config.moves_left_hidden > 0);
            if let Some(p) = out.plies {
                assert!(p >= 0.0 && (p - pred.plies[i]).abs() < 1e-3, "plies {p} vs {}", pred.plies[i]);
            }
            let want = &pred.logits[i * logits.len()..(i + 1) * logits.len()];
            let worst = logits.iter().zip(want).map(|(a, b)| (a - b).abs()).fold(0.0f32, f32::max);
            assert!(worst < 1e-4, "logits differ by {worst}");
        }
        // Another shape is refused, and so is a missing or an extra moves-left head.
        let wrong = Architecture { hidden: config.hidden + 1, ..arch };
        assert!(Mlp::from_safetensors(&weights_bytes(&net).unwrap(), wrong).unwrap_err().to_string().contains("shape"));
        let other_head = Architecture { moves_left_hidden: if arch.moves_left_hidden > 0 { 0 } else { 5 }, ..arch };
        assert!(Mlp::from_safetensors(&weights_bytes(&net).unwrap(), other_head).is_err());
    }
}
