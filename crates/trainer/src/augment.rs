//! Symmetry augmentation: the same sample seen through a symmetry of its board, with the
//! policy target permuted through the action mapping.

use crate::replay::Sample;
use musashi_game::Symmetry;

/// The sample mapped by `symmetry` (which must be a symmetry of the sample's board).
pub fn augment(sample: &Sample, symmetry: Symmetry) -> Sample {
    let mut s = sample.clone();
    s.state.position = symmetry.position(&sample.state.position);
    s.legal = sample.legal.iter().map(|&a| symmetry.action(a as usize) as u16).collect();
    s
}
