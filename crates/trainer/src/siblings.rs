//! The children of the drawn positions whose side to move loses (value target at most
//! `musashi_search::LOSING_VALUE`), for the sibling ranking
//! (`train.rank_siblings`): each such position's legal moves, the position after each, and its
//! policy target's share of each.

use crate::replay::Sample;
use musashi_game::{Game, Snapshot};
use musashi_net::{SiblingBatch, encode};
use musashi_search::LOSING_VALUE;

/// A losing position's children and its policy target over them.
#[derive(Debug, Clone, PartialEq)]
pub struct Group {
    /// The position after each legal move (its move limit counted on; the sample's earlier
    /// history is not stored, so repetitions count from the sample).
    pub children: Vec<Snapshot>,
    /// The sample's policy target of each child's move.
    pub target: Vec<f32>,
}

/// The group of `sample` (as drawn, after augmentation), if its side to move loses, its policy
/// target counts, and it has at least two moves.
pub fn group(sample: &Sample) -> Option<Group> {
    if !sample.full || sample.value > LOSING_VALUE {
        return None;
    }
    let game = Game::from_snapshot(&sample.state).ok()?;
    let moves = game.legal_moves();
    if game.is_over() || moves.len() < 2 {
        return None;
    }
    let mut children = Vec::with_capacity(moves.len());
    let mut target = Vec::with_capacity(moves.len());
    for &m in moves.iter() {
        let k = sample.legal.iter().position(|&a| a as usize == m.action())?;
        target.push(sample.policy[k]);
        children.push(game.after(m).ok()?.snapshot());
    }
    (target.iter().sum::<f32>() > 0.0).then_some(Group { children, target })
}

/// Writes `groups` into `out`, in slots for the largest group's children.
pub(crate) fn fill(groups: &[Group], out: &mut SiblingBatch) {
    out.reset(groups.iter().map(|g| g.children.len()).max().unwrap_or(0));
    for g in groups {
        out.push_group(&g.target, |i, row| encode(&g.children[i], row));
    }
}
