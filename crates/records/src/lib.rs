//! Training data and game records as Parquet files that pandas, polars and pyarrow read.
//! Schemas are versioned (`docs/formats.md`); shards are written to a temporary name and
//! renamed, with a checksum file recording each file's size and SHA-256; reading checks the
//! checksum before decoding, then the schema version, then every row's values, and refuses
//! damaged files with an error naming them.

mod checks;
mod columns;
mod error;
mod games;
mod ids;
mod positions;
mod quiet_panic;
mod shard;

pub use error::RecordError;
pub use games::{GAMES_SCHEMA_VERSION, GameRecord};
pub use ids::{ShardPrefix, game_index, shard_generation, shard_worker};
pub use positions::{POSITIONS_SCHEMA_VERSION, PositionRecord};
pub use shard::{
    SHARD_FORMAT_VERSION, Shard, count_rows, list_shards, read_games, read_positions, seal_legacy_shard,
    seal_legacy_shards, verify_shard, write_shard,
};
