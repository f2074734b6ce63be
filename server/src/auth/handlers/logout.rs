//! `POST /logout?scope=global|local|others` (contract §3.9): 204 with no body.

use axum::extract::State;
use http::StatusCode;
use serde::Deserialize;

use crate::auth::db::sessions;
use crate::auth::errors::{AuthError, AuthResult};
use crate::auth::extract::{AuthQuery, CurrentUser};
use crate::startup::AppState;

#[derive(Debug, Deserialize)]
pub struct LogoutQuery {
    scope: Option<String>,
}

#[derive(Debug, Clone, Copy)]
enum Scope {
    Global,
    Local,
    Others,
}

pub async fn logout(
    State(state): State<AppState>,
    caller: CurrentUser,
    AuthQuery(query): AuthQuery<LogoutQuery>,
) -> AuthResult<StatusCode> {
    let scope = match query.scope.as_deref().unwrap_or_default() {
        "" | "global" => Scope::Global,
        "local" => Scope::Local,
        "others" => Scope::Others,
        other => return Err(AuthError::validation(format!("Unsupported logout scope {other:?}"))),
    };
    let mut conn = state.db.pool.acquire().await?;
    let user_id = &caller.user.id;
    // A token without a session id (GoTrue allows them) is treated as global.
    match (scope, &caller.session) {
        (Scope::Global, _) | (_, None) => sessions::delete_all_of_user(&mut conn, user_id).await?,
        (Scope::Local, Some(session)) => sessions::delete(&mut conn, &session.id).await?,
        (Scope::Others, Some(session)) => sessions::delete_others_of_user(&mut conn, user_id, &session.id).await?,
    }
    Ok(StatusCode::NO_CONTENT)
}
