//! One game on the server: the rules, the person's side and level, the computer opponent (the
//! bundle's level for the other side) and what the person may ask of it.

use crate::api_error::ApiError;
use crate::setup::{Setup, parse_body, parse_level};
use musashi_game::Ruleset;
use musashi_game::{Game, Move, Outcome, Side};
use musashi_runtime::{Bundle, Fit, Level, LevelEntry};
use musashi_search::{Agent, MctsAgent};
use serde::{Deserialize, Serialize};

/// A game with no move limit ends as endless play (a General win, as matches count it) after
/// this many plies, so no game grows without bound.
pub const MAX_PLIES: u32 = 1000;

/// How a level serves the game's rules, for the page to show.
#[derive(Clone, Serialize, Debug)]
pub struct Served {
    /// The side it plays.
    pub side: Side,
    /// `easy`, `normal` or `hard`.
    pub level: Level,
    /// Whether the bundle was calibrated on these rules.
    pub calibrated: bool,
    /// The preset whose calibrated level plays.
    pub preset: String,
    /// Its measured Elo and error (on its side, `docs/ratings.md`).
    pub elo: f64,
    /// The error of `elo`.
    pub elo_err: f64,
    /// Simulations per move.
    pub sims: u32,
}

impl Served {
    /// The bundle's level for `side` under `rules` (`Bundle::serving`) and how it serves them.
    fn find<'b>(
        bundle: &'b Bundle,
        rules: &Ruleset,
        side: Side,
        level: Level,
    ) -> Result<(&'b LevelEntry, Served), ApiError> {
        let (found, fit) = bundle.serving(rules, side, level).map_err(|e| ApiError::BadRequest(e.to_string()))?;
        Ok((found, Served::of(found, fit)))
    }

    fn of(level: &LevelEntry, fit: Fit<'_>) -> Served {
        Served {
            side: level.side,
            level: level.level,
            calibrated: fit == Fit::Calibrated,
            preset: level.preset.clone(),
            elo: level.measured.elo,
            elo_err: level.measured.elo_err,
            sims: level.settings.sims,
        }
    }
}

/// A game being played.
#[derive(Debug)]
pub struct Session {
    pub preset: String,
    pub game: Game,
    pub human: Side,
    pub level: Level,
    pub served: Served,
    cpu: MctsAgent,
    seed: u64,
}

/// The body of `POST /api/games/{id}/move`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct MoveBody {
    #[serde(rename = "move")]
    mv: String,
}

/// The body of `POST /api/games/{id}/hint` (may be empty).
#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct HintBody {
    level: Option<String>,
}

impl Session {
    /// A game from a parsed setup, its opponent the bundle's level for the other side.
    pub fn new(bundle: &Bundle, setup: Setup, seed: u64) -> Result<Session, ApiError> {
        let Setup { preset, game, human, level, seed: asked } = setup;
        let seed = asked.unwrap_or(seed);
        let (found, served) = Served::find(bundle, game.rules(), human.opponent(), level)?;
        let mut cpu = bundle.agent(found);
        cpu.new_game(seed);
        Ok(Session { preset, game, human, level, served, cpu, seed })
    }

    /// The outcome, with endless play ended at `MAX_PLIES`.
    pub fn outcome(&self) -> Option<Outcome> {
        self.game.outcome_or_endless(MAX_PLIES)
    }

    /// Refuses unless the game goes on with `side` to move.
    fn expect_turn(&self, side: Side, asked: &str) -> Result<(), ApiError> {
        if let Some(o) = self.outcome() {
            return Err(ApiError::Conflict(format!("{asked}: the game is over ({o})")));
        }
        let to_move = self.game.position().side_to_move();
        if to_move != side {
            let whose = if to_move == self.human { "yours" } else { "the computer's" };
            return Err(ApiError::Conflict(format!("{asked}: {to_move} to move, the turn is {whose}")));
        }
        Ok(())
    }

    /// The person's move, from a body `{"move": "c3-b2"}`.
    pub fn human_move(&mut self, body: &[u8]) -> Result<Move, ApiError> {
        let b: MoveBody = parse_body(body)?;
        self.expect_turn(self.human, "move")?;
        let m = Move::parse(self.game.rules().board, &b.mv).map_err(|e| ApiError::BadRequest(format!("move: {e}")))?;
        self.game.play(m).map_err(|e| ApiError::Illegal(format!("move {m}: {e}")))?;
        Ok(m)
    }

    /// The computer's reply: its level's move.
    pub fn reply(&mut self) -> Result<Move, ApiError> {
        self.expect_turn(self.human.opponent(), "reply")?;
        let c = self.cpu.choose(&self.game);
        self.game.play(c.mv).expect("the level chose a legal move");
        Ok(c.mv)
    }

    /// A suggested move for the person: the move of a level (`hard` unless the body names
    /// another) for the person's side, from a fresh search seeded like the game.
    pub fn hint(&mut self, bundle: &Bundle, body: &[u8]) -> Result<(Move, Served), ApiError> {
        let b: HintBody =
            if body.iter().all(u8::is_ascii_whitespace) { HintBody::default() } else { parse_body(body)? };
        let level = b
            .level
            .as_deref()
            .map_or(Ok(Level::Hard), parse_level)
            .map_err(|e| ApiError::BadRequest(format!("hint: {e}")))?;
        self.expect_turn(self.human, "hint")?;
        let (found, served) = Served::find(bundle, self.game.rules(), self.human, level)?;
        let mut agent = bundle.agent(found);
        agent.new_game(self.seed);
        Ok((agent.choose(&self.game).mv, served))
    }

    /// Takes back the person's last move and the computer's reply to it.
    pub fn undo(&mut self) -> Result<Vec<Move>, ApiError> {
        let human = self.human;
        let taken = self.game.take_back(|s| s == human);
        if taken.is_empty() {
            return Err(ApiError::Conflict("undo: you have not moved yet".into()));
        }
        Ok(taken)
    }

    /// The person resigns.
    pub fn resign(&mut self) -> Result<(), ApiError> {
        if let Some(o) = self.outcome() {
            return Err(ApiError::Conflict(format!("resign: the game is over ({o})")));
        }
        self.game.resign(self.human);
        Ok(())
    }
}
