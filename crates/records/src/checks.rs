//! Value checks of single records, run on every row written and every row read
//! (`docs/formats.md`, "Checks"): what a record must satisfy whatever produced it.

use crate::games::GameRecord;
use crate::positions::PositionRecord;
use musashi_game::{Move, MoveLimit};

/// How far a policy target's sum may be from 1 (f32 sums of up to 72 normalised entries are
/// within 1e-5).
pub(crate) const POLICY_SUM_TOLERANCE: f32 = 1e-3;

/// Checks one position record.
pub(crate) fn check_position(r: &PositionRecord) -> Result<(), String> {
    let board = r.rules.board;
    if r.position.board() != board {
        return Err(format!(
            "the position is on the {}-point board, the rules on the {board}-point one",
            r.position.board()
        ));
    }
    if r.legal.is_empty() {
        return Err("no legal moves (positions are recorded only where a move is played)".into());
    }
    if r.legal.len() != r.policy.len() || r.legal.len() != r.prior.len() {
        return Err(format!(
            "legal_moves, policy_target and prior differ in length ({}, {}, {})",
            r.legal.len(),
            r.policy.len(),
            r.prior.len()
        ));
    }
    for (k, &a) in r.legal.iter().enumerate() {
        let Some(m) = Move::from_action(board, a as usize) else {
            return Err(format!("action {a} does not exist on the {board}-point board"));
        };
        if !r.position.is_legal(m) {
            return Err(format!("legal_moves lists action {a} ({m}), which is not a move in this position"));
        }
        if r.legal[..k].contains(&a) {
            return Err(format!("legal_moves lists action {a} twice"));
        }
    }
    if !r.legal.contains(&r.played) {
        return Err(format!("played_move {} is not one of legal_moves", r.played));
    }
    if let Some(p) = r.policy.iter().find(|p| !p.is_finite() || **p < 0.0) {
        return Err(format!("policy_target holds {p}: not a probability"));
    }
    let sum: f32 = r.policy.iter().sum();
    if (sum - 1.0).abs() > POLICY_SUM_TOLERANCE {
        return Err(format!("policy_target sums to {sum}, not 1: not a distribution"));
    }
    if let Some(p) = r.prior.iter().find(|p| !(0.0..=1.0).contains(*p)) {
        return Err(format!("prior holds {p}, outside [0, 1]"));
    }
    for (name, v) in [("search_value", r.search_value), ("result", r.result)] {
        if !(-1.0..=1.0).contains(&v) {
            return Err(format!("{name} is {v}, outside [-1, 1]"));
        }
    }
    if r.repetition_count == 0 {
        return Err("repetition_count is 0 (the first occurrence counts 1)".into());
    }
    if r.plies_to_end == 0 {
        return Err("plies_to_end is 0 (a move is played from every recorded position)".into());
    }
    if r.moves_left.is_some() != (r.rules.move_limit != MoveLimit::None) {
        return Err(format!("moves_left {:?} does not fit the move limit '{}'", r.moves_left, r.rules.move_limit));
    }
    Ok(())
}

/// Checks one game record: its moves are movement-legal from its start position, one after the
/// other.
pub(crate) fn check_game(record: &GameRecord) -> Result<(), String> {
    let g = &record.game;
    if g.start.board() != g.rules.board {
        return Err(format!(
            "the start position is on the {}-point board, the rules on the {}-point one",
            g.start.board(),
            g.rules.board
        ));
    }
    let mut pos = g.start;
    for (i, &m) in g.moves.iter().enumerate() {
        if !pos.is_legal(m) {
            return Err(format!("move {} ({m}) is not legal in {pos}", i + 1));
        }
        pos = pos.play(m).0;
    }
    Ok(())
}
