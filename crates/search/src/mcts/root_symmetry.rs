//! The root's evaluation averaged over the board's symmetries (`MctsConfig::symmetric_root`):
//! every symmetric image of the root position is evaluated, its move probabilities mapped back
//! to the root's frame and averaged, and so are its value and predicted plies to the end. A
//! network that is not exactly symmetric gives slightly different answers for the images; their
//! mean is a better estimate than any one of them (KataGo's root symmetries do the same). Only
//! the root pays: 2 evaluations a move on the 33-point board, 8 on the 25-point board.

use musashi_game::{Move, MoveList, NUM_ACTIONS, Snapshot, Symmetry};

/// Gathers the images' evaluations of one root.
#[derive(Clone, Debug)]
pub(super) struct RootImages {
    root: Snapshot,
    moves: MoveList,
    symmetries: &'static [Symmetry],
    /// Images evaluated so far.
    done: usize,
    /// Per legal move of the root, the sum of its probabilities over the images.
    probability_sums: Vec<f32>,
    value_sum: f32,
    plies_sum: f32,
    plies_known: bool,
}

/// The averaged evaluation, in the root's frame.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct Averaged {
    /// `NUM_ACTIONS` logits: the log of each legal move's mean probability (0 elsewhere).
    pub(super) logits: Vec<f32>,
    pub(super) value: f32,
    pub(super) plies: Option<f32>,
}

impl RootImages {
    /// Starts gathering for `root`, whose legal moves are `moves`.
    pub(super) fn new(root: Snapshot, moves: MoveList) -> RootImages {
        let symmetries = root.position.board().symmetries();
        let n = moves.len();
        RootImages {
            root,
            moves,
            symmetries,
            done: 0,
            probability_sums: vec![0.0; n],
            value_sum: 0.0,
            plies_sum: 0.0,
            plies_known: true,
        }
    }

    /// The next image to evaluate, or `None` once every image has been added.
    pub(super) fn next_image(&self) -> Option<Snapshot> {
        let s = *self.symmetries.get(self.done)?;
        Some(Snapshot { position: s.position(&self.root.position), ..self.root })
    }

    /// Adds the evaluation of the image `next_image` returned.
    pub(super) fn add(&mut self, logits: &[f32], value: f32, plies: Option<f32>) {
        let s = self.symmetries[self.done];
        let image_logit = |m: &Move| logits[s.apply_move(*m).action()];
        let max = self.moves.iter().map(image_logit).fold(f32::NEG_INFINITY, f32::max);
        let exp: Vec<f32> = self.moves.iter().map(|m| (image_logit(m) - max).exp()).collect();
        let total: f32 = exp.iter().sum();
        for (sum, e) in self.probability_sums.iter_mut().zip(exp) {
            *sum += e / total;
        }
        self.value_sum += value;
        match plies {
            Some(p) => self.plies_sum += p,
            None => self.plies_known = false,
        }
        self.done += 1;
    }

    /// Whether every image has been added.
    pub(super) fn complete(&self) -> bool {
        self.done == self.symmetries.len()
    }

    /// The mean over the images. Call once `complete`.
    pub(super) fn averaged(&self) -> Averaged {
        assert!(self.complete(), "{} of {} images evaluated", self.done, self.symmetries.len());
        let n = self.done as f32;
        let mut logits = vec![0.0; NUM_ACTIONS];
        for (m, sum) in self.moves.iter().zip(&self.probability_sums) {
            logits[m.action()] = (sum / n).max(1e-30).ln();
        }
        Averaged { logits, value: self.value_sum / n, plies: self.plies_known.then(|| self.plies_sum / n) }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mcts::config::MctsConfig;
    use crate::mcts::search::{Mcts, Step, masked_softmax};
    use crate::mcts::tree::ROOT;
    use musashi_game::{Game, Position, Preset};

    fn snapshot(preset: Preset, fen: &str) -> Snapshot {
        let pos: Position = fen.parse().unwrap();
        Game::from_position(preset.ruleset(), pos).unwrap().snapshot()
    }

    /// An evaluator that is not symmetric: each logit is a hash of the image's move and
    /// position, the value and plies a hash of the position.
    fn lopsided(s: &Snapshot) -> (Vec<f32>, f32, f32) {
        let h = s.position.hash();
        let logits = (0..NUM_ACTIONS).map(|a| ((h >> (a % 29)) % 7) as f32 * 0.3 + (a % 3) as f32).collect();
        (logits, ((h % 200) as f32 - 100.0) / 100.0, (h % 50) as f32)
    }

    fn gather(root: Snapshot) -> (RootImages, Vec<Snapshot>) {
        let moves = root.position.moves();
        let mut r = RootImages::new(root, moves);
        let mut images = Vec::new();
        while let Some(image) = r.next_image() {
            let (logits, v, p) = lopsided(&image);
            r.add(&logits, v, Some(p));
            images.push(image);
        }
        (r, images)
    }

    #[test]
    fn every_image_of_the_board_is_evaluated_once() {
        let square = snapshot(Preset::NoSetchin, "SSSSS/S...S/S.G.S/S...S/SSSSS g");
        let (_, images) = gather(square);
        assert_eq!(images.len(), 8);
        let classic = Game::new(Preset::Classic.ruleset()).snapshot();
        let (_, images) = gather(classic);
        assert_eq!(images.len(), 2);
        assert_eq!(images[0], classic, "the identity first");
        assert_eq!(images[1].position, Symmetry::MirrorLeftRight.position(&classic.position));
        assert_eq!((images[1].moves_left, images[1].repetition_count), (classic.moves_left, classic.repetition_count));
    }

    /// The mean, worked by hand from the images: each legal move's probability in an image is
    /// read at that move's image.
    #[test]
    fn the_average_maps_each_image_back_to_the_root() {
        let root = snapshot(Preset::NoSetchin, "S...S/.S.S./..G../.S.S./S...S g");
        let (r, images) = gather(root);
        let a = r.averaged();
        let moves = root.position.moves();
        let mean = masked_softmax(&a.logits, &moves);
        let syms = root.position.board().symmetries();
        for (i, m) in moves.iter().enumerate() {
            let by_hand: f32 = images
                .iter()
                .zip(syms)
                .map(|(image, s)| {
                    let image_moves: Vec<Move> = moves.iter().map(|m| s.apply_move(*m)).collect();
                    let p = masked_softmax(&lopsided(image).0, &image_moves);
                    p[i]
                })
                .sum::<f32>()
                / images.len() as f32;
            assert!((mean[i] - by_hand).abs() < 1e-5, "{m}: {} against {by_hand}", mean[i]);
        }
        let value = images.iter().map(|s| lopsided(s).1).sum::<f32>() / 8.0;
        let plies = images.iter().map(|s| lopsided(s).2).sum::<f32>() / 8.0;
        assert!((a.value - value).abs() < 1e-6 && (a.plies.unwrap() - plies).abs() < 1e-4);
    }

    /// An evaluator that respects the symmetries: a move's logit depends only on the soldiers
    /// around its ends and what it captures, which every symmetry carries along with the move.
    fn invariant(s: &Snapshot) -> (Vec<f32>, f32, f32) {
        let pos = &s.position;
        let around = |p: musashi_game::Point| (pos.board().neighbours(p) & pos.soldiers()).count_ones() as f32;
        let mut logits = vec![0.0; NUM_ACTIONS];
        for m in pos.moves().iter() {
            logits[m.action()] =
                0.7 * around(m.to) + 0.1 * around(m.from) + 1.3 * pos.captures_at(m.to).count_ones() as f32;
        }
        (logits, -0.25, 7.0)
    }

    /// On a root that no symmetry maps onto itself, the mean of an invariant evaluator's images
    /// is its one evaluation: each image's probabilities are read at the right moves.
    #[test]
    fn an_evaluator_that_respects_the_symmetries_is_left_as_it_was() {
        let mut classic = Game::new(Preset::Classic.ruleset());
        let first = classic.legal_moves()[0];
        classic.play(first).unwrap();
        let square = snapshot(Preset::NoSetchin, "SS..S/.S.S./..G.S/.S.../S.S.S g");
        for root in [square, classic.snapshot()] {
            let moves = root.position.moves();
            let mut r = RootImages::new(root, moves.clone());
            let mut images = 0;
            while let Some(image) = r.next_image() {
                assert!(images == 0 || image.position != root.position, "the root is not symmetric");
                let (logits, v, p) = invariant(&image);
                r.add(&logits, v, Some(p));
                images += 1;
            }
            let mean = masked_softmax(&r.averaged().logits, &moves);
            let one = masked_softmax(&invariant(&root).0, &moves);
            assert!(close(&mean, &one), "{mean:?} against {one:?}");
            assert!(one.iter().any(|&p| (p - one[0]).abs() > 0.01), "moves with different priors");
            assert_eq!((r.averaged().value, r.averaged().plies), (-0.25, Some(7.0)));
        }
    }

    /// Runs `m` to the end of its budget with the lopsided evaluator; the states it evaluated.
    fn drive(m: &mut Mcts) -> Vec<Snapshot> {
        let mut asked = Vec::new();
        while let Step::Evaluate(s) = m.step() {
            let (logits, v, p) = lopsided(&s);
            m.provide(&logits, v, Some(p));
            asked.push(s);
        }
        asked
    }

    /// The mean priors of `game`'s root, in the order of `moves`.
    fn mean_priors(game: &Game, moves: &[Move]) -> Vec<f32> {
        let (r, _) = gather(game.snapshot());
        let legal = game.legal_moves();
        let p = masked_softmax(&r.averaged().logits, &legal);
        moves.iter().map(|m| p[legal.iter().position(|l| l == m).unwrap()]).collect()
    }

    fn close(a: &[f32], b: &[f32]) -> bool {
        a.len() == b.len() && a.iter().zip(b).all(|(x, y)| (x - y).abs() < 1e-5)
    }

    fn square_game() -> Game {
        let pos: Position = "S...S/.S.S./..G../.S.S./S...S g".parse().unwrap();
        Game::from_position(Preset::NoSetchin.ruleset(), pos).unwrap()
    }

    #[test]
    fn the_search_starts_from_the_averaged_root() {
        let game = square_game();
        let config = MctsConfig { sims: 40, symmetric_root: true, ..MctsConfig::default() };
        let mut m = Mcts::new(config, game.clone(), 1);
        let asked = drive(&mut m);
        let (_, images) = gather(game.snapshot());
        assert_eq!(asked[..8], images[..], "the images first");
        let r = m.result();
        assert_eq!(r.sims, 40, "the images cost one simulation, as one evaluation does");
        assert!(close(&r.priors, &mean_priors(&game, &r.moves)), "{:?}", r.priors);
        // The evaluator is not symmetric: one evaluation gives other priors.
        let mut plain = Mcts::new(MctsConfig { sims: 40, ..MctsConfig::default() }, game.clone(), 1);
        drive(&mut plain);
        assert!(!close(&plain.result().priors, &r.priors));
    }

    #[test]
    fn a_reused_root_takes_the_averaged_priors_without_spending_simulations() {
        let game = square_game();
        let config = MctsConfig { sims: 60, symmetric_root: true, ..MctsConfig::default() };
        let mut m = Mcts::new(config, game.clone(), 1);
        drive(&mut m);
        let r = m.result();
        let best = (0..r.moves.len()).max_by_key(|&i| r.visits[i]).unwrap();
        let mut next = game.clone();
        next.play(r.moves[best]).unwrap();
        let reused = m.tree().nodes[m.tree().root_child(r.moves[best]).unwrap()].visits;
        assert!(reused > 1, "the played move's subtree is kept");
        m.advance(r.moves[best]);
        let asked = drive(&mut m);
        let (_, images) = gather(next.snapshot());
        assert_eq!(asked[..8], images[..], "the reused root's images first");
        let r = m.result();
        assert_eq!(r.sims, 60);
        assert_eq!(m.tree().nodes[ROOT].visits, reused + 60, "the images add no visit");
        assert!(close(&r.priors, &mean_priors(&next, &r.moves)), "{:?}", r.priors);
    }
}
