//! The API without a server: requests (method, path, body) answered in the same process, for a
//! page that runs the opponents in the browser (`musashi site`, the WebAssembly module's
//! `musashi_service_request`). The same routes and answers as `musashi serve`
//! (`docs/serve.md`), for the games of one person: no limits to share between clients.

use crate::answer::{Action, Answer, act};
use crate::api_error::ApiError;
use crate::session::Session;
use crate::setup::parse_setup;
use crate::view::Options;
use musashi_chores::splitmix64 as splitmix;
use musashi_runtime::Bundle;
use std::collections::BTreeMap;

/// Games kept at most; making one more forgets the oldest.
pub const LOCAL_GAMES: usize = 16;

/// The games of one page, answered in-process.
#[derive(Debug)]
pub struct LocalService {
    bundle: Bundle,
    /// By id, with the order they were last used in.
    games: BTreeMap<String, (u64, Session)>,
    clock: u64,
    seed: u64,
}

/// A response: its HTTP status and JSON body.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Response {
    /// The status the server would answer with.
    pub status: u16,
    /// The JSON body.
    pub body: String,
}

impl LocalService {
    /// A service over `bundle`; `seed` seeds the games (each game's seed is drawn from it).
    pub fn new(bundle: Bundle, seed: u64) -> LocalService {
        LocalService { bundle, games: BTreeMap::new(), clock: 0, seed }
    }

    /// Answers one request, as the server's routes would.
    pub fn request(&mut self, method: &str, path: &str, body: &[u8]) -> Response {
        let answer = self.route(method, path, body);
        let (status, body) = match answer {
            Ok((status, json)) => (status, json),
            Err(e) => (e.status(), serde_json::json!({ "error": e.to_string() }).to_string()),
        };
        Response { status, body }
    }

    fn route(&mut self, method: &str, path: &str, body: &[u8]) -> Result<(u16, String), ApiError> {
        let path = path.split('?').next().unwrap_or_default();
        let method_error = || ApiError::Method(format!("{} does not take this method", musashi_game::excerpt(path)));
        match path {
            "/api/options" if method == "GET" => return Ok((200, to_json(&Options::of(&self.bundle)))),
            "/api/games" if method == "POST" => return self.create(body),
            "/api/options" | "/api/games" => return Err(method_error()),
            _ => {}
        }
        let no_route = || ApiError::NoRoute(musashi_game::excerpt(path));
        let rest = path.strip_prefix("/api/games/").ok_or_else(no_route)?;
        let (id, segment) = match rest.split_once('/') {
            Some((id, segment)) => (id, Some(segment)),
            None => (rest, None),
        };
        let action = Action::of_route(segment).ok_or_else(no_route)?;
        if action.method() != method {
            return Err(method_error());
        }
        self.clock += 1;
        let (used, session) = self.games.get_mut(id).ok_or_else(|| ApiError::NoGame(musashi_game::excerpt(id)))?;
        *used = self.clock;
        let answer = act(session, &self.bundle, id, action, body)?;
        Ok((200, to_json(&answer)))
    }

    fn create(&mut self, body: &[u8]) -> Result<(u16, String), ApiError> {
        self.seed = splitmix(self.seed);
        let session = Session::new(&self.bundle, parse_setup(body)?, self.seed)?;
        if self.games.len() >= LOCAL_GAMES
            && let Some(oldest) = self.games.iter().min_by_key(|(_, (used, _))| *used).map(|(id, _)| id.clone())
        {
            self.games.remove(&oldest);
        }
        self.clock += 1;
        let id = format!("{:016x}{:016x}", splitmix(self.seed ^ 0x5EED), self.clock);
        let answer = Answer::created(&id, &session);
        self.games.insert(id, (self.clock, session));
        Ok((201, to_json(&answer)))
    }
}

fn to_json<T: serde::Serialize>(value: &T) -> String {
    serde_json::to_string(value).expect("API values serialise")
}
