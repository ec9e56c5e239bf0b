//! Every request checked before it is served: the token of the printed address, a Host that
//! names this server (a page of another site that has a name resolve to 127.0.0.1, DNS
//! rebinding, names its own), and an Origin, where one is sent, of this server (another site's
//! page cannot post to it).

use std::sync::Arc;

use axum::extract::{Request, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use super::Server;

/// The header the page sends the token in; the page itself takes it from the address.
pub const TOKEN_HEADER: &str = "x-crib-token";

/// A refusal: its status and one line saying why, as JSON.
pub fn refused(status: StatusCode, why: impl Into<String>) -> Response {
    let why: String = why.into();
    (status, axum::Json(serde_json::json!({ "error": why }))).into_response()
}

/// A random token of 128 bits, in hex.
pub fn fresh_token() -> anyhow::Result<String> {
    let mut bytes = [0u8; 16];
    getrandom::fill(&mut bytes)
        .map_err(|err| anyhow::anyhow!("cannot draw a random token: {err}"))?;
    Ok(crate::cli::log::hex(&bytes))
}

/// Serve the request only if its Host, Origin and token are this server's.
pub async fn guard(State(server): State<Arc<Server>>, request: Request, next: Next) -> Response {
    match check(&server, request.headers(), request.uri().query()) {
        Ok(()) => next.run(request).await,
        Err((status, why)) => refused(status, why).into_response(),
    }
}

/// Why a request is refused, if it is.
fn check(
    server: &Server,
    headers: &HeaderMap,
    query: Option<&str>,
) -> Result<(), (StatusCode, &'static str)> {
    let host = headers
        .get(header::HOST)
        .and_then(|h| h.to_str().ok())
        .ok_or((StatusCode::BAD_REQUEST, "the request names no host"))?;
    if !server.hosts.iter().any(|h| h.eq_ignore_ascii_case(host)) {
        return Err((
            StatusCode::FORBIDDEN,
            "the request's host is not this server's (open the address crib printed)",
        ));
    }
    if let Some(origin) = headers.get(header::ORIGIN) {
        let origin = origin.to_str().unwrap_or_default();
        let ours = origin
            .strip_prefix("http://")
            .is_some_and(|o| o.eq_ignore_ascii_case(host));
        if !ours {
            return Err((
                StatusCode::FORBIDDEN,
                "the request comes from another site's page",
            ));
        }
    }
    let sent = headers
        .get(TOKEN_HEADER)
        .and_then(|t| t.to_str().ok())
        .or_else(|| query_value(query, "token"));
    match sent {
        Some(token) if same(token.as_bytes(), server.token.as_bytes()) => Ok(()),
        Some(_) => Err((StatusCode::FORBIDDEN, "the token is wrong")),
        None => Err((
            StatusCode::UNAUTHORIZED,
            "the request carries no token (open the address crib printed, token included)",
        )),
    }
}

/// The value of `key` in a request's query, if it has one.
pub fn query_value<'a>(query: Option<&'a str>, key: &str) -> Option<&'a str> {
    query?.split('&').find_map(|pair| {
        let (k, v) = pair.split_once('=')?;
        (k == key).then_some(v)
    })
}

/// Whether two tokens are equal, in a time that does not depend on where they differ.
fn same(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |d, (x, y)| d | (x ^ y)) == 0
}

#[cfg(test)]
mod tests {
    use super::*;

    fn server() -> Server {
        Server {
            token: "abc123".into(),
            hosts: vec!["127.0.0.1:7000".into(), "localhost:7000".into()],
            conversations: Default::default(),
            max_games: 1,
        }
    }

    fn headers(pairs: &[(&'static str, &str)]) -> HeaderMap {
        let mut headers = HeaderMap::new();
        for (name, value) in pairs {
            headers.insert(*name, value.parse().unwrap());
        }
        headers
    }

    #[test]
    fn the_host_the_origin_and_the_token_are_checked() {
        let s = server();
        let ok = headers(&[("host", "127.0.0.1:7000"), (TOKEN_HEADER, "abc123")]);
        assert_eq!(check(&s, &ok, None), Ok(()));
        let by_query = headers(&[("host", "localhost:7000")]);
        assert_eq!(check(&s, &by_query, Some("a=1&token=abc123")), Ok(()));
        let rebound = headers(&[("host", "evil.example:7000"), (TOKEN_HEADER, "abc123")]);
        assert_eq!(
            check(&s, &rebound, None).unwrap_err().0,
            StatusCode::FORBIDDEN
        );
        let cross = headers(&[
            ("host", "127.0.0.1:7000"),
            ("origin", "http://evil.example"),
            (TOKEN_HEADER, "abc123"),
        ]);
        assert_eq!(
            check(&s, &cross, None).unwrap_err().0,
            StatusCode::FORBIDDEN
        );
        let same_origin = headers(&[
            ("host", "127.0.0.1:7000"),
            ("origin", "http://127.0.0.1:7000"),
            (TOKEN_HEADER, "abc123"),
        ]);
        assert_eq!(check(&s, &same_origin, None), Ok(()));
        let wrong = headers(&[("host", "127.0.0.1:7000"), (TOKEN_HEADER, "abc124")]);
        assert_eq!(
            check(&s, &wrong, None).unwrap_err().0,
            StatusCode::FORBIDDEN
        );
        let none = headers(&[("host", "127.0.0.1:7000")]);
        assert_eq!(
            check(&s, &none, None).unwrap_err().0,
            StatusCode::UNAUTHORIZED
        );
        assert!(!same(b"abc", b"abcd"));
    }
}
