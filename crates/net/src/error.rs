//! The network crate's errors: devices, shapes, weights, training state and checkpoints.

use std::path::PathBuf;

/// Why the network crate could not do what was asked.
#[derive(Debug, thiserror::Error)]
pub enum NetError {
    /// A device name other than `cpu` or `gpu`.
    #[error("unknown device '{0}' (expected cpu or gpu)")]
    UnknownDevice(String),
    /// The GPU device in a build without its backend.
    #[error("this build has no GPU backend: rebuild with `--features gpu`")]
    NoGpu,
    /// A thread pool that could not be started.
    #[error("cannot start {threads} training threads: {message}")]
    Threads {
        /// How many were asked for.
        threads: usize,
        /// Why not.
        message: String,
    },
    /// An optimizer name that is not known.
    #[error("unknown optimizer '{0}' (expected adam, adamw or sgd-momentum)")]
    UnknownOptimizer(String),
    /// A model dimension out of range.
    #[error("{field} must be {range}, got {value}")]
    Shape {
        /// The dimension (`hidden`, `blocks`, `value_hidden`).
        field: &'static str,
        /// The accepted range.
        range: &'static str,
        /// The value given.
        value: usize,
    },
    /// Per-role heads asked of a network kind that has none.
    #[error("role_heads: the {0} network has no per-role heads (only the MLP has them)")]
    RoleHeads(&'static str),
    /// A loss on the moves-left head asked of a model without one.
    #[error("the model has no moves-left head (moves_left_hidden = 0): the sibling ranking needs it")]
    NoMovesLeftHead,
    /// Weights or training state that cannot be turned into bytes.
    #[error("cannot serialise {what}: {message}")]
    Serialise {
        /// What was being written.
        what: &'static str,
        /// Burn's message.
        message: String,
    },
    /// Training state that cannot be restored.
    #[error("cannot restore {what}: {message}")]
    Restore {
        /// What was being read.
        what: &'static str,
        /// Burn's message.
        message: String,
    },
    /// Weights that are not all finite numbers: a diverged training run.
    #[error("{count} of the network's weights are NaN or infinite (training diverged)")]
    NonFinite {
        /// How many.
        count: usize,
    },
    /// Weights that do not load into the model.
    #[error("{0}")]
    Weights(String),
    /// A checkpoint folder that cannot be read or written.
    #[error("checkpoint {}: {what}", path.display())]
    Checkpoint {
        /// The folder.
        path: PathBuf,
        /// What is wrong.
        what: String,
    },
}
