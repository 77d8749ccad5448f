//! The weight files of a bundle: one per distinct checkpoint, named by its hash, checked
//! against the checkpoint's metadata, all of one architecture.

use crate::ExportError;
use musashi_agents::network_shape;
use musashi_net::{ModelConfig, read_meta};
use musashi_runtime::{NetworkShape, WeightsFile, sha256_hex};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// The weight files collected so far.
#[derive(Debug, Default)]
pub(crate) struct WeightSet {
    pub(crate) files: BTreeMap<PathBuf, WeightsFile>,
    pub(crate) bytes: BTreeMap<String, Vec<u8>>,
    pub(crate) shape: Option<NetworkShape>,
}

impl WeightSet {
    /// Adds a checkpoint's weights (checked against its hash); returns the file name.
    pub(crate) fn add(&mut self, ckpt: &Path) -> Result<String, ExportError> {
        if let Some(w) = self.files.get(ckpt) {
            return Ok(w.file.clone());
        }
        let bad = |message: String| ExportError::Checkpoint { path: ckpt.to_path_buf(), message };
        let meta = read_meta(ckpt).map_err(|e| bad(e.to_string()))?;
        let bytes = std::fs::read(ckpt.join("weights.safetensors"))
            .map_err(|e| bad(format!("cannot read the weights: {e}")))?;
        let hash = sha256_hex(&bytes);
        if hash != meta.weights_sha256 {
            return Err(bad(format!("the weights are corrupt (SHA-256 {hash}, metadata {})", meta.weights_sha256)));
        }
        let arch = network_shape(&meta.model);
        match self.shape {
            None => self.shape = Some(arch),
            Some(s) if s != arch => {
                return Err(bad(format!("shape {arch:?} differs from {s:?}; a bundle holds one architecture")));
            }
            Some(_) => {}
        }
        let file = format!("net-{}.safetensors", &hash[..12]);
        let entry = WeightsFile {
            file: file.clone(),
            sha256: hash,
            parameters: meta.model.num_params(),
            source: match &meta.parent {
                Some(parent) => format!("{} (generation {}, parent {parent})", ckpt.display(), meta.generation),
                None => format!("{} (generation {})", ckpt.display(), meta.generation),
            },
        };
        self.bytes.insert(file.clone(), bytes);
        self.files.insert(ckpt.to_path_buf(), entry);
        Ok(file)
    }
}

/// The model a bundle's weights load into (the inverse of [`network_shape`]).
pub(crate) fn model_config(shape: NetworkShape) -> ModelConfig {
    match shape {
        NetworkShape::Mlp(a) => ModelConfig {
            role_heads: a.role_heads,
            ..ModelConfig::mlp(a.hidden, a.blocks, a.value_hidden, a.moves_left_hidden)
        },
        NetworkShape::Graph(g) => ModelConfig {
            reach: g.reach,
            ..ModelConfig::graph(g.hidden, g.blocks, g.value_hidden, g.moves_left_hidden)
        },
    }
}
