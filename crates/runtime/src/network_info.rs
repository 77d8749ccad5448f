//! The manifest's description of the network every weight file holds: which architecture and
//! its shape. Two architectures exist (`docs/export.md`): the residual MLP over the flat
//! features (`residual-mlp-v1`, every bundle format) and the graph network over the board's
//! points and lines (`graph-v1`, bundle format 5). An MLP with per-role heads (format 6)
//! records `role_heads = true` in its shape.

use crate::graph::GraphShape;
use crate::manifest::is_false;
use crate::mlp::{Architecture, LAYER_NORM_EPSILON, is_zero};
use musashi_encoding::NUM_FEATURES;
use musashi_game::NUM_ACTIONS;
use serde::{Deserialize, Serialize};

/// The residual MLP's name in manifests.
pub const ARCHITECTURE_NAME: &str = "residual-mlp-v1";
/// The graph network's name in manifests.
pub const GRAPH_ARCHITECTURE_NAME: &str = "graph-v1";

/// Which network, with its shape.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum NetworkShape {
    /// The residual MLP (`crates/runtime/src/mlp.rs`).
    Mlp(Architecture),
    /// The graph network (`crates/runtime/src/graph.rs`).
    Graph(GraphShape),
}

impl NetworkShape {
    /// The architecture's name in manifests.
    pub fn name(&self) -> &'static str {
        match self {
            NetworkShape::Mlp(_) => ARCHITECTURE_NAME,
            NetworkShape::Graph(_) => GRAPH_ARCHITECTURE_NAME,
        }
    }
}

/// The network every weight file of the bundle holds.
#[derive(Clone, Copy, PartialEq, Debug, Serialize, Deserialize)]
#[serde(try_from = "RawNetworkInfo", into = "RawNetworkInfo")]
pub struct NetworkInfo {
    /// Input features (`NUM_FEATURES` of the encoding version).
    pub features: usize,
    /// Policy outputs (the action space: directed lines of the 33-point board).
    pub actions: usize,
    /// LayerNorm's epsilon.
    pub layer_norm_epsilon: f32,
    /// The architecture and its shape.
    pub shape: NetworkShape,
}

impl NetworkInfo {
    /// The description of a network of this shape under this build.
    pub fn new(shape: NetworkShape) -> NetworkInfo {
        NetworkInfo { features: NUM_FEATURES, actions: NUM_ACTIONS, layer_norm_epsilon: LAYER_NORM_EPSILON, shape }
    }
}

/// `network` as written: the architecture's name, then one shape object whose `reach` only the
/// graph network has.
#[derive(Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawNetworkInfo {
    architecture: String,
    features: usize,
    actions: usize,
    layer_norm_epsilon: f32,
    shape: RawShape,
}

#[derive(Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawShape {
    hidden: usize,
    blocks: usize,
    value_hidden: usize,
    #[serde(default, skip_serializing_if = "is_zero")]
    moves_left_hidden: usize,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    reach: Option<usize>,
    #[serde(default, skip_serializing_if = "is_false")]
    role_heads: bool,
}

impl From<NetworkInfo> for RawNetworkInfo {
    fn from(n: NetworkInfo) -> RawNetworkInfo {
        let shape = match n.shape {
            NetworkShape::Mlp(a) => RawShape {
                hidden: a.hidden,
                blocks: a.blocks,
                value_hidden: a.value_hidden,
                moves_left_hidden: a.moves_left_hidden,
                reach: None,
                role_heads: a.role_heads,
            },
            NetworkShape::Graph(g) => RawShape {
                hidden: g.hidden,
                blocks: g.blocks,
                value_hidden: g.value_hidden,
                moves_left_hidden: g.moves_left_hidden,
                reach: Some(g.reach),
                role_heads: false,
            },
        };
        RawNetworkInfo {
            architecture: n.shape.name().to_string(),
            features: n.features,
            actions: n.actions,
            layer_norm_epsilon: n.layer_norm_epsilon,
            shape,
        }
    }
}

impl TryFrom<RawNetworkInfo> for NetworkInfo {
    type Error = String;

    fn try_from(r: RawNetworkInfo) -> Result<NetworkInfo, String> {
        let s = r.shape;
        let shape = match (r.architecture.as_str(), s.reach) {
            (ARCHITECTURE_NAME, None) => NetworkShape::Mlp(Architecture {
                hidden: s.hidden,
                blocks: s.blocks,
                value_hidden: s.value_hidden,
                moves_left_hidden: s.moves_left_hidden,
                role_heads: s.role_heads,
            }),
            (ARCHITECTURE_NAME, Some(_)) => return Err(format!("{ARCHITECTURE_NAME} has no reach")),
            (GRAPH_ARCHITECTURE_NAME, _) if s.role_heads => {
                return Err(format!("{GRAPH_ARCHITECTURE_NAME} has no per-role heads"));
            }
            (GRAPH_ARCHITECTURE_NAME, Some(reach @ 1..=2)) => NetworkShape::Graph(GraphShape {
                hidden: s.hidden,
                blocks: s.blocks,
                reach,
                value_hidden: s.value_hidden,
                moves_left_hidden: s.moves_left_hidden,
            }),
            (GRAPH_ARCHITECTURE_NAME, reach) => {
                return Err(format!("{GRAPH_ARCHITECTURE_NAME} needs a reach of 1 or 2, not {reach:?}"));
            }
            (other, _) => {
                return Err(format!(
                    "unknown network architecture '{other}': this build runs {ARCHITECTURE_NAME} and {GRAPH_ARCHITECTURE_NAME}"
                ));
            }
        };
        Ok(NetworkInfo { features: r.features, actions: r.actions, layer_norm_epsilon: r.layer_norm_epsilon, shape })
    }
}
