//! A bundle's network as a checkpoint folder: the way back from a shipped bundle to what reads
//! checkpoints, the export and `mcts:ckpt=` agents (`musashi unbundle`).

use crate::ExportError;
use musashi_net::{CheckpointMeta, DeviceKind, network_from_bytes, read_meta, save_checkpoint};
use musashi_runtime::Bundle;
use std::path::{Path, PathBuf};

/// Writes the network of the bundle in `bundle` as a checkpoint folder `out` (which must not
/// exist): the weight file named `weights`, or the bundle's only one. The checkpoint records
/// the bundle's rulesets, generation 0 and the bundle's file as its parent.
pub fn checkpoint_from_bundle(bundle: &Path, weights: Option<&str>, out: &Path) -> Result<PathBuf, ExportError> {
    let fail = |problem: String| ExportError::Unbundle { dir: bundle.to_path_buf(), problem };
    let loaded = Bundle::load(bundle).map_err(|e| fail(e.to_string()))?;
    let manifest = loaded.manifest();
    let names: Vec<&str> = manifest.weights.iter().map(|w| w.file.as_str()).collect();
    let file = match (weights, names.as_slice()) {
        (Some(w), _) if names.contains(&w) => w,
        (Some(w), _) => return Err(fail(format!("no weight file {w} (it has {})", names.join(", ")))),
        (None, [only]) => only,
        (None, _) => return Err(fail(format!("{} weight files: name one ({})", names.len(), names.join(", ")))),
    };
    let bytes = std::fs::read(bundle.join(file)).map_err(|e| fail(format!("cannot read {file}: {e}")))?;
    let config = crate::weights::model_config(manifest.network.shape);
    let device = DeviceKind::Cpu.device().map_err(|e| fail(e.to_string()))?;
    let network = network_from_bytes(bytes, config, &device).map_err(|e| fail(format!("{file}: {e}")))?;
    let meta = CheckpointMeta {
        format_version: 0,
        encoding_version: 0,
        model: config,
        rules: manifest.rules.iter().map(|r| r.rules).collect(),
        generation: 0,
        step: 0,
        parent: Some(format!("{}/{file}", bundle.display())),
        weights_sha256: String::new(),
        training_sha256: None,
    };
    save_checkpoint(out, &network, &meta, None).map_err(|e| fail(e.to_string()))?;
    read_meta(out).map_err(|e| fail(e.to_string()))?;
    Ok(out.to_path_buf())
}

#[cfg(test)]
mod tests {
    use super::*;
    use musashi_game::{Game, Preset};
    use musashi_net::{NUM_FEATURES, Prediction, encode, load_checkpoint};
    use musashi_runtime::Network;

    #[test]
    fn a_bundle_network_becomes_a_checkpoint_with_the_same_outputs() {
        let classic = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../export/classic");
        let tmp = std::env::temp_dir().join(format!("musashi-unbundle-test-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&tmp);
        std::fs::create_dir_all(&tmp).unwrap();
        let bundle = Bundle::load(&classic).unwrap();
        let names: Vec<String> = bundle.manifest().weights.iter().map(|w| w.file.clone()).collect();
        let e = checkpoint_from_bundle(&classic, Some("net-nothere.safetensors"), &tmp.join("x")).unwrap_err();
        assert!(e.to_string().contains("no weight file net-nothere.safetensors"), "{e}");
        if names.len() > 1 {
            let e = checkpoint_from_bundle(&classic, None, &tmp.join("x")).unwrap_err().to_string();
            assert!(e.contains("name one"), "{e}");
        }
        let out = tmp.join("ckpt");
        checkpoint_from_bundle(&classic, Some(&names[0]), &out).unwrap();
        let (network, meta) = load_checkpoint(&out, &DeviceKind::Cpu.device().unwrap()).unwrap();
        assert_eq!(meta.rules, bundle.manifest().rules.iter().map(|r| r.rules).collect::<Vec<_>>());
        // The checkpoint's network and the bundle's own runtime agree on the opening position.
        let mut features = vec![0.0; NUM_FEATURES];
        encode(&Game::new(Preset::Classic.ruleset()).snapshot(), &mut features);
        let mut mine = Prediction::default();
        network.predict(&features, &mut mine);
        let bytes = std::fs::read(classic.join(&names[0])).unwrap();
        let mlp = Network::from_safetensors(&bytes, bundle.manifest().network.shape).unwrap();
        let mut logits = Vec::new();
        let theirs = mlp.forward(&features, &mut logits);
        assert!((mine.values[0] - theirs.value).abs() < 1e-4, "{} vs {}", mine.values[0], theirs.value);
        let worst = mine.logits.iter().zip(&logits).map(|(a, b)| (a - b).abs()).fold(0.0, f32::max);
        assert!(worst < 1e-3, "logits differ by {worst}");
        let again = checkpoint_from_bundle(&classic, Some(&names[0]), &out).unwrap_err().to_string();
        assert!(again.contains("already exists"), "{again}");
        std::fs::remove_dir_all(&tmp).unwrap();
    }
}
