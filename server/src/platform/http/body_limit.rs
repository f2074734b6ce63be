//! The site-wide request body limit (`REQUEST_BODY_LIMIT`), enforced so that a client that
//! sends too much still *reads* its 413: the body is taken in here (at most the limit is kept),
//! and an oversized one — declared by Content-Length or found out while a chunked body
//! streams — is read to its end and thrown away before the answer. Answering at once and
//! closing would reset the connection under a client still sending, which then sees a broken
//! pipe instead of the JSON error. Reading the excess is bounded (`DRAIN_MAX`); past it the
//! connection is simply closed. Handlers downstream get the body whole, from memory.

use axum::body::{Body, Bytes};
use axum::extract::{Request, State};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use http::header::{CONNECTION, CONTENT_LENGTH};
use http::{HeaderValue, StatusCode};
use http_body_util::BodyExt;

/// The most an oversized body is read past the limit before giving up on it.
const DRAIN_MAX: usize = 16 * 1024 * 1024;

#[derive(Clone, Copy)]
pub struct BodyLimit(pub usize);

pub async fn limit_body(State(BodyLimit(limit)): State<BodyLimit>, request: Request, next: Next) -> Response {
    let declared = request.headers().get(CONTENT_LENGTH).and_then(|v| v.to_str().ok()).and_then(|v| v.parse::<u64>().ok());
    let (parts, body) = request.into_parts();
    if declared.is_some_and(|length| length > limit as u64) {
        drain(body, 0).await;
        return too_large();
    }
    match read_within(body, limit).await {
        Ok(bytes) => next.run(Request::from_parts(parts, Body::from(bytes))).await,
        Err(Read::TooLarge) => too_large(),
        Err(Read::Failed) => StatusCode::BAD_REQUEST.into_response(),
    }
}

enum Read {
    TooLarge,
    Failed,
}

/// The whole body when it fits in `limit`; otherwise what is left of it is drained.
async fn read_within(mut body: Body, limit: usize) -> Result<Bytes, Read> {
    let mut kept = Vec::new();
    while let Some(frame) = body.frame().await {
        let Ok(data) = frame.map_err(|_| Read::Failed)?.into_data() else { continue };
        if kept.len() + data.len() > limit {
            drain(body, kept.len() + data.len() - limit).await;
            return Err(Read::TooLarge);
        }
        kept.extend_from_slice(&data);
    }
    Ok(Bytes::from(kept))
}

/// Reads and drops the rest of a body, up to `DRAIN_MAX` bytes in all.
async fn drain(mut body: Body, mut read: usize) {
    while let Some(Ok(frame)) = body.frame().await {
        read += frame.data_ref().map_or(0, Bytes::len);
        if read > DRAIN_MAX {
            return;
        }
    }
}

/// The API layers above render it in their own JSON shape (json_errors).
fn too_large() -> Response {
    let mut response = StatusCode::PAYLOAD_TOO_LARGE.into_response();
    response.headers_mut().insert(CONNECTION, HeaderValue::from_static("close"));
    response
}
