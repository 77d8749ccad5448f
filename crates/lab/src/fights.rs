//! Long fights from rankings' games, and what a network makes of them.

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
}

/// Every distinct long fight met by a General in the games of `games.tsv` files written by
/// `musashi rank` (their `moves` column), past the two opening plies.
pub fn collect(files: &[impl AsRef<Path>], rules: Ruleset, oracle: &TableOracle) -> Result<Vec<Fight>, String> {
    let mut seen = HashSet::new();
    let mut out = Vec::new();
    for file in files {
        let file = file.as_ref();
        let text = std::fs::read_to_string(file).map_err(|e| format!("{}: {e}", file.display()))?;
        let header = text.lines().next().unwrap_or_default();
        let column = header.trim_start_matches("# ").split('\t').position(|c| c == "moves");
        let column = column.ok_or_else(|| format!("{}: no 'moves' column in its header", file.display()))?;
        for (n, line) in text.lines().enumerate().filter(|(_, l)| !l.starts_with('#')) {
            let where_ = || format!("{} line {}", file.display(), n + 1);
            let moves = line.split('\t').nth(column).ok_or_else(|| format!("{}: no moves", where_()))?;
            let mut g = Game::new(rules);
            for (ply, text) in moves.split(' ').enumerate() {
                let mv = Move::parse(rules.board, text).map_err(|e| format!("{}: {e}", where_()))?;
                let pos = *g.position();
                if ply >= 2
                    && pos.side_to_move() == Side::General
                    && seen.insert(pos.hash())
                    && let Some(f) = fight(&g, oracle)
                {
                    out.push(f);
                }
                g.play(mv).map_err(|e| format!("{}: {e}", where_()))?;
            }
        }
    }
    Ok(out)
}

/// The long fight at `g`'s position, if it is one.
pub fn fight(g: &Game, oracle: &TableOracle) -> Option<Fight> {
    let values = oracle.move_values(g.position(), g.rules().threshold())?;
    if values.iter().any(|(_, s)| !matches!(s, Score::LossIn(_))) || !is_long_fight(&values) {
        return None;
    }
    let moves: Vec<(Move, u32)> =
        values.iter().map(|&(m, s)| (m, if let Score::LossIn(n) = s { n } else { 0 })).collect();
    let longest = moves.iter().map(|x| x.1).max()?;
    Some(Fight { snap: g.snapshot(), moves, longest })
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
}

impl FightScore {
    /// The share of fights kept.
    pub fn accuracy(&self) -> f64 {
        self.kept as f64 / self.fights.max(1) as f64
    }
}

/// Scores `net` on `fights`, 256 at a time.
pub fn score(net: &Network, fights: &[&Fight]) -> FightScore {
    let (mut kept, mut sq, mut with_plies) = (0, 0.0, 0usize);
    let mut x = Vec::new();
    let mut p = Prediction::default();
    for chunk in fights.chunks(256) {
        x.clear();
        x.resize(chunk.len() * NUM_FEATURES, 0.0);
        for (f, row) in chunk.iter().zip(x.chunks_exact_mut(NUM_FEATURES)) {
            encode(&f.snap, row);
        }
        net.predict(&x, &mut p);
        let actions = p.logits.len() / chunk.len();
        for (i, f) in chunk.iter().enumerate() {
            let logit = |m: Move| p.logits[i * actions + m.action()];
            let top = f.moves.iter().max_by(|a, b| logit(a.0).total_cmp(&logit(b.0)));
            kept += usize::from(top.is_some_and(|t| t.1 == f.longest));
            if let Some(&plies) = p.plies.get(i) {
                sq += (plies as f64 - f.longest as f64).powi(2);
                with_plies += 1;
            }
        }
    }
    let plies_rms = if with_plies == 0 { f64::NAN } else { (sq / with_plies as f64).sqrt() };
    FightScore { fights: fights.len(), kept, plies_rms }
}
