//! The `/api/v1` error envelope (ARCHITECTURE.md#one-error-envelope): `{error_code, message, fields?}`,
//! a stable code the web app translates and a developer-facing message. Internal details are
//! logged, never sent. Everything that answers an `/api/v1` error goes through `ApiError`:
//! the features' errors, the shared extractors' rejections, and — through `for_status` — what
//! the HTTP stack itself refuses (405, 408, 413, a panic).

use std::borrow::Cow;
use std::collections::BTreeMap;

use axum::response::{IntoResponse, Response};
use axum::Json;
use http::{HeaderValue, StatusCode};
use serde::Serialize;
use serde_json::{Map, Value};

use crate::platform::rate_limit::RetryAfter;

mod code;

pub use code::ErrorCode;

/// The envelope. `fields` names each invalid field of a form with the code of its problem.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[schema(example = json!({"error_code": "validation_failed", "message": "Some fields are not valid.", "fields": {"email": "invalid_email", "message": "message_too_short"}}))]
pub struct ApiError {
    #[serde(skip)]
    pub status: StatusCode,
    pub error_code: ErrorCode,
    /// For developers; the web app shows its own text for the code.
    pub message: Cow<'static, str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fields: Option<BTreeMap<String, String>>,
    /// Members some answers add beside the envelope (`next_slots`, `fee_cents`).
    #[serde(flatten)]
    #[schema(ignore)]
    pub extra: Map<String, Value>,
    #[serde(skip)]
    pub retry_after: Option<u64>,
}

impl ApiError {
    pub fn new(status: StatusCode, error_code: ErrorCode, message: impl Into<Cow<'static, str>>) -> ApiError {
        ApiError { status, error_code, message: message.into(), fields: None, extra: Map::new(), retry_after: None }
    }

    pub fn bad_request(error_code: ErrorCode, message: impl Into<Cow<'static, str>>) -> ApiError {
        ApiError::new(StatusCode::BAD_REQUEST, error_code, message)
    }

    /// 400 `validation_failed` with one code per field, in the form's order.
    pub fn fields<'a>(fields: impl IntoIterator<Item = (&'a str, &'a str)>) -> ApiError {
        let fields = fields.into_iter().map(|(field, code)| (field.to_owned(), code.to_owned())).collect();
        ApiError { fields: Some(fields), ..ApiError::bad_request(ErrorCode::ValidationFailed, "Some fields are not valid.") }
    }

    pub fn rate_limited(retry: RetryAfter) -> ApiError {
        ApiError {
            retry_after: Some(retry.0),
            ..ApiError::new(StatusCode::TOO_MANY_REQUESTS, ErrorCode::RateLimited, "Too many requests; try again later.")
        }
    }

    /// Logs the cause and answers a 500 that says nothing about it.
    pub fn internal(context: &str, cause: &dyn std::fmt::Display) -> ApiError {
        tracing::error!(error = %cause, "{context}");
        ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, ErrorCode::InternalError, "Something went wrong on our side.")
    }

    pub fn with(mut self, key: &str, value: impl Into<Value>) -> ApiError {
        self.extra.insert(key.to_owned(), value.into());
        self
    }

    /// What the stack answers for a status it produced itself (no handler ran, or it panicked).
    pub fn for_status(status: StatusCode) -> ApiError {
        let (error_code, message) = match status {
            StatusCode::NOT_FOUND => (ErrorCode::NotFound, "No such API endpoint."),
            StatusCode::METHOD_NOT_ALLOWED => (ErrorCode::MethodNotAllowed, "This endpoint does not accept that method."),
            StatusCode::REQUEST_TIMEOUT => (ErrorCode::RequestTimeout, "The request took too long; try again."),
            StatusCode::PAYLOAD_TOO_LARGE => (ErrorCode::PayloadTooLarge, "The request body is too large."),
            StatusCode::UNSUPPORTED_MEDIA_TYPE => (ErrorCode::UnsupportedMediaType, "The body must be sent as application/json."),
            StatusCode::TOO_MANY_REQUESTS => (ErrorCode::RateLimited, "Too many requests; try again later."),
            s if s.is_server_error() => (ErrorCode::InternalError, "Something went wrong on our side."),
            _ => (ErrorCode::BadRequest, "The request is not valid."),
        };
        ApiError::new(status, error_code, message)
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let retry_after = self.retry_after;
        let mut response = (self.status, Json(&self)).into_response();
        if let Some(seconds) = retry_after {
            response.headers_mut().insert(http::header::RETRY_AFTER, HeaderValue::from(seconds));
        }
        response
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_envelope_carries_code_message_and_fields_in_form_order() {
        let error = ApiError::fields([("name", "invalid_characters"), ("email", "invalid_email")]);
        let body = serde_json::to_value(&error).unwrap();
        assert_eq!(body["error_code"], "validation_failed");
        assert_eq!(body["fields"]["name"], "invalid_characters");
        assert!(body.get("status").is_none() && body.get("retry_after").is_none());
    }

    #[test]
    fn extra_members_sit_beside_the_envelope() {
        let body =
            serde_json::to_value(ApiError::bad_request(ErrorCode::SlotTaken, "taken").with("next_slots", Value::Array(vec![]))).unwrap();
        assert_eq!(body, serde_json::json!({ "error_code": "slot_taken", "message": "taken", "next_slots": [] }));
    }

    #[test]
    fn every_status_the_stack_makes_has_a_code() {
        for (status, expected) in
            [(405, "method_not_allowed"), (408, "request_timeout"), (413, "payload_too_large"), (500, "internal_error")]
        {
            assert_eq!(ApiError::for_status(StatusCode::from_u16(status).unwrap()).error_code.to_string(), expected);
        }
    }
}
