//! A person's games against a bundle's levels, without a transport: the setup of a new game
//! (`setup.rs`), the game itself with its opponent (`session.rs`), the actions on it
//! (`answer.rs`), the JSON the page draws (`view.rs`), the API's errors (`api_error.rs`) and the
//! whole API answered in-process (`local.rs`). `musashi serve` carries these over HTTP; the
//! WebAssembly module carries them to a page that runs without a server (`musashi site`). The
//! API is documented in `docs/serve.md`. `terminal` plays the same games as text, for `musashi play`.

mod answer;
mod api_error;
mod local;
mod session;
mod setup;
pub mod terminal;
mod view;

pub use answer::{Action, Answer, act};
pub use api_error::ApiError;
pub use local::{LOCAL_GAMES, LocalService, Response};
pub use session::{MAX_PLIES, Served, Session};
pub use setup::{PLAYED_PRESETS, Setup, parse_setup};
pub use view::{GameView, Options};
