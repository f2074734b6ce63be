//! The newsletter's errors, mapped to HTTP in this one place (the `/api/v1` envelope).

use axum::response::{IntoResponse, Response};
use http::StatusCode;

use crate::platform::http::error::{ApiError, ErrorCode};
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

impl From<NewsletterError> for ApiError {
    fn from(error: NewsletterError) -> ApiError {
        use ErrorCode as C;
        let (code, message) = match error {
            NewsletterError::InvalidBody => (C::InvalidBody, "The body must be a JSON object."),
            NewsletterError::InvalidEmail => (C::InvalidEmail, "email is not a valid e-mail address."),
            NewsletterError::InvalidLanguage => (C::InvalidLanguage, "language must be en, es or pt."),
            NewsletterError::InvalidSource => (C::InvalidSource, "source must be 1 to 32 of a-z, 0-9, _ and -."),
            NewsletterError::InvalidToken => (C::InvalidToken, "The link is not valid."),
            NewsletterError::TokenExpired => {
                return ApiError::new(
                    StatusCode::GONE,
                    C::TokenExpired,
                    "The confirmation link has expired; subscribe again for a new one.",
                )
            }
            NewsletterError::RateLimited(retry) => return ApiError::rate_limited(retry),
            NewsletterError::Database(e) => return ApiError::internal("newsletter: database error", &e),
        };
        ApiError::bad_request(code, message)
    }
}

impl IntoResponse for NewsletterError {
    fn into_response(self) -> Response {
        ApiError::from(self).into_response()
    }
}

impl From<crate::platform::email::InvalidEmail> for NewsletterError {
    fn from(_: crate::platform::email::InvalidEmail) -> NewsletterError {
        NewsletterError::InvalidEmail
    }
}
