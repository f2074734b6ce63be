//! `GET /account/sessions` and `DELETE /account/sessions/{id}`: the devices signed in to the
//! account, and signing one of them out. (Signing out all the others is auth-js's
//! `signOut({ scope: 'others' })`.)

use axum::extract::{Path, State};
use axum::Json;
use http::StatusCode;
use serde::Serialize;
use utoipa::ToSchema;

use super::internal;
use crate::auth::db::Conn;
use crate::auth::extract::ApiUser;
use crate::auth::model::timestamp;
use crate::platform::http::error::{ApiError, ErrorCode};
use crate::startup::AppState;

/// A signed-in device.
#[derive(Debug, Serialize, ToSchema)]
pub struct DeviceSession {
    pub id: String,
    /// The browser's User-Agent when it last signed in or refreshed.
    pub user_agent: Option<String>,
    pub ip: Option<String>,
    /// `aal1`, or `aal2` once a second factor was given.
    pub aal: String,
    pub created_at: String,
    pub last_seen_at: String,
    /// The session of the token that asked.
    pub current: bool,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct DeviceSessions {
    pub sessions: Vec<DeviceSession>,
}

pub async fn sessions_of(conn: &mut Conn, user_id: &str, current: Option<&str>) -> sqlx::Result<Vec<DeviceSession>> {
    type Row = (String, Option<String>, Option<String>, String, i64, i64);
    let rows: Vec<Row> = sqlx::query_as(
        "SELECT id, user_agent, ip, aal, created_at, COALESCE(refreshed_at, created_at) AS last_seen FROM auth_sessions \
         WHERE user_id = $1 ORDER BY last_seen DESC, id",
    )
    .bind(user_id)
    .fetch_all(conn)
    .await?;
    Ok(rows
        .into_iter()
        .map(|(id, user_agent, ip, aal, created_at, last_seen)| DeviceSession {
            current: current == Some(id.as_str()),
            id,
            user_agent,
            ip,
            aal,
            created_at: timestamp(created_at),
            last_seen_at: timestamp(last_seen),
        })
        .collect())
}

/// The devices signed in to the caller's account, the most recently seen first.
#[utoipa::path(
    get,
    path = "/account/sessions",
    tag = "account",
    security(("bearer" = [])),
    responses(
        (status = 200, description = "The signed-in devices", body = DeviceSessions),
        (status = 401, description = "`no_authorization`: no bearer token", body = ApiError),
        (status = 403, description = "`bad_jwt`, `session_not_found`, `session_expired`, `user_not_found` or `user_banned`", body = ApiError),
        (status = "default", description = "Any other refusal", body = ApiError),
    )
)]
pub async fn list_sessions(ApiUser(caller): ApiUser, State(state): State<AppState>) -> Result<Json<DeviceSessions>, ApiError> {
    let mut conn = state.db.pool.acquire().await.map_err(internal)?;
    let current = caller.session.as_ref().map(|s| s.id.as_str());
    Ok(Json(DeviceSessions { sessions: sessions_of(&mut conn, &caller.user.id, current).await.map_err(internal)? }))
}

/// Signs one of the caller's devices out: its refresh token stops working at once and its
/// access tokens are refused.
#[utoipa::path(
    delete,
    path = "/account/sessions/{id}",
    tag = "account",
    security(("bearer" = [])),
    params(("id" = String, Path, description = "The session's id")),
    responses(
        (status = 204, description = "Signed out"),
        (status = 401, description = "`no_authorization`: no bearer token", body = ApiError),
        (status = 403, description = "`bad_jwt`, `session_not_found`, `session_expired`, `user_not_found` or `user_banned`", body = ApiError),
        (status = 404, description = "`session_not_found`: no such session of this account", body = ApiError),
        (status = "default", description = "Any other refusal", body = ApiError),
    )
)]
pub async fn end_session(ApiUser(caller): ApiUser, State(state): State<AppState>, Path(id): Path<String>) -> Result<StatusCode, ApiError> {
    let mut tx = state.db.begin_write().await.map_err(internal)?;
    let deleted = sqlx::query("DELETE FROM auth_sessions WHERE id = $1 AND user_id = $2")
        .bind(&id)
        .bind(&caller.user.id)
        .execute(&mut *tx)
        .await
        .map_err(internal)?;
    tx.commit().await.map_err(internal)?;
    if deleted.rows_affected() == 0 {
        return Err(ApiError::new(StatusCode::NOT_FOUND, ErrorCode::SessionNotFound, "This account has no such session."));
    }
    Ok(StatusCode::NO_CONTENT)
}
