//! The games table: one row per finished game. Schema version 1 (`docs/formats.md`).

use crate::columns::{Columns, field, list_of};
use crate::positions::{RulesBuilders, read_rules, rules_fields};
use arrow_array::builder::{ListBuilder, StringBuilder, UInt32Builder, UInt64Builder};
use arrow_array::{ArrayRef, RecordBatch};
use arrow_schema::{DataType, Schema};
use musashi_game::{EndReason, Move, Outcome, PlayedGame, Position};
use std::sync::Arc;

/// Version of the games schema this build writes and reads.
pub const GAMES_SCHEMA_VERSION: u32 = 1;

/// One stored game: the game, with what a run adds to it.
#[derive(Clone, Debug, PartialEq)]
pub struct GameRecord {
    /// Unique within a run.
    pub game_id: String,
    /// The training generation whose network played it.
    pub generation: u32,
    /// Who played the General (an agent spec or model id).
    pub general_agent: String,
    /// Who played the soldiers.
    pub soldiers_agent: String,
    /// The game: rules, start, seed, moves, outcome.
    pub game: PlayedGame,
}

pub(crate) fn schema() -> Schema {
    let mut fields = vec![field("game_id", DataType::Utf8, false), field("generation", DataType::UInt32, false)];
    fields.extend(rules_fields());
    fields.extend([
        field("start_position", DataType::Utf8, false),
        field("general_agent", DataType::Utf8, false),
        field("soldiers_agent", DataType::Utf8, false),
        field("winner", DataType::Utf8, false),
        field("reason", DataType::Utf8, false),
        field("length", DataType::UInt32, false),
        field("moves", list_of(DataType::Utf8), false),
        field("seed", DataType::UInt64, false),
    ]);
    Schema::new(fields)
}

pub(crate) fn to_batch(rows: &[GameRecord]) -> RecordBatch {
    let mut game_id = StringBuilder::new();
    let mut generation = UInt32Builder::new();
    let mut rules = RulesBuilders::new();
    let mut start = StringBuilder::new();
    let mut general = StringBuilder::new();
    let mut soldiers = StringBuilder::new();
    let mut winner = StringBuilder::new();
    let mut reason = StringBuilder::new();
    let mut length = UInt32Builder::new();
    let mut moves = ListBuilder::new(StringBuilder::new()).with_field(Arc::new(arrow_schema::Field::new(
        "item",
        DataType::Utf8,
        false,
    )));
    let mut seed = UInt64Builder::new();
    for row in rows {
        let g = &row.game;
        game_id.append_value(&row.game_id);
        generation.append_value(row.generation);
        rules.push(&g.rules);
        start.append_value(g.start.to_string());
        general.append_value(&row.general_agent);
        soldiers.append_value(&row.soldiers_agent);
        winner.append_value(g.outcome.winner.name());
        reason.append_value(g.outcome.reason.name());
        length.append_value(g.moves.len() as u32);
        for m in &g.moves {
            moves.values().append_value(m.to_string());
        }
        moves.append(true);
        seed.append_value(g.seed);
    }
    let mut cols: Vec<ArrayRef> = vec![Arc::new(game_id.finish()), Arc::new(generation.finish())];
    cols.extend(rules.finish());
    cols.extend::<[ArrayRef; 8]>([
        Arc::new(start.finish()),
        Arc::new(general.finish()),
        Arc::new(soldiers.finish()),
        Arc::new(winner.finish()),
        Arc::new(reason.finish()),
        Arc::new(length.finish()),
        Arc::new(moves.finish()),
        Arc::new(seed.finish()),
    ]);
    RecordBatch::try_new(Arc::new(schema()), cols).expect("columns match the schema")
}

/// Reads a batch's rows into `out`. A column-level problem is an error without a row; a
/// row-level one names the row within the batch.
pub(crate) fn from_batch(batch: &RecordBatch, out: &mut Vec<GameRecord>) -> Result<(), (Option<usize>, String)> {
    let c = Columns::new(batch);
    let col = |e: String| (None, e);
    let game_id = c.strings("game_id").map_err(col)?;
    let generation = c.u32s("generation").map_err(col)?;
    let rules = read_rules(&c)?;
    let start = c.strings("start_position").map_err(col)?;
    let general = c.strings("general_agent").map_err(col)?;
    let soldiers = c.strings("soldiers_agent").map_err(col)?;
    let winner = c.strings("winner").map_err(col)?;
    let reason = c.strings("reason").map_err(col)?;
    let length = c.u32s("length").map_err(col)?;
    let moves = c.string_lists("moves").map_err(col)?;
    let seed = c.u64s("seed").map_err(col)?;
    for i in 0..batch.num_rows() {
        let row = |e: String| (Some(i), e);
        let board = rules[i].board;
        let mv: Vec<Move> =
            moves[i].iter().map(|m| Move::parse(board, m).map_err(|e| row(e.to_string()))).collect::<Result<_, _>>()?;
        if mv.len() != length[i] as usize {
            return Err(row(format!("length {} but {} moves", length[i], mv.len())));
        }
        let reason: EndReason = reason[i].parse().map_err(row)?;
        out.push(GameRecord {
            game_id: game_id[i].clone(),
            generation: generation[i],
            general_agent: general[i].clone(),
            soldiers_agent: soldiers[i].clone(),
            game: PlayedGame {
                rules: rules[i],
                start: Position::parse_on(board, &start[i]).map_err(|e| row(e.to_string()))?,
                seed: seed[i],
                moves: mv,
                outcome: Outcome { winner: winner[i].parse().map_err(row)?, reason },
            },
        });
    }
    Ok(())
}
