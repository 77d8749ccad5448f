//! Shared by the probes: a network's move probabilities seen through a symmetry, and argmax.
use lfprobe::predict;
use musashi_game::{Move, Snapshot, Symmetry};
use musashi_net::Network;

/// The policy's probabilities over `moves` of `snap`, predicted on its image under `sym` and
/// read back in the original frame.
pub fn probs(net: &Network, snap: &Snapshot, moves: &[Move], sym: Symmetry) -> Vec<f32> {
    let image = Snapshot { position: sym.position(&snap.position), ..*snap };
    let p = predict(net, &[&image]);
    let logits: Vec<f32> = moves.iter().map(|m| p.logits[sym.apply_move(*m).action()]).collect();
    let max = logits.iter().copied().fold(f32::NEG_INFINITY, f32::max);
    let exp: Vec<f32> = logits.iter().map(|l| (l - max).exp()).collect();
    let sum: f32 = exp.iter().sum();
    exp.iter().map(|e| e / sum).collect()
}

/// The index of the largest value.
pub fn argmax(v: &[f32]) -> usize {
    (0..v.len()).max_by(|&a, &b| v[a].total_cmp(&v[b])).unwrap()
}
