//! Why a request was refused: each error is a 4xx status with a message that names the problem.
//! The server never answers a client's mistake with a 5xx.

use std::fmt;

/// A refused request.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum ApiError {
    /// The body is not the JSON the route takes (the message says what is wrong and where).
    BadRequest(String),
    /// No game with this id (never created, expired after being idle, or the server restarted).
    NoGame(String),
    /// No such route.
    NoRoute(String),
    /// The route exists, the method does not.
    Method(String),
    /// A move that is not legal now, or not the requester's to play.
    Illegal(String),
    /// The request does not fit the game's state (the game is over, it is the other side's turn).
    Conflict(String),
    /// The server holds as many games as it may, none of them idle long enough to expire.
    Full(usize),
    /// A body that is not declared as JSON (`Content-Type: application/json`): what a page of
    /// another site could send without the browser asking first.
    NotJson(String),
    /// A `Host` that is not this server's own name (DNS rebinding, or a proxy not allowed by
    /// `--allow-host`).
    Host(String),
    /// A body larger than the server takes.
    TooLarge(usize),
    /// A target (path and query) longer than the server takes, in bytes.
    UriTooLong(usize),
    /// More header fields, or more bytes of them, than the server takes: (fields, bytes).
    HeadTooLarge(usize, usize),
    /// A request that took longer than the server waits (a stalled body, a search queue).
    Timeout(u64),
    /// The client already has as many searches waiting or running as one client may.
    Busy(usize),
}

impl ApiError {
    /// The HTTP status.
    pub fn status(&self) -> u16 {
        match self {
            ApiError::BadRequest(_) => 400,
            ApiError::NoGame(_) | ApiError::NoRoute(_) => 404,
            ApiError::Method(_) => 405,
            ApiError::Conflict(_) => 409,
            ApiError::Illegal(_) => 422,
            ApiError::Full(_) | ApiError::Busy(_) => 429,
            ApiError::Host(_) => 421,
            ApiError::NotJson(_) => 415,
            ApiError::TooLarge(_) => 413,
            ApiError::UriTooLong(_) => 414,
            ApiError::HeadTooLarge(..) => 431,
            ApiError::Timeout(_) => 408,
        }
    }
}

impl fmt::Display for ApiError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ApiError::BadRequest(m) | ApiError::Illegal(m) | ApiError::Conflict(m) => f.write_str(m),
            ApiError::NoGame(id) => {
                write!(f, "no game '{id}': it never existed, expired after being idle, or the server restarted")
            }
            ApiError::NoRoute(path) => write!(f, "no such page or API route: {path}"),
            ApiError::Method(m) => f.write_str(m),
            ApiError::NotJson(kind) => {
                write!(f, "the body must be JSON sent with Content-Type: application/json (got {kind})")
            }
            ApiError::Host(host) => write!(
                f,
                "Host '{host}' is not this server's address; start it with --allow-host {host} to serve that name"
            ),
            ApiError::TooLarge(limit) => {
                write!(f, "the request body is larger than the {limit} bytes this server takes")
            }
            ApiError::UriTooLong(limit) => {
                write!(f, "the request's path is longer than the {limit} bytes this server takes")
            }
            ApiError::HeadTooLarge(fields, bytes) => {
                write!(
                    f,
                    "the request has more than {fields} header fields or {bytes} bytes of them, this server's limit"
                )
            }
            ApiError::Timeout(secs) => write!(f, "the request took longer than {secs} s and was dropped"),
            ApiError::Busy(n) => {
                write!(f, "you already have {n} searches (replies or hints) waiting or running; wait for one to finish")
            }
            ApiError::Full(n) => {
                write!(f, "the server already holds {n} games, its limit; try again when an idle one has expired")
            }
        }
    }
}

impl std::error::Error for ApiError {}
