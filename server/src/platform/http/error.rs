//! The `/api/v1` error envelope (ARCHITECTURE decision 2): a stable code the web app
//! translates, and a developer-facing message. Internal details are logged, never sent.

use axum::response::{IntoResponse, Response};
use axum::Json;
use http::StatusCode;
use serde::Serialize;

#[derive(Debug, Serialize)]
pub struct ErrorBody {
    pub error_code: &'static str,
    pub message: &'static str,
}

pub fn api_error(status: StatusCode, error_code: &'static str, message: &'static str) -> Response {
    (status, Json(ErrorBody { error_code, message })).into_response()
}

/// Unknown `/api/*` paths answer JSON, not the HTML not-found page.
pub async fn api_not_found() -> Response {
    api_error(StatusCode::NOT_FOUND, "not_found", "No such API endpoint.")
}
