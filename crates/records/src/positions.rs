//! The positions table: one row per recorded position of a self-play game, with the search's
//! policy target and the game's final result. Schema version 1 (`docs/formats.md`).

use crate::columns::{Columns, field, list_of};
use arrow_array::builder::{
    BooleanBuilder, Float32Builder, ListBuilder, StringBuilder, UInt8Builder, UInt16Builder, UInt32Builder,
};
use arrow_array::{ArrayRef, RecordBatch};
use arrow_schema::{DataType, Schema};
use musashi_game::{Board, Position, Ruleset};
use std::sync::Arc;

/// Version of the positions schema this build writes and reads.
pub const POSITIONS_SCHEMA_VERSION: u32 = 1;

/// One recorded position.
#[derive(Clone, Debug, PartialEq)]
pub struct PositionRecord {
    /// The game it belongs to (unique within a run).
    pub game_id: String,
    /// The training generation whose network played it.
    pub generation: u32,
    /// Plies played before this position (the game's counter).
    pub ply: u32,
    /// The position (pieces and side to move).
    pub position: Position,
    /// The ruleset.
    pub rules: Ruleset,
    /// Soldier moves played before this position.
    pub soldier_moves: u32,
    /// Moves the limit still allows, if there is one.
    pub moves_left: Option<u32>,
    /// How many times this position had occurred (1 = first time).
    pub repetition_count: u32,
    /// Legal moves as action indices.
    pub legal: Vec<u16>,
    /// The search's policy target, aligned with `legal`.
    pub policy: Vec<f32>,
    /// The network's prior, aligned with `legal`.
    pub prior: Vec<f32>,
    /// The search's value for the side to move.
    pub search_value: f32,
    /// Whether the search was a full one (policy target worth training on).
    pub full_search: bool,
    /// The move played, as an action index.
    pub played: u16,
    /// The game's final result for the side to move here: +1 win, -1 loss.
    pub result: f32,
    /// Plies from here to the end of the game.
    pub plies_to_end: u32,
}

pub(crate) fn rules_fields() -> Vec<arrow_schema::Field> {
    vec![
        field("board", DataType::UInt8, false),
        field("first", DataType::Utf8, false),
        field("general_wins_at", DataType::Utf8, false),
        field("repetition", DataType::Utf8, false),
        field("move_limit", DataType::Utf8, false),
    ]
}

/// Builders for the five ruleset columns.
pub(crate) struct RulesBuilders {
    board: UInt8Builder,
    first: StringBuilder,
    threshold: StringBuilder,
    repetition: StringBuilder,
    limit: StringBuilder,
}

impl RulesBuilders {
    pub(crate) fn new() -> RulesBuilders {
        RulesBuilders {
            board: UInt8Builder::new(),
            first: StringBuilder::new(),
            threshold: StringBuilder::new(),
            repetition: StringBuilder::new(),
            limit: StringBuilder::new(),
        }
    }

    pub(crate) fn push(&mut self, r: &Ruleset) {
        self.board.append_value(if r.board == Board::Setchin33 { 33 } else { 25 });
        self.first.append_value(r.first.name());
        self.threshold.append_value(r.general_wins_at.to_string());
        self.repetition.append_value(r.repetition.name());
        self.limit.append_value(r.move_limit.to_string());
    }

    pub(crate) fn finish(mut self) -> Vec<ArrayRef> {
        vec![
            Arc::new(self.board.finish()),
            Arc::new(self.first.finish()),
            Arc::new(self.threshold.finish()),
            Arc::new(self.repetition.finish()),
            Arc::new(self.limit.finish()),
        ]
    }
}

/// Reads the five ruleset columns back.
pub(crate) fn read_rules(c: &Columns) -> Result<Vec<Ruleset>, (Option<usize>, String)> {
    let col = |e: String| (None, e);
    let boards = c.u8s("board").map_err(col)?;
    let firsts = c.strings("first").map_err(col)?;
    let thresholds = c.strings("general_wins_at").map_err(col)?;
    let reps = c.strings("repetition").map_err(col)?;
    let limits = c.strings("move_limit").map_err(col)?;
    (0..boards.len())
        .map(|i| {
            let row = |e: String| (Some(i), e);
            Ok(Ruleset {
                board: boards[i].to_string().parse().map_err(row)?,
                first: firsts[i].parse().map_err(row)?,
                general_wins_at: thresholds[i].parse().map_err(row)?,
                repetition: reps[i].parse().map_err(row)?,
                move_limit: limits[i].parse().map_err(row)?,
            })
        })
        .collect()
}

pub(crate) fn schema() -> Schema {
    let mut fields = vec![
        field("game_id", DataType::Utf8, false),
        field("generation", DataType::UInt32, false),
        field("ply", DataType::UInt32, false),
        field("position", DataType::Utf8, false),
        field("side_to_move", DataType::Utf8, false),
    ];
    fields.extend(rules_fields());
    fields.extend([
        field("soldier_moves", DataType::UInt32, false),
        field("moves_left", DataType::UInt32, true),
        field("repetition_count", DataType::UInt8, false),
        field("legal_moves", list_of(DataType::UInt16), false),
        field("policy_target", list_of(DataType::Float32), false),
        field("prior", list_of(DataType::Float32), false),
        field("search_value", DataType::Float32, false),
        field("full_search", DataType::Boolean, false),
        field("played_move", DataType::UInt16, false),
        field("result", DataType::Float32, false),
        field("plies_to_end", DataType::UInt32, false),
    ]);
    Schema::new(fields)
}

pub(crate) fn to_batch(rows: &[PositionRecord]) -> RecordBatch {
    let mut game_id = StringBuilder::new();
    let mut generation = UInt32Builder::new();
    let mut ply = UInt32Builder::new();
    let mut position = StringBuilder::new();
    let mut side = StringBuilder::new();
    let mut rules = RulesBuilders::new();
    let mut soldier_moves = UInt32Builder::new();
    let mut moves_left = UInt32Builder::new();
    let mut repetition = UInt8Builder::new();
    let item = |dt: DataType| Arc::new(arrow_schema::Field::new("item", dt, false));
    let mut legal = ListBuilder::new(UInt16Builder::new()).with_field(item(DataType::UInt16));
    let mut policy = ListBuilder::new(Float32Builder::new()).with_field(item(DataType::Float32));
    let mut prior = ListBuilder::new(Float32Builder::new()).with_field(item(DataType::Float32));
    let mut value = Float32Builder::new();
    let mut full = BooleanBuilder::new();
    let mut played = UInt16Builder::new();
    let mut result = Float32Builder::new();
    let mut to_end = UInt32Builder::new();
    for r in rows {
        game_id.append_value(&r.game_id);
        generation.append_value(r.generation);
        ply.append_value(r.ply);
        position.append_value(r.position.to_string());
        side.append_value(r.position.side_to_move().name());
        rules.push(&r.rules);
        soldier_moves.append_value(r.soldier_moves);
        moves_left.append_option(r.moves_left);
        repetition.append_value(r.repetition_count.min(255) as u8);
        legal.values().append_slice(&r.legal);
        legal.append(true);
        policy.values().append_slice(&r.policy);
        policy.append(true);
        prior.values().append_slice(&r.prior);
        prior.append(true);
        value.append_value(r.search_value);
        full.append_value(r.full_search);
        played.append_value(r.played);
        result.append_value(r.result);
        to_end.append_value(r.plies_to_end);
    }
    let mut cols: Vec<ArrayRef> = vec![
        Arc::new(game_id.finish()),
        Arc::new(generation.finish()),
        Arc::new(ply.finish()),
        Arc::new(position.finish()),
        Arc::new(side.finish()),
    ];
    cols.extend(rules.finish());
    cols.extend::<[ArrayRef; 11]>([
        Arc::new(soldier_moves.finish()),
        Arc::new(moves_left.finish()),
        Arc::new(repetition.finish()),
        Arc::new(legal.finish()),
        Arc::new(policy.finish()),
        Arc::new(prior.finish()),
        Arc::new(value.finish()),
        Arc::new(full.finish()),
        Arc::new(played.finish()),
        Arc::new(result.finish()),
        Arc::new(to_end.finish()),
    ]);
    RecordBatch::try_new(Arc::new(schema()), cols).expect("columns match the schema")
}

/// Reads a batch's rows into `out`. A column-level problem is an error without a row; a
/// row-level one names the row within the batch.
pub(crate) fn from_batch(batch: &RecordBatch, out: &mut Vec<PositionRecord>) -> Result<(), (Option<usize>, String)> {
    let c = Columns::new(batch);
    let col = |e: String| (None, e);
    let game_id = c.strings("game_id").map_err(col)?;
    let generation = c.u32s("generation").map_err(col)?;
    let ply = c.u32s("ply").map_err(col)?;
    let position = c.strings("position").map_err(col)?;
    let side = c.strings("side_to_move").map_err(col)?;
    let rules = read_rules(&c)?;
    let soldier_moves = c.u32s("soldier_moves").map_err(col)?;
    let moves_left = c.opt_u32s("moves_left").map_err(col)?;
    let repetition = c.u8s("repetition_count").map_err(col)?;
    let legal = c.u16_lists("legal_moves").map_err(col)?;
    let policy = c.f32_lists("policy_target").map_err(col)?;
    let prior = c.f32_lists("prior").map_err(col)?;
    let value = c.f32s("search_value").map_err(col)?;
    let full = c.bools("full_search").map_err(col)?;
    let played = c.u16s("played_move").map_err(col)?;
    let result = c.f32s("result").map_err(col)?;
    let to_end = c.u32s("plies_to_end").map_err(col)?;
    for i in 0..batch.num_rows() {
        let row = |e: String| (Some(i), e);
        let pos = Position::parse_on(rules[i].board, &position[i]).map_err(|e| row(format!("bad position: {e}")))?;
        if side[i] != pos.side_to_move().name() {
            return Err(row(format!("side_to_move '{}' but the position has {} to move", side[i], pos.side_to_move())));
        }
        out.push(PositionRecord {
            game_id: game_id[i].clone(),
            generation: generation[i],
            ply: ply[i],
            position: pos,
            rules: rules[i],
            soldier_moves: soldier_moves[i],
            moves_left: moves_left[i],
            repetition_count: repetition[i] as u32,
            legal: legal[i].clone(),
            policy: policy[i].clone(),
            prior: prior[i].clone(),
            search_value: value[i],
            full_search: full[i],
            played: played[i],
            result: result[i],
            plies_to_end: to_end[i],
        });
    }
    Ok(())
}
