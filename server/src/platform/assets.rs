//! The built web app (`web/dist`), embedded in the release binary.

use axum::body::Body;
use axum::response::{IntoResponse, Response};
use http::header::{CACHE_CONTROL, CONTENT_TYPE, ETAG, IF_NONE_MATCH};
use http::{HeaderMap, HeaderValue, StatusCode};

#[derive(rust_embed::Embed)]
#[folder = "../web/dist/"]
#[allow_missing = true]
struct WebDist;

/// The page template; absent only when the web app was never built.
pub fn index_template() -> anyhow::Result<String> {
    let file = WebDist::get("index.html")
        .ok_or_else(|| anyhow::anyhow!("web/dist/index.html is missing: build the web app first (make build)"))?;
    Ok(String::from_utf8(file.data.into_owned())?)
}

/// Serves a built file, if `path` names one. The template itself is never served raw.
pub fn serve_file(path: &str, request_headers: &HeaderMap) -> Option<Response> {
    let name = path.strip_prefix('/')?;
    if name.is_empty() || name == "index.html" {
        return None;
    }
    let file = WebDist::get(name)?;
    let etag = format!("\"{}\"", hex(&file.metadata.sha256_hash()[..16]));
    // Hashed bundles never change under the same name; everything else may be replaced on deploy.
    let cache = if name.starts_with("assets/") { "public, max-age=31536000, immutable" } else { "public, max-age=3600" };
    let mut response = if request_headers.get(IF_NONE_MATCH).is_some_and(|v| v.as_bytes() == etag.as_bytes()) {
        StatusCode::NOT_MODIFIED.into_response()
    } else {
        let mime = mime_guess::from_path(name).first_or_octet_stream();
        let mut response = Response::new(Body::from(file.data.into_owned()));
        response.headers_mut().insert(CONTENT_TYPE, HeaderValue::from_str(mime.essence_str()).ok()?);
        response
    };
    let headers = response.headers_mut();
    headers.insert(CACHE_CONTROL, HeaderValue::from_static(cache));
    headers.insert(ETAG, HeaderValue::from_str(&etag).ok()?);
    Some(response)
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}
