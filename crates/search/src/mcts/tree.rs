//! The search tree: an arena of nodes with contiguous children.

use musashi_game::Move;

/// What is known about a node.
#[derive(Clone, Copy, PartialEq, Debug)]
pub(crate) enum NodeState {
    /// Not evaluated yet.
    Unexpanded,
    /// Evaluated; its children exist.
    Expanded,
    /// The game is over here (or an oracle knows the result): the exact value for the side to
    /// move at this node, and the plies to the end (0 where the game is over).
    Terminal(f32, f32),
}

/// One node: a state reached by `mv` from its parent.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Node {
    pub mv: Move,
    /// The network's prior of `mv` at the parent (noise-free).
    pub prior: f32,
    pub visits: u32,
    /// Sum of backed-up values from the point of view of the parent's side to move (the player
    /// who chooses this node), so the chooser maximises `value_sum / visits`.
    pub value_sum: f32,
    /// Sum of backed-up plies to the end from this node's state (moves-left estimates).
    pub plies_sum: f32,
    pub first_child: u32,
    pub num_children: u16,
    pub state: NodeState,
}

impl Node {
    fn new(mv: Move, prior: f32) -> Node {
        Node {
            mv,
            prior,
            visits: 0,
            value_sum: 0.0,
            plies_sum: 0.0,
            first_child: 0,
            num_children: 0,
            state: NodeState::Unexpanded,
        }
    }

    /// Mean value for the chooser, if visited.
    pub(crate) fn q(&self) -> Option<f32> {
        (self.visits > 0).then(|| self.value_sum / self.visits as f32)
    }

    /// Mean plies to the end from this node, if visited.
    pub(crate) fn plies(&self) -> Option<f32> {
        (self.visits > 0).then(|| self.plies_sum / self.visits as f32)
    }
}

/// The arena; the root is always node 0.
#[derive(Clone, Debug)]
pub(crate) struct Tree {
    pub nodes: Vec<Node>,
}

pub(crate) const ROOT: usize = 0;

impl Tree {
    pub(crate) fn new() -> Tree {
        let mut t = Tree { nodes: Vec::new() };
        t.reset();
        t
    }

    /// A single unexpanded root.
    pub(crate) fn reset(&mut self) {
        self.nodes.clear();
        let dummy = Move::from_action(musashi_game::Board::Setchin33, 0).expect("action 0 exists");
        self.nodes.push(Node::new(dummy, 1.0));
    }

    pub(crate) fn children(&self, n: usize) -> std::ops::Range<usize> {
        let node = &self.nodes[n];
        node.first_child as usize..node.first_child as usize + node.num_children as usize
    }

    /// Gives `n` one child per move, with the given priors.
    pub(crate) fn expand(&mut self, n: usize, moves: &[Move], priors: &[f32]) {
        debug_assert_eq!(moves.len(), priors.len());
        let first = self.nodes.len() as u32;
        self.nodes.extend(moves.iter().zip(priors).map(|(&m, &p)| Node::new(m, p)));
        let node = &mut self.nodes[n];
        node.first_child = first;
        node.num_children = moves.len() as u16;
        node.state = NodeState::Expanded;
    }

    /// Makes child `c` of the root the new root, keeping its subtree and dropping the rest.
    pub(crate) fn reroot(&mut self, c: usize) {
        let mut nodes = Vec::with_capacity(self.nodes.len() / 2 + 1);
        nodes.push(self.nodes[c]);
        // Breadth-first copy: each copied node's children are copied contiguously.
        let mut i = 0;
        while i < nodes.len() {
            let old = nodes[i];
            if old.num_children > 0 {
                let first = nodes.len() as u32;
                let range = old.first_child as usize..old.first_child as usize + old.num_children as usize;
                nodes.extend_from_slice(&self.nodes[range]);
                nodes[i].first_child = first;
            }
            i += 1;
        }
        self.nodes = nodes;
    }

    /// The root's child reached by `mv`.
    pub(crate) fn root_child(&self, mv: Move) -> Option<usize> {
        self.children(ROOT).find(|&c| self.nodes[c].mv == mv)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use musashi_game::{Game, Preset};

    #[test]
    fn reroot_keeps_the_subtree() {
        let g = Game::new(Preset::Classic.ruleset());
        let moves: Vec<Move> = g.legal_moves().to_vec();
        let mut t = Tree::new();
        t.expand(ROOT, &moves, &[0.125; 8]);
        let c = t.children(ROOT).start + 3;
        t.nodes[c].visits = 5;
        let mut g2 = g.clone();
        g2.play(moves[3]).unwrap();
        let replies: Vec<Move> = g2.legal_moves().to_vec();
        t.expand(c, &replies, &vec![1.0 / replies.len() as f32; replies.len()]);
        let grandchild = t.children(c).start + 2;
        t.nodes[grandchild].visits = 2;
        t.reroot(c);
        assert_eq!(t.nodes[ROOT].mv, moves[3]);
        assert_eq!(t.nodes[ROOT].visits, 5);
        assert_eq!(t.children(ROOT).len(), replies.len());
        let kids: Vec<Move> = t.children(ROOT).map(|i| t.nodes[i].mv).collect();
        assert_eq!(kids, replies);
        assert_eq!(t.nodes[t.children(ROOT).start + 2].visits, 2);
        assert_eq!(t.nodes.len(), 1 + replies.len());
    }
}
