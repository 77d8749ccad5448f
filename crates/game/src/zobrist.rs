//! Zobrist keys: fixed 64-bit constants (derived at compile time from a fixed seed) whose XOR
//! identifies a position. `Position` keeps its key up to date incrementally.

use crate::board::Board;
use crate::mix::{GOLDEN_GAMMA, mix64};
use crate::point::{Bits, MAX_POINTS};
use crate::side::Side;

const fn splitmix64(state: u64) -> (u64, u64) {
    let s = state.wrapping_add(GOLDEN_GAMMA);
    (s, mix64(s))
}

struct Keys {
    general: [u64; MAX_POINTS],
    soldier: [u64; MAX_POINTS],
    soldiers_to_move: u64,
    square_board: u64,
}

const fn build() -> Keys {
    let mut state = 0x6D75_7361_7368_6921; // "musashi!"
    let mut general = [0u64; MAX_POINTS];
    let mut soldier = [0u64; MAX_POINTS];
    let mut i = 0;
    while i < MAX_POINTS {
        let (s, k) = splitmix64(state);
        general[i] = k;
        let (s2, k2) = splitmix64(s);
        soldier[i] = k2;
        state = s2;
        i += 1;
    }
    let (s, soldiers_to_move) = splitmix64(state);
    let (_, square_board) = splitmix64(s);
    Keys { general, soldier, soldiers_to_move, square_board }
}

static KEYS: Keys = build();

/// Key of the General standing on point `p`.
#[inline]
pub fn general_key(p: usize) -> u64 {
    KEYS.general[p]
}

/// Key of a soldier standing on point `p`.
#[inline]
pub fn soldier_key(p: usize) -> u64 {
    KEYS.soldier[p]
}

/// XOR of the soldier keys of every point in `mask`.
#[inline]
pub fn soldiers_key(mask: u64) -> u64 {
    Bits(mask).fold(0, |h, p| h ^ KEYS.soldier[p.index()])
}

/// Key toggled when the side to move changes.
#[inline]
pub fn side_key() -> u64 {
    KEYS.soldiers_to_move
}

/// The key of a position computed from scratch.
pub fn hash_from_scratch(board: Board, general: usize, soldiers: u64, side: Side) -> u64 {
    let mut h = KEYS.general[general] ^ soldiers_key(soldiers);
    if side == Side::Soldiers {
        h ^= KEYS.soldiers_to_move;
    }
    if board == Board::Square25 {
        h ^= KEYS.square_board;
    }
    h
}
