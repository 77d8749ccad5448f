//! The policy-value network: the only crate that imports Burn. Feature encoding (versioned),
//! the models (a residual MLP and a graph network over the board), batched inference, training
//! steps and checkpoints.

pub mod encoding;
mod graph;
mod inference_speed;
mod mlp;
mod model;

pub use encoding::{ENCODING_VERSION, GENERAL_TO_MOVE, NUM_FEATURES, PLIES_SCALE, encode, encode_batch};
pub use graph::GraphNet;
pub use mlp::MlpNet;
pub use model::{DEFAULT_REACH, Heads, ModelConfig, ModelKind, PolicyValueNet};
mod network;
mod siblings;
mod split_step;
mod subnormal;
mod train_speed;
mod training;

pub use burn::tensor::Device;
pub use error::NetError;
pub use inference_speed::time_inference;
pub use network::{DeviceKind, Network, Prediction};
pub use siblings::SiblingBatch;
pub use train_speed::{TrainSpeed, synthetic_batch, synthetic_siblings, time_training};
pub use training::{Learner, LossWeights, Losses, OptimizerKind, TrainBatch, TrainingState};
mod checkpoint;
mod error;

pub use checkpoint::{
    CHECKPOINT_FORMAT_VERSION, CheckpointMeta, load_checkpoint, load_training_state, network_from_bytes, read_meta,
    save_checkpoint, sha256_hex, weights_bytes,
};
