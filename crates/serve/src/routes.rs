//! The HTTP routes: the page's three files and the JSON API (`docs/serve.md`). Every request is
//! checked; a client's mistake is a 4xx with `{"error": message}`.

use crate::fair::{InFlight, Peer};
use crate::games::{Games, lock};
use axum::Router;
use axum::body::{Body, Bytes};
use axum::extract::{DefaultBodyLimit, Extension, Path, State};
use axum::http::{HeaderValue, StatusCode, Uri, header};
use axum::response::Response;
use axum::routing::{get, post};
use musashi_play::{Action, Answer, ApiError, Options, Session, act as act_on, parse_setup};
use musashi_runtime::Bundle;
use serde::Serialize;
use std::sync::Arc;
use tokio::sync::Semaphore;

/// The largest request body accepted (a continued game of `MAX_PLIES` moves fits many times).
pub(crate) const MAX_BODY: usize = 64 * 1024;

/// What the handlers share.
#[derive(Debug)]
pub(crate) struct App {
    pub(crate) bundle: Bundle,
    pub(crate) games: Games,
    /// One permit per core: searches beyond that wait their turn.
    pub(crate) searches: Semaphore,
    /// Each client's searches waiting or running (`fair.rs`).
    pub(crate) in_flight: Arc<InFlight>,
}

/// The router over `app`.
pub(crate) fn router(app: Arc<App>) -> Router {
    Router::new()
        .route("/", get(|| async { page("text/html; charset=utf-8", include_str!("page/index.html")) }))
        .route("/app.js", get(|| async { page("text/javascript; charset=utf-8", include_str!("page/app.js")) }))
        .route("/style.css", get(|| async { page("text/css; charset=utf-8", include_str!("page/style.css")) }))
        .route("/favicon.svg", get(|| async { page("image/svg+xml", include_str!("page/favicon.svg")) }))
        .route("/api/options", get(|s: State<Arc<App>>| async move { json(StatusCode::OK, &Options::of(&s.bundle)) }))
        .route("/api/games", post(create))
        .route("/api/games/{id}", get(|s, p, id| on_game(s, p, id, Bytes::new(), Action::Show)))
        .route("/api/games/{id}/move", post(|s, p, id, b| on_game(s, p, id, b, Action::Move)))
        .route("/api/games/{id}/reply", post(|s, p, id, b| on_game(s, p, id, b, Action::Reply)))
        .route("/api/games/{id}/hint", post(|s, p, id, b| on_game(s, p, id, b, Action::Hint)))
        .route("/api/games/{id}/undo", post(|s, p, id, b| on_game(s, p, id, b, Action::Undo)))
        .route("/api/games/{id}/resign", post(|s, p, id, b| on_game(s, p, id, b, Action::Resign)))
        .fallback(|uri: Uri| async move { error(&ApiError::NoRoute(musashi_game::excerpt(uri.path()))) })
        .method_not_allowed_fallback(|uri: Uri| async move {
            error(&ApiError::Method(format!("{} does not take this method", musashi_game::excerpt(uri.path()))))
        })
        .layer(DefaultBodyLimit::max(MAX_BODY))
        .with_state(app)
}

/// One of the page's files, which may not be framed by another site or load anything else.
fn page(kind: &'static str, text: &'static str) -> Response {
    let mut r = Response::new(Body::from(text));
    let h = r.headers_mut();
    h.insert(header::CONTENT_TYPE, HeaderValue::from_static(kind));
    h.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static("default-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'"),
    );
    h.insert(header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff"));
    r
}

fn json<T: Serialize>(status: StatusCode, value: &T) -> Response {
    let bytes = serde_json::to_vec(value).expect("API values serialise");
    let mut r = Response::new(Body::from(bytes));
    *r.status_mut() = status;
    let h = r.headers_mut();
    h.insert(header::CONTENT_TYPE, HeaderValue::from_static("application/json"));
    h.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    r
}

pub(crate) fn error(e: &ApiError) -> Response {
    let status = StatusCode::from_u16(e.status()).expect("API errors use valid statuses");
    json(status, &serde_json::json!({ "error": e.to_string() }))
}

/// Runs `work` on a blocking thread; when it may search (for `searcher`), it first takes the
/// client's ticket (refused past the client's share) and then a search permit.
async fn blocking<T: Send + 'static>(
    app: &App,
    searcher: Option<Peer>,
    work: impl FnOnce() -> Result<T, ApiError> + Send + 'static,
) -> Result<T, ApiError> {
    let _ticket = searcher.map(|Peer(ip)| app.in_flight.search(ip)).transpose()?;
    let _permit = if searcher.is_some() {
        Some(app.searches.acquire().await.expect("the semaphore is never closed"))
    } else {
        None
    };
    tokio::task::spawn_blocking(work).await.unwrap_or_else(|e| std::panic::resume_unwind(e.into_panic()))
}

/// `POST /api/games`.
async fn create(State(app): State<Arc<App>>, Extension(Peer(client)): Extension<Peer>, body: Bytes) -> Response {
    let seed = app.games.random();
    let made = parse_setup(&body)
        .and_then(|setup| Session::new(&app.bundle, setup, seed))
        .and_then(|session| app.games.insert(session, client));
    match made {
        Ok((id, session)) => json(StatusCode::CREATED, &Answer::created(&id, &lock(&session))),
        Err(e) => error(&e),
    }
}

/// The extractors of a game's routes, then `act`.
async fn on_game(
    State(app): State<Arc<App>>,
    Extension(peer): Extension<Peer>,
    Path(id): Path<String>,
    body: Bytes,
    action: Action,
) -> Response {
    act(app, peer, id, body, action).await
}

/// An action on the game `id`.
async fn act(app: Arc<App>, peer: Peer, id: String, body: Bytes, action: Action) -> Response {
    let session = match app.games.get(&id) {
        Ok(s) => s,
        Err(e) => return error(&e),
    };
    let searcher = action.searches().then_some(peer);
    let shared = app.clone();
    let done = blocking(&app, searcher, move || act_on(&mut lock(&session), &shared.bundle, &id, action, &body)).await;
    match done {
        Ok(answer) => json(StatusCode::OK, &answer),
        Err(e) => error(&e),
    }
}
