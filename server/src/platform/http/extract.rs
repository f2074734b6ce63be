//! The shared `/api/v1` extractors. Their rejections are `ApiError`s, so a bad body or query
//! string gets the JSON envelope with a stable code — never axum's plain-text rejection.
//!
//! - `JsonBytes`: the raw body of a request that says it is JSON (`application/json` or
//!   `application/*+json`). Anything else with a body is 415: a cross-site `<form>` or a
//!   `text/plain` fetch cannot reach a JSON endpoint without the browser's CORS preflight.
//! - `ApiJson<T>`: that body parsed into `T`.
//! - `ApiQuery<T>`: the query string parsed into `T`; a repeated parameter is an error.
//! - `JsonForm<T>`: a JSON object read into a form `T` whose members are `FormText`, so a
//!   missing or mistyped member reads as empty and the form's own checks report every field at
//!   once, each with its code (`validation_failed` with `fields`).

use axum::body::Bytes;
use axum::extract::{FromRequest, FromRequestParts, Request};
use http::header::CONTENT_TYPE;
use http::request::Parts;
use http::{HeaderMap, StatusCode};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Deserializer};
use serde_json::{Map, Value};

use super::error::{ApiError, ErrorCode};

pub struct JsonBytes(pub Bytes);

impl<S: Send + Sync> FromRequest<S> for JsonBytes {
    type Rejection = ApiError;

    async fn from_request(request: Request, state: &S) -> Result<Self, Self::Rejection> {
        let declared_json = is_json(request.headers());
        let bytes = Bytes::from_request(request, state).await.map_err(|rejection| match rejection.status() {
            StatusCode::PAYLOAD_TOO_LARGE => ApiError::for_status(StatusCode::PAYLOAD_TOO_LARGE),
            _ => ApiError::bad_request(ErrorCode::InvalidBody, "The request body could not be read."),
        })?;
        if !declared_json && !bytes.is_empty() {
            return Err(ApiError::for_status(StatusCode::UNSUPPORTED_MEDIA_TYPE));
        }
        Ok(JsonBytes(bytes))
    }
}

pub struct ApiJson<T>(pub T);

impl<S: Send + Sync, T: DeserializeOwned> FromRequest<S> for ApiJson<T> {
    type Rejection = ApiError;

    async fn from_request(request: Request, state: &S) -> Result<Self, Self::Rejection> {
        let JsonBytes(bytes) = JsonBytes::from_request(request, state).await?;
        serde_json::from_slice(&bytes)
            .map(ApiJson)
            .map_err(|e| ApiError::bad_request(ErrorCode::InvalidBody, format!("The body is not the expected JSON: {e}")))
    }
}

pub struct JsonForm<T>(pub T);

impl<S: Send + Sync, T: DeserializeOwned> FromRequest<S> for JsonForm<T> {
    type Rejection = ApiError;

    async fn from_request(request: Request, state: &S) -> Result<Self, Self::Rejection> {
        let ApiJson(object) = ApiJson::<Map<String, Value>>::from_request(request, state).await?;
        serde_json::from_value(Value::Object(object))
            .map(JsonForm)
            .map_err(|e| ApiError::bad_request(ErrorCode::InvalidBody, format!("The body is not the expected JSON: {e}")))
    }
}

/// A form member as sent: its text, or empty when it is missing, null or not a string.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct FormText(pub String);

impl FormText {
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl<'de> Deserialize<'de> for FormText {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        // Through Option, so serde reads a missing member as None rather than an error.
        let value = Option::<Value>::deserialize(deserializer)?;
        Ok(FormText(value.as_ref().and_then(Value::as_str).unwrap_or_default().to_owned()))
    }
}

pub struct ApiQuery<T>(pub T);

impl<S: Send + Sync, T: DeserializeOwned> FromRequestParts<S> for ApiQuery<T> {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, _state: &S) -> Result<Self, Self::Rejection> {
        axum::extract::Query::try_from_uri(&parts.uri)
            .map(|axum::extract::Query(value)| ApiQuery(value))
            .map_err(|rejection| ApiError::bad_request(ErrorCode::InvalidQuery, rejection.body_text()))
    }
}

/// `application/json`, or a structured `+json` type, with any parameters (`; charset=utf-8`).
pub fn is_json(headers: &HeaderMap) -> bool {
    let Some(value) = headers.get(CONTENT_TYPE).and_then(|v| v.to_str().ok()) else { return false };
    let essence = value.split(';').next().unwrap_or_default().trim().to_ascii_lowercase();
    essence == "application/json" || (essence.starts_with("application/") && essence.ends_with("+json"))
}

#[cfg(test)]
mod tests {
    use http::HeaderValue;

    use super::*;

    #[test]
    fn json_types_are_recognised_with_their_parameters() {
        let with = |value: &str| {
            let mut headers = HeaderMap::new();
            headers.insert(CONTENT_TYPE, HeaderValue::from_str(value).unwrap());
            is_json(&headers)
        };
        assert!(with("application/json"));
        assert!(with("Application/JSON; charset=UTF-8"));
        assert!(with("application/merge-patch+json"));
        assert!(!with("text/plain"));
        assert!(!with("application/x-www-form-urlencoded"));
        assert!(!with("text/json+html"));
        assert!(!is_json(&HeaderMap::new()));
    }

    #[tokio::test]
    async fn a_repeated_query_parameter_is_refused_in_the_envelope() {
        #[derive(serde::Deserialize)]
        struct Page {
            #[allow(dead_code)]
            limit: Option<String>,
        }
        let parts = |uri: &str| http::Request::builder().uri(uri).body(()).unwrap().into_parts().0;
        let refused = ApiQuery::<Page>::from_request_parts(&mut parts("/api/v1/posts?limit=1&limit=2"), &()).await.err().unwrap();
        assert_eq!((refused.status, refused.error_code), (StatusCode::BAD_REQUEST, ErrorCode::InvalidQuery));
        assert!(ApiQuery::<Page>::from_request_parts(&mut parts("/api/v1/posts?limit=1"), &()).await.is_ok());
    }
}
