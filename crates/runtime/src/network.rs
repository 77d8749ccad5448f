//! The bundle's network, whichever architecture the manifest names, and the search's evaluator
//! over it.

use crate::WeightsError;
use crate::graph::GraphNetwork;
use crate::mlp::{Mlp, Outputs};
use crate::network_info::NetworkShape;
use musashi_encoding::{NUM_FEATURES, encode};
use musashi_game::Snapshot;
use musashi_search::{Evaluations, Evaluator};
use std::sync::Arc;

/// A network ready to run.
#[derive(Clone, Debug)]
pub enum Network {
    /// The residual MLP.
    Mlp(Box<Mlp>),
    /// The graph network.
    Graph(Box<GraphNetwork>),
}

impl Network {
    /// Reads the weights (safetensors bytes) of a network of this shape.
    pub fn from_safetensors(bytes: &[u8], shape: NetworkShape) -> Result<Network, WeightsError> {
        Ok(match shape {
            NetworkShape::Mlp(a) => Network::Mlp(Box::new(Mlp::from_safetensors(bytes, a)?)),
            NetworkShape::Graph(g) => Network::Graph(Box::new(GraphNetwork::from_safetensors(bytes, g)?)),
        })
    }

    /// The architecture and shape.
    pub fn shape(&self) -> NetworkShape {
        match self {
            Network::Mlp(m) => NetworkShape::Mlp(m.architecture()),
            Network::Graph(g) => NetworkShape::Graph(g.shape()),
        }
    }

    /// Runs one encoded state: writes `NUM_ACTIONS` logits and returns the value for the side
    /// to move and, with a moves-left head, the plies to the end.
    pub fn forward(&self, features: &[f32], logits: &mut Vec<f32>) -> Outputs {
        match self {
            Network::Mlp(m) => m.forward(features, logits),
            Network::Graph(g) => g.forward(features, logits),
        }
    }
}

/// The network as an MCTS evaluator.
#[derive(Clone, Debug)]
pub struct NetworkEvaluator {
    network: Arc<Network>,
    features: Vec<f32>,
    row: Vec<f32>,
}

impl NetworkEvaluator {
    /// An evaluator over a shared network.
    pub fn new(network: Arc<Network>) -> NetworkEvaluator {
        NetworkEvaluator { network, features: vec![0.0; NUM_FEATURES], row: Vec::new() }
    }
}

impl Evaluator for NetworkEvaluator {
    fn evaluate(&mut self, batch: &[Snapshot], out: &mut Evaluations) {
        out.clear();
        for s in batch {
            encode(s, &mut self.features);
            let o = self.network.forward(&self.features, &mut self.row);
            out.values.push(o.value);
            out.plies.extend(o.plies);
            out.logits.extend_from_slice(&self.row);
        }
    }
}
