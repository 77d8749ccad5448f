//! Shards round-trip exactly; truncated, foreign or incomplete shards are clear errors.

use musashi_game::*;
use musashi_records::*;
use std::path::PathBuf;

fn temp_dir(tag: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("musashi-records-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    d
}

fn sample() -> (Vec<GameRecord>, Vec<PositionRecord>) {
    let mut games = Vec::new();
    let mut positions = Vec::new();
    for (k, preset) in [Preset::Classic, Preset::NoSetchin, Preset::Qdan].into_iter().enumerate() {
        let rules = preset.ruleset();
        let mut g = Game::new(rules);
        let mut recs = Vec::new();
        let mut i = 0usize;
        while !g.is_over() && g.plies() < 40 {
            let legal = g.legal_moves();
            let m = legal[(i * 7 + k) % legal.len()];
            let n = legal.len() as f32;
            recs.push(PositionRecord {
                game_id: format!("g{k}"),
                generation: 3,
                ply: g.plies(),
                position: *g.position(),
                rules,
                soldier_moves: g.soldier_moves(),
                moves_left: g.moves_left(),
                repetition_count: g.repetition_count(),
                legal: legal.iter().map(|m| m.action() as u16).collect(),
                policy: vec![1.0 / n; legal.len()],
                prior: (0..legal.len()).map(|j| j as f32 / n).collect(),
                search_value: 0.25 - k as f32,
                full_search: i.is_multiple_of(2),
                played: m.action() as u16,
                result: 0.0,
                plies_to_end: 0,
            });
            g.play(m).unwrap();
            i += 1;
        }
        if !g.is_over() {
            g.resign(Side::General);
        }
        let o = g.outcome().unwrap();
        let len = recs.len() as u32;
        for r in recs.iter_mut() {
            r.result = if o.winner == r.position.side_to_move() { 1.0 } else { -1.0 };
            r.plies_to_end = len - r.ply;
        }
        positions.extend(recs);
        games.push(GameRecord {
            game_id: format!("g{k}"),
            generation: 3,
            rules,
            start: *g.start_position(),
            general_agent: "mcts:gen=3".into(),
            soldiers_agent: "mcts:gen=3".into(),
            outcome: o,
            moves: g.moves().collect(),
            seed: 42 + k as u64,
        });
    }
    (games, positions)
}

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
    // Truncated.
    let bytes = std::fs::read(&shard.positions).unwrap();
    std::fs::write(&shard.positions, &bytes[..bytes.len() / 2]).unwrap();
    let e = read_positions(&shard.positions).unwrap_err().to_string();
    assert!(e.contains("truncated or corrupt"), "{e}");
    // A games file read as positions: wrong schema tag.
    let e = read_positions(&shard.games).unwrap_err().to_string();
    assert!(e.contains("schema 'games/1'"), "{e}");
    // A positions file without its games file is not a complete shard: ignored.
    let only = write_shard(&dir, "t", &games, &positions).unwrap();
    std::fs::remove_file(&only.games).unwrap();
    let names: Vec<String> = list_shards(&dir).unwrap().into_iter().map(|s| s.name).collect();
    assert_eq!(names, ["s"]);
    // A games file without its positions file is damage: an error.
    std::fs::remove_file(&shard.positions).unwrap();
    assert!(list_shards(&dir).is_err());
    std::fs::remove_dir_all(&dir).unwrap();
}
