//! The newsletter's errors, mapped to HTTP in this one place (the `/api/v1` envelope).

use axum::response::{IntoResponse, Response};
use http::{HeaderValue, StatusCode};

use crate::platform::http::error::api_error;
use crate::platform::rate_limit::RetryAfter;

#[derive(Debug, thiserror::Error)]
pub enum NewsletterError {
    #[error("the body is not the expected JSON object")]
    InvalidBody,
    #[error("not a valid e-mail address")]
    InvalidEmail,
    #[error("language must be en, es or pt")]
    InvalidLanguage,
    #[error("source must match [a-z0-9_-]{{1,32}}")]
    InvalidSource,
    #[error("unknown, malformed or no longer valid token")]
    InvalidToken,
    #[error("the confirmation link expired")]
    TokenExpired,
    #[error("too many requests; retry after {} s", .0 .0)]
    RateLimited(RetryAfter),
    #[error("database: {0}")]
    Database(#[from] sqlx::Error),
}

impl NewsletterError {
    /// The stable `error_code` the web app translates.
    pub fn code(&self) -> &'static str {
        match self {
            NewsletterError::InvalidBody => "invalid_body",
            NewsletterError::InvalidEmail => "invalid_email",
            NewsletterError::InvalidLanguage => "invalid_language",
            NewsletterError::InvalidSource => "invalid_source",
            NewsletterError::InvalidToken => "invalid_token",
            NewsletterError::TokenExpired => "token_expired",
            NewsletterError::RateLimited(_) => "rate_limited",
            NewsletterError::Database(_) => "internal_error",
        }
    }
}

impl IntoResponse for NewsletterError {
    fn into_response(self) -> Response {
        let (status, message) = match &self {
            NewsletterError::InvalidBody => (StatusCode::BAD_REQUEST, "The body must be a JSON object."),
            NewsletterError::InvalidEmail => (StatusCode::BAD_REQUEST, "email is not a valid e-mail address."),
            NewsletterError::InvalidLanguage => (StatusCode::BAD_REQUEST, "language must be en, es or pt."),
            NewsletterError::InvalidSource => (StatusCode::BAD_REQUEST, "source must be 1 to 32 of a-z, 0-9, _ and -."),
            NewsletterError::InvalidToken => (StatusCode::BAD_REQUEST, "The link is not valid."),
            NewsletterError::TokenExpired => (StatusCode::GONE, "The confirmation link has expired; subscribe again for a new one."),
            NewsletterError::RateLimited(_) => (StatusCode::TOO_MANY_REQUESTS, "Too many requests; try again later."),
            NewsletterError::Database(e) => {
                tracing::error!(error = %e, "newsletter: database error");
                (StatusCode::INTERNAL_SERVER_ERROR, "Something went wrong on our side.")
            }
        };
        let mut response = api_error(status, self.code(), message);
        if let NewsletterError::RateLimited(RetryAfter(secs)) = self {
            response.headers_mut().insert(http::header::RETRY_AFTER, HeaderValue::from(secs));
        }
        response
    }
}
