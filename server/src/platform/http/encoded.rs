//! A body kept with its gzip and brotli forms, each made once, on first demand, on the blocking
//! pool, and served with a strong ETag per form (RFC 9110 §8.8.3: a strong tag names one byte
//! sequence, so `br` and `gzip` bodies have different tags) and 304 when the client has it.
//! The compression layer leaves these answers alone: they carry their own Content-Encoding.

use std::io::Write;
use std::sync::Arc;

use axum::body::Body;
use axum::response::{IntoResponse, Response};
use bytes::Bytes;
use http::header::{ACCEPT_ENCODING, CACHE_CONTROL, CONTENT_ENCODING, CONTENT_TYPE, ETAG, IF_NONE_MATCH, VARY};
use http::{HeaderMap, HeaderValue, StatusCode};
use sha2::{Digest, Sha256};
use tokio::sync::OnceCell;

/// Content codings we make, best first.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Coding {
    Br,
    Gzip,
}

impl Coding {
    const BEST_FIRST: [Coding; 2] = [Coding::Br, Coding::Gzip];

    fn token(self) -> &'static str {
        match self {
            Coding::Br => "br",
            Coding::Gzip => "gzip",
        }
    }
}

#[derive(Debug)]
pub struct Encoded {
    identity: Bytes,
    /// Hex of the identity body's hash; each coding appends its token.
    tag: String,
    /// Made once: the first request to want a coding makes it, the others wait for it (so a
    /// burst of requests for a fresh page compresses it once, not once each).
    br: OnceCell<Option<Bytes>>,
    gzip: OnceCell<Option<Bytes>>,
}

impl Encoded {
    pub fn new(identity: impl Into<Bytes>) -> Arc<Encoded> {
        let identity = identity.into();
        let tag = Sha256::digest(&identity)[..12].iter().map(|b| format!("{b:02x}")).collect();
        Arc::new(Encoded { identity, tag, br: OnceCell::new(), gzip: OnceCell::new() })
    }

    pub fn identity(&self) -> &Bytes {
        &self.identity
    }

    fn cell(&self, coding: Coding) -> &OnceCell<Option<Bytes>> {
        match coding {
            Coding::Br => &self.br,
            Coding::Gzip => &self.gzip,
        }
    }

    fn etag(&self, coding: Option<Coding>) -> String {
        match coding {
            Some(coding) => format!("\"{}-{}\"", self.tag, coding.token()),
            None => format!("\"{}\"", self.tag),
        }
    }

    /// The coded body, made now when it was never asked for; `None` if making it failed.
    async fn coded(&self, coding: Coding) -> Option<Bytes> {
        let plain = self.identity.clone();
        let made = self
            .cell(coding)
            .get_or_init(|| async move { tokio::task::spawn_blocking(move || compress(coding, &plain)).await.ok().flatten() });
        made.await.clone()
    }

    /// `status` with this body in the best coding the request accepts, its ETag, and 304
    /// instead of a 200 the client already holds.
    pub async fn respond(&self, request: &HeaderMap, status: StatusCode) -> Response {
        let mut coding = Coding::BEST_FIRST.into_iter().find(|coding| accepts(request, coding.token()));
        let etag = self.etag(coding);
        let fresh = status == StatusCode::OK && if_none_match(request, &etag);
        let mut response = if fresh {
            StatusCode::NOT_MODIFIED.into_response()
        } else {
            let body = match coding {
                Some(wanted) => match self.coded(wanted).await {
                    Some(body) => body,
                    None => {
                        coding = None;
                        self.identity.clone()
                    }
                },
                None => self.identity.clone(),
            };
            let mut response = Response::new(Body::from(body));
            *response.status_mut() = status;
            response
        };
        let headers = response.headers_mut();
        headers.insert(VARY, HeaderValue::from_static("accept-encoding"));
        if let Some(coding) = coding.filter(|_| !fresh) {
            headers.insert(CONTENT_ENCODING, HeaderValue::from_static(coding.token()));
        }
        if status == StatusCode::OK {
            if let Ok(value) = HeaderValue::from_str(&self.etag(coding)) {
                headers.insert(ETAG, value);
            }
        }
        response
    }
}

/// An API answer's body. Our own types always serialize.
pub fn json_text(value: &impl serde::Serialize) -> String {
    serde_json::to_string(value).unwrap_or_default()
}

impl Encoded {
    /// `respond` for an API answer: JSON that browsers may keep a minute, then revalidate.
    pub async fn respond_json(&self, request: &HeaderMap) -> Response {
        let mut response = self.respond(request, StatusCode::OK).await;
        let headers = response.headers_mut();
        headers.insert(CONTENT_TYPE, HeaderValue::from_static("application/json"));
        headers.insert(CACHE_CONTROL, HeaderValue::from_static("public, max-age=60, must-revalidate"));
        response
    }
}

/// Slow, small and done once per body: brotli at its best quality, gzip at level 9.
fn compress(coding: Coding, plain: &[u8]) -> Option<Bytes> {
    let mut out = Vec::with_capacity(plain.len() / 3);
    match coding {
        Coding::Br => {
            // A window just large enough for the body: brotli's memory grows with it.
            let window = (usize::BITS - plain.len().max(1).leading_zeros()).clamp(10, 22);
            let mut writer = brotli::CompressorWriter::new(&mut out, 4096, 11, window);
            writer.write_all(plain).ok()?;
            writer.flush().ok()?;
        }
        Coding::Gzip => {
            let mut writer = flate2::write::GzEncoder::new(&mut out, flate2::Compression::best());
            writer.write_all(plain).ok()?;
            writer.finish().ok()?;
        }
    }
    Some(Bytes::from(out))
}

/// Whether Accept-Encoding lists `token` without refusing it (`;q=0`).
pub fn accepts(headers: &HeaderMap, token: &str) -> bool {
    headers.get_all(ACCEPT_ENCODING).iter().filter_map(|value| value.to_str().ok()).flat_map(|value| value.split(',')).any(|item| {
        let mut parts = item.split(';').map(str::trim);
        parts.next().is_some_and(|name| name.eq_ignore_ascii_case(token))
            && !parts.any(|param| param.strip_prefix("q=").is_some_and(|q| q.parse::<f32>().is_ok_and(|q| q == 0.0)))
    })
}

/// Whether If-None-Match names `etag` (or is `*`); weak comparison, as RFC 9110 §13.1.2 asks.
fn if_none_match(headers: &HeaderMap, etag: &str) -> bool {
    headers
        .get_all(IF_NONE_MATCH)
        .iter()
        .filter_map(|value| value.to_str().ok())
        .flat_map(|value| value.split(','))
        .map(|tag| tag.trim().trim_start_matches("W/"))
        .any(|tag| tag == etag || tag == "*")
}

#[cfg(test)]
mod tests {
    use std::io::Read;

    use super::*;

    fn request(pairs: &[(&'static str, &str)]) -> HeaderMap {
        let mut headers = HeaderMap::new();
        for (name, value) in pairs {
            headers.append(*name, HeaderValue::from_str(value).unwrap());
        }
        headers
    }

    async fn body(response: Response) -> Vec<u8> {
        axum::body::to_bytes(response.into_body(), usize::MAX).await.unwrap().to_vec()
    }

    const PAGE: &str = "<!doctype html><html lang=\"es\"><title>Rumbo</title><p>Reclamación — ñandú</p></html>";

    #[tokio::test]
    async fn each_coding_is_its_own_byte_sequence_with_its_own_strong_tag() {
        let page = Encoded::new(PAGE);
        let br = page.respond(&request(&[("accept-encoding", "gzip, deflate, br")]), StatusCode::OK).await;
        assert_eq!(br.headers()[CONTENT_ENCODING], "br");
        let br_tag = br.headers()[ETAG].to_str().unwrap().to_owned();
        let mut plain = Vec::new();
        brotli::Decompressor::new(&body(br).await[..], 4096).read_to_end(&mut plain).unwrap();
        assert_eq!(plain, PAGE.as_bytes());

        let gzip = page.respond(&request(&[("accept-encoding", "gzip, br;q=0")]), StatusCode::OK).await;
        assert_eq!(gzip.headers()[CONTENT_ENCODING], "gzip");
        let gzip_tag = gzip.headers()[ETAG].to_str().unwrap().to_owned();
        let mut plain = String::new();
        flate2::read::GzDecoder::new(&body(gzip).await[..]).read_to_string(&mut plain).unwrap();
        assert_eq!(plain, PAGE);

        let identity = page.respond(&HeaderMap::new(), StatusCode::OK).await;
        assert!(identity.headers().get(CONTENT_ENCODING).is_none());
        let identity_tag = identity.headers()[ETAG].to_str().unwrap().to_owned();
        assert_eq!(body(identity).await, PAGE.as_bytes());
        assert!(br_tag != gzip_tag && gzip_tag != identity_tag && br_tag != identity_tag);
        for tag in [&br_tag, &gzip_tag, &identity_tag] {
            assert!(tag.starts_with('"') && tag.ends_with('"') && !tag.starts_with("W/"), "{tag} is strong");
        }
    }

    #[tokio::test]
    async fn revalidation_answers_304_without_a_body_only_for_the_same_bytes() {
        let page = Encoded::new(PAGE);
        let first = page.respond(&request(&[("accept-encoding", "br")]), StatusCode::OK).await;
        let tag = first.headers()[ETAG].to_str().unwrap().to_owned();
        let again = page.respond(&request(&[("accept-encoding", "br"), ("if-none-match", &tag)]), StatusCode::OK).await;
        assert_eq!(again.status(), StatusCode::NOT_MODIFIED);
        assert_eq!(again.headers()[ETAG], tag.as_str());
        assert!(again.headers().get(CONTENT_ENCODING).is_none());
        assert!(body(again).await.is_empty());
        let other_coding = page.respond(&request(&[("accept-encoding", "gzip"), ("if-none-match", &tag)]), StatusCode::OK).await;
        assert_eq!(other_coding.status(), StatusCode::OK, "the br tag does not name the gzip bytes");
        let stale = page.respond(&request(&[("accept-encoding", "br"), ("if-none-match", "\"not-the-page\"")]), StatusCode::OK).await;
        assert_eq!(stale.status(), StatusCode::OK);
        let missing = page.respond(&request(&[("if-none-match", "*")]), StatusCode::NOT_FOUND).await;
        assert_eq!(missing.status(), StatusCode::NOT_FOUND, "only a 200 is revalidated");
        assert!(missing.headers().get(ETAG).is_none());
    }

    #[test]
    fn reads_accept_encoding_lists_and_refusals() {
        let with = |value: &str| request(&[("accept-encoding", value)]);
        assert!(accepts(&with("gzip, deflate, br, zstd"), "br"));
        assert!(accepts(&with("gzip;q=1.0, br;q=0.5"), "br"));
        assert!(accepts(&with("GZIP"), "gzip"));
        assert!(!accepts(&with("gzip, br;q=0"), "br"));
        assert!(!accepts(&with("identity"), "gzip"));
        assert!(!accepts(&HeaderMap::new(), "gzip"));
    }
}
