//! Long fights from rankings' games, and what a network makes of them.

use crate::policy::{argmax, log_softmax};
use musashi_agents::TableOracle;
use musashi_evaluator::is_long_fight;
use musashi_game::{Game, Move, Ruleset, Side, Snapshot};
use musashi_net::{NUM_FEATURES, Network, Prediction, encode};
use musashi_search::{Oracle, Score};
use std::collections::HashSet;
use std::path::Path;

/// A long fight: the position, each move's exact delay, and the longest.
#[derive(Debug)]
pub struct Fight {
    /// The position (the General to move).
    pub snap: Snapshot,
    /// The legal moves and the plies to the soldiers' win after each, from the position.
    pub moves: Vec<(Move, u32)>,
    /// The longest delay: the plies to the end under best play.
    pub longest: u32,
    /// The position after each of `moves`, in the game (its history kept).
    pub children: Vec<Snapshot>,
    /// The soldiers' agent of the game it came from (the `soldiers` column).
    pub soldiers: String,
}

/// Every distinct long fight met by a General in the games of `games.tsv` files written by
/// `musashi rank` or `musashi match` (their `moves` column), past the two opening plies.
pub fn collect(files: &[impl AsRef<Path>], rules: Ruleset, oracle: &TableOracle) -> Result<Vec<Fight>, String> {
    let mut seen = HashSet::new();
    let mut out = Vec::new();
    for file in files {
        let file = file.as_ref();
        let text = crate::tsv::read_text(file).map_err(|e| format!("{}: {e}", file.display()))?;
        let [column] = crate::tsv::columns(&text, ["moves"]).map_err(|e| format!("{}: {e}", file.display()))?;
        let soldiers_column = crate::tsv::columns(&text, ["soldiers"]).ok().map(|[c]| c);
        let match_soldiers = match_soldiers(&text);
        for (n, fields) in crate::tsv::rows(&text) {
            let where_ = || format!("{} line {n}", file.display());
            let moves = fields.get(column).ok_or_else(|| format!("{}: no moves", where_()))?;
            let opponent = soldiers_column.and_then(|c| fields.get(c).copied()).unwrap_or(match_soldiers);
            let mut g = Game::new(rules);
            for (ply, text) in moves.split(' ').enumerate() {
                let mv = Move::parse(rules.board, text).map_err(|e| format!("{}: {e}", where_()))?;
                let pos = *g.position();
                if ply >= 2
                    && pos.side_to_move() == Side::General
                    && seen.insert(pos.hash())
                    && let Some(f) = fight(&g, oracle, opponent)
                {
                    out.push(f);
                }
                g.play(mv).map_err(|e| format!("{}: {e}", where_()))?;
            }
        }
    }
    Ok(out)
}

/// The soldiers of a `musashi match` file, from its `# general: ...; soldiers: ...; seed ...`
/// line ("" where there is none).
fn match_soldiers(text: &str) -> &str {
    text.lines()
        .take_while(|l| l.starts_with('#'))
        .find_map(|l| l.split("; ").find_map(|part| part.strip_prefix("soldiers: ")))
        .unwrap_or_default()
}

/// The long fight at `g`'s position, if it is one (`soldiers` names the opponent).
pub fn fight(g: &Game, oracle: &TableOracle, soldiers: &str) -> Option<Fight> {
    let values = oracle.move_values(g.position(), g.rules().threshold())?;
    if values.iter().any(|(_, s)| !matches!(s, Score::LossIn(_))) || !is_long_fight(&values) {
        return None;
    }
    let moves: Vec<(Move, u32)> =
        values.iter().map(|&(m, s)| (m, if let Score::LossIn(n) = s { n } else { 0 })).collect();
    let longest = moves.iter().map(|x| x.1).max()?;
    let children = children(g, moves.iter().map(|m| m.0))?;
    Some(Fight { snap: g.snapshot(), moves, longest, children, soldiers: soldiers.to_string() })
}

/// The position after each of `moves` in `g` (its history kept); `None` if one is illegal.
pub fn children(g: &Game, moves: impl IntoIterator<Item = Move>) -> Option<Vec<Snapshot>> {
    moves.into_iter().map(|m| g.after(m).ok().map(|c| c.snapshot())).collect()
}

/// What a network makes of a set of long fights.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct FightScore {
    /// Fights measured.
    pub fights: usize,
    /// Of these, where the raw policy's top move keeps the longest delay.
    pub kept: usize,
    /// Root-mean-square error of the moves-left head against the longest delay, in plies
    /// (NaN without the head).
    pub plies_rms: f64,
    /// The head's mean signed error (prediction − longest delay), in plies: the part of the RMS
    /// error a constant shift would remove (NaN without the head).
    pub plies_bias: f64,
    /// Fights where the child with the most predicted plies to the end (the moves-left head's
    /// one-ply pick) keeps the longest delay (0 without the head).
    pub children_kept: usize,
    /// Pairs of a fight's children with different delays, and of these the pairs whose predicted
    /// plies are in the same order (0 and 0 without the head).
    pub pairs: usize,
    /// See `pairs`.
    pub pairs_right: usize,
    /// Fights where the move with the largest sum of the policy's log-probability and its child's
    /// predicted plies (one nat a ply: the product of the policy and the ranking's softmax at a
    /// temperature of one ply) keeps the longest delay (0 without the head).
    pub combined_kept: usize,
}

impl FightScore {
    /// The share of fights kept.
    pub fn accuracy(&self) -> f64 {
        self.kept as f64 / self.fights.max(1) as f64
    }

    /// The share of fights the moves-left head's one-ply pick keeps.
    pub fn children_accuracy(&self) -> f64 {
        self.children_kept as f64 / self.fights.max(1) as f64
    }

    /// The share of fights the policy and the head's pick together keep.
    pub fn combined_accuracy(&self) -> f64 {
        self.combined_kept as f64 / self.fights.max(1) as f64
    }

    /// The share of children pairs the moves-left head orders right.
    pub fn pairs_accuracy(&self) -> f64 {
        self.pairs_right as f64 / self.pairs.max(1) as f64
    }
}

/// The network's outputs for snapshots, in one batch.
pub fn predict(net: &Network, snaps: &[&Snapshot], out: &mut Prediction) {
    let mut x = vec![0.0; snaps.len() * NUM_FEATURES];
    for (s, row) in snaps.iter().zip(x.chunks_exact_mut(NUM_FEATURES)) {
        encode(s, row);
    }
    net.predict(&x, out);
}

/// Scores `net` on `fights`, 256 at a time.
pub fn score(net: &Network, fights: &[&Fight]) -> FightScore {
    let (mut kept, mut sq, mut sum, mut with_plies) = (0, 0.0, 0.0, 0usize);
    let mut s = FightScore { fights: fights.len(), ..FightScore::default() };
    let (mut p, mut children) = (Prediction::default(), Prediction::default());
    for chunk in fights.chunks(256) {
        let snaps: Vec<&Snapshot> = chunk.iter().map(|f| &f.snap).collect();
        predict(net, &snaps, &mut p);
        let actions = p.logits.len() / chunk.len();
        for (i, f) in chunk.iter().enumerate() {
            let logit = |m: Move| p.logits[i * actions + m.action()];
            let top = f.moves.iter().max_by(|a, b| logit(a.0).total_cmp(&logit(b.0)));
            kept += usize::from(top.is_some_and(|t| t.1 == f.longest));
            if let Some(&plies) = p.plies.get(i) {
                sq += (plies as f64 - f.longest as f64).powi(2);
                sum += plies as f64 - f.longest as f64;
                with_plies += 1;
            }
        }
        if !p.plies.is_empty() {
            score_children(net, chunk, &p, &mut s, &mut children);
        }
    }
    let n = with_plies as f64;
    let (plies_rms, plies_bias) = if with_plies == 0 { (f64::NAN, f64::NAN) } else { ((sq / n).sqrt(), sum / n) };
    FightScore { kept, plies_rms, plies_bias, ..s }
}

/// Adds the moves-left head's one-ply picks, pair orders and picks with the policy (`parents`:
/// the fights' own predictions) on `fights`' children to `s`.
fn score_children(net: &Network, fights: &[&Fight], parents: &Prediction, s: &mut FightScore, p: &mut Prediction) {
    let snaps: Vec<&Snapshot> = fights.iter().flat_map(|f| &f.children).collect();
    predict(net, &snaps, p);
    let actions = parents.logits.len() / fights.len();
    let mut at = 0;
    for (i, f) in fights.iter().enumerate() {
        let plies = &p.plies[at..at + f.children.len()];
        at += f.children.len();
        let keeps = |pick: Option<usize>| usize::from(pick.is_some_and(|b| f.moves[b].1 == f.longest));
        s.children_kept += keeps(argmax(plies));
        let moves: Vec<Move> = f.moves.iter().map(|m| m.0).collect();
        let logp = log_softmax(&parents.logits[i * actions..(i + 1) * actions], &moves);
        let both: Vec<f32> = logp.iter().zip(plies).map(|(l, p)| l + p).collect();
        s.combined_kept += keeps(argmax(&both));
        for a in 0..plies.len() {
            for b in a + 1..plies.len() {
                let (da, db) = (f.moves[a].1, f.moves[b].1);
                if da != db {
                    s.pairs += 1;
                    s.pairs_right += usize::from((da > db) == (plies[a] > plies[b]));
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_match_files_soldiers_come_from_its_header() {
        let text = "# rules: board 33\n# general: mcts:sims=8; soldiers: alphabeta:depth=6; seed 7\n\
                    # index\tseed\twinner\treason\tlength\tmoves\n0\t1\tsoldiers\tcaptured\t2\ta b\n";
        assert_eq!(match_soldiers(text), "alphabeta:depth=6");
        assert_eq!(crate::tsv::columns(text, ["moves"]), Ok([5]));
        assert_eq!(match_soldiers("# general\tsoldiers\tmoves\nx\ty\tz\n"), "");
    }
}
