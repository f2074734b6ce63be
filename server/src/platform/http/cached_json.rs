//! Stored files (illustrations, uploads) that browsers and proxies may cache and revalidate
//! with an ETag. The API's JSON answers are kept precompressed instead (`encoded`).

use axum::body::Body;
use axum::response::{IntoResponse, Response};
use http::header::{CACHE_CONTROL, CONTENT_TYPE, ETAG, IF_NONE_MATCH};
use http::{HeaderMap, HeaderValue, StatusCode};

/// `body` with its ETag and caching headers, or 304 when the client's `If-None-Match` names it.
pub fn revalidated(request_headers: &HeaderMap, etag: &str, content_type: &str, cache_control: &'static str, body: Vec<u8>) -> Response {
    let fresh = request_headers
        .get(IF_NONE_MATCH)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|given| given.split(',').any(|tag| tag.trim() == etag));
    let mut response = if fresh { StatusCode::NOT_MODIFIED.into_response() } else { Response::new(Body::from(body)) };
    let headers = response.headers_mut();
    if !fresh {
        headers.insert(CONTENT_TYPE, HeaderValue::from_str(content_type).unwrap_or(HeaderValue::from_static("application/octet-stream")));
    }
    headers.insert(CACHE_CONTROL, HeaderValue::from_static(cache_control));
    if let Ok(value) = HeaderValue::from_str(etag) {
        headers.insert(ETAG, value);
    }
    response
}
