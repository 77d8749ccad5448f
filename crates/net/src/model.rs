//! The policy-value model: its shape (`ModelConfig`) and the two kinds of network behind one
//! type. Both read the feature encoding and give a policy over the action space (144 directed
//! lines), a value in [-1, 1] for the side to move and, optionally, a moves-left head: the plies
//! to the end of the game (lc0's moves-left head), which lets the search tell a long resistance
//! from a quick collapse when every move loses.
//!
//! - `ModelKind::Mlp` (`mlp.rs`): a residual MLP over the flat feature vector.
//! - `ModelKind::Graph` (`graph.rs`): message passing along the board's lines, weights shared by
//!   every point.

use crate::NetError;
use crate::graph::{self, GraphNet};
use crate::mlp::{self, MlpNet};
use burn::module::{Devices, Module, ModuleMapper, ModuleVisitor};
use burn::prelude::*;
use serde::{Deserialize, Serialize};

/// Which network a model is.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ModelKind {
    /// The residual MLP over the flat feature vector.
    #[default]
    Mlp,
    /// The graph network over the board's points and lines.
    Graph,
}

impl ModelKind {
    /// The name in configs and checkpoints.
    pub fn name(self) -> &'static str {
        match self {
            ModelKind::Mlp => "mlp",
            ModelKind::Graph => "graph",
        }
    }
}

impl std::str::FromStr for ModelKind {
    type Err = String;
    fn from_str(s: &str) -> Result<ModelKind, String> {
        match s {
            "mlp" => Ok(ModelKind::Mlp),
            "graph" => Ok(ModelKind::Graph),
            _ => Err(format!("unknown model kind '{s}' (expected mlp or graph)")),
        }
    }
}

/// The model's shape (recorded in checkpoints; a checkpoint only loads into the same shape).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct ModelConfig {
    /// Which network. Left out of the serialised form for the MLP, so that checkpoints and
    /// digests written before the graph network existed stay as they were.
    #[serde(skip_serializing_if = "is_mlp")]
    pub kind: ModelKind,
    /// Width: of the MLP's trunk, or the graph network's channels per point.
    pub hidden: usize,
    /// Number of residual blocks (two dense layers each; one message-passing step each in the
    /// graph network).
    pub blocks: usize,
    /// Width of the value head's hidden layer.
    pub value_hidden: usize,
    /// Width of the moves-left head's hidden layer; 0 = no moves-left head. Left out of the
    /// serialised form when 0, so checkpoints without the head keep their recorded digests.
    #[serde(skip_serializing_if = "is_zero")]
    pub moves_left_hidden: usize,
    /// The graph network's reach: a point reads the points 1..=reach steps along each line in
    /// every block (1 or 2; 2 sees both ends of a capture). Ignored by, and not written for, the
    /// MLP.
    #[serde(skip_serializing_if = "is_default_reach")]
    pub reach: usize,
    /// Per-role heads (the Tablut AlphaZero paper's, arXiv 2604.05476): the MLP keeps one
    /// policy, value and moves-left head for the General to move and another for the soldiers,
    /// over one shared trunk. MLP only. Left out of the serialised form when false, so that
    /// checkpoints without them keep their recorded digests.
    #[serde(skip_serializing_if = "is_false")]
    pub role_heads: bool,
}

fn is_false(b: &bool) -> bool {
    !*b
}

fn is_zero(n: &usize) -> bool {
    *n == 0
}

fn is_mlp(k: &ModelKind) -> bool {
    *k == ModelKind::Mlp
}

/// The reach a graph network has unless its config says otherwise.
pub const DEFAULT_REACH: usize = 2;

fn is_default_reach(r: &usize) -> bool {
    *r == DEFAULT_REACH
}

impl Default for ModelConfig {
    fn default() -> Self {
        ModelConfig {
            kind: ModelKind::Mlp,
            hidden: 256,
            blocks: 2,
            value_hidden: 64,
            moves_left_hidden: 32,
            reach: DEFAULT_REACH,
            role_heads: false,
        }
    }
}

impl ModelConfig {
    /// An MLP of this shape.
    pub fn mlp(hidden: usize, blocks: usize, value_hidden: usize, moves_left_hidden: usize) -> ModelConfig {
        ModelConfig {
            kind: ModelKind::Mlp,
            hidden,
            blocks,
            value_hidden,
            moves_left_hidden,
            reach: DEFAULT_REACH,
            role_heads: false,
        }
    }

    /// A graph network of this shape (reach 2).
    pub fn graph(hidden: usize, blocks: usize, value_hidden: usize, moves_left_hidden: usize) -> ModelConfig {
        ModelConfig { kind: ModelKind::Graph, ..ModelConfig::mlp(hidden, blocks, value_hidden, moves_left_hidden) }
    }

    /// A shape by name, `KIND:WIDTHxBLOCKS[rREACH][+roles]` (`mlp:192x2`, `graph:32x4`,
    /// `graph:32x4r1`, `mlp:256x2+roles` for per-role heads), with these head widths; validated.
    pub fn from_spec(spec: &str, value_hidden: usize, moves_left_hidden: usize) -> Result<ModelConfig, String> {
        let bad =
            || format!("model '{spec}': expected KIND:WIDTHxBLOCKS[rREACH][+roles], e.g. mlp:192x2 or graph:32x4r1");
        let (body, role_heads) = match spec.strip_suffix("+roles") {
            Some(body) => (body, true),
            None => (spec, false),
        };
        let (kind, shape) = body.split_once(':').ok_or_else(bad)?;
        let kind: ModelKind = kind.parse().map_err(|e| format!("model '{spec}': {e}"))?;
        let (shape, reach) = match shape.split_once('r') {
            Some((s, r)) => (s, r.parse().map_err(|_| bad())?),
            None => (shape, DEFAULT_REACH),
        };
        let (w, b) = shape.split_once('x').ok_or_else(bad)?;
        let (hidden, blocks) = (w.parse().map_err(|_| bad())?, b.parse().map_err(|_| bad())?);
        let mlp = ModelConfig::mlp(hidden, blocks, value_hidden, moves_left_hidden);
        let config = ModelConfig { kind, reach, role_heads, ..mlp };
        config.validate().map_err(|e| format!("model '{spec}': {e}"))?;
        Ok(config)
    }

    /// Checks the shape is sensible.
    pub fn validate(&self) -> Result<(), NetError> {
        let shape = |field, range, value| Err(NetError::Shape { field, range, value });
        let (widest, range) = match self.kind {
            ModelKind::Mlp => (4096, "8..=4096"),
            ModelKind::Graph => (512, "8..=512 for a graph network"),
        };
        if !(8..=widest).contains(&self.hidden) {
            return shape("hidden", range, self.hidden);
        }
        if self.blocks > 32 {
            return shape("blocks", "0..=32", self.blocks);
        }
        if !(1..=4096).contains(&self.value_hidden) {
            return shape("value_hidden", "1..=4096", self.value_hidden);
        }
        if self.moves_left_hidden > 4096 {
            return shape("moves_left_hidden", "0..=4096", self.moves_left_hidden);
        }
        if !(1..=2).contains(&self.reach) {
            return shape("reach", "1 or 2", self.reach);
        }
        if self.role_heads && self.kind != ModelKind::Mlp {
            return Err(NetError::RoleHeads(self.kind.name()));
        }
        Ok(())
    }

    /// Whether the model has a moves-left head.
    pub fn has_moves_left(&self) -> bool {
        self.moves_left_hidden > 0
    }

    /// Number of trainable parameters.
    pub fn num_params(&self) -> usize {
        match self.kind {
            ModelKind::Mlp => mlp::num_params(self),
            ModelKind::Graph => graph::num_params(self),
        }
    }

    /// A freshly initialised model on `device` (Burn's seeded initialisers).
    pub fn init(&self, device: &Device) -> PolicyValueNet {
        match self.kind {
            ModelKind::Mlp => PolicyValueNet::Mlp(MlpNet::init(self, device)),
            ModelKind::Graph => PolicyValueNet::Graph(GraphNet::init(self, device)),
        }
    }
}

/// What the model computes for a batch.
#[derive(Debug, Clone)]
pub struct Heads {
    /// Policy logits `[batch, 144]`.
    pub logits: Tensor<2>,
    /// Values `[batch, 1]` in [-1, 1] for the side to move.
    pub value: Tensor<2>,
    /// Plies to the end / `PLIES_SCALE`, `[batch, 1]`, when the model has the head.
    pub moves_left: Option<Tensor<2>>,
}

/// The policy-value network, of either kind. Its parameters are named as the kind's own
/// (no prefix for the kind), so MLP weights written before the graph network existed load as
/// they are.
// One value per network, cloned rarely: the variants' sizes do not matter.
#[allow(clippy::large_enum_variant)]
#[derive(Debug, Clone)]
pub enum PolicyValueNet {
    /// The residual MLP.
    Mlp(MlpNet),
    /// The graph network.
    Graph(GraphNet),
}

impl PolicyValueNet {
    /// Every head's output for a batch of encoded positions.
    pub fn forward(&self, features: Tensor<2>) -> Heads {
        match self {
            PolicyValueNet::Mlp(m) => m.forward(features),
            PolicyValueNet::Graph(g) => g.forward(features),
        }
    }
}

/// Applies `$e` to the inner network, rewrapping what returns a network.
macro_rules! each {
    ($self:expr, $m:ident => $e:expr) => {
        match $self {
            PolicyValueNet::Mlp($m) => $e,
            PolicyValueNet::Graph($m) => $e,
        }
    };
    (wrap $self:expr, $m:ident => $e:expr) => {
        match $self {
            PolicyValueNet::Mlp($m) => PolicyValueNet::Mlp($e),
            PolicyValueNet::Graph($m) => PolicyValueNet::Graph($e),
        }
    };
}

// By hand rather than derived: a derived enum would prefix every parameter with the variant's
// name, and the MLP's weights would no longer load from the files already written.
impl Module for PolicyValueNet {
    fn collect_devices(&self, devices: Devices) -> Devices {
        each!(self, m => m.collect_devices(devices))
    }
    fn fork(self, device: &Device) -> Self {
        each!(wrap self, m => m.fork(device))
    }
    fn to_device(self, device: &Device) -> Self {
        each!(wrap self, m => m.to_device(device))
    }
    fn train(self) -> Self {
        each!(wrap self, m => m.train())
    }
    fn valid(&self) -> Self {
        each!(wrap self, m => m.valid())
    }
    fn materialize(self) -> Self {
        each!(wrap self, m => m.materialize())
    }
    fn visit<V: ModuleVisitor>(&self, visitor: &mut V) {
        each!(self, m => m.visit(visitor))
    }
    fn map<M: ModuleMapper>(self, mapper: &mut M) -> Self {
        each!(wrap self, m => m.map(mapper))
    }
}
