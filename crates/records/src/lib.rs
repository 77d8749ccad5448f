//! Training data and game records as Parquet files that pandas, polars and pyarrow read.
//! Schemas are versioned (`docs/formats.md`); shards are written to a temporary name and
//! renamed; reading checks the version and refuses truncated or corrupt files clearly.

mod columns;
mod error;
mod games;
mod ids;
mod positions;
mod shard;

pub use error::RecordError;
pub use games::{GAMES_SCHEMA_VERSION, GameRecord};
pub use ids::{ShardPrefix, game_index, shard_generation, shard_worker};
pub use positions::{POSITIONS_SCHEMA_VERSION, PositionRecord};
pub use shard::{Shard, count_rows, list_shards, read_games, read_positions, write_shard};
