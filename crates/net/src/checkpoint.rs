//! Checkpoints: a folder with the weights (`weights.safetensors`), a JSON metadata file
//! (`meta.json`) and optionally the training state (`training.bpk`, `optimizer.bpk`). Written
//! into a temporary folder and renamed, so a checkpoint folder is always complete. Loading checks
//! the format version, the metadata's own SHA-256 (format 2), the encoding version, the model
//! shape and the SHA-256 of every file it reads; every error names the file.
//! The format is documented in `docs/formats.md`.

use crate::NetError;
use crate::encoding::ENCODING_VERSION;
use crate::model::ModelConfig;
use crate::network::Network;
use crate::subnormal::flush_subnormals;
use crate::training::TrainingState;
use burn::prelude::*;
use burn::store::{ModuleSnapshot, SafetensorsStore};
use musashi_game::Ruleset;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use std::fs;
use std::path::{Path, PathBuf};

/// The checkpoint format this build writes. 2 added `meta_sha256`, the SHA-256 of the metadata
/// itself; format 1 checkpoints (without it) are still read, their weights and training state
/// checked as before but their metadata unchecked. 3 added the model's `moves_left_hidden`
/// (written only when not 0); a model without it has no moves-left head.
pub const CHECKPOINT_FORMAT_VERSION: u32 = 3;
/// The oldest format that records `meta_sha256`.
const DIGEST_FORMAT_VERSION: u32 = 2;
/// The oldest checkpoint format this build reads.
const OLDEST_FORMAT_VERSION: u32 = 1;
/// The key in `meta.json` holding the SHA-256 of the rest of the metadata.
const META_SHA256: &str = "meta_sha256";

const META: &str = "meta.json";
const WEIGHTS: &str = "weights.safetensors";
const TRAINING: &str = "training.bpk";
const OPTIMIZER: &str = "optimizer.bpk";

/// What a checkpoint says about itself.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CheckpointMeta {
    /// `CHECKPOINT_FORMAT_VERSION` of the writer.
    pub format_version: u32,
    /// The feature encoding the weights expect.
    pub encoding_version: u32,
    /// The model's shape.
    pub model: ModelConfig,
    /// The rulesets the network was trained on.
    pub rules: Vec<Ruleset>,
    /// Generation in its run (0 = initial weights).
    pub generation: u32,
    /// Optimizer steps taken so far.
    pub step: u64,
    /// The checkpoint this one was trained from, if any.
    pub parent: Option<String>,
    /// SHA-256 of `weights.safetensors`, lowercase hex.
    pub weights_sha256: String,
    /// SHA-256 of the training state (`training.bpk` then `optimizer.bpk`), when saved.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub training_sha256: Option<String>,
}

fn err(path: &Path, what: impl std::fmt::Display) -> NetError {
    NetError::Checkpoint { path: path.to_path_buf(), what: what.to_string() }
}

/// Lowercase hex SHA-256 of bytes.
pub fn sha256_hex(bytes: &[u8]) -> String {
    Sha256::digest(bytes).iter().map(|b| format!("{b:02x}")).collect()
}

/// The network's weights as safetensors bytes.
pub fn weights_bytes(network: &Network) -> Result<Vec<u8>, NetError> {
    // No metadata: Burn's default metadata is a hash map whose order varies, and the bytes
    // (hashed into the checkpoint's metadata and export manifests) must be reproducible.
    let mut store = SafetensorsStore::from_bytes(None).clear_metadata();
    let fail = |e: &dyn std::fmt::Display| NetError::Serialise { what: "weights", message: e.to_string() };
    network.model().save_into(&mut store).map_err(|e| fail(&e))?;
    store.get_bytes().map_err(|e| fail(&e))
}

/// Loads safetensors bytes into a network of shape `config`.
pub fn network_from_bytes(bytes: Vec<u8>, config: ModelConfig, device: &Device) -> Result<Network, NetError> {
    let mut model = config.init(device);
    let mut store = SafetensorsStore::from_bytes(Some(bytes));
    let result = model.load_from(&mut store).map_err(|e| NetError::Weights(format!("weights do not load: {e}")))?;
    if !result.errors.is_empty() || !result.missing.is_empty() || !result.unused.is_empty() {
        return Err(NetError::Weights(format!(
            "weights do not match the model shape: {} errors, missing {:?}, unused {:?}",
            result.errors.len(),
            result.missing.iter().map(|m| &m.0).collect::<Vec<_>>(),
            result.unused
        )));
    }
    // Weights written before subnormals were flushed in training would slow every product.
    let network = Network::from_model(&flush_subnormals(model), config, device);
    network.check_finite()?;
    Ok(network)
}

/// Writes a checkpoint folder at `dir` (which must not exist yet), atomically.
pub fn save_checkpoint(
    dir: &Path,
    network: &Network,
    meta: &CheckpointMeta,
    training: Option<&TrainingState>,
) -> Result<(), NetError> {
    if dir.exists() {
        return Err(err(dir, "already exists"));
    }
    network.check_finite().map_err(|e| err(dir, format!("not written: {e}")))?;
    let weights = weights_bytes(network)?;
    let mut meta = meta.clone();
    meta.format_version = CHECKPOINT_FORMAT_VERSION;
    meta.encoding_version = ENCODING_VERSION;
    meta.model = network.config();
    meta.weights_sha256 = sha256_hex(&weights);
    meta.training_sha256 = training.map(state_hash);
    let tmp = temp_sibling(dir);
    let _ = fs::remove_dir_all(&tmp);
    let write = || -> std::io::Result<()> {
        fs::create_dir_all(&tmp)?;
        fs::write(tmp.join(WEIGHTS), &weights)?;
        if let Some(state) = training {
            fs::write(tmp.join(TRAINING), &state.model)?;
            fs::write(tmp.join(OPTIMIZER), &state.optimizer)?;
        }
        fs::write(tmp.join(META), meta_json(&meta).map_err(std::io::Error::other)?)?;
        for f in fs::read_dir(&tmp)? {
            fs::File::open(f?.path())?.sync_all()?;
        }
        fs::rename(&tmp, dir)
    };
    write().map_err(|e| err(dir, e))
}

fn temp_sibling(dir: &Path) -> PathBuf {
    let name = dir.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    dir.with_file_name(format!(".{name}.tmp-{}", std::process::id()))
}

/// The SHA-256 a format 2 `meta.json` records of its metadata: of the metadata serialised as
/// compact JSON (serde_json, the fields in the order of [`CheckpointMeta`]), without
/// `meta_sha256` itself. Computed from the parsed values, so only a change of a value matters.
fn meta_digest(meta: &CheckpointMeta) -> Result<String, serde_json::Error> {
    Ok(sha256_hex(&serde_json::to_vec(meta)?))
}

/// `meta.json`'s bytes: the metadata and its SHA-256.
fn meta_json(meta: &CheckpointMeta) -> Result<Vec<u8>, serde_json::Error> {
    let mut value = serde_json::to_value(meta)?;
    value
        .as_object_mut()
        .expect("the metadata is a JSON object")
        .insert(META_SHA256.into(), serde_json::Value::String(meta_digest(meta)?));
    let mut json = serde_json::to_vec_pretty(&value)?;
    json.push(b'\n');
    Ok(json)
}

/// Reads and checks a checkpoint's metadata: its format version, then (format 2) its own
/// SHA-256, then the encoding version and the model shape.
pub fn read_meta(dir: &Path) -> Result<CheckpointMeta, NetError> {
    let text = fs::read(dir.join(META)).map_err(|e| err(dir, format!("cannot read {META}: {e}")))?;
    let bad = |what: String| err(dir, format!("{META}: {what}"));
    let mut value: serde_json::Value =
        serde_json::from_slice(&text).map_err(|e| bad(format!("not JSON (damaged?): {e}")))?;
    let object = value.as_object_mut().ok_or_else(|| bad("not a JSON object".into()))?;
    let version = object.get("format_version").and_then(|v| v.as_u64());
    let recorded = match version {
        Some(v) if (DIGEST_FORMAT_VERSION as u64..=CHECKPOINT_FORMAT_VERSION as u64).contains(&v) => {
            match object.remove(META_SHA256) {
                Some(serde_json::Value::String(s)) => Some(s),
                _ => return Err(bad(format!("format version {v} but no {META_SHA256} string (damaged?)"))),
            }
        }
        Some(v) if (OLDEST_FORMAT_VERSION as u64..DIGEST_FORMAT_VERSION as u64).contains(&v) => None,
        Some(v) => {
            return Err(bad(format!(
                "format version {v}, this build reads versions {OLDEST_FORMAT_VERSION} to {CHECKPOINT_FORMAT_VERSION}"
            )));
        }
        None => return Err(bad("no format_version (damaged?)".into())),
    };
    // A model recorded without `moves_left_hidden` has no moves-left head (the field is left
    // out when 0, and formats before 3 did not know it).
    if let Some(serde_json::Value::Object(model)) = object.get_mut("model") {
        model.entry("moves_left_hidden").or_insert(serde_json::Value::from(0));
    }
    let meta: CheckpointMeta =
        serde_json::from_value(value).map_err(|e| bad(format!("bad metadata (damaged?): {e}")))?;
    if let Some(recorded) = recorded {
        let digest = meta_digest(&meta).map_err(|e| bad(e.to_string()))?;
        if digest != recorded {
            return Err(bad(format!(
                "damaged or edited: the SHA-256 of its metadata is {digest}, its {META_SHA256} says {recorded}"
            )));
        }
    }
    if meta.encoding_version != ENCODING_VERSION {
        return Err(bad(format!(
            "feature encoding version {}, this build encodes version {ENCODING_VERSION}",
            meta.encoding_version
        )));
    }
    meta.model.validate().map_err(|e| bad(e.to_string()))?;
    Ok(meta)
}

/// Loads a checkpoint's network, checking versions and the weights' hash.
pub fn load_checkpoint(dir: &Path, device: &Device) -> Result<(Network, CheckpointMeta), NetError> {
    let meta = read_meta(dir)?;
    let weights = fs::read(dir.join(WEIGHTS)).map_err(|e| err(dir, format!("cannot read {WEIGHTS}: {e}")))?;
    let hash = sha256_hex(&weights);
    if hash != meta.weights_sha256 {
        return Err(err(dir, format!("{WEIGHTS} is corrupt: SHA-256 {hash}, {META} says {}", meta.weights_sha256)));
    }
    let network = network_from_bytes(weights, meta.model, device).map_err(|e| err(dir, format!("{WEIGHTS}: {e}")))?;
    Ok((network, meta))
}

fn state_hash(state: &TrainingState) -> String {
    let mut h = Sha256::new();
    h.update(&state.model);
    h.update(&state.optimizer);
    h.finalize().iter().map(|b| format!("{b:02x}")).collect()
}

/// The training state saved with a checkpoint, if any (checked against its hash).
pub fn load_training_state(dir: &Path) -> Result<Option<TrainingState>, NetError> {
    let meta = read_meta(dir)?;
    let Some(want) = meta.training_sha256 else { return Ok(None) };
    let read = |name: &str| fs::read(dir.join(name)).map_err(|e| err(dir, format!("cannot read {name}: {e}")));
    let state = TrainingState { model: read(TRAINING)?, optimizer: read(OPTIMIZER)? };
    let got = state_hash(&state);
    if got != want {
        return Err(err(
            dir,
            format!("{TRAINING} or {OPTIMIZER} is damaged: their SHA-256 is {got}, {META} says {want}"),
        ));
    }
    Ok(Some(state))
}
