//! The network as an MCTS evaluator: encodes a batch, runs it, hands back logits, values and
//! (with a moves-left head) plies to the end. Optional cache keyed by the state (position and
//! context).

use musashi_game::{NUM_ACTIONS, Snapshot};
use musashi_net::{Network, Prediction, encode_batch};
use musashi_search::{Evaluations, Evaluator};
use std::collections::HashMap;
use std::sync::Arc;

/// A cached evaluation: logits, value, plies to the end (with a moves-left head).
type Cached = (Box<[f32]>, f32, Option<f32>);

/// A network-backed evaluator (one per worker thread; the network is shared).
#[derive(Debug)]
pub struct NetEvaluator {
    network: Arc<Network>,
    features: Vec<f32>,
    prediction: Prediction,
    cache: HashMap<Snapshot, Cached>,
    cache_capacity: usize,
    misses: Vec<usize>,
    miss_states: Vec<Snapshot>,
}

impl NetEvaluator {
    /// An evaluator over `network` with a cache of up to `cache_capacity` states (0 = none).
    pub fn new(network: Arc<Network>, cache_capacity: usize) -> NetEvaluator {
        NetEvaluator {
            network,
            features: Vec::new(),
            prediction: Prediction::default(),
            cache: HashMap::new(),
            cache_capacity,
            misses: Vec::new(),
            miss_states: Vec::new(),
        }
    }
}

impl Evaluator for NetEvaluator {
    fn evaluate(&mut self, batch: &[Snapshot], out: &mut Evaluations) {
        out.clear();
        out.logits.resize(batch.len() * NUM_ACTIONS, 0.0);
        out.values.resize(batch.len(), 0.0);
        if self.network.config().has_moves_left() {
            out.plies.resize(batch.len(), 0.0);
        }
        self.misses.clear();
        self.miss_states.clear();
        for (i, s) in batch.iter().enumerate() {
            match self.cache.get(s) {
                Some((l, v, p)) => {
                    out.logits[i * NUM_ACTIONS..(i + 1) * NUM_ACTIONS].copy_from_slice(l);
                    out.values[i] = *v;
                    if let Some(p) = p {
                        out.plies[i] = *p;
                    }
                }
                None => {
                    self.misses.push(i);
                    self.miss_states.push(*s);
                }
            }
        }
        if self.misses.is_empty() {
            return;
        }
        encode_batch(&self.miss_states, &mut self.features);
        self.network.predict(&self.features, &mut self.prediction);
        for (k, &i) in self.misses.iter().enumerate() {
            let row = &self.prediction.logits[k * NUM_ACTIONS..(k + 1) * NUM_ACTIONS];
            out.logits[i * NUM_ACTIONS..(i + 1) * NUM_ACTIONS].copy_from_slice(row);
            out.values[i] = self.prediction.values[k];
            let plies = self.prediction.plies.get(k).copied();
            if let Some(p) = plies {
                out.plies[i] = p;
            }
            if self.cache_capacity > 0 {
                if self.cache.len() >= self.cache_capacity {
                    self.cache.clear();
                }
                self.cache.insert(self.miss_states[k], (row.into(), out.values[i], plies));
            }
        }
    }
}
