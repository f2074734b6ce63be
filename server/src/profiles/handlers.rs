//! `GET`/`PATCH /api/v1/profile`: the caller's own row, nobody else's (the id comes from the
//! verified token, never from the request). Errors use the `/api/v1` envelope.

use axum::extract::State;
use axum::Json;
use http::StatusCode;
use serde_json::{Map, Value};

use super::db::{self, ProfileRow};
use super::model::{Profile, ProfileChanges, ProfilePatch};
use crate::auth::extract::ApiUser;
use crate::platform::db::now_unix;
use crate::platform::http::error::{ApiError, ErrorCode};
use crate::platform::http::extract::ApiJson;
use crate::startup::AppState;

type ApiResult = Result<Json<Profile>, ApiError>;

/// The signed-in user's profile.
#[utoipa::path(
    get,
    path = "/profile",
    tag = "profile",
    security(("bearer" = [])),
    responses(
        (status = 200, description = "The profile", body = Profile),
        (status = 401, description = "`no_authorization`: no bearer token", body = ApiError),
        (status = 403, description = "`bad_jwt`, `session_not_found`, `session_expired`, `user_not_found` or `user_banned`", body = ApiError),
        (status = 404, description = "`profile_not_found`", body = ApiError),
        (status = "default", description = "Any other refusal", body = ApiError),
    )
)]
pub async fn get_profile(ApiUser(caller): ApiUser, State(state): State<AppState>) -> ApiResult {
    let mut conn = state.db.pool.acquire().await.map_err(internal)?;
    let profile = db::find(&mut conn, &caller.user.id).await.map_err(internal)?.ok_or_else(not_found)?;
    Ok(Json(Profile::from(&profile)))
}

/// Changes some fields of the signed-in user's profile: an absent member is left alone, `null`
/// or `""` clears it. Signed in first, then the body: a caller without a session learns
/// nothing of the rules.
#[utoipa::path(
    patch,
    path = "/profile",
    tag = "profile",
    security(("bearer" = [])),
    request_body(content = ProfileChanges, content_type = "application/json"),
    responses(
        (status = 200, description = "The changed profile", body = Profile),
        (status = 400, description = "`validation_failed` with `fields` (`too_long`, `invalid`, `unknown_country`, `invalid_url`, `invalid_type`), or `invalid_body`", body = ApiError),
        (status = 401, description = "`no_authorization`: no bearer token", body = ApiError),
        (status = 403, description = "`bad_jwt`, `session_not_found`, `session_expired`, `user_not_found` or `user_banned`", body = ApiError),
        (status = 404, description = "`profile_not_found`", body = ApiError),
        (status = "default", description = "Any other refusal", body = ApiError),
    )
)]
pub async fn patch_profile(
    ApiUser(caller): ApiUser,
    State(state): State<AppState>,
    ApiJson(body): ApiJson<Map<String, Value>>,
) -> ApiResult {
    let patch = ProfilePatch::parse(&body).map_err(ApiError::fields)?;
    let mut tx = state.db.pool.begin().await.map_err(internal)?;
    db::update(&mut tx, &caller.user.id, &patch, now_unix()).await.map_err(internal)?;
    let updated: ProfileRow = db::find(&mut tx, &caller.user.id).await.map_err(internal)?.ok_or_else(not_found)?;
    tx.commit().await.map_err(internal)?;
    Ok(Json(Profile::from(&updated)))
}

pub(super) fn not_found() -> ApiError {
    ApiError::new(StatusCode::NOT_FOUND, ErrorCode::ProfileNotFound, "This account has no profile.")
}

pub(super) fn internal(error: sqlx::Error) -> ApiError {
    ApiError::internal("profiles: database error", &error)
}
