//! One error type for `/auth/v1`, rendered in the format the client asked for (contract §4):
//! `{code, message}` when `X-Supabase-Api-Version` ≥ 2024-01-01 (the header is echoed), the
//! legacy `{code: <status>, error_code, msg}` otherwise, and OAuth-style `{error, error_description}`
//! where GoTrue uses it. Every coded error also carries `x-sb-error-code`.

use std::borrow::Cow;

use axum::extract::Request;
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use axum::Json;
use http::{HeaderMap, HeaderValue, StatusCode};
use serde_json::{json, Value};

use crate::platform::rate_limit::RetryAfter;

pub const API_VERSION_HEADER: &str = "x-supabase-api-version";
/// The first API version with the `{code, message}` error shape.
const API_VERSION_2024: &str = "2024-01-01";

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Shape {
    /// `{code, message}` or `{code, error_code, msg}`, chosen per request.
    Api,
    /// `{"error": <code>, "error_description": <message>}`.
    OAuth,
}

#[derive(Debug, Clone)]
pub struct AuthError {
    pub status: StatusCode,
    pub code: &'static str,
    pub message: Cow<'static, str>,
    pub shape: Shape,
    pub weak_password_reasons: Option<Vec<&'static str>>,
    pub retry_after: Option<u64>,
}

pub type AuthResult<T> = Result<T, AuthError>;

impl AuthError {
    pub fn new(status: StatusCode, code: &'static str, message: impl Into<Cow<'static, str>>) -> AuthError {
        AuthError { status, code, message: message.into(), shape: Shape::Api, weak_password_reasons: None, retry_after: None }
    }

    pub fn bad_request(code: &'static str, message: impl Into<Cow<'static, str>>) -> AuthError {
        AuthError::new(StatusCode::BAD_REQUEST, code, message)
    }

    pub fn validation(message: impl Into<Cow<'static, str>>) -> AuthError {
        AuthError::bad_request("validation_failed", message)
    }

    pub fn unprocessable(code: &'static str, message: impl Into<Cow<'static, str>>) -> AuthError {
        AuthError::new(StatusCode::UNPROCESSABLE_ENTITY, code, message)
    }

    pub fn forbidden(code: &'static str, message: impl Into<Cow<'static, str>>) -> AuthError {
        AuthError::new(StatusCode::FORBIDDEN, code, message)
    }

    pub fn not_found(code: &'static str, message: impl Into<Cow<'static, str>>) -> AuthError {
        AuthError::new(StatusCode::NOT_FOUND, code, message)
    }

    pub fn oauth(error: &'static str, description: impl Into<Cow<'static, str>>) -> AuthError {
        AuthError { shape: Shape::OAuth, ..AuthError::bad_request(error, description) }
    }

    pub fn invalid_email() -> AuthError {
        AuthError::validation("Unable to validate email address: invalid format")
    }

    pub fn invalid_credentials() -> AuthError {
        AuthError::bad_request("invalid_credentials", "Invalid login credentials")
    }

    pub fn weak_password(message: String, reasons: Vec<&'static str>) -> AuthError {
        AuthError { weak_password_reasons: Some(reasons), ..AuthError::unprocessable("weak_password", message) }
    }

    pub fn request_rate(retry: RetryAfter) -> AuthError {
        AuthError {
            retry_after: Some(retry.0),
            ..AuthError::new(StatusCode::TOO_MANY_REQUESTS, "over_request_rate_limit", "Request rate limit reached")
        }
    }

    /// The per-user wait between two e-mails of one kind (GoTrue's SMTP_MAX_FREQUENCY).
    pub fn email_frequency(seconds: u64) -> AuthError {
        let message = format!("For security purposes, you can only request this after {seconds} seconds.");
        AuthError { retry_after: Some(seconds), ..AuthError::new(StatusCode::TOO_MANY_REQUESTS, "over_email_send_rate_limit", message) }
    }

    pub fn email_quota(retry: RetryAfter) -> AuthError {
        let base = AuthError::new(StatusCode::TOO_MANY_REQUESTS, "over_email_send_rate_limit", "email rate limit exceeded");
        AuthError { retry_after: Some(retry.0), ..base }
    }

    pub fn unexpected() -> AuthError {
        AuthError::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            "unexpected_failure",
            "Unexpected failure, please check server logs for more information",
        )
    }

    fn body(&self, new_format: bool, request_id: Option<&str>) -> Value {
        let mut body = match (&self.shape, new_format) {
            (Shape::OAuth, _) => return json!({ "error": self.code, "error_description": self.message }),
            (Shape::Api, true) => json!({ "code": self.code, "message": self.message }),
            (Shape::Api, false) => json!({ "code": self.status.as_u16(), "error_code": self.code, "msg": self.message }),
        };
        if let Some(reasons) = &self.weak_password_reasons {
            body["weak_password"] = json!({ "reasons": reasons });
        }
        if let (false, true, Some(id)) = (new_format, self.status.is_server_error(), request_id) {
            body["error_id"] = json!(id);
        }
        body
    }
}

impl From<sqlx::Error> for AuthError {
    fn from(error: sqlx::Error) -> AuthError {
        tracing::error!(%error, "auth: database error");
        AuthError::unexpected()
    }
}

impl From<anyhow::Error> for AuthError {
    fn from(error: anyhow::Error) -> AuthError {
        tracing::error!(error = %format!("{error:#}"), "auth: internal error");
        AuthError::unexpected()
    }
}

/// Answers in the legacy format; `render_errors` re-renders it when the client asked for the new one.
impl IntoResponse for AuthError {
    fn into_response(self) -> Response {
        let mut response = (self.status, Json(self.body(false, None))).into_response();
        let headers = response.headers_mut();
        if self.shape == Shape::Api {
            headers.insert("x-sb-error-code", HeaderValue::from_static(self.code));
        }
        if let Some(secs) = self.retry_after {
            headers.insert(http::header::RETRY_AFTER, HeaderValue::from(secs));
        }
        response.extensions_mut().insert(self);
        response
    }
}

/// Middleware on the auth router: knows the request, so it picks the error shape.
pub async fn render_errors(request: Request, next: Next) -> Response {
    let new_format = wants_new_format(request.headers());
    let request_id = request.headers().get("x-request-id").and_then(|v| v.to_str().ok()).map(str::to_owned);
    let mut response = next.run(request).await;
    let Some(error) = response.extensions_mut().remove::<AuthError>() else { return response };
    let needs_error_id = error.status.is_server_error() && request_id.is_some();
    if !new_format && !needs_error_id {
        return response;
    }
    let mut rendered = (error.status, Json(error.body(new_format, request_id.as_deref()))).into_response();
    for (name, value) in response.headers() {
        if name != http::header::CONTENT_LENGTH && name != http::header::CONTENT_TYPE {
            rendered.headers_mut().insert(name.clone(), value.clone());
        }
    }
    if new_format {
        rendered.headers_mut().insert(API_VERSION_HEADER, HeaderValue::from_static(API_VERSION_2024));
    }
    rendered
}

/// True when the request names an API version (a `YYYY-MM-DD` date) on or after 2024-01-01.
pub fn wants_new_format(headers: &HeaderMap) -> bool {
    let Some(version) = headers.get(API_VERSION_HEADER).and_then(|v| v.to_str().ok()) else { return false };
    let format = time::macros::format_description!("[year]-[month]-[day]");
    time::Date::parse(version.trim(), format).is_ok() && version.trim() >= API_VERSION_2024
}

/// An auth refusal met by an `/api/v1` endpoint (a bad or expired bearer token): the same
/// status and code, in the site API's envelope.
impl From<AuthError> for crate::platform::http::error::ApiError {
    fn from(error: AuthError) -> Self {
        use crate::platform::http::error::{ApiError, ErrorCode as C};
        let code = match error.code {
            "no_authorization" => C::NoAuthorization,
            "bad_jwt" => C::BadJwt,
            "session_not_found" => C::SessionNotFound,
            "session_expired" => C::SessionExpired,
            "user_not_found" => C::UserNotFound,
            "user_banned" => C::UserBanned,
            "over_request_rate_limit" | "over_email_send_rate_limit" => C::RateLimited,
            other => {
                tracing::error!(code = other, "auth: a refusal the site API has no code for");
                return ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, C::InternalError, "Something went wrong on our side.");
            }
        };
        ApiError { retry_after: error.retry_after, ..ApiError::new(error.status, code, error.message) }
    }
}

/// What `/auth/v1` answers when the HTTP stack refused a request before a handler could
/// (platform::http::json_errors): GoTrue's shape, in the format the client asked for.
pub fn for_status(status: StatusCode, request_headers: &HeaderMap) -> Response {
    let (code, message) = match status {
        StatusCode::NOT_FOUND => ("not_found", "Not Found"),
        StatusCode::METHOD_NOT_ALLOWED => ("method_not_allowed", "Method Not Allowed"),
        StatusCode::REQUEST_TIMEOUT => ("request_timeout", "Request timed out"),
        StatusCode::PAYLOAD_TOO_LARGE => ("request_entity_too_large", "Request body too large"),
        StatusCode::UNSUPPORTED_MEDIA_TYPE => ("bad_json", "The body must be sent as application/json"),
        StatusCode::TOO_MANY_REQUESTS => ("over_request_rate_limit", "Request rate limit reached"),
        s if s.is_server_error() => return render_now(AuthError::unexpected(), request_headers),
        _ => ("validation_failed", "Bad Request"),
    };
    render_now(AuthError::new(status, code, message), request_headers)
}

/// Renders outside the auth router's `render_errors`, honouring `X-Supabase-Api-Version`.
fn render_now(error: AuthError, request_headers: &HeaderMap) -> Response {
    let new_format = wants_new_format(request_headers);
    let request_id = request_headers.get("x-request-id").and_then(|v| v.to_str().ok());
    let mut response = (error.status, Json(error.body(new_format, request_id))).into_response();
    response.headers_mut().insert("x-sb-error-code", HeaderValue::from_static(error.code));
    if new_format {
        response.headers_mut().insert(API_VERSION_HEADER, HeaderValue::from_static(API_VERSION_2024));
    }
    response
}

/// Unknown paths under `/auth/v1` answer like GoTrue does, as JSON.
pub async fn not_found() -> AuthError {
    AuthError::not_found("not_found", "Not Found")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn legacy_shape_carries_the_status_and_error_code() {
        let error = AuthError::invalid_credentials();
        assert_eq!(error.body(false, None), json!({"code": 400, "error_code": "invalid_credentials", "msg": "Invalid login credentials"}));
    }

    #[test]
    fn new_shape_is_code_and_message() {
        let error = AuthError::weak_password("Password should be at least 6 characters.".into(), vec!["length"]);
        let body = error.body(true, None);
        assert_eq!(body["code"], "weak_password");
        assert_eq!(body["message"], "Password should be at least 6 characters.");
        assert_eq!(body["weak_password"]["reasons"], json!(["length"]));
    }

    #[test]
    fn oauth_shape_ignores_the_version() {
        let error = AuthError::oauth("invalid_request", "refresh_token required");
        assert_eq!(error.body(true, None), json!({"error": "invalid_request", "error_description": "refresh_token required"}));
    }

    #[test]
    fn server_errors_carry_the_request_id_in_the_legacy_shape() {
        assert_eq!(AuthError::unexpected().body(false, Some("req-1"))["error_id"], "req-1");
        assert!(AuthError::unexpected().body(true, Some("req-1")).get("error_id").is_none());
    }

    #[test]
    fn only_dated_versions_from_2024_select_the_new_shape() {
        let with = |v: &str| {
            let mut headers = HeaderMap::new();
            headers.insert(API_VERSION_HEADER, HeaderValue::from_str(v).unwrap());
            wants_new_format(&headers)
        };
        assert!(with("2024-01-01"));
        assert!(with("2025-06-30"));
        assert!(!with("2023-12-31"));
        assert!(!with("latest"));
        assert!(!wants_new_format(&HeaderMap::new()));
    }
}
