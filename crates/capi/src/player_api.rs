//! Players of a bundle's levels, and the network's outputs for a position.

use crate::bundle_api::MusashiBundle;
use crate::ffi::{guard, keep, object, text};
use crate::game_api::MusashiGame;
use musashi_encoding::{NUM_FEATURES, encode};
use musashi_game::NUM_ACTIONS;
use musashi_play::MAX_PLIES;
use musashi_runtime::{Level, LevelPlayer};
use musashi_search::{Agent, PlaySettings};
use std::ffi::{CString, c_char};

/// A level playing whichever side is to move in games of one ruleset.
#[derive(Debug)]
pub struct MusashiPlayer {
    player: LevelPlayer,
    text: CString,
}

/// A player of `level` (`easy`, `normal`, `hard`) for the rules of `game`: the bundle's
/// calibrated level, or for rules it was not calibrated on, the nearest calibrated ruleset's.
/// `sims` > 0 replaces the level's simulations per move (the budget a page sets so that a move
/// never takes long; 0 = the level's own); `seed` makes its play reproducible. NULL on error.
///
/// # Safety
/// `bundle` and `game` are live; `level` is a NUL-terminated string.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn musashi_player_new(
    bundle: *mut MusashiBundle,
    game: *mut MusashiGame,
    level: *const c_char,
    sims: u32,
    seed: u64,
) -> *mut MusashiPlayer {
    guard(std::ptr::null_mut(), || {
        // SAFETY: the caller's contract.
        let (b, g, level) = unsafe { (object(bundle, "bundle")?, object(game, "game")?, text(level, "level")?) };
        let level: Level = level.parse().map_err(|e| format!("{e}"))?;
        let rules = g.game.rules();
        let mut player = if sims == 0 {
            b.bundle.player(rules, level)
        } else {
            b.bundle.player_adjusted(rules, level, &format!("[sims={sims}]"), |s| PlaySettings { sims, ..s })
        }
        .map_err(|e| e.to_string())?;
        player.new_game(seed);
        Ok(Box::into_raw(Box::new(MusashiPlayer { player, text: CString::default() })))
    })
}

/// The player's move for the side to move in `game`, in the notation of `docs/rules.md`; the
/// game is not changed (play it with `musashi_game_play`). NULL when the game is over or on
/// error.
///
/// # Safety
/// `player` and `game` are live.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn musashi_player_choose(player: *mut MusashiPlayer, game: *mut MusashiGame) -> *const c_char {
    guard(std::ptr::null(), || {
        // SAFETY: the caller's contract.
        let (p, g) = unsafe { (object(player, "player")?, object(game, "game")?) };
        if g.game.outcome_or_endless(MAX_PLIES).is_some() {
            return Err("the game is over".into());
        }
        let choice = p.player.choose(&g.game);
        Ok(keep(&mut p.text, choice.mv.to_string()))
    })
}

/// Frees a player (NULL is ignored).
///
/// # Safety
/// `player` is NULL or a live player, not used again.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn musashi_player_free(player: *mut MusashiPlayer) {
    if !player.is_null() {
        // SAFETY: a live player from this library, owned from here on.
        drop(unsafe { Box::from_raw(player) });
    }
}

/// The network of `level` for the side to move in `game` on this position: writes the 144
/// policy logits (by action number, `docs/export.md`) to `logits`, and the value for the side to
/// move and the predicted plies to the end (NaN without a moves-left head) to `outputs[0..2]`.
/// 0, or -1 on error.
///
/// # Safety
/// `bundle` and `game` are live; `level` is a NUL-terminated string; `logits` points to 144
/// writable floats and `outputs` to 2.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn musashi_evaluate(
    bundle: *mut MusashiBundle,
    game: *mut MusashiGame,
    level: *const c_char,
    logits: *mut f32,
    outputs: *mut f32,
) -> i32 {
    guard(-1, || {
        // SAFETY: the caller's contract.
        let (b, g, level) = unsafe { (object(bundle, "bundle")?, object(game, "game")?, text(level, "level")?) };
        if logits.is_null() || outputs.is_null() {
            return Err("logits or outputs is NULL".into());
        }
        let level: Level = level.parse().map_err(|e| format!("{e}"))?;
        let side = g.game.position().side_to_move();
        let (entry, _) = b.bundle.serving(g.game.rules(), side, level).map_err(|e| e.to_string())?;
        let net = b.bundle.network(&entry.weights).ok_or("the level's weights are not loaded")?;
        let mut features = vec![0.0; NUM_FEATURES];
        encode(&g.game.snapshot(), &mut features);
        let mut row = Vec::with_capacity(NUM_ACTIONS);
        let out = net.forward(&features, &mut row);
        // SAFETY: `logits` holds NUM_ACTIONS floats and `outputs` 2, by the caller's contract.
        unsafe {
            std::slice::from_raw_parts_mut(logits, NUM_ACTIONS).copy_from_slice(&row);
            *outputs = out.value;
            *outputs.add(1) = out.plies.unwrap_or(f32::NAN);
        }
        Ok(0)
    })
}
