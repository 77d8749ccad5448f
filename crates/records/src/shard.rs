//! Shards: `NAME.positions.parquet`, `NAME.sha256` and `NAME.games.parquet` (shard format 2,
//! `docs/formats.md`). Each is written to a temporary name, synced and renamed, in that order:
//! the checksum file records the size and SHA-256 of both Parquet files, and the games file,
//! renamed last, marks the shard complete. A crash never leaves a shard that readers would take
//! for complete, and reading checks a file against its checksum before the Parquet decoder sees
//! a byte of it, then checks every row's values.

use crate::checks::{check_game, check_position};
use crate::error::RecordError;
use crate::games::{self, GAMES_SCHEMA_VERSION, GameRecord};
use crate::positions::{self, POSITIONS_SCHEMA_VERSION, PositionRecord};
use crate::quiet_panic::catch_quietly;
use arrow_array::RecordBatch;
use bytes::Bytes;
use parquet::arrow::ArrowWriter;
use parquet::arrow::arrow_reader::ParquetRecordBatchReaderBuilder;
use parquet::basic::Compression;
use parquet::file::metadata::KeyValue;
use parquet::file::properties::WriterProperties;
use sha2::{Digest, Sha256};
use std::fs;
use std::path::{Path, PathBuf};

/// The shard format this build writes and reads: 2 added the checksum file (format 1 shards,
/// without one, are refused: [`RecordError::Unchecked`]).
pub const SHARD_FORMAT_VERSION: u32 = 2;

const SCHEMA_KEY: &str = "musashi.schema";
const POSITIONS_SUFFIX: &str = ".positions.parquet";
const GAMES_SUFFIX: &str = ".games.parquet";
const CHECKSUMS_SUFFIX: &str = ".sha256";
const CHECKSUMS_MAGIC: &str = "musashi-shard";

/// A complete shard on disk.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Shard {
    /// The shard's name (file names without suffixes).
    pub name: String,
    /// Its positions file.
    pub positions: PathBuf,
    /// Its games file.
    pub games: PathBuf,
    /// Its checksum file (size and SHA-256 of the other two).
    pub checksums: PathBuf,
}

impl Shard {
    fn in_dir(dir: &Path, name: &str) -> Shard {
        Shard {
            name: name.to_string(),
            positions: dir.join(format!("{name}{POSITIONS_SUFFIX}")),
            games: dir.join(format!("{name}{GAMES_SUFFIX}")),
            checksums: dir.join(format!("{name}{CHECKSUMS_SUFFIX}")),
        }
    }
}

/// Which file of a shard.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Kind {
    Positions,
    Games,
}

impl Kind {
    fn key(self) -> &'static str {
        match self {
            Kind::Positions => "positions",
            Kind::Games => "games",
        }
    }

    fn schema(self) -> String {
        match self {
            Kind::Positions => format!("positions/{POSITIONS_SCHEMA_VERSION}"),
            Kind::Games => format!("games/{GAMES_SCHEMA_VERSION}"),
        }
    }
}

/// What the checksum file records of one file.
#[derive(Clone, PartialEq, Eq, Debug)]
struct Sum {
    size: u64,
    sha256: String,
}

impl Sum {
    fn of(bytes: &[u8]) -> Sum {
        Sum { size: bytes.len() as u64, sha256: Sha256::digest(bytes).iter().map(|b| format!("{b:02x}")).collect() }
    }
}

/// The shard a file belongs to, and which of its files it is, from the file's name.
fn locate(path: &Path) -> Option<(Shard, Kind)> {
    let file = path.file_name()?.to_str()?;
    let dir = path.parent().unwrap_or(Path::new(""));
    let (name, kind) = match (file.strip_suffix(POSITIONS_SUFFIX), file.strip_suffix(GAMES_SUFFIX)) {
        (Some(n), _) => (n, Kind::Positions),
        (_, Some(n)) => (n, Kind::Games),
        _ => return None,
    };
    Some((Shard::in_dir(dir, name), kind))
}

fn file_name(path: &Path) -> String {
    path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default()
}

/// The checksum file's text: a version line, then one line per file.
fn checksums_text(shard: &Shard, positions: &Sum, games: &Sum) -> String {
    let mut s = format!("{CHECKSUMS_MAGIC} {SHARD_FORMAT_VERSION}\n");
    for (kind, path, sum) in [(Kind::Positions, &shard.positions, positions), (Kind::Games, &shard.games, games)] {
        s += &format!("{} {} {} {}\n", kind.key(), sum.size, sum.sha256, file_name(path));
    }
    s
}

/// Reads and parses a shard's checksum file: the sums of its positions and games files.
fn read_checksums(shard: &Shard, wanted_by: &Path) -> Result<(Sum, Sum), RecordError> {
    let path = &shard.checksums;
    let text = match fs::read(path) {
        Ok(t) => t,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            return Err(RecordError::Unchecked { path: wanted_by.to_path_buf(), checksums: path.clone() });
        }
        Err(e) => return Err(RecordError::io(path, "read", e)),
    };
    let bad = |message: String| RecordError::BadChecksums { path: path.clone(), message };
    let text = String::from_utf8(text).map_err(|_| bad("not UTF-8 text".into()))?;
    let lines: Vec<&str> = text.split_terminator('\n').collect();
    let want_version = format!("{CHECKSUMS_MAGIC} {SHARD_FORMAT_VERSION}");
    match lines.first() {
        Some(l) if *l == want_version => {}
        Some(l) if l.starts_with(CHECKSUMS_MAGIC) => {
            return Err(bad(format!("'{l}': this build reads shard format {SHARD_FORMAT_VERSION}")));
        }
        _ => return Err(bad(format!("does not start with '{want_version}'"))),
    }
    if lines.len() != 3 || !text.ends_with('\n') {
        return Err(bad(format!("{} lines, expected 3", lines.len())));
    }
    let mut sums = Vec::new();
    for (line, (kind, file)) in
        lines[1..].iter().zip([(Kind::Positions, &shard.positions), (Kind::Games, &shard.games)])
    {
        let fields: Vec<&str> = line.splitn(4, ' ').collect();
        let hex = |s: &str| s.len() == 64 && s.bytes().all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b));
        match fields[..] {
            [k, size, sha, name] if k == kind.key() && hex(sha) && name == file_name(file) => {
                let size = size
                    .parse::<u64>()
                    .ok()
                    .filter(|_| size.bytes().all(|b| b.is_ascii_digit()))
                    .ok_or_else(|| bad(format!("bad size in '{line}'")))?;
                sums.push(Sum { size, sha256: sha.to_string() });
            }
            _ => {
                return Err(bad(format!("line '{line}' is not '{} SIZE SHA256 {}'", kind.key(), file_name(file))));
            }
        }
    }
    let games = sums.pop().expect("two lines");
    let positions = sums.pop().expect("two lines");
    Ok((positions, games))
}

fn sum_for(shard: &Shard, kind: Kind, path: &Path) -> Result<Sum, RecordError> {
    let (p, g) = read_checksums(shard, path)?;
    Ok(if kind == Kind::Positions { p } else { g })
}

fn mismatch(path: &Path, shard: &Shard, what: &'static str, expected: String, found: String) -> RecordError {
    RecordError::Mismatch { path: path.to_path_buf(), checksums: shard.checksums.clone(), what, expected, found }
}

/// Reads a file whole and checks it against its recorded sum.
fn read_verified(path: &Path, shard: &Shard, sum: &Sum) -> Result<Vec<u8>, RecordError> {
    let bytes = fs::read(path).map_err(|e| match e.kind() {
        std::io::ErrorKind::NotFound => {
            RecordError::Missing { path: path.to_path_buf(), why: "its shard's checksum file lists it" }
        }
        _ => RecordError::io(path, "read", e),
    })?;
    let found = Sum::of(&bytes);
    if found.size != sum.size {
        return Err(mismatch(path, shard, "size", sum.size.to_string(), found.size.to_string()));
    }
    if found.sha256 != sum.sha256 {
        return Err(mismatch(path, shard, "SHA-256", sum.sha256.clone(), found.sha256));
    }
    Ok(bytes)
}

/// The file's bytes, checked against its shard's checksum file.
fn verified_bytes(path: &Path) -> Result<Vec<u8>, RecordError> {
    let (shard, kind) = locate(path)
        .ok_or_else(|| RecordError::Unchecked { path: path.to_path_buf(), checksums: path.with_extension("sha256") })?;
    let sum = sum_for(&shard, kind, path)?;
    read_verified(path, &shard, &sum)
}

fn encode(batch: &RecordBatch, tag: String) -> Result<Vec<u8>, String> {
    let props = WriterProperties::builder()
        .set_compression(Compression::SNAPPY)
        .set_key_value_metadata(Some(vec![KeyValue::new(SCHEMA_KEY.to_string(), tag)]))
        .build();
    let mut w = ArrowWriter::try_new(Vec::new(), batch.schema(), Some(props)).map_err(|e| e.to_string())?;
    w.write(batch).map_err(|e| e.to_string())?;
    w.into_inner().map_err(|e| e.to_string())
}

/// Writes `bytes` to `path` atomically: a temporary name beside it, synced, renamed.
fn write_atomic(path: &Path, bytes: &[u8]) -> Result<(), RecordError> {
    musashi_chores::write_atomic(path, bytes).map_err(|e| RecordError::io(path, "write", e))
}

/// Makes the renames so far durable before the next one (the completion marker).
fn sync_dir(dir: &Path) -> Result<(), RecordError> {
    #[cfg(unix)]
    fs::File::open(dir).and_then(|d| d.sync_all()).map_err(|e| RecordError::io(dir, "sync", e))?;
    #[cfg(not(unix))]
    let _ = dir;
    Ok(())
}

fn check_rows<T>(path: &Path, rows: &[T], check: fn(&T) -> Result<(), String>) -> Result<(), RecordError> {
    for (row, r) in rows.iter().enumerate() {
        check(r).map_err(|message| RecordError::Invalid { path: path.to_path_buf(), row, message })?;
    }
    Ok(())
}

/// Writes a shard `dir/NAME.*` (positions, checksums, then games, which completes it). Every
/// record is checked first (`docs/formats.md`); fails if a complete shard of that name exists.
pub fn write_shard(
    dir: &Path,
    name: &str,
    games: &[GameRecord],
    positions: &[PositionRecord],
) -> Result<Shard, RecordError> {
    let shard = Shard::in_dir(dir, name);
    if shard.games.exists() {
        return Err(RecordError::Exists { path: shard.games });
    }
    check_rows(&shard.positions, positions, check_position)?;
    check_rows(&shard.games, games, check_game)?;
    let encoded = |path: &Path, batch: RecordBatch, kind: Kind| {
        encode(&batch, kind.schema()).map_err(|message| RecordError::Corrupt { path: path.to_path_buf(), message })
    };
    let p = encoded(&shard.positions, positions::to_batch(positions), Kind::Positions)?;
    let g = encoded(&shard.games, games::to_batch(games), Kind::Games)?;
    write_raw(&shard, &p, &g)?;
    Ok(shard)
}

/// Writes already encoded files as a shard, in the completing order.
fn write_raw(shard: &Shard, positions: &[u8], games: &[u8]) -> Result<(), RecordError> {
    let dir = shard.games.parent().unwrap_or(Path::new(""));
    fs::create_dir_all(dir).map_err(|e| RecordError::io(dir, "create", e))?;
    write_atomic(&shard.positions, positions)?;
    write_atomic(&shard.checksums, checksums_text(shard, &Sum::of(positions), &Sum::of(games)).as_bytes())?;
    sync_dir(dir)?;
    write_atomic(&shard.games, games)?;
    sync_dir(dir)
}

/// Decodes a record file's bytes, checking its schema tag. The bytes are normally checked
/// against their checksum first; a decoder panic on bytes that are not (or on a decoder bug) is
/// still caught and reported as corruption of the file, as a last line of defence.
fn decode(path: &Path, bytes: Vec<u8>, kind: Kind) -> Result<Vec<RecordBatch>, RecordError> {
    let corrupt = |message: String| RecordError::Corrupt { path: path.to_path_buf(), message };
    let want = kind.schema();
    let run = || -> Result<Vec<RecordBatch>, RecordError> {
        let builder =
            ParquetRecordBatchReaderBuilder::try_new(Bytes::from(bytes)).map_err(|e| corrupt(e.to_string()))?;
        let tag = builder
            .metadata()
            .file_metadata()
            .key_value_metadata()
            .and_then(|kv| kv.iter().find(|k| k.key == SCHEMA_KEY))
            .and_then(|k| k.value.clone());
        if tag.as_deref() != Some(want.as_str()) {
            return Err(RecordError::Schema { path: path.to_path_buf(), found: tag, expected: want.clone() });
        }
        let reader = builder.build().map_err(|e| corrupt(e.to_string()))?;
        reader.collect::<Result<Vec<_>, _>>().map_err(|e| corrupt(e.to_string()))
    };
    catch_quietly(run).unwrap_or_else(|p| Err(corrupt(format!("the Parquet decoder panicked: {p}"))))
}

type FromBatch<T> = fn(&RecordBatch, &mut Vec<T>) -> Result<(), (Option<usize>, String)>;

/// Decodes and checks the rows of a record file's bytes.
fn rows<T>(
    path: &Path,
    bytes: Vec<u8>,
    kind: Kind,
    from_batch: FromBatch<T>,
    check: fn(&T) -> Result<(), String>,
) -> Result<Vec<T>, RecordError> {
    let mut out = Vec::new();
    for b in decode(path, bytes, kind)? {
        let offset = out.len();
        from_batch(&b, &mut out).map_err(|(row, message)| match row {
            Some(r) => RecordError::Invalid { path: path.to_path_buf(), row: offset + r, message },
            None => RecordError::Corrupt { path: path.to_path_buf(), message },
        })?;
    }
    check_rows(path, &out, check)?;
    Ok(out)
}

fn positions_from(path: &Path, bytes: Vec<u8>) -> Result<Vec<PositionRecord>, RecordError> {
    rows(path, bytes, Kind::Positions, positions::from_batch, check_position)
}

fn games_from(path: &Path, bytes: Vec<u8>) -> Result<Vec<GameRecord>, RecordError> {
    rows(path, bytes, Kind::Games, games::from_batch, check_game)
}

/// Reads a shard's positions file: checked against the shard's checksum file, then decoded,
/// then every row's values checked.
pub fn read_positions(path: &Path) -> Result<Vec<PositionRecord>, RecordError> {
    positions_from(path, verified_bytes(path)?)
}

/// Reads a shard's games file, checked as [`read_positions`] checks positions.
pub fn read_games(path: &Path) -> Result<Vec<GameRecord>, RecordError> {
    games_from(path, verified_bytes(path)?)
}

/// Checks both files of a shard against its checksum file (sizes and SHA-256; no decoding).
pub fn verify_shard(shard: &Shard) -> Result<(), RecordError> {
    let (p, g) = read_checksums(shard, &shard.games)?;
    read_verified(&shard.positions, shard, &p)?;
    read_verified(&shard.games, shard, &g)?;
    Ok(())
}

/// Gives a shard written before shard format 2 (no checksum file) its checksum file, after
/// decoding both files and checking every row's values. This trusts the files as they are now:
/// value checks cannot see every kind of damage (a flipped byte can change a move into another
/// legal one), so seal only shards that have not been damaged since they were written.
pub fn seal_legacy_shard(shard: &Shard) -> Result<(), RecordError> {
    if shard.checksums.exists() {
        return Err(RecordError::BadChecksums {
            path: shard.checksums.clone(),
            message: "the shard has a checksum file already".into(),
        });
    }
    let read = |p: &Path| fs::read(p).map_err(|e| RecordError::io(p, "read", e));
    let (p, g) = (read(&shard.positions)?, read(&shard.games)?);
    positions_from(&shard.positions, p.clone())?;
    games_from(&shard.games, g.clone())?;
    write_atomic(&shard.checksums, checksums_text(shard, &Sum::of(&p), &Sum::of(&g)).as_bytes())
}

/// Seals every shard in `dir` that has no checksum file ([`seal_legacy_shard`], with its
/// caveat); the names of the shards sealed, in order. Stops at the first shard whose rows fail
/// the checks, leaving it unsealed (the error names it).
pub fn seal_legacy_shards(dir: &Path) -> Result<Vec<String>, RecordError> {
    let mut names = Vec::new();
    for entry in fs::read_dir(dir).map_err(|e| RecordError::io(dir, "list", e))? {
        let entry = entry.map_err(|e| RecordError::io(dir, "list", e))?;
        let file = entry.file_name().to_string_lossy().into_owned();
        if let Some(name) = file.strip_suffix(GAMES_SUFFIX)
            && !Shard::in_dir(dir, name).checksums.exists()
        {
            names.push(name.to_string());
        }
    }
    names.sort();
    for name in &names {
        seal_legacy_shard(&Shard::in_dir(dir, name))?;
    }
    Ok(names)
}

/// The complete shards in `dir` (those whose games file exists), sorted by name. Leftover
/// temporary files and shards without their games file (unfinished) are ignored. Each complete
/// shard must have its positions file and its checksum file, and both Parquet files must have
/// the sizes the checksum file records (a cheap check: the full check is made on reading, or by
/// [`verify_shard`]).
pub fn list_shards(dir: &Path) -> Result<Vec<Shard>, RecordError> {
    let mut out = Vec::new();
    let entries = match fs::read_dir(dir) {
        Ok(e) => e,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(out),
        Err(e) => return Err(RecordError::io(dir, "list", e)),
    };
    for entry in entries {
        let entry = entry.map_err(|e| RecordError::io(dir, "list", e))?;
        let file = entry.file_name().to_string_lossy().into_owned();
        if let Some(name) = file.strip_suffix(GAMES_SUFFIX) {
            let shard = Shard::in_dir(dir, name);
            if !shard.positions.exists() {
                return Err(RecordError::Missing {
                    path: shard.positions,
                    why: "its games file exists, so the shard is damaged",
                });
            }
            let (p, g) = read_checksums(&shard, &shard.games)?;
            for (path, sum) in [(&shard.positions, &p), (&shard.games, &g)] {
                let size = fs::metadata(path).map_err(|e| RecordError::io(path, "stat", e))?.len();
                if size != sum.size {
                    return Err(mismatch(path, &shard, "size", sum.size.to_string(), size.to_string()));
                }
            }
            out.push(shard);
        }
    }
    out.sort();
    Ok(out)
}

/// Rows in a shard's record file, from its metadata, after checking the file against its
/// checksum.
pub fn count_rows(path: &Path) -> Result<u64, RecordError> {
    let bytes = verified_bytes(path)?;
    let corrupt = |message: String| RecordError::Corrupt { path: path.to_path_buf(), message };
    let run = || ParquetRecordBatchReaderBuilder::try_new(Bytes::from(bytes)).map_err(|e| corrupt(e.to_string()));
    let builder = catch_quietly(run).unwrap_or_else(|p| Err(corrupt(format!("the Parquet decoder panicked: {p}"))))?;
    Ok(builder.metadata().file_metadata().num_rows().max(0) as u64)
}

#[cfg(test)]
mod tests {
    //! The layers below the checksum, on damaged bytes the checksum would have refused: a
    //! decoder panic is caught and named, and the value checks refuse what they can see.
    use super::*;
    use musashi_game::{Game, Preset, Side};

    fn sample() -> Vec<PositionRecord> {
        let rules = Preset::Classic.ruleset();
        let mut g = Game::new(rules);
        let mut out = Vec::new();
        while !g.is_over() && g.plies() < 60 {
            let legal = g.legal_moves();
            let m = legal[(g.plies() as usize * 5) % legal.len()];
            let n = legal.len() as f32;
            out.push(PositionRecord {
                game_id: "sp0001-main-000000".into(),
                generation: 1,
                ply: g.plies(),
                position: *g.position(),
                rules,
                soldier_moves: g.soldier_moves(),
                moves_left: g.moves_left(),
                repetition_count: g.repetition_count(),
                legal: legal.iter().map(|m| m.action() as u16).collect(),
                policy: vec![1.0 / n; legal.len()],
                prior: vec![1.0 / n; legal.len()],
                search_value: 0.5,
                full_search: true,
                played: m.action() as u16,
                result: if g.position().side_to_move() == Side::General { 1.0 } else { -1.0 },
                plies_to_end: 60 - g.plies(),
            });
            g.play(m).unwrap();
        }
        out
    }

    #[test]
    fn below_the_checksum_decoder_panics_are_caught_and_named() {
        let records = sample();
        let clean = encode(&positions::to_batch(&records), Kind::Positions.schema()).unwrap();
        let path = Path::new("sp0001-main-s00000.positions.parquet");
        assert_eq!(positions_from(path, clean.clone()).unwrap(), records);
        let (mut caught, mut refused, mut identical, mut different) = (0, 0, 0, 0);
        let mut rng = musashi_testkit::Rng(17);
        for _ in 0..400 {
            let mut bytes = clean.clone();
            for _ in 0..1 + rng.below(4) {
                let i = rng.below(bytes.len());
                bytes[i] ^= 1 + rng.below(255) as u8;
            }
            // A panic escaping here fails the test.
            match positions_from(path, bytes) {
                Err(e @ RecordError::Corrupt { .. }) if e.to_string().contains("panicked") => caught += 1,
                Err(e) => {
                    assert!(e.to_string().contains(&file_name(path)), "{e}");
                    refused += 1
                }
                Ok(r) if r == records => identical += 1,
                Ok(_) => different += 1,
            }
        }
        println!(
            "without the checksum, 400 damaged positions files: {caught} decoder panics caught, {refused} other \
             errors, {identical} identical, {different} read with different values"
        );
        assert!(caught > 0, "no trial reached a decoder panic: the last line of defence is untested");
    }

    /// The caught decoder panics print nothing: the trials above run again in a child process
    /// (this test binary), whose standard error must not hold a panic report.
    #[test]
    fn caught_decoder_panics_print_nothing() {
        let name = "shard::tests::below_the_checksum_decoder_panics_are_caught_and_named";
        let exe = std::env::current_exe().unwrap();
        let out = std::process::Command::new(exe).args(["--exact", name, "--nocapture"]).output().unwrap();
        let (stdout, stderr) = (String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
        assert!(out.status.success(), "{stdout}\n{stderr}");
        assert!(stdout.contains("decoder panics caught"), "the trials ran: {stdout}");
        assert!(!stderr.contains("panicked"), "a caught panic was printed: {stderr}");
    }

    /// Rows written by something other than `write_shard` (an older or buggy writer), with a
    /// valid checksum: the value checks on reading still refuse them, naming file and row. The
    /// issue's cases: a policy target summing to 1.16, a prior near 1e24, a changed played move.
    #[test]
    fn rows_breaking_the_value_rules_are_refused_on_reading() {
        let dir = std::env::temp_dir().join(format!("musashi-records-unit-values-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        type Damage = fn(&mut PositionRecord);
        let cases: [(Damage, &str); 4] = [
            (|r| r.policy[0] += 0.16, "policy_target sums to 1.1"),
            (|r| r.prior[1] = 1.3e24, "outside [0, 1]"),
            (
                |r| r.played = r.legal.iter().map(|a| a + 1).find(|a| !r.legal.contains(a)).unwrap(),
                "not one of legal_moves",
            ),
            (|r| r.repetition_count = 0, "repetition_count"),
        ];
        for (k, (damage, says)) in cases.into_iter().enumerate() {
            let mut records = sample();
            damage(&mut records[7]);
            let shard = Shard::in_dir(&dir, &format!("u{k}"));
            let p = encode(&positions::to_batch(&records), Kind::Positions.schema()).unwrap();
            let g = encode(&games::to_batch(&[]), Kind::Games.schema()).unwrap();
            write_raw(&shard, &p, &g).unwrap();
            verify_shard(&shard).unwrap();
            let e = read_positions(&shard.positions).unwrap_err();
            assert!(matches!(e, RecordError::Invalid { row: 7, .. }), "{e}");
            assert!(e.to_string().contains(says) && e.to_string().contains(&format!("u{k}.positions.parquet")), "{e}");
        }
        fs::remove_dir_all(&dir).unwrap();
    }
}
