//! The raw policy over a position's moves: probabilities seen through a board symmetry, log
//! probabilities, and the top one.

use crate::fights::predict;
use musashi_game::{Move, Snapshot, Symmetry};
use musashi_net::{Network, Prediction};

/// The policy's probabilities over `moves` of `snap`, predicted on its image under `sym` (alone,
/// a batch of one) and read back in the original frame.
pub fn probs(net: &Network, snap: &Snapshot, moves: &[Move], sym: Symmetry) -> Vec<f32> {
    let image = Snapshot { position: sym.position(&snap.position), ..*snap };
    let mut p = Prediction::default();
    predict(net, &[&image], &mut p);
    let logits: Vec<f32> = moves.iter().map(|m| p.logits[sym.apply_move(*m).action()]).collect();
    let max = logits.iter().copied().fold(f32::NEG_INFINITY, f32::max);
    let exp: Vec<f32> = logits.iter().map(|l| (l - max).exp()).collect();
    let sum: f32 = exp.iter().sum();
    exp.iter().map(|e| e / sum).collect()
}

/// The log-probabilities of `moves` under the logits of one position.
pub fn log_softmax(logits: &[f32], moves: &[Move]) -> Vec<f32> {
    let l: Vec<f32> = moves.iter().map(|m| logits[m.action()]).collect();
    let max = l.iter().copied().fold(f32::NEG_INFINITY, f32::max);
    let lse = max + l.iter().map(|x| (x - max).exp()).sum::<f32>().ln();
    l.iter().map(|x| x - lse).collect()
}

/// The index of the largest value (the last of equals), `None` for no values.
pub fn argmax(v: &[f32]) -> Option<usize> {
    (0..v.len()).max_by(|&a, &b| v[a].total_cmp(&v[b]))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn argmax_takes_the_last_of_equals() {
        assert_eq!(argmax(&[]), None);
        assert_eq!(argmax(&[0.1, 0.7, 0.2]), Some(1));
        assert_eq!(argmax(&[0.5, 0.5]), Some(1));
    }
}
