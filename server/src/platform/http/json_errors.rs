//! The last word on error answers of the two APIs: whatever the HTTP stack produced without a
//! handler's JSON — axum's 405 with an empty body, the body limit's plain 413, the timeout's
//! 408, a panic's 500 — is answered in that API's own error shape (`/api/v1`: the envelope of
//! `ApiError`; `/auth/v1`: GoTrue's, rendered by the auth feature). Pages are left alone.

use axum::body::Body;
use axum::extract::{Request, State};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use http::header::{ALLOW, CONTENT_TYPE, RETRY_AFTER};
use http::{HeaderMap, StatusCode};

use super::error::ApiError;

/// How the auth API renders an error of a given status for a request with these headers.
pub type AuthRenderer = fn(StatusCode, &HeaderMap) -> Response;

#[derive(Clone, Copy)]
pub struct JsonErrors {
    pub auth: AuthRenderer,
}

enum Api {
    Site,
    Auth,
}

fn api_of(path: &str) -> Option<Api> {
    if path == "/api" || path.starts_with("/api/") {
        Some(Api::Site)
    } else if path == "/auth/v1" || path.starts_with("/auth/v1/") {
        Some(Api::Auth)
    } else {
        None
    }
}

pub async fn json_errors(State(renderers): State<JsonErrors>, request: Request, next: Next) -> Response {
    let api = api_of(request.uri().path());
    let request_headers = request.headers().clone();
    let response = next.run(request).await;
    let Some(api) = api else { return response };
    if !needs_rendering(&response) {
        return response;
    }
    let status = response.status();
    let mut rendered = match api {
        Api::Site => ApiError::for_status(status).into_response(),
        Api::Auth => (renderers.auth)(status, &request_headers),
    };
    for name in [ALLOW, RETRY_AFTER] {
        if let Some(value) = response.headers().get(&name) {
            rendered.headers_mut().insert(name, value.clone());
        }
    }
    rendered
}

/// An error status whose body is not JSON (plain text, or nothing at all).
fn needs_rendering(response: &Response<Body>) -> bool {
    let status = response.status();
    if !(status.is_client_error() || status.is_server_error()) {
        return false;
    }
    let content_type = response.headers().get(CONTENT_TYPE).and_then(|v| v.to_str().ok()).unwrap_or_default();
    !content_type.starts_with("application/json")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_two_apis_are_rendered() {
        assert!(matches!(api_of("/api/v1/posts"), Some(Api::Site)));
        assert!(matches!(api_of("/auth/v1/token"), Some(Api::Auth)));
        assert!(api_of("/apiary").is_none());
        assert!(api_of("/blog").is_none());
    }

    #[test]
    fn json_errors_and_successes_pass_through() {
        let json = Response::builder().status(400).header(CONTENT_TYPE, "application/json").body(Body::empty()).unwrap();
        assert!(!needs_rendering(&json));
        let plain = Response::builder().status(413).header(CONTENT_TYPE, "text/plain").body(Body::empty()).unwrap();
        assert!(needs_rendering(&plain));
        let empty = Response::builder().status(405).body(Body::empty()).unwrap();
        assert!(needs_rendering(&empty));
        assert!(!needs_rendering(&Response::builder().status(204).body(Body::empty()).unwrap()));
    }
}
