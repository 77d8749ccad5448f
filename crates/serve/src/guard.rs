//! What every request passes before a route sees it: the `Host` is this server's own (no DNS
//! rebinding), a body comes declared as JSON (a page of another site cannot send one without
//! the browser asking the server first), a declared body fits the limit (refused before a byte
//! of it is read, so `Expect: 100-continue` gets no "100 Continue"), the whole request ends
//! within `REQUEST_TIMEOUT`, and refusals the framework makes itself come back as JSON errors.
//! The path and the header fields have limits of their own, below the HTTP parser's (64 KiB of
//! path, 100 fields, about 400 KiB of head), so that a long path or head gets a JSON 414 or 431
//! too; only past the parser's limits does the answer come without a body.

use crate::routes::{MAX_BODY, error};
use axum::extract::{Request, State};
use axum::http::{HeaderMap, Method, Uri, header};
use axum::middleware::Next;
use axum::response::Response;
use musashi_play::ApiError;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

/// How long one request may take from its head to its answer (a search waiting for a core
/// included).
pub(crate) const REQUEST_TIMEOUT: Duration = Duration::from_secs(60);
/// The longest path and query taken, in bytes.
pub(crate) const MAX_URI: usize = 8 * 1024;
/// The most header fields taken.
pub(crate) const MAX_FIELDS: usize = 64;
/// The most bytes of header names and values taken.
pub(crate) const MAX_HEAD: usize = 32 * 1024;

/// The names this server answers to.
#[derive(Debug, Clone)]
pub(crate) struct Hosts {
    allowed: Vec<String>,
}

impl Hosts {
    /// The bound address's own names (its IP and port; `localhost` and the loopback addresses
    /// when it listens there or everywhere) and the extra names given.
    pub(crate) fn new(addr: SocketAddr, extra: &[String]) -> Hosts {
        let port = addr.port();
        let mut allowed = vec![addr.to_string()];
        if addr.ip().is_loopback() || addr.ip().is_unspecified() {
            allowed.extend([format!("localhost:{port}"), format!("127.0.0.1:{port}"), format!("[::1]:{port}")]);
        }
        for name in extra {
            allowed.push(name.to_ascii_lowercase());
            if !name.contains(':') {
                allowed.push(format!("{}:{port}", name.to_ascii_lowercase()));
            }
        }
        Hosts { allowed }
    }

    fn allows(&self, host: &str) -> bool {
        let host = host.to_ascii_lowercase();
        self.allowed.contains(&host)
    }
}

/// Checks a request, then runs it with a time limit.
pub(crate) async fn guard(State(hosts): State<Arc<Hosts>>, request: Request, next: Next) -> Response {
    if let Err(e) = check(&hosts, request.method(), request.uri(), request.headers()) {
        return error(&e);
    }
    let answer = match tokio::time::timeout(REQUEST_TIMEOUT, next.run(request)).await {
        Ok(answer) => answer,
        Err(_) => return error(&ApiError::Timeout(REQUEST_TIMEOUT.as_secs())),
    };
    // The body limit's own refusal is plain text: say it as the API does.
    if answer.status() == 413 && !is_json(answer.headers()) {
        return error(&ApiError::TooLarge(MAX_BODY));
    }
    answer
}

fn check(hosts: &Hosts, method: &Method, uri: &Uri, headers: &HeaderMap) -> Result<(), ApiError> {
    let target = uri.path_and_query().map_or(0, |p| p.as_str().len());
    if target > MAX_URI {
        return Err(ApiError::UriTooLong(MAX_URI));
    }
    let head_bytes: usize = headers.iter().map(|(k, v)| k.as_str().len() + v.len()).sum();
    if headers.len() > MAX_FIELDS || head_bytes > MAX_HEAD {
        return Err(ApiError::HeadTooLarge(MAX_FIELDS, MAX_HEAD));
    }
    let text = |name| headers.get(name).map(|v| String::from_utf8_lossy(v.as_bytes()).into_owned());
    let host = text(header::HOST).unwrap_or_default();
    if !hosts.allows(&host) {
        return Err(ApiError::Host(musashi_game::excerpt(&host)));
    }
    if *method == Method::POST {
        let length: Option<u64> = text(header::CONTENT_LENGTH).and_then(|l| l.trim().parse().ok());
        if length.is_some_and(|l| l > MAX_BODY as u64) {
            return Err(ApiError::TooLarge(MAX_BODY));
        }
        // An empty body needs no type (the actions without arguments).
        let has_body = length != Some(0) || headers.contains_key(header::TRANSFER_ENCODING);
        if has_body && !is_json(headers) {
            let kind = text(header::CONTENT_TYPE).map_or("no Content-Type".into(), |k| musashi_game::excerpt(&k));
            return Err(ApiError::NotJson(kind));
        }
    }
    Ok(())
}

fn is_json(headers: &HeaderMap) -> bool {
    headers.get(header::CONTENT_TYPE).and_then(|v| v.to_str().ok()).is_some_and(|v| {
        let essence = v.split(';').next().unwrap_or_default().trim();
        essence.eq_ignore_ascii_case("application/json")
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn headers(pairs: &[(&'static str, &str)]) -> HeaderMap {
        let mut h = HeaderMap::new();
        for (k, v) in pairs {
            h.insert(*k, v.parse().unwrap());
        }
        h
    }

    #[test]
    fn hosts_are_the_servers_own_names() {
        let local = Hosts::new("127.0.0.1:8080".parse().unwrap(), &[]);
        for ok in ["127.0.0.1:8080", "localhost:8080", "LOCALHOST:8080", "[::1]:8080"] {
            assert!(local.allows(ok), "{ok}");
        }
        for bad in ["evil.example:8080", "localhost:8081", "127.0.0.1", ""] {
            assert!(!local.allows(bad), "{bad}");
        }
        let open = Hosts::new("192.168.1.5:80".parse().unwrap(), &["games.example".into()]);
        assert!(open.allows("192.168.1.5:80") && open.allows("games.example") && open.allows("games.example:80"));
        assert!(!open.allows("localhost:80"));
    }

    #[test]
    fn bodies_must_be_declared_json_and_fit() {
        let hosts = Hosts::new("127.0.0.1:1".parse().unwrap(), &[]);
        let host = ("host", "127.0.0.1:1");
        let root = Uri::from_static("/api/games");
        let post = |h: &[(&'static str, &str)]| check(&hosts, &Method::POST, &root, &headers(h));
        assert_eq!(post(&[host, ("content-type", "application/json"), ("content-length", "9")]), Ok(()));
        assert_eq!(post(&[host, ("content-type", "application/json; charset=utf-8"), ("content-length", "9")]), Ok(()));
        assert_eq!(post(&[host, ("content-length", "0")]), Ok(()), "an action without a body");
        assert!(matches!(
            post(&[host, ("content-type", "text/plain"), ("content-length", "9")]),
            Err(ApiError::NotJson(_))
        ));
        assert!(matches!(post(&[host, ("content-length", "9")]), Err(ApiError::NotJson(_))));
        let huge = [host, ("content-type", "application/json"), ("content-length", "1000000000000")];
        assert_eq!(post(&huge), Err(ApiError::TooLarge(MAX_BODY)));
        let get = check(&hosts, &Method::GET, &root, &headers(&[("host", "evil.example")]));
        assert!(matches!(get, Err(ApiError::Host(_))));
    }
}
