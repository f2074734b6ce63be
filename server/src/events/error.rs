//! The events endpoint's errors, mapped to HTTP in this one place.

use axum::response::{IntoResponse, Response};

use crate::platform::http::error::{ApiError, ErrorCode};
use crate::platform::rate_limit::RetryAfter;

#[derive(Debug, thiserror::Error)]
pub enum EventsError {
    #[error("the body is not the expected JSON object")]
    InvalidBody,
    #[error("unknown event name")]
    InvalidEvent,
    #[error("language must be en, es or pt")]
    InvalidLanguage,
    #[error("source must match [a-z0-9_-]{{0,64}}")]
    InvalidSource,
    #[error("too many events; retry after {} s", .0 .0)]
    RateLimited(RetryAfter),
    #[error("database: {0}")]
    Database(#[from] sqlx::Error),
}

impl From<EventsError> for ApiError {
    fn from(error: EventsError) -> ApiError {
        use ErrorCode as C;
        let (code, message) = match error {
            EventsError::InvalidBody => (C::InvalidBody, "The body must be a JSON object."),
            EventsError::InvalidEvent => (C::InvalidEvent, "name is not an event this site counts."),
            EventsError::InvalidLanguage => (C::InvalidLanguage, "language must be en, es or pt."),
            EventsError::InvalidSource => (C::InvalidSource, "source must be up to 64 of a-z, 0-9, _ and - (a post slug fits)."),
            EventsError::RateLimited(retry) => return ApiError::rate_limited(retry),
            EventsError::Database(e) => return ApiError::internal("events: database error", &e),
        };
        ApiError::bad_request(code, message)
    }
}

impl IntoResponse for EventsError {
    fn into_response(self) -> Response {
        ApiError::from(self).into_response()
    }
}
