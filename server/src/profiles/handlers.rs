//! `GET`/`PATCH /api/v1/profile`: the caller's own row, nobody else's (the id comes from the
//! verified token, never from the request). Errors use the `/api/v1` envelope.

use axum::extract::State;
use axum::response::{IntoResponse, Response};
use axum::Json;
use http::StatusCode;
use serde_json::{json, Map, Value};

use super::db::{self, ProfileRow};
use super::model::{FieldErrors, ProfilePatch};
use crate::auth::errors::AuthError;
use crate::auth::extract::CurrentUser;
use crate::auth::model::timestamp;
use crate::platform::db::now_unix;
use crate::startup::AppState;

type ApiResult = Result<Response, Response>;

pub async fn get_profile(State(state): State<AppState>, caller: Result<CurrentUser, AuthError>) -> ApiResult {
    let caller = caller.map_err(auth_failure)?;
    let mut conn = state.db.pool.acquire().await.map_err(internal)?;
    let profile = db::find(&mut conn, &caller.user.id).await.map_err(internal)?.ok_or_else(not_found)?;
    Ok(Json(profile_json(&profile)).into_response())
}

pub async fn patch_profile(
    State(state): State<AppState>,
    caller: Result<CurrentUser, AuthError>,
    body: Result<Json<Map<String, Value>>, axum::extract::rejection::JsonRejection>,
) -> ApiResult {
    let caller = caller.map_err(auth_failure)?;
    let Json(body) =
        body.map_err(|_| envelope(StatusCode::BAD_REQUEST, "bad_json", "The body must be a JSON object.", FieldErrors::new()))?;
    let patch = ProfilePatch::parse(&body)
        .map_err(|fields| envelope(StatusCode::BAD_REQUEST, "validation_failed", "Some fields are not valid.", fields))?;
    let mut tx = state.db.pool.begin().await.map_err(internal)?;
    db::update(&mut tx, &caller.user.id, &patch, now_unix()).await.map_err(internal)?;
    let updated = db::find(&mut tx, &caller.user.id).await.map_err(internal)?.ok_or_else(not_found)?;
    tx.commit().await.map_err(internal)?;
    Ok(Json(profile_json(&updated)).into_response())
}

fn profile_json(profile: &ProfileRow) -> Value {
    json!({
        "id": profile.id,
        "first_name": profile.first_name,
        "last_name": profile.last_name,
        "country": profile.country,
        "avatar_url": profile.avatar_url,
        "created_at": timestamp(profile.created_at),
        "updated_at": timestamp(profile.updated_at),
    })
}

fn envelope(status: StatusCode, error_code: &str, message: &str, fields: FieldErrors) -> Response {
    (status, Json(json!({ "error_code": error_code, "message": message, "fields": fields }))).into_response()
}

/// The token's problem, with the auth service's code (no_authorization, bad_jwt, session_not_found …).
fn auth_failure(error: AuthError) -> Response {
    envelope(error.status, error.code, &error.message, FieldErrors::new())
}

fn not_found() -> Response {
    envelope(StatusCode::NOT_FOUND, "not_found", "This account has no profile.", FieldErrors::new())
}

fn internal(error: sqlx::Error) -> Response {
    tracing::error!(%error, "profiles: database error");
    envelope(StatusCode::INTERNAL_SERVER_ERROR, "internal", "Something went wrong on our side.", FieldErrors::new())
}
