//! One search as a resumable state machine, so that a worker can run many games' searches at
//! once and evaluate their leaves in one batch: `step` runs until a leaf needs the network
//! (`Step::Evaluate`) or the search is done; `provide` hands back that leaf's evaluation.

use crate::agent::Score;
use crate::mcts::config::{GumbelRoot, MctsConfig};
use crate::mcts::gumbel::{Halving, sigma};
use crate::mcts::result::SearchResult;
use crate::mcts::root_ranking::{LOSING_VALUE, RootRanking};
use crate::mcts::root_symmetry::RootImages;
use crate::mcts::tree::{NodeState, ROOT, Tree};
use crate::oracle::{Oracle, oracle_value};
use crate::portable_rng::PortableRng;
use musashi_game::{Game, Move, NUM_ACTIONS, Side, Snapshot};
use rand::{Rng, SeedableRng};
use rand_distr::{Distribution, Gamma, Gumbel};
use std::sync::Arc;

/// Oracle distances beyond this (a General's endless-play win has none) count as this many plies.
const MAX_ORACLE_PLIES: u32 = 500;

/// What the search needs next.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Step {
    /// Evaluate this state and call `provide`.
    Evaluate(Snapshot),
    /// The search has used its budget; read `result`.
    Done,
}

/// An MCTS over one game.
pub struct Mcts {
    config: MctsConfig,
    tree: Tree,
    /// The root state at rest; during a pending evaluation, the leaf's state.
    game: Game,
    rng: PortableRng,
    oracle: Option<Arc<dyn Oracle>>,
    /// How many simulations this search runs, and who searches less.
    budget: Budget,
    /// The simulation under way.
    path: Vec<usize>,
    awaiting: bool,
    /// What the current search knows of its root.
    root: Root,
    /// Whether the evaluator predicts plies to the end (the moves-left utility needs them).
    plies_known: bool,
}

/// The simulation budget of the current search.
#[derive(Debug, Default)]
struct Budget {
    /// Simulations this search runs.
    target: u32,
    /// Simulations done.
    done: u32,
    /// Whether this is a full search (playout caps), which records a policy target.
    full: bool,
    /// A side that searches with fewer simulations (and never a full search).
    handicap: Option<(Side, u32)>,
    halving: Option<Halving>,
}

/// The root of the current search.
#[derive(Debug)]
struct Root {
    /// Effective priors (noise mixed in), one per root child.
    priors: Vec<f32>,
    /// Raw logits per root child (for the Gumbel root).
    logits: Vec<f32>,
    /// Gumbel noise per root child.
    gumbel: Vec<f32>,
    /// The network's value at the root, for the side to move.
    net_value: f32,
    /// The Gumbel root of the current search, when its side to move uses one.
    gumbel_config: Option<GumbelRoot>,
    /// The side to move (the fallible-opponent model acts at the other side's nodes).
    side: Side,
    /// The root's symmetric images while they are being evaluated (`symmetric_root`).
    images: Option<RootImages>,
    /// The root's children while they are being evaluated (`root_ranking`).
    ranking: Option<RootRanking>,
}

impl std::fmt::Debug for Mcts {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Mcts")
            .field("config", &self.config)
            .field("nodes", &self.tree.nodes.len())
            .finish_non_exhaustive()
    }
}

impl Mcts {
    /// A search for `game` (which must not be over), seeded.
    pub fn new(config: MctsConfig, game: Game, seed: u64) -> Mcts {
        assert!(!game.is_over(), "no search on a finished game");
        let root_side = game.position().side_to_move();
        let mut m = Mcts {
            config,
            tree: Tree::new(),
            game,
            rng: PortableRng::seed_from_u64(seed),
            oracle: None,
            budget: Budget { full: true, ..Budget::default() },
            path: Vec::new(),
            awaiting: false,
            root: Root {
                priors: Vec::new(),
                logits: Vec::new(),
                gumbel: Vec::new(),
                net_value: 0.0,
                gumbel_config: None,
                side: root_side,
                images: None,
                ranking: None,
            },
            plies_known: false,
        };
        m.begin();
        m
    }

    /// Uses exact values from an oracle (endgame tables) where it knows them.
    pub fn with_oracle(mut self, oracle: Arc<dyn Oracle>) -> Mcts {
        self.oracle = Some(oracle);
        self
    }

    /// Makes `side` search with `sims` simulations per move, never a full search (so none of
    /// its moves is a policy target): the weak side of a handicap game.
    pub fn with_handicap(mut self, side: Side, sims: u32) -> Mcts {
        self.budget.handicap = Some((side, sims));
        if self.game.position().side_to_move() == side {
            self.begin();
        }
        self
    }

    /// The tree, for tests of the search's mechanisms.
    #[cfg(test)]
    pub(super) fn tree(&self) -> &Tree {
        &self.tree
    }

    /// The settings.
    pub fn config(&self) -> &MctsConfig {
        &self.config
    }

    /// The game at the root.
    pub fn game(&self) -> &Game {
        assert!(!self.awaiting, "the game is at a leaf while an evaluation is pending");
        &self.game
    }

    /// Whether this search is a full one (a policy training target).
    pub fn is_full(&self) -> bool {
        self.budget.full
    }

    /// Plays `mv` at the root and starts the next search, keeping the subtree if configured.
    /// Returns the game's outcome after the move, if it ended.
    pub fn advance(&mut self, mv: Move) -> Option<musashi_game::Outcome> {
        assert!(!self.awaiting, "advance while an evaluation is pending");
        self.game.play(mv).expect("advance with a legal move");
        match self.tree.root_child(mv) {
            Some(c) if self.config.reuse_tree => self.tree.reroot(c),
            _ => self.tree.reset(),
        }
        if self.game.is_over() {
            self.tree.reset();
            self.root.images = None;
            self.root.ranking = None;
            return self.game.outcome();
        }
        self.begin();
        None
    }

    /// Restarts the search from `game`, reusing the tree when `game` continues the current
    /// root's game by moves the tree knows.
    pub fn restart(&mut self, game: &Game) {
        assert!(!game.is_over(), "no search on a finished game");
        let known = self.game.plies() as usize;
        let continues = self.config.reuse_tree
            && game.start_position() == self.game.start_position()
            && game.plies() as usize >= known
            && game.rules() == self.game.rules()
            && game.moves().take(known).eq(self.game.moves());
        if continues {
            let extra: Vec<Move> = game.moves().skip(known).collect();
            for mv in extra {
                self.game.play(mv).expect("a move of the given game");
                match self.tree.root_child(mv) {
                    Some(c) => self.tree.reroot(c),
                    None => self.tree.reset(),
                }
            }
        } else {
            self.game = game.clone();
            self.tree.reset();
        }
        self.begin();
    }

    /// Resets the budget for a new search at the current root.
    fn begin(&mut self) {
        self.budget.full = match self.config.playout_cap {
            Some(cap) => self.rng.random::<f32>() < cap.full_probability,
            None => true,
        };
        let sims = match (self.budget.full, self.config.playout_cap) {
            (false, Some(cap)) => cap.cheap_sims,
            _ => self.config.sims,
        };
        self.budget.target = sims.max(1);
        if let Some((side, weak)) = self.budget.handicap
            && self.game.position().side_to_move() == side
        {
            self.budget.full = false;
            self.budget.target = weak.max(1);
        }
        self.budget.done = 0;
        self.budget.halving = None;
        self.root.side = self.game.position().side_to_move();
        self.root.images = None;
        self.root.ranking = None;
        if self.tree.nodes[ROOT].state == NodeState::Expanded {
            // A reused root already has its evaluation: it does not count against the budget.
            // With symmetric_root its priors came from one image; the images replace them first.
            if self.config.symmetric_root {
                self.root.images = Some(RootImages::new(self.game.snapshot(), self.game.legal_moves()));
            } else {
                // Logits are known through the priors (`setup_root`), not the last root's.
                self.root.logits.clear();
                self.setup_root();
                self.start_ranking();
            }
        }
    }

    /// Runs the search until it needs an evaluation or is done.
    pub fn step(&mut self) -> Step {
        assert!(!self.awaiting, "step while an evaluation is pending: call provide");
        if self.tree.nodes[ROOT].state == NodeState::Unexpanded
            && self.config.symmetric_root
            && self.root.images.is_none()
        {
            self.root.images = Some(RootImages::new(self.game.snapshot(), self.game.legal_moves()));
        }
        let image = self.root.images.as_ref().and_then(RootImages::next_image);
        let image = image.or_else(|| self.root.ranking.as_ref().and_then(RootRanking::next_child));
        if image.is_some() || self.tree.nodes[ROOT].state == NodeState::Unexpanded {
            self.path.clear();
            self.path.push(ROOT);
            self.awaiting = true;
            return Step::Evaluate(image.unwrap_or_else(|| self.game.snapshot()));
        }
        while self.budget.done < self.budget.target {
            self.path.clear();
            self.path.push(ROOT);
            let mut node = ROOT;
            loop {
                let child = if node == ROOT { self.select_root() } else { self.select(node) };
                let mv = self.tree.nodes[child].mv;
                self.game.play(mv).expect("tree moves are legal");
                self.path.push(child);
                match self.tree.nodes[child].state {
                    NodeState::Terminal(v, plies) => {
                        self.finish_simulation(v, plies);
                        break;
                    }
                    NodeState::Expanded => node = child,
                    NodeState::Unexpanded => {
                        if let Some((v, plies)) = self.exact_value() {
                            self.tree.nodes[child].state = NodeState::Terminal(v, plies);
                            self.finish_simulation(v, plies);
                            break;
                        }
                        self.awaiting = true;
                        return Step::Evaluate(self.game.snapshot());
                    }
                }
            }
        }
        Step::Done
    }

    /// The exact value at the current leaf for its side to move and the plies to the end, if
    /// the game is over there or the oracle knows it.
    fn exact_value(&self) -> Option<(f32, f32)> {
        if let Some(o) = self.game.outcome() {
            let mover: Side = self.game.position().side_to_move();
            return Some((if o.winner == mover { 1.0 } else { -1.0 }, 0.0));
        }
        let score = self.oracle.as_ref()?.probe(self.game.position())?;
        let plies = match score {
            Score::WinIn(n) | Score::LossIn(n) => n.min(MAX_ORACLE_PLIES) as f32,
            Score::Value(_) => return None,
        };
        Some((oracle_value(&self.game.snapshot(), score)?, plies))
    }

    /// Hands back the evaluation of the state returned by `step`: `NUM_ACTIONS` logits, the
    /// value for its side to move and, from an evaluator that predicts them, the plies to the
    /// end.
    pub fn provide(&mut self, logits: &[f32], value: f32, plies: Option<f32>) {
        assert!(self.awaiting, "provide without a pending evaluation");
        assert_eq!(logits.len(), NUM_ACTIONS);
        self.awaiting = false;
        // A broken evaluator (a network whose outputs overflowed) must not break the search: a
        // value that is not a number counts as a draw, plies that are not a number as unknown,
        // and `masked_softmax` spreads the priors evenly over logits that are not numbers.
        let value = if value.is_finite() { value.clamp(-1.0, 1.0) } else { 0.0 };
        let plies = plies.filter(|p| p.is_finite());
        let at_root = self.path.last() == Some(&ROOT);
        if let Some(ranking) = self.root.ranking.as_mut() {
            // The ranking starts once the root is expanded: this is one of its children.
            ranking.add(plies);
            if ranking.complete() {
                self.apply_ranking();
            }
            return;
        }
        let mean = match self.root.images.as_mut() {
            Some(images) if at_root => {
                images.add(logits, value, plies);
                if !images.complete() {
                    return;
                }
                images.averaged()
            }
            _ => return self.expand_leaf(logits, value, plies),
        };
        self.root.images = None;
        if self.tree.nodes[ROOT].state == NodeState::Unexpanded {
            self.expand_leaf(&mean.logits, mean.value, mean.plies);
        } else {
            self.reprior_root(&mean.logits, mean.value);
            self.start_ranking();
        }
    }

    /// Starts evaluating the root's children (`root_ranking`) where it is on, the evaluator
    /// predicts plies and the root's side to move loses; the root must be expanded.
    fn start_ranking(&mut self) {
        if self.config.root_ranking > 0.0 && self.plies_known && self.root_value() <= LOSING_VALUE {
            self.root.ranking = Some(RootRanking::new(&self.game));
        }
    }

    /// Adds the finished ranking to the root's logits and gives the root its new priors.
    fn apply_ranking(&mut self) {
        let Some(ranking) = self.root.ranking.take() else { return };
        let moves: Vec<Move> = self.tree.children(ROOT).map(|c| self.tree.nodes[c].mv).collect();
        let Some(bonuses) = ranking.bonuses(&moves, self.config.root_ranking) else { return };
        if self.root.logits.len() != moves.len() {
            return;
        }
        for (l, b) in self.root.logits.iter_mut().zip(&bonuses) {
            *l += b;
        }
        for (c, p) in self.tree.children(ROOT).zip(softmax(&self.root.logits)) {
            self.tree.nodes[c].prior = p;
        }
        self.setup_root();
    }

    /// Expands the leaf that was evaluated and backs its value up the path.
    fn expand_leaf(&mut self, logits: &[f32], value: f32, plies: Option<f32>) {
        let leaf = *self.path.last().expect("a path");
        let moves = self.game.legal_moves();
        let priors = masked_softmax(logits, &moves);
        self.tree.expand(leaf, &moves, &priors);
        if leaf == ROOT {
            self.root.net_value = value;
            self.root.logits = moves.iter().map(|m| logits[m.action()]).collect();
            self.setup_root();
        }
        self.plies_known = plies.is_some();
        self.finish_simulation(value, plies.unwrap_or(0.0).max(0.0));
        if leaf == ROOT {
            self.start_ranking();
        }
    }

    /// Gives a reused root the priors and value averaged over its images (`symmetric_root`),
    /// without a visit: its evaluation was counted when it was expanded.
    fn reprior_root(&mut self, logits: &[f32], value: f32) {
        let moves = self.game.legal_moves();
        let priors = masked_softmax(logits, &moves);
        self.root.net_value = value;
        self.root.logits.clear();
        for c in self.tree.children(ROOT) {
            let mv = self.tree.nodes[c].mv;
            let i = moves.iter().position(|&m| m == mv).expect("a root child is a legal move");
            self.tree.nodes[c].prior = priors[i];
            self.root.logits.push(logits[mv.action()]);
        }
        self.setup_root();
    }

    /// Backs a leaf's value (for its side to move) and plies to the end up the path.
    fn finish_simulation(&mut self, leaf_value: f32, leaf_plies: f32) {
        let (mut x, mut m) = (leaf_value, leaf_plies);
        for &n in self.path.iter().rev() {
            let node = &mut self.tree.nodes[n];
            node.visits += 1;
            node.value_sum -= x;
            node.plies_sum += m;
            x = -x;
            m += 1.0;
        }
        for _ in 1..self.path.len() {
            self.game.undo();
        }
        self.budget.done += 1;
    }

    /// Root noise, Gumbel sampling and the halving schedule for a freshly expanded (or reused)
    /// root.
    fn setup_root(&mut self) {
        let kids = self.tree.children(ROOT);
        let priors: Vec<f32> = kids.clone().map(|c| self.tree.nodes[c].prior).collect();
        if self.root.logits.len() != priors.len() {
            // A reused root: logits are known up to a constant through the priors.
            self.root.logits = priors.iter().map(|p| p.max(1e-12).ln()).collect();
        }
        self.root.priors = priors.clone();
        let noisy = self.budget.full && self.config.dirichlet_fraction > 0.0;
        let side = self.game.position().side_to_move();
        self.root.gumbel_config = self.config.gumbel.filter(|g| g.applies_to(side));
        self.budget.halving = None;
        if let Some(g) = self.root.gumbel_config {
            self.root.gumbel = if noisy || self.config.temperature > 0.0 {
                let gumbel = Gumbel::new(0.0f32, 1.0).expect("valid Gumbel");
                priors.iter().map(|_| gumbel.sample(&mut self.rng)).collect()
            } else {
                vec![0.0; priors.len()]
            };
            let m = (g.considered as usize).min(priors.len());
            let mut order: Vec<usize> = (0..priors.len()).collect();
            order.sort_by(|&a, &b| {
                (self.root.gumbel[b] + self.root.logits[b]).total_cmp(&(self.root.gumbel[a] + self.root.logits[a]))
            });
            order.truncate(m);
            let budget = self.budget.target.saturating_sub(1).max(1);
            self.budget.halving = Some(Halving::new(order, budget));
        } else if noisy && priors.len() > 1 {
            let gamma = Gamma::new(self.config.dirichlet_alpha, 1.0).expect("valid alpha");
            let noise: Vec<f32> = priors.iter().map(|_| gamma.sample(&mut self.rng).max(1e-20)).collect();
            let sum: f32 = noise.iter().sum();
            let eps = self.config.dirichlet_fraction;
            for (p, n) in self.root.priors.iter_mut().zip(noise) {
                *p = (1.0 - eps) * *p + eps * n / sum;
            }
        }
    }

    fn select_root(&mut self) -> usize {
        let first = self.tree.children(ROOT).start;
        if let Some(g) = self.root.gumbel_config {
            let max_visits = self.tree.children(ROOT).map(|c| self.tree.nodes[c].visits).max().unwrap_or(0);
            let nodes = &self.tree.nodes;
            let (gum, logits) = (&self.root.gumbel, &self.root.logits);
            let halving = self.budget.halving.as_mut().expect("a Gumbel root has a schedule");
            let slot = halving.next(|s| {
                let q = nodes[first + s].q().unwrap_or(-1.0);
                gum[s] + logits[s] + sigma(&g, max_visits, q)
            });
            return first + slot;
        }
        if let Some(f) = self.config.forced_playouts {
            let total = self.tree.nodes[ROOT].visits as f32;
            for (i, c) in self.tree.children(ROOT).enumerate() {
                let n_forced = (f.k * self.root.priors[i] * total).sqrt();
                let v = self.tree.nodes[c].visits as f32;
                if v > 0.0 && v < n_forced {
                    return c;
                }
            }
        }
        self.puct(ROOT, true)
    }

    fn select(&mut self, node: usize) -> usize {
        let fallible = self.config.fallible;
        if fallible > 0.0
            && self.game.position().side_to_move() != self.root.side
            && self.rng.random::<f32>() < fallible
        {
            return self.policy_share(node);
        }
        self.puct(node, false)
    }

    /// The child whose visits lag most behind its prior's share: drawn this way at every visit,
    /// the children's visits follow the policy, and their mean value is the expectation against
    /// an opponent who plays by it.
    fn policy_share(&self, node: usize) -> usize {
        let nodes = &self.tree.nodes;
        self.tree
            .children(node)
            .max_by(|&a, &b| {
                let lag = |c: usize| nodes[c].prior / (1.0 + nodes[c].visits as f32);
                lag(a).total_cmp(&lag(b))
            })
            .expect("an expanded node has children")
    }

    fn puct(&self, node: usize, root: bool) -> usize {
        let parent = &self.tree.nodes[node];
        let sqrt_n = (parent.visits.max(1) as f32).sqrt();
        // The parent's value for its own side to move is the opposite of its chooser's mean.
        let parent_value = -parent.value_sum / parent.visits.max(1) as f32;
        let fpu = parent_value - self.config.fpu_reduction;
        let moves_left = self.config.moves_left;
        let parent_plies = parent.plies().filter(|_| self.plies_known && moves_left.is_on());
        // The first child unless another scores higher (a score that is not a number never does).
        let mut best = self.tree.children(node).next().expect("an expanded node has children");
        let mut best_score = f32::NEG_INFINITY;
        for (i, c) in self.tree.children(node).enumerate() {
            let child = &self.tree.nodes[c];
            let prior = if root { self.root.priors[i] } else { child.prior };
            let q = child.q().unwrap_or(fpu);
            let mut score = q + self.config.cpuct * prior * sqrt_n / (1.0 + child.visits as f32);
            if let (Some(pp), Some(cp)) = (parent_plies, child.plies()) {
                score += moves_left.utility(q, cp, pp);
            }
            if score > best_score {
                best_score = score;
                best = c;
            }
        }
        best
    }

    /// The root's value for its side to move: its visits' mean, or the network's before any.
    fn root_value(&self) -> f32 {
        let root = &self.tree.nodes[ROOT];
        if root.visits > 0 { -root.value_sum / root.visits as f32 } else { self.root.net_value }
    }

    /// What the search found.
    pub fn result(&self) -> SearchResult {
        assert!(!self.awaiting, "result while an evaluation is pending");
        let kids = self.tree.children(ROOT);
        let moves: Vec<Move> = kids.clone().map(|c| self.tree.nodes[c].mv).collect();
        let visits: Vec<u32> = kids.clone().map(|c| self.tree.nodes[c].visits).collect();
        let priors: Vec<f32> = kids.clone().map(|c| self.tree.nodes[c].prior).collect();
        let value = self.root_value();
        let qs: Vec<Option<f32>> = kids.clone().map(|c| self.tree.nodes[c].q()).collect();
        let (policy_target, gumbel_choice) = match (self.root.gumbel_config, &self.budget.halving) {
            (Some(g), Some(h)) => {
                let target = self.gumbel_target(&g, &priors, &visits, &qs);
                let max_visits = visits.iter().copied().max().unwrap_or(0);
                let choice = h
                    .remaining
                    .iter()
                    .copied()
                    .max_by(|&a, &b| {
                        let s = |i: usize| {
                            self.root.gumbel[i] + self.root.logits[i] + sigma(&g, max_visits, qs[i].unwrap_or(-1.0))
                        };
                        s(a).total_cmp(&s(b))
                    })
                    .map(|i| moves[i]);
                (target, choice)
            }
            _ => (self.visit_target(&priors, &visits, &qs), None),
        };
        SearchResult {
            moves,
            visits,
            priors,
            policy_target,
            value,
            full: self.budget.full,
            sims: self.budget.done,
            gumbel_choice,
        }
    }

    /// Visit counts normalised, after policy-target pruning when forced playouts are on.
    fn visit_target(&self, priors: &[f32], visits: &[u32], qs: &[Option<f32>]) -> Vec<f32> {
        let mut v: Vec<f32> = visits.iter().map(|&n| n as f32).collect();
        if let Some(f) = self.config.forced_playouts {
            let total: f32 = v.iter().sum();
            if let Some(best) = (0..v.len()).max_by(|&a, &b| v[a].total_cmp(&v[b])) {
                let sqrt_n = total.sqrt();
                let u = |i: usize, n: f32| self.config.cpuct * self.root.priors[i] * sqrt_n / (1.0 + n);
                let best_score = qs[best].unwrap_or(0.0) + u(best, v[best]);
                for i in 0..v.len() {
                    if i == best || v[i] == 0.0 {
                        continue;
                    }
                    let n_forced = (f.k * self.root.priors[i] * total).sqrt().floor();
                    let q = qs[i].unwrap_or(-1.0);
                    let mut n = v[i];
                    let floor = (v[i] - n_forced).max(0.0);
                    while n > floor && q + u(i, n - 1.0) < best_score {
                        n -= 1.0;
                    }
                    v[i] = if n <= 1.0 { 0.0 } else { n };
                }
            }
        }
        let sum: f32 = v.iter().sum();
        if sum <= 0.0 {
            return priors.to_vec();
        }
        v.iter().map(|x| x / sum).collect()
    }

    /// softmax(logits + σ(completed Q)), unvisited actions completed with the mixed value.
    fn gumbel_target(
        &self,
        g: &crate::mcts::config::GumbelRoot,
        priors: &[f32],
        visits: &[u32],
        qs: &[Option<f32>],
    ) -> Vec<f32> {
        let total: f32 = visits.iter().map(|&n| n as f32).sum();
        let (mut pq, mut pw) = (0.0, 0.0);
        for (i, q) in qs.iter().enumerate() {
            if let Some(q) = q {
                pq += priors[i] * q;
                pw += priors[i];
            }
        }
        let v_mix =
            if pw > 0.0 { (self.root.net_value + total * pq / pw) / (1.0 + total) } else { self.root.net_value };
        let max_visits = visits.iter().copied().max().unwrap_or(0);
        let z: Vec<f32> =
            (0..priors.len()).map(|i| self.root.logits[i] + sigma(g, max_visits, qs[i].unwrap_or(v_mix))).collect();
        softmax(&z)
    }

    /// A uniform random number in [0, 1) from the search's generator (for move selection).
    pub fn random_unit(&mut self) -> f32 {
        self.rng.random::<f32>()
    }
}

/// Softmax of the legal moves' logits.
pub(crate) fn masked_softmax(logits: &[f32], moves: &[Move]) -> Vec<f32> {
    softmax(&moves.iter().map(|mv| logits[mv.action()]).collect::<Vec<f32>>())
}

/// Softmax of `z`; even over `z` where its logits are not numbers (or all -inf): no preference.
fn softmax(z: &[f32]) -> Vec<f32> {
    let m = z.iter().copied().fold(f32::NEG_INFINITY, f32::max);
    let e: Vec<f32> = z.iter().map(|x| (x - m).exp()).collect();
    let s: f32 = e.iter().sum();
    if !(s.is_finite() && s > 0.0) {
        return vec![1.0 / z.len().max(1) as f32; z.len()];
    }
    e.iter().map(|x| x / s).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use musashi_game::Preset;

    #[test]
    fn outputs_that_are_not_numbers_do_not_break_the_search() {
        for (logit, value, plies) in [(f32::NAN, f32::NAN, Some(f32::NAN)), (f32::INFINITY, f32::INFINITY, None)] {
            let config = MctsConfig { sims: 200, ..MctsConfig::default() };
            let mut m = Mcts::new(config, Game::new(Preset::Classic.ruleset()), 3);
            while let Step::Evaluate(_) = m.step() {
                m.provide(&[logit; NUM_ACTIONS], value, plies);
            }
            let r = m.result();
            assert!(r.value.is_finite(), "{logit}: value {}", r.value);
            assert!(r.visits.iter().sum::<u32>() > 100, "{logit}: the simulations went somewhere: {:?}", r.visits);
            assert!(r.priors.iter().all(|p| p.is_finite()));
        }
    }

    /// Skewed priors and values that vary from state to state (a hash of the position), so a
    /// best-reply search and a policy-following one allocate visits differently.
    fn run(fallible: f32) -> Mcts {
        let config = MctsConfig { sims: 3000, fallible, ..MctsConfig::default() };
        let mut m = Mcts::new(config, Game::new(Preset::Classic.ruleset()), 3);
        while let Step::Evaluate(s) = m.step() {
            let logits: Vec<f32> = (0..NUM_ACTIONS).map(|a| (a % 5) as f32 * 0.7).collect();
            let text = s.position.to_string();
            let h = text.bytes().fold(7u32, |h, b| h.wrapping_mul(31).wrapping_add(u32::from(b)));
            m.provide(&logits, (h % 2001) as f32 / 1000.0 - 1.0, None);
        }
        m
    }

    /// The largest gap between a child's share of the visits and its prior, at the root's most
    /// visited child (where the opponent chooses).
    fn gap_to_policy(m: &Mcts) -> f32 {
        let t = &m.tree;
        let node = t.children(ROOT).max_by_key(|&c| t.nodes[c].visits).unwrap();
        let total: u32 = t.children(node).map(|c| t.nodes[c].visits).sum();
        assert!(total > 200, "{total} visits");
        t.children(node).map(|c| (t.nodes[c].visits as f32 / total as f32 - t.nodes[c].prior).abs()).fold(0.0, f32::max)
    }

    #[test]
    fn a_fallible_opponent_plays_by_its_policy() {
        assert!(gap_to_policy(&run(1.0)) < 0.01, "{}", gap_to_policy(&run(1.0)));
        // Best replies only: the visits follow the values, not the priors.
        assert!(gap_to_policy(&run(0.0)) > 0.1, "{}", gap_to_policy(&run(0.0)));
        // Half and half: in between.
        let half = gap_to_policy(&run(0.5));
        assert!(half > 0.01 && half < gap_to_policy(&run(0.0)), "{half}");
    }
}
