//! The export runtime: loads a bundle (`docs/export.md`) from a folder or from bytes and plays
//! its opponent levels on CPU. The networks run in plain Rust (`mlp.rs`, `graph.rs`, reading the
//! safetensors weights directly), the features come from `musashi-encoding` and the search from
//! `musashi-search`: no Burn, no training code. Tests check that a level plays exactly the moves
//! of the training pipeline's `mcts:` agent with the same checkpoint, settings and seed, and
//! that both networks' outputs equal the training networks'.
//!
//! Files: `manifest.rs` (the manifest's schema and seal), `network_info.rs` (its network
//! description), `level.rs` (the difficulty levels), `bundle.rs` (loading and playing),
//! `nearest.rs` (levels for uncalibrated rules), `spot_check.rs` (what a bundle measured beyond
//! its levels), `network.rs`, `mlp.rs`, `graph.rs`, `layers.rs` (the networks), `view.rs` (what a game client
//! draws: a game's state with its marks, a board's layout), `reference.rs` (reference vectors for
//! ports).

mod bundle;
mod graph;
mod layers;
mod level;
mod manifest;
mod mlp;
mod nearest;
mod network;
mod network_info;
mod reference;
pub mod safetensors;
mod search_constants;
mod spot_check;
mod view;
mod weights_error;

pub use bundle::{Bundle, BundleError, LevelPlayer};
pub use graph::{GraphNetwork, GraphShape};
pub use level::{Level, UnknownLevel};
pub use manifest::{
    BUNDLE_FORMAT_VERSION, LevelEntry, LevelSettings, MANIFEST, Manifest, Measured, Missing, RulesEntry, WeightsFile,
    sha256_hex,
};
pub use mlp::{Architecture, LAYER_NORM_EPSILON, Mlp, Outputs};
pub use nearest::{Fit, nearest_rules};
pub use network::{Network, NetworkEvaluator};
pub use network_info::{ARCHITECTURE_NAME, GRAPH_ARCHITECTURE_NAME, NetworkInfo, NetworkShape};
pub use reference::{
    REFERENCE_FORMAT_VERSION, ReferencePosition, ReferenceVectors, ReferenceVersion, reference_line, reference_vectors,
};
pub use search_constants::{MovesLeftConstants, RANDOM_GENERATOR, SearchConstants};
pub use spot_check::{LevelBehaviour, SpotCheck, SpotLevel};
pub use view::{BoardView, CaptureMark, Ending, GameState, Marks, PointView};
pub use weights_error::WeightsError;
