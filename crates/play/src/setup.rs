//! A new game's request, parsed once into typed values: the rules (a preset, optionally changed
//! option by option, which makes it `custom`), the side the person plays, the level and the
//! moves already played (how a page continues a game the server no longer holds).

use crate::api_error::ApiError;
use crate::session::MAX_PLIES;
use musashi_game::{Game, Move, MoveLimit, Preset, Ruleset, Side, excerpt};
use musashi_runtime::{Level, UnknownLevel};
use serde::Deserialize;
use serde_json::{Map, Value};

/// The presets a player chooses from (the game-theoretic `solved` form is not one).
pub const PLAYED_PRESETS: [Preset; 4] = [Preset::Classic, Preset::NoSetchin, Preset::SoldiersFirst, Preset::Qdan];

/// The body of `POST /api/games`.
#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
struct NewGameBody {
    /// `{"preset": "classic"}`, plus any rule option to change (`"general_wins_at": 4`).
    rules: Map<String, Value>,
    /// The side the person plays.
    human: Side,
    /// `easy`, `normal` or `hard`.
    level: String,
    /// Moves already played, from the start.
    #[serde(default)]
    moves: Vec<String>,
    /// The computer's seed (random when absent).
    seed: Option<u64>,
}

/// A parsed and checked new game.
#[derive(Debug)]
pub struct Setup {
    /// The preset's name, or `custom` when an option differs from every preset.
    pub preset: String,
    /// The game, with the moves already played.
    pub game: Game,
    /// The person's side.
    pub human: Side,
    /// The level.
    pub level: Level,
    /// The computer's seed, if the request gave one.
    pub seed: Option<u64>,
}

/// Parses a JSON body into `T`, naming the problem and where it is.
pub(crate) fn parse_body<'a, T: Deserialize<'a>>(body: &'a [u8]) -> Result<T, ApiError> {
    serde_json::from_slice(body).map_err(|e| ApiError::BadRequest(format!("bad request body: {e}")))
}

/// A level, or an error that lists them (quoting at most the start of `text`).
pub(crate) fn parse_level(text: &str) -> Result<Level, ApiError> {
    text.parse().map_err(|_| ApiError::BadRequest(UnknownLevel(excerpt(text)).to_string()))
}

/// Parses and checks the body of `POST /api/games`.
pub fn parse_setup(body: &[u8]) -> Result<Setup, ApiError> {
    let b: NewGameBody = parse_body(body)?;
    let (preset, rules) = parse_rules(b.rules)?;
    let level = parse_level(&b.level)?;
    if b.moves.len() > MAX_PLIES as usize {
        return Err(ApiError::BadRequest(format!("moves: {} moves, a game here ends at {MAX_PLIES}", b.moves.len())));
    }
    let mut game = Game::new(rules);
    for (i, text) in b.moves.iter().enumerate() {
        let m =
            Move::parse(rules.board, text).map_err(|e| ApiError::BadRequest(format!("moves[{i}] '{text}': {e}")))?;
        game.play(m).map_err(|e| ApiError::Illegal(format!("moves[{i}] '{text}': {e}")))?;
    }
    Ok(Setup { preset, game, human: b.human, level, seed: b.seed })
}

/// The rules of a request: the `preset` (default `classic`) with the other keys as option changes.
fn parse_rules(mut options: Map<String, Value>) -> Result<(String, Ruleset), ApiError> {
    let preset = match options.remove("preset") {
        None => Preset::Classic,
        Some(Value::String(name)) if name == "custom" => Preset::Classic,
        Some(Value::String(name)) => name.parse::<Preset>().map_err(|e| ApiError::BadRequest(format!("rules: {e}")))?,
        Some(other) => return Err(ApiError::BadRequest(format!("rules.preset: expected a name, got {other}"))),
    };
    let mut value = serde_json::to_value(preset.ruleset()).expect("a ruleset serialises");
    let fields = value.as_object_mut().expect("a ruleset is an object");
    for (key, v) in options {
        if !fields.contains_key(&key) {
            let known: Vec<&str> = fields.keys().map(String::as_str).collect();
            return Err(ApiError::BadRequest(format!(
                "rules: unknown option '{key}': expected preset or one of {}",
                known.join(", ")
            )));
        }
        fields.insert(key, v);
    }
    let rules: Ruleset = serde_json::from_value(value).map_err(|e| ApiError::BadRequest(format!("rules: {e}")))?;
    let plies = match rules.move_limit {
        MoveLimit::Plies(n) => n,
        MoveLimit::SoldierMoves(n) => n.saturating_mul(2),
        MoveLimit::None => 0,
    };
    if plies > MAX_PLIES {
        return Err(ApiError::BadRequest(format!(
            "rules: move_limit {}: a game here ends at {MAX_PLIES} plies (endless play), so the limit may be at most plies {MAX_PLIES} or soldier-moves {}",
            rules.move_limit,
            MAX_PLIES / 2
        )));
    }
    let name = Preset::ALL.into_iter().find(|p| p.ruleset() == rules).map_or("custom", Preset::name);
    Ok((name.to_string(), rules))
}

#[cfg(test)]
mod tests {
    use super::*;
    use musashi_game::{Board, Threshold};

    fn rules(json: &str) -> Result<(String, Ruleset), ApiError> {
        parse_rules(serde_json::from_str(json).unwrap())
    }

    #[test]
    fn presets_and_changed_options() {
        assert_eq!(rules(r#"{"preset":"qdan"}"#).unwrap(), ("qdan".into(), Preset::Qdan.ruleset()));
        assert_eq!(rules("{}").unwrap().0, "classic");
        let (name, r) = rules(r#"{"preset":"custom","board":"25","general_wins_at":4}"#).unwrap();
        assert_eq!((name.as_str(), r.board, r.general_wins_at), ("custom", Board::Square25, Threshold::AtMost(4)));
        let (name, r) = rules(r#"{"preset":"custom","board":"25"}"#).unwrap();
        assert_eq!((name.as_str(), r), ("no-setchin", Preset::NoSetchin.ruleset()), "a custom game that is a preset");
        let (_, r) = rules(r#"{"preset":"qdan","move_limit":"none","general_wins_at":"too-few"}"#).unwrap();
        assert_eq!(r.general_wins_at, Threshold::TooFew);
    }

    #[test]
    fn bad_rules_name_the_problem() {
        let e = |json: &str| rules(json).unwrap_err().to_string();
        assert!(e(r#"{"preset":"chess"}"#).contains("unknown preset 'chess'"), "{}", e(r#"{"preset":"chess"}"#));
        assert!(e(r#"{"boards":"25"}"#).contains("unknown option 'boards'"));
        assert!(e(r#"{"board":"24"}"#).starts_with("rules: "));
        assert!(e(r#"{"general_wins_at":16}"#).contains("general_wins_at"), "{}", e(r#"{"general_wins_at":16}"#));
        assert!(e(r#"{"preset":3}"#).contains("expected a name"));
        assert!(e(r#"{"move_limit":"plies 1001"}"#).contains("at most plies 1000"));
        assert!(e(r#"{"move_limit":"soldier-moves 501"}"#).contains("soldier-moves 500"));
        assert!(rules(r#"{"move_limit":"soldier-moves 500"}"#).is_ok());
    }

    #[test]
    fn a_setup_checks_level_side_and_moves() {
        let ok = parse_setup(br#"{"rules":{"preset":"classic"},"human":"soldiers","level":"hard","moves":["c3-b2"]}"#)
            .unwrap();
        assert_eq!((ok.human, ok.level, ok.game.plies()), (Side::Soldiers, Level::Hard, 1));
        let e = |body: &str| parse_setup(body.as_bytes()).unwrap_err();
        assert!(
            matches!(e(r#"{"rules":{},"human":"general","level":"expert"}"#), ApiError::BadRequest(m) if m.contains("unknown level 'expert'"))
        );
        assert!(
            matches!(e(r#"{"rules":{},"human":"king","level":"easy"}"#), ApiError::BadRequest(m) if m.contains("king"))
        );
        assert!(
            matches!(e(r#"{"rules":{},"human":"general","level":"easy","moves":["a1-b2"]}"#), ApiError::Illegal(m) if m.starts_with("moves[0] 'a1-b2'"))
        );
        assert!(matches!(
            e(r#"{"rules":{},"human":"general","level":"easy","moves":["zz"]}"#),
            ApiError::BadRequest(_)
        ));
        assert!(
            matches!(e(r#"{"rules":{},"human":"general","level":"easy","colour":1}"#), ApiError::BadRequest(m) if m.contains("colour"))
        );
        assert!(matches!(e("{not json"), ApiError::BadRequest(m) if m.starts_with("bad request body")));
    }
}
