//! Games: made for a version or custom rules, played and taken back, described as JSON.

use crate::ffi::{guard, keep, object, text};
use musashi_encoding::{NUM_FEATURES, encode};
use musashi_game::{Game, Move, Preset, Ruleset};
use musashi_play::MAX_PLIES;
use musashi_runtime::{BoardView, GameState};
use std::ffi::{CString, c_char};

/// A game in progress.
#[derive(Debug)]
pub struct MusashiGame {
    pub(crate) game: Game,
    text: CString,
}

/// The rules from a preset's name (`classic`, `no-setchin`, `soldiers-first`, `qdan`) or a JSON
/// ruleset (`docs/rules.md`: `{"board": "33", "first": "general", ...}`).
pub(crate) fn parse_rules(s: &str) -> Result<Ruleset, String> {
    if s.trim_start().starts_with('{') {
        serde_json::from_str(s).map_err(|e| format!("rules: {e}"))
    } else {
        s.parse::<Preset>().map(|p| p.ruleset())
    }
}

/// A new game at the start of `rules` (a preset's name or a JSON ruleset). NULL on error.
///
/// # Safety
/// `rules` is a NUL-terminated string.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn musashi_game_new(rules: *const c_char) -> *mut MusashiGame {
    guard(std::ptr::null_mut(), || {
        // SAFETY: the caller's contract.
        let rules = parse_rules(unsafe { text(rules, "rules")? })?;
        Ok(Box::into_raw(Box::new(MusashiGame { game: Game::new(rules), text: CString::default() })))
    })
}

/// The game's state as JSON: the position, the side to move, the legal moves, the interface's
/// marks, the soldiers the last move captured, the counters and, once over, the ending
/// (`docs/clients.md`).
///
/// # Safety
/// `game` is a live game.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn musashi_game_state(game: *mut MusashiGame) -> *const c_char {
    guard(std::ptr::null(), || {
        // SAFETY: the caller's contract.
        let g = unsafe { object(game, "game")? };
        let json = serde_json::to_string(&GameState::of(&g.game, MAX_PLIES)).map_err(|e| e.to_string())?;
        Ok(keep(&mut g.text, json))
    })
}

/// The game's board as JSON, for drawing it: its points (name, column, row, in the setchin) and
/// its lines.
///
/// # Safety
/// `game` is a live game.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn musashi_game_board(game: *mut MusashiGame) -> *const c_char {
    guard(std::ptr::null(), || {
        // SAFETY: the caller's contract.
        let g = unsafe { object(game, "game")? };
        let json = serde_json::to_string(&BoardView::of(g.game.rules().board)).map_err(|e| e.to_string())?;
        Ok(keep(&mut g.text, json))
    })
}

/// Plays a move in the notation of `docs/rules.md` (`c3-b2`). 0, or -1 when it is not legal
/// here or the game is over.
///
/// # Safety
/// `game` is a live game; `mv` a NUL-terminated string.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn musashi_game_play(game: *mut MusashiGame, mv: *const c_char) -> i32 {
    guard(-1, || {
        // SAFETY: the caller's contract.
        let (g, text) = unsafe { (object(game, "game")?, text(mv, "move")?) };
        if g.game.outcome_or_endless(MAX_PLIES).is_some() {
            return Err(format!("move {text}: the game is over"));
        }
        let m = Move::parse(g.game.rules().board, text).map_err(|e| format!("move '{text}': {e}"))?;
        g.game.play(m).map_err(|e| format!("move '{text}': {e}"))?;
        Ok(0)
    })
}

/// Takes back the last move. 0, or -1 at the start.
///
/// # Safety
/// `game` is a live game.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn musashi_game_undo(game: *mut MusashiGame) -> i32 {
    guard(-1, || {
        // SAFETY: the caller's contract.
        let g = unsafe { object(game, "game")? };
        g.game.undo().map(|_| 0).ok_or_else(|| "no move to take back".to_string())
    })
}

/// Writes the position's network features (`docs/export.md`, 180 floats) to `out`, which holds
/// `len` floats. The number of features, or -1 when `len` is too small.
///
/// # Safety
/// `game` is a live game; `out` points to `len` writable floats.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn musashi_game_features(game: *mut MusashiGame, out: *mut f32, len: usize) -> i32 {
    guard(-1, || {
        // SAFETY: the caller's contract.
        let g = unsafe { object(game, "game")? };
        if out.is_null() || len < NUM_FEATURES {
            return Err(format!("features need room for {NUM_FEATURES} floats"));
        }
        let mut features = vec![0.0; NUM_FEATURES];
        encode(&g.game.snapshot(), &mut features);
        // SAFETY: `out` holds at least `NUM_FEATURES` floats (checked above).
        unsafe { std::slice::from_raw_parts_mut(out, NUM_FEATURES) }.copy_from_slice(&features);
        Ok(NUM_FEATURES as i32)
    })
}

/// Frees a game (NULL is ignored).
///
/// # Safety
/// `game` is NULL or a live game, not used again.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn musashi_game_free(game: *mut MusashiGame) {
    if !game.is_null() {
        // SAFETY: a live game from this library, owned from here on.
        drop(unsafe { Box::from_raw(game) });
    }
}
