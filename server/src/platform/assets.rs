//! The built web app (`web/dist`), embedded in the release binary.

use axum::body::Body;
use axum::response::{IntoResponse, Response};
use http::header::{CACHE_CONTROL, CONTENT_ENCODING, CONTENT_TYPE, ETAG, IF_NONE_MATCH, VARY};
use http::{HeaderMap, HeaderValue, StatusCode};

use crate::platform::http::encoded::accepts;

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

/// The compressed copies the web build writes next to each text asset
/// (web/scripts/precompress.mjs): Content-Encoding token and file suffix, best first.
const PRECOMPRESSED: [(&str, &str); 2] = [("br", ".br"), ("gzip", ".gz")];

/// Serves a built file, if `path` names one, as its precompressed copy when the client
/// accepts one (the compression layer leaves encoded bodies alone). The template itself
/// is never served raw.
pub fn serve_file(path: &str, request_headers: &HeaderMap) -> Option<Response> {
    let name = path.strip_prefix('/')?;
    if name.is_empty() || name == "index.html" {
        return None;
    }
    let plain = WebDist::get(name)?;
    let has_variants = PRECOMPRESSED.iter().any(|(_, suffix)| WebDist::get(&format!("{name}{suffix}")).is_some());
    let (encoding, file) = PRECOMPRESSED
        .iter()
        .filter(|(token, _)| accepts(request_headers, token))
        .find_map(|(token, suffix)| WebDist::get(&format!("{name}{suffix}")).map(|file| (Some(*token), file)))
        .unwrap_or((None, plain));
    let etag = format!("\"{}{}\"", hex(&file.metadata.sha256_hash()[..16]), encoding.map(|e| format!("-{e}")).unwrap_or_default());
    // Hashed bundles never change under the same name; everything else may be replaced on deploy.
    let cache = if name.starts_with("assets/") { "public, max-age=31536000, immutable" } else { "public, max-age=3600" };
    let mut response = if request_headers.get(IF_NONE_MATCH).is_some_and(|v| v.as_bytes() == etag.as_bytes()) {
        StatusCode::NOT_MODIFIED.into_response()
    } else {
        let mime = mime_guess::from_path(name).first_or_octet_stream();
        let mut response = Response::new(Body::from(file.data.into_owned()));
        response.headers_mut().insert(CONTENT_TYPE, HeaderValue::from_str(mime.essence_str()).ok()?);
        if let Some(token) = encoding {
            response.headers_mut().insert(CONTENT_ENCODING, HeaderValue::from_static(token));
        }
        response
    };
    let headers = response.headers_mut();
    headers.insert(CACHE_CONTROL, HeaderValue::from_static(cache));
    headers.insert(ETAG, HeaderValue::from_str(&etag).ok()?);
    if has_variants {
        headers.insert(VARY, HeaderValue::from_static("accept-encoding"));
    }
    Some(response)
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}
