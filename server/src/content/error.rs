//! The content feature's errors, mapped to HTTP in this one place.

use axum::response::{IntoResponse, Response};
use http::StatusCode;

use crate::platform::http::error::api_error;

#[derive(Debug, thiserror::Error)]
pub enum ContentError {
    #[error("lang must be en, es or pt")]
    InvalidLang,
    #[error("limit must be a number from 1 to 50")]
    InvalidLimit,
    #[error("cursor is not one this API gave out")]
    InvalidCursor,
    #[error("kind must be region, type or theme")]
    InvalidKind,
    #[error("type must be beaches, mountains, cities or cultural")]
    InvalidType,
    #[error("no such post")]
    PostNotFound,
    #[error("no such destination")]
    DestinationNotFound,
    #[error("no such image")]
    MediaNotFound,
    #[error("database: {0}")]
    Database(#[from] sqlx::Error),
}

impl IntoResponse for ContentError {
    fn into_response(self) -> Response {
        let (status, code, message) = match self {
            ContentError::InvalidLang => (StatusCode::BAD_REQUEST, "invalid_lang", "lang must be en, es or pt."),
            ContentError::InvalidLimit => (StatusCode::BAD_REQUEST, "invalid_limit", "limit must be a number from 1 to 50."),
            ContentError::InvalidCursor => (StatusCode::BAD_REQUEST, "invalid_cursor", "cursor is not valid."),
            ContentError::InvalidKind => (StatusCode::BAD_REQUEST, "invalid_kind", "kind must be region, type or theme."),
            ContentError::InvalidType => (StatusCode::BAD_REQUEST, "invalid_type", "type must be beaches, mountains, cities or cultural."),
            ContentError::PostNotFound => (StatusCode::NOT_FOUND, "post_not_found", "No such post."),
            ContentError::DestinationNotFound => (StatusCode::NOT_FOUND, "destination_not_found", "No such destination."),
            ContentError::MediaNotFound => (StatusCode::NOT_FOUND, "media_not_found", "No such image."),
            ContentError::Database(e) => {
                tracing::error!(error = %e, "content query failed");
                (StatusCode::INTERNAL_SERVER_ERROR, "internal_error", "Something went wrong on our side.")
            }
        };
        api_error(status, code, message)
    }
}
