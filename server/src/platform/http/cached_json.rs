//! JSON answers that browsers and proxies may cache briefly and revalidate with an ETag.

use axum::body::Body;
use axum::response::{IntoResponse, Response};
use http::header::{CACHE_CONTROL, CONTENT_TYPE, ETAG, IF_NONE_MATCH};
use http::{HeaderMap, HeaderValue, StatusCode};
use serde::Serialize;
use sha2::{Digest, Sha256};

/// Serializes `value`; answers 304 when the client already has exactly this body.
pub fn cached_json(request_headers: &HeaderMap, value: &impl Serialize) -> Response {
    let Ok(body) = serde_json::to_vec(value) else {
        return StatusCode::INTERNAL_SERVER_ERROR.into_response();
    };
    let digest = Sha256::digest(&body);
    let etag = format!("W/\"{}\"", digest[..12].iter().map(|b| format!("{b:02x}")).collect::<String>());
    let fresh = request_headers
        .get(IF_NONE_MATCH)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|given| given.split(',').any(|tag| tag.trim() == etag));
    let mut response = if fresh { StatusCode::NOT_MODIFIED.into_response() } else { Response::new(Body::from(body)) };
    let headers = response.headers_mut();
    if !fresh {
        headers.insert(CONTENT_TYPE, HeaderValue::from_static("application/json"));
    }
    headers.insert(CACHE_CONTROL, HeaderValue::from_static("public, max-age=60, must-revalidate"));
    if let Ok(value) = HeaderValue::from_str(&etag) {
        headers.insert(ETAG, value);
    }
    response
}
