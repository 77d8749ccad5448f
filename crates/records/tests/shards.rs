//! Shards round-trip exactly; truncated, foreign or incomplete shards are clear errors.

use musashi_records::*;

mod common;

use common::{sample, temp_dir};

#[test]
fn a_shard_round_trips_exactly() {
    let dir = temp_dir("roundtrip");
    let (games, positions) = sample();
    let shard = write_shard(&dir, "gen-0003-w0-00000", &games, &positions).unwrap();
    assert_eq!(read_games(&shard.games).unwrap(), games);
    assert_eq!(read_positions(&shard.positions).unwrap(), positions);
    assert_eq!(list_shards(&dir).unwrap(), vec![shard.clone()]);
    assert!(write_shard(&dir, "gen-0003-w0-00000", &games, &positions).is_err(), "never overwrites");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn truncated_foreign_and_incomplete_shards_are_clear_errors() {
    let dir = temp_dir("bad");
    let (games, positions) = sample();
    let shard = write_shard(&dir, "s", &games, &positions).unwrap();
    // Truncated: the size differs from the checksum file's, found by listing already.
    let bytes = std::fs::read(&shard.positions).unwrap();
    std::fs::write(&shard.positions, &bytes[..bytes.len() / 2]).unwrap();
    for e in [read_positions(&shard.positions).unwrap_err(), list_shards(&dir).unwrap_err()] {
        assert!(matches!(e, RecordError::Mismatch { what: "size", .. }), "{e}");
        assert_eq!(e.path(), shard.positions);
        assert!(e.is_damage());
    }
    std::fs::write(&shard.positions, &bytes).unwrap();
    // A games file read as positions: its checksum holds, its schema tag is the wrong one.
    let e = read_positions(&shard.games).unwrap_err().to_string();
    assert!(e.contains("schema 'games/1'"), "{e}");
    // A positions file without its games file is not a complete shard: ignored.
    let only = write_shard(&dir, "t", &games, &positions).unwrap();
    std::fs::remove_file(&only.games).unwrap();
    let names: Vec<String> = list_shards(&dir).unwrap().into_iter().map(|s| s.name).collect();
    assert_eq!(names, ["s"]);
    // ... and it can be written again (what a resumed run does).
    write_shard(&dir, "t", &games, &positions).unwrap();
    assert_eq!(list_shards(&dir).unwrap().len(), 2);
    // A games file without its positions file is damage: an error.
    std::fs::remove_file(&shard.positions).unwrap();
    let e = list_shards(&dir).unwrap_err();
    assert!(matches!(e, RecordError::Missing { .. }) && e.path() == shard.positions, "{e}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Issue 17: a games file of a finished generation truncated to 100 bytes went unnoticed on
/// resume, which lists the shards but reads no games file of a finished generation.
#[test]
fn a_truncated_games_file_is_found_by_listing() {
    let dir = temp_dir("games-100");
    let (games, positions) = sample();
    let shard = write_shard(&dir, "sp0001-main-s00000", &games, &positions).unwrap();
    let bytes = std::fs::read(&shard.games).unwrap();
    std::fs::write(&shard.games, &bytes[..100]).unwrap();
    let e = list_shards(&dir).unwrap_err();
    assert_eq!(e.path(), shard.games, "{e}");
    assert!(e.to_string().contains("sp0001-main-s00000.games.parquet"), "{e}");
    assert!(verify_shard(&shard).is_err());
    assert!(count_rows(&shard.games).is_err());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn verify_shard_checks_every_byte() {
    let dir = temp_dir("verify");
    let (games, positions) = sample();
    let shard = write_shard(&dir, "s", &games, &positions).unwrap();
    verify_shard(&shard).unwrap();
    for path in [&shard.positions, &shard.games] {
        let clean = std::fs::read(path).unwrap();
        let mut bytes = clean.clone();
        bytes[clean.len() / 2] ^= 0x01;
        std::fs::write(path, &bytes).unwrap();
        // Same size: listing passes, the full check does not.
        assert_eq!(list_shards(&dir).unwrap(), vec![shard.clone()]);
        let e = verify_shard(&shard).unwrap_err();
        assert!(matches!(e, RecordError::Mismatch { what: "SHA-256", .. }) && e.path() == path, "{e}");
        std::fs::write(path, &clean).unwrap();
    }
    verify_shard(&shard).unwrap();
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A shard of format 1 (no checksum file) is refused with an error saying why, until sealed.
#[test]
fn shards_without_a_checksum_file_are_refused_until_sealed() {
    let dir = temp_dir("legacy");
    let (games, positions) = sample();
    let shard = write_shard(&dir, "s", &games, &positions).unwrap();
    std::fs::remove_file(&shard.checksums).unwrap();
    for e in [list_shards(&dir).unwrap_err(), read_positions(&shard.positions).unwrap_err()] {
        assert!(matches!(e, RecordError::Unchecked { .. }), "{e}");
        assert!(e.to_string().contains("s.sha256") && e.to_string().contains("shard format 2"), "{e}");
    }
    assert!(list_shards(&dir).unwrap_err().to_string().contains("musashi seal-shards"), "says how to convert");
    assert_eq!(seal_legacy_shards(&dir).unwrap(), ["s"]);
    assert!(seal_legacy_shard(&shard).is_err(), "sealing twice");
    assert_eq!(seal_legacy_shards(&dir).unwrap(), Vec::<String>::new(), "nothing left to seal");
    assert_eq!(list_shards(&dir).unwrap(), vec![shard.clone()]);
    assert_eq!(read_positions(&shard.positions).unwrap(), positions);
    assert_eq!(read_games(&shard.games).unwrap(), games);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The value checks run on writing too, so a bad record never gets a valid checksum. The issue's
/// cases: a policy target summing to 1.16, a prior near 1e24, a played move that is not legal.
#[test]
fn records_breaking_the_value_rules_are_not_written() {
    let dir = temp_dir("values");
    let (games, positions) = sample();
    type Damage = fn(&mut PositionRecord);
    let cases: [(Damage, &str); 8] = [
        (|r| r.policy[0] += 0.16, "sums to"),
        (|r| r.policy[0] = -r.policy[0], "not a probability"),
        (|r| r.policy[0] = f32::NAN, "not a probability"),
        (|r| r.prior[0] = 1e24, "outside [0, 1]"),
        (|r| r.played = 143, "not one of legal_moves"),
        (|r| r.legal[0] = 200, "does not exist"),
        (|r| r.search_value = f32::INFINITY, "outside [-1, 1]"),
        (|r| r.result = 2.0, "outside [-1, 1]"),
    ];
    for (k, (damage, says)) in cases.into_iter().enumerate() {
        let mut bad = positions.clone();
        damage(&mut bad[5]);
        let e = write_shard(&dir, &format!("v{k}"), &games, &bad).unwrap_err();
        assert!(matches!(e, RecordError::Invalid { row: 5, .. }), "{e}");
        assert!(e.to_string().contains(says) && e.to_string().contains(&format!("v{k}.positions.parquet")), "{e}");
    }
    let mut bad = games.clone();
    bad[1].game.moves.swap(0, 1);
    let e = write_shard(&dir, "g", &bad, &positions).unwrap_err();
    assert!(matches!(e, RecordError::Invalid { row: 1, .. }) && e.to_string().contains("not legal"), "{e}");
    assert!(list_shards(&dir).unwrap().is_empty(), "nothing was completed");
    let _ = std::fs::remove_dir_all(&dir);
}
