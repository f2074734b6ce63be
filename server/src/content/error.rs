//! The content feature's errors, mapped to HTTP in this one place.

use axum::response::{IntoResponse, Response};
use http::StatusCode;

use crate::platform::http::error::{ApiError, ErrorCode};

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

impl From<ContentError> for ApiError {
    fn from(error: ContentError) -> ApiError {
        use ErrorCode as C;
        let (status, code, message) = match error {
            ContentError::InvalidLang => (StatusCode::BAD_REQUEST, C::InvalidLanguage, "lang must be en, es or pt."),
            ContentError::InvalidLimit => (StatusCode::BAD_REQUEST, C::InvalidLimit, "limit must be a number from 1 to 50."),
            ContentError::InvalidCursor => (StatusCode::BAD_REQUEST, C::InvalidCursor, "cursor is not valid."),
            ContentError::InvalidKind => (StatusCode::BAD_REQUEST, C::InvalidKind, "kind must be region, type or theme."),
            ContentError::InvalidType => (StatusCode::BAD_REQUEST, C::InvalidType, "type must be beaches, mountains, cities or cultural."),
            ContentError::PostNotFound => (StatusCode::NOT_FOUND, C::PostNotFound, "No such post."),
            ContentError::DestinationNotFound => (StatusCode::NOT_FOUND, C::DestinationNotFound, "No such destination."),
            ContentError::MediaNotFound => (StatusCode::NOT_FOUND, C::MediaNotFound, "No such image."),
            ContentError::Database(e) => return ApiError::internal("content query failed", &e),
        };
        ApiError::new(status, code, message)
    }
}

impl IntoResponse for ContentError {
    fn into_response(self) -> Response {
        ApiError::from(self).into_response()
    }
}
