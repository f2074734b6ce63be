//! What auth handlers read from a request besides the caller: the JSON body and the query
//! string, both refused in GoTrue's error shape (never axum's plain-text rejections).

use axum::body::Bytes;
use axum::extract::{FromRequest, FromRequestParts, Query, Request};
use http::request::Parts;
use http::StatusCode;
use serde::de::DeserializeOwned;

use super::errors::AuthError;
use crate::platform::http::extract::is_json;

/// A JSON body; an empty body reads as `{}`. auth-js sends nulls and extra fields: both are fine.
/// A non-empty body must say it is JSON: a cross-site HTML form can post `text/plain` without a
/// CORS preflight, and such a request must not act on anyone's behalf (415).
pub struct Body<T>(pub T);

impl<S: Send + Sync, T: DeserializeOwned> FromRequest<S> for Body<T> {
    type Rejection = AuthError;

    async fn from_request(request: Request, state: &S) -> Result<Self, Self::Rejection> {
        let declared_json = is_json(request.headers());
        let bytes = Bytes::from_request(request, state)
            .await
            .map_err(|_| AuthError::new(StatusCode::PAYLOAD_TOO_LARGE, "request_entity_too_large", "Request body too large"))?;
        if bytes.iter().all(u8::is_ascii_whitespace) {
            return parse(b"{}").map(Body);
        }
        if !declared_json {
            return Err(AuthError::new(StatusCode::UNSUPPORTED_MEDIA_TYPE, "bad_json", "Content-Type must be application/json"));
        }
        parse(&bytes).map(Body)
    }
}

fn parse<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, AuthError> {
    serde_json::from_slice(bytes).map_err(|e| AuthError::bad_request("bad_json", format!("Could not parse request body as JSON: {e}")))
}

/// The query string as `T`. An empty value counts as absent (`admin.listUsers()` sends
/// `?page=&per_page=`); a repeated parameter is ambiguous and refused.
pub struct AuthQuery<T>(pub T);

impl<S: Send + Sync, T: DeserializeOwned> FromRequestParts<S> for AuthQuery<T> {
    type Rejection = AuthError;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, Self::Rejection> {
        parse_query(parts.uri.query().unwrap_or_default()).map(AuthQuery)
    }
}

fn parse_query<T: DeserializeOwned>(raw: &str) -> Result<T, AuthError> {
    let pairs = url::form_urlencoded::parse(raw.as_bytes()).filter(|(_, value)| !value.is_empty());
    let present = url::form_urlencoded::Serializer::new(String::new()).extend_pairs(pairs).finish();
    let uri: http::Uri = format!("/?{present}").parse().map_err(|_| AuthError::validation("Invalid query string"))?;
    Query::<T>::try_from_uri(&uri).map(|Query(query)| query).map_err(|rejection| AuthError::validation(rejection.body_text()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, serde::Deserialize, PartialEq)]
    struct Page {
        page: Option<i64>,
        per_page: Option<i64>,
        redirect_to: Option<String>,
    }

    #[test]
    fn empty_values_are_absent_and_values_are_decoded() {
        let page: Page = parse_query("page=&per_page=").unwrap();
        assert_eq!(page, Page { page: None, per_page: None, redirect_to: None });
        let page: Page = parse_query("page=2&redirect_to=http%3A%2F%2Frumbo.test%2Fes%3Fa%3D1&other=x").unwrap();
        assert_eq!((page.page, page.redirect_to.as_deref()), (Some(2), Some("http://rumbo.test/es?a=1")));
    }

    #[test]
    fn repeated_or_malformed_parameters_are_validation_errors() {
        let duplicate = parse_query::<Page>("page=1&page=2").unwrap_err();
        assert_eq!((duplicate.status, duplicate.code), (StatusCode::BAD_REQUEST, "validation_failed"));
        assert!(duplicate.message.contains("duplicate field"), "{}", duplicate.message);
        assert_eq!(parse_query::<Page>("page=two").unwrap_err().code, "validation_failed");
    }
}
