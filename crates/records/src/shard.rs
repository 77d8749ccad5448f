//! Shards: a pair of files `NAME.positions.parquet` and `NAME.games.parquet`. Each is written
//! to a temporary name, synced and renamed; the games file is renamed last and marks the shard
//! complete, so a crash never leaves a shard that readers would take for complete.

use crate::error::RecordError;
use crate::games::{self, GAMES_SCHEMA_VERSION, GameRecord};
use crate::positions::{self, POSITIONS_SCHEMA_VERSION, PositionRecord};
use arrow_array::RecordBatch;
use parquet::arrow::ArrowWriter;
use parquet::arrow::arrow_reader::ParquetRecordBatchReaderBuilder;
use parquet::basic::Compression;
use parquet::file::metadata::KeyValue;
use parquet::file::properties::WriterProperties;
use std::fs;
use std::path::{Path, PathBuf};

const SCHEMA_KEY: &str = "musashi.schema";
const POSITIONS_SUFFIX: &str = ".positions.parquet";
const GAMES_SUFFIX: &str = ".games.parquet";

/// A complete shard on disk.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Shard {
    /// The shard's name (file names without suffixes).
    pub name: String,
    /// Its positions file.
    pub positions: PathBuf,
    /// Its games file.
    pub games: PathBuf,
}

fn write_file(path: &Path, batch: &RecordBatch, tag: String) -> Result<(), RecordError> {
    let tmp = path.with_extension(format!("tmp-{}", std::process::id()));
    let result = (|| -> Result<(), String> {
        let file = fs::File::create(&tmp).map_err(|e| e.to_string())?;
        let props = WriterProperties::builder()
            .set_compression(Compression::SNAPPY)
            .set_key_value_metadata(Some(vec![KeyValue::new(SCHEMA_KEY.to_string(), tag)]))
            .build();
        let mut w = ArrowWriter::try_new(file, batch.schema(), Some(props)).map_err(|e| e.to_string())?;
        w.write(batch).map_err(|e| e.to_string())?;
        let file = w.into_inner().map_err(|e| e.to_string())?;
        file.sync_all().map_err(|e| e.to_string())?;
        fs::rename(&tmp, path).map_err(|e| e.to_string())
    })();
    if result.is_err() {
        let _ = fs::remove_file(&tmp);
    }
    result.map_err(|e| RecordError::new(path, format!("cannot write: {e}")))
}

/// Writes a shard `dir/NAME.*.parquet`. Fails if a complete shard of that name exists.
pub fn write_shard(
    dir: &Path,
    name: &str,
    games: &[GameRecord],
    positions: &[PositionRecord],
) -> Result<Shard, RecordError> {
    let shard = Shard {
        name: name.to_string(),
        positions: dir.join(format!("{name}{POSITIONS_SUFFIX}")),
        games: dir.join(format!("{name}{GAMES_SUFFIX}")),
    };
    if shard.games.exists() {
        return Err(RecordError::new(&shard.games, "a complete shard of this name already exists"));
    }
    fs::create_dir_all(dir).map_err(|e| RecordError::new(dir, format!("cannot create: {e}")))?;
    write_file(&shard.positions, &positions::to_batch(positions), format!("positions/{POSITIONS_SCHEMA_VERSION}"))?;
    write_file(&shard.games, &games::to_batch(games), format!("games/{GAMES_SCHEMA_VERSION}"))?;
    Ok(shard)
}

fn read_batches(path: &Path, want: &str) -> Result<Vec<RecordBatch>, RecordError> {
    let bad = |e: &dyn std::fmt::Display| {
        RecordError::new(path, format!("not a readable Parquet file (truncated or corrupt?): {e}"))
    };
    let file = fs::File::open(path).map_err(|e| RecordError::new(path, format!("cannot open: {e}")))?;
    let builder = ParquetRecordBatchReaderBuilder::try_new(file).map_err(|e| bad(&e))?;
    let tag = builder
        .metadata()
        .file_metadata()
        .key_value_metadata()
        .and_then(|kv| kv.iter().find(|k| k.key == SCHEMA_KEY))
        .and_then(|k| k.value.clone());
    match tag {
        Some(t) if t == want => {}
        Some(t) => return Err(RecordError::new(path, format!("schema '{t}', this build reads '{want}'"))),
        None => return Err(RecordError::new(path, "no musashi schema tag: not a musashi record file")),
    }
    let reader = builder.build().map_err(|e| bad(&e))?;
    reader.collect::<Result<Vec<_>, _>>().map_err(|e| bad(&e))
}

/// Reads a positions file.
pub fn read_positions(path: &Path) -> Result<Vec<PositionRecord>, RecordError> {
    let mut out = Vec::new();
    for b in read_batches(path, &format!("positions/{POSITIONS_SCHEMA_VERSION}"))? {
        positions::from_batch(&b, &mut out).map_err(|e| RecordError::new(path, e))?;
    }
    Ok(out)
}

/// Reads a games file.
pub fn read_games(path: &Path) -> Result<Vec<GameRecord>, RecordError> {
    let mut out = Vec::new();
    for b in read_batches(path, &format!("games/{GAMES_SCHEMA_VERSION}"))? {
        games::from_batch(&b, &mut out).map_err(|e| RecordError::new(path, e))?;
    }
    Ok(out)
}

/// The complete shards in `dir` (those whose games file exists), sorted by name. Leftover
/// temporary files and positions files without their games file are ignored.
pub fn list_shards(dir: &Path) -> Result<Vec<Shard>, RecordError> {
    let mut out = Vec::new();
    let entries = match fs::read_dir(dir) {
        Ok(e) => e,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(out),
        Err(e) => return Err(RecordError::new(dir, format!("cannot list: {e}"))),
    };
    for entry in entries {
        let entry = entry.map_err(|e| RecordError::new(dir, format!("cannot list: {e}")))?;
        let file = entry.file_name().to_string_lossy().into_owned();
        if let Some(name) = file.strip_suffix(GAMES_SUFFIX) {
            let positions = dir.join(format!("{name}{POSITIONS_SUFFIX}"));
            if !positions.exists() {
                return Err(RecordError::new(&positions, "missing: its games file exists, so the shard is damaged"));
            }
            out.push(Shard { name: name.to_string(), positions, games: entry.path() });
        }
    }
    out.sort();
    Ok(out)
}

/// Rows in a record file, from its metadata (cheap).
pub fn count_rows(path: &Path) -> Result<u64, RecordError> {
    let file = fs::File::open(path).map_err(|e| RecordError::new(path, format!("cannot open: {e}")))?;
    let builder = ParquetRecordBatchReaderBuilder::try_new(file)
        .map_err(|e| RecordError::new(path, format!("not a readable Parquet file (truncated or corrupt?): {e}")))?;
    Ok(builder.metadata().file_metadata().num_rows().max(0) as u64)
}
