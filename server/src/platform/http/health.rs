//! Liveness (`/health`: the process answers) and readiness (`/ready`: so does the database).

use axum::extract::State;
use axum::response::{IntoResponse, Response};
use axum::Json;
use http::StatusCode;
use serde_json::json;

use crate::platform::metadata;
use crate::startup::AppState;

pub async fn health() -> Response {
    Json(json!({ "status": "ok" })).into_response()
}

/// Reads a row every migrated database has, so a database that answers but was never
/// migrated is not ready either.
pub async fn ready(State(state): State<AppState>) -> Response {
    if matches!(metadata::get(&state.db, "installed_at").await, Ok(Some(_))) {
        Json(json!({ "status": "ready", "database": "ok" })).into_response()
    } else {
        tracing::warn!("readiness check: the database does not answer");
        (StatusCode::SERVICE_UNAVAILABLE, Json(json!({ "status": "unavailable", "database": "unreachable" }))).into_response()
    }
}
