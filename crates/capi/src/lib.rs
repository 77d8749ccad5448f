//! The exported opponents for any game client: a C ABI over the runtime (`include/musashi.h`),
//! built as a shared and a static library for C, C#, GDScript's GDExtension or a phone app, and
//! as a WebAssembly module for the browser (`js/musashi.js`). One API everywhere:
//!
//! - a bundle loads from its files' bytes (or, natively, from a folder);
//! - a game for a version or custom rules gives its state as JSON (legal moves, the interface's
//!   marks, captures, the ending), plays moves and takes them back;
//! - a player of a level chooses the move for the side to move, within a simulation budget;
//! - a service answers the page's whole JSON API in-process (`musashi site`: the page of
//!   `musashi serve` without a server).
//!
//! Every call that can fail returns NULL or -1 and leaves a message for
//! `musashi_last_error`. A string the library returns belongs to the object it came from and
//! stays valid until the next call on that object or its `_free`. No call panics across the
//! boundary: a panic is caught and reported as an error. Documented in `docs/clients.md`.

mod bundle_api;
mod ffi;
mod game_api;
mod player_api;
mod service_api;

pub use bundle_api::{
    MusashiBundle, MusashiBundleBuilder, musashi_bundle_build, musashi_bundle_builder_add, musashi_bundle_builder_new,
    musashi_bundle_free, musashi_bundle_manifest, musashi_bundle_open,
};
pub use ffi::{musashi_alloc, musashi_dealloc, musashi_last_error, musashi_version};
pub use game_api::{
    MusashiGame, musashi_game_board, musashi_game_features, musashi_game_free, musashi_game_new, musashi_game_play,
    musashi_game_state, musashi_game_undo,
};
pub use player_api::{MusashiPlayer, musashi_evaluate, musashi_player_choose, musashi_player_free, musashi_player_new};
pub use service_api::{
    MusashiService, musashi_service_free, musashi_service_new, musashi_service_request, musashi_service_status,
};
