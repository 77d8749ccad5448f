//! The weight files of a bundle: one per distinct checkpoint, named by its hash, checked
//! against the checkpoint's metadata, all of one architecture.

use crate::ExportError;
use musashi_net::{ModelKind, read_meta};
use musashi_runtime::{Architecture, WeightsFile, sha256_hex};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// The weight files collected so far.
#[derive(Debug, Default)]
pub(crate) struct WeightSet {
    pub(crate) files: BTreeMap<PathBuf, WeightsFile>,
    pub(crate) bytes: BTreeMap<String, Vec<u8>>,
    pub(crate) shape: Option<Architecture>,
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
        if meta.model.kind != ModelKind::Mlp {
            return Err(bad(format!(
                "a {} network: bundles and the runtime play MLPs only so far; export an MLP checkpoint",
                meta.model.kind.name()
            )));
        }
        let arch = Architecture {
            hidden: meta.model.hidden,
            blocks: meta.model.blocks,
            value_hidden: meta.model.value_hidden,
            moves_left_hidden: meta.model.moves_left_hidden,
        };
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
