//! What a request asks of a game and what it answers: the one place the API's actions are
//! carried out, whatever carries the requests (the HTTP server, or the page's WebAssembly
//! worker through `LocalService`).

use crate::api_error::ApiError;
use crate::session::{Served, Session};
use crate::view::GameView;
use musashi_runtime::Bundle;
use serde::Serialize;

/// What a request asks of an existing game.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Action {
    /// `GET /api/games/{id}`.
    Show,
    /// `POST …/move`: the person's move.
    Move,
    /// `POST …/reply`: the computer's move.
    Reply,
    /// `POST …/hint`: a level's suggestion for the person.
    Hint,
    /// `POST …/undo`: the person's last move and the reply to it taken back.
    Undo,
    /// `POST …/resign`.
    Resign,
}

impl Action {
    /// The action of a game route's last segment (`move`, `reply`, …; `None` for the game
    /// itself), or `None` when there is no such route.
    pub fn of_route(segment: Option<&str>) -> Option<Action> {
        Some(match segment {
            None => Action::Show,
            Some("move") => Action::Move,
            Some("reply") => Action::Reply,
            Some("hint") => Action::Hint,
            Some("undo") => Action::Undo,
            Some("resign") => Action::Resign,
            Some(_) => return None,
        })
    }

    /// Whether it runs a search (and so may take a level's thinking time).
    pub fn searches(self) -> bool {
        matches!(self, Action::Reply | Action::Hint)
    }

    /// The HTTP method of its route.
    pub fn method(self) -> &'static str {
        if self == Action::Show { "GET" } else { "POST" }
    }
}

/// The answer to an action: the game after it and what the action produced.
#[derive(Serialize, Debug)]
pub struct Answer {
    /// The game after the action.
    pub game: GameView,
    /// The move played (move, reply) or suggested (hint).
    #[serde(skip_serializing_if = "Option::is_none", rename = "move")]
    pub mv: Option<String>,
    /// The level that suggested the hint.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub by: Option<Served>,
    /// The moves undo took back, last first.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub taken_back: Vec<String>,
}

impl Answer {
    /// A game just made.
    pub fn created(id: &str, session: &Session) -> Answer {
        Answer { game: GameView::of(id, session), mv: None, by: None, taken_back: Vec::new() }
    }
}

/// Carries out `action` on the game `id` with the request's `body`.
pub fn act(session: &mut Session, bundle: &Bundle, id: &str, action: Action, body: &[u8]) -> Result<Answer, ApiError> {
    let (mut mv, mut by, mut taken_back) = (None, None, Vec::new());
    match action {
        Action::Show => {}
        Action::Move => mv = Some(session.human_move(body)?.to_string()),
        Action::Reply => mv = Some(session.reply()?.to_string()),
        Action::Hint => {
            let (m, level) = session.hint(bundle, body)?;
            (mv, by) = (Some(m.to_string()), Some(level));
        }
        Action::Undo => taken_back = session.undo()?.iter().map(ToString::to_string).collect(),
        Action::Resign => session.resign()?,
    }
    Ok(Answer { game: GameView::of(id, session), mv, by, taken_back })
}
