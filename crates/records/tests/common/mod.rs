//! A small shard's worth of records shared by the record tests.

use musashi_game::*;
use musashi_records::*;
use std::path::PathBuf;

pub(crate) fn temp_dir(tag: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("musashi-records-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    d
}

/// Three short games (three presets) and their positions.
pub(crate) fn sample() -> (Vec<GameRecord>, Vec<PositionRecord>) {
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
                search_value: 0.25 - 0.5 * k as f32,
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
            general_agent: "mcts:gen=3".into(),
            soldiers_agent: "mcts:gen=3".into(),
            game: PlayedGame::of(&g, 42 + k as u64, o),
        });
    }
    (games, positions)
}
