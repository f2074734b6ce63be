//! The events endpoint's errors, mapped to HTTP in this one place.

use axum::response::{IntoResponse, Response};
use http::{HeaderValue, StatusCode};

use crate::platform::http::error::api_error;
use crate::platform::rate_limit::RetryAfter;

#[derive(Debug, thiserror::Error)]
pub enum EventsError {
    #[error("the body is not the expected JSON object")]
    InvalidBody,
    #[error("unknown event name")]
    InvalidEvent,
    #[error("language must be en, es or pt")]
    InvalidLanguage,
    #[error("source must match [a-z0-9_-]{{0,32}}")]
    InvalidSource,
    #[error("too many events; retry after {} s", .0 .0)]
    RateLimited(RetryAfter),
    #[error("database: {0}")]
    Database(#[from] sqlx::Error),
}

impl EventsError {
    pub fn code(&self) -> &'static str {
        match self {
            EventsError::InvalidBody => "invalid_body",
            EventsError::InvalidEvent => "invalid_event",
            EventsError::InvalidLanguage => "invalid_language",
            EventsError::InvalidSource => "invalid_source",
            EventsError::RateLimited(_) => "rate_limited",
            EventsError::Database(_) => "internal_error",
        }
    }
}

impl IntoResponse for EventsError {
    fn into_response(self) -> Response {
        let (status, message) = match &self {
            EventsError::InvalidBody => (StatusCode::BAD_REQUEST, "The body must be a JSON object."),
            EventsError::InvalidEvent => (StatusCode::BAD_REQUEST, "name is not an event this site counts."),
            EventsError::InvalidLanguage => (StatusCode::BAD_REQUEST, "language must be en, es or pt."),
            EventsError::InvalidSource => (StatusCode::BAD_REQUEST, "source must be up to 32 of a-z, 0-9, _ and -."),
            EventsError::RateLimited(_) => (StatusCode::TOO_MANY_REQUESTS, "Too many events; try again later."),
            EventsError::Database(e) => {
                tracing::error!(error = %e, "events: database error");
                (StatusCode::INTERNAL_SERVER_ERROR, "Something went wrong on our side.")
            }
        };
        let mut response = api_error(status, self.code(), message);
        if let EventsError::RateLimited(RetryAfter(secs)) = self {
            response.headers_mut().insert(http::header::RETRY_AFTER, HeaderValue::from(secs));
        }
        response
    }
}
