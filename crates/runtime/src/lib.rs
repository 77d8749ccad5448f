//! The export runtime: loads a bundle (`docs/export.md`) and plays its opponent levels on CPU.
//! The network runs in plain Rust (`mlp.rs`, reading the safetensors weights directly), the
//! features come from `musashi-encoding` and the search from `musashi-search`: no Burn, no
//! training code. A test in the command line checks that a level plays exactly the moves of
//! the training pipeline's `mcts:` agent with the same checkpoint, settings and seed.

mod bundle;
mod mlp;
mod nearest;
pub mod safetensors;
mod spot_check;
mod weights_error;

pub use bundle::{
    ARCHITECTURE_NAME, BUNDLE_FORMAT_VERSION, Bundle, BundleError, LEVELS, Level, LevelPlayer, MANIFEST, Manifest,
    Measured, NetworkInfo, RulesEntry, WeightsFile, sha256_hex,
};
pub use mlp::{Architecture, LAYER_NORM_EPSILON, Mlp, MlpEvaluator, Outputs};
pub use nearest::{Fit, nearest_rules};
pub use spot_check::{LevelBehaviour, SpotCheck, SpotLevel};
pub use weights_error::WeightsError;
