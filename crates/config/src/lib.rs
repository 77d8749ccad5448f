//! Typed configuration files and the files a job writes: a TOML document read into a typed,
//! `deny_unknown_fields` value with `key=value` overrides applied first (`overrides.rs`), errors
//! that name the source and the dotted key (`typed.rs`), and atomic writes (temporary file,
//! sync, rename; `atomic.rs`). The training job and the export configuration both read their
//! files through this crate; callers validate the typed value themselves and report a refused
//! value as an `Invalid` (`invalid.rs`).

mod atomic;
mod error;
mod invalid;
mod overrides;
mod typed;

pub use atomic::write_atomic;
pub use error::ConfigError;
pub use invalid::Invalid;
pub use overrides::apply_override;
pub use typed::{from_toml, read_toml_file, to_toml};
