//! `GET /user/identities/authorize` (link another provider while signed in) and
//! `DELETE /user/identities/{id}` (unlink one, never the last), behind `AUTH_MANUAL_LINKING`.

use axum::extract::{Path, State};
use axum::response::{IntoResponse, Redirect, Response};
use axum::Json;
use serde::Deserialize;
use serde_json::{json, Value};

use super::{empty, Empty};
use crate::auth::db::users;
use crate::auth::errors::{AuthError, AuthResult};
use crate::auth::extract::{AuthQuery, CurrentUser};
use crate::auth::limits::{self, Bucket};
use crate::auth::model::parse_object;
use crate::auth::oidc::flow;
use crate::auth::{pkce, redirect};
use crate::platform::db::now_unix;
use crate::platform::http::client_ip::ClientIp;
use crate::startup::AppState;

fn manual_linking(state: &AppState) -> AuthResult<()> {
    if state.config.auth.manual_linking {
        Ok(())
    } else {
        Err(AuthError::not_found("manual_linking_disabled", "Manual linking is disabled"))
    }
}

#[derive(Debug, Default, Deserialize)]
pub struct LinkQuery {
    provider: Option<String>,
    redirect_to: Option<String>,
    code_challenge: Option<String>,
    code_challenge_method: Option<String>,
    skip_http_redirect: Option<bool>,
}

pub async fn link(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    caller: CurrentUser,
    AuthQuery(query): AuthQuery<LinkQuery>,
) -> AuthResult<Response> {
    manual_linking(&state)?;
    limits::per_ip(&state, Bucket::Verify, ip).await?;
    let provider = flow::enabled(&state, query.provider.as_deref())?;
    let challenge = pkce::parse(query.code_challenge.as_deref(), query.code_challenge_method.as_deref())?;
    let target = redirect::validate(&state.config, query.redirect_to.as_deref());
    let (url, cookie) = flow::start(&state, provider, &target, challenge, Some(&caller.user.id)).await?;
    let mut response = if query.skip_http_redirect.unwrap_or(false) {
        Json(json!({ "url": url })).into_response()
    } else {
        Redirect::to(&url).into_response()
    };
    response.headers_mut().insert(http::header::SET_COOKIE, cookie);
    Ok(response)
}

pub async fn unlink(State(state): State<AppState>, caller: CurrentUser, Path(identity_id): Path<String>) -> AuthResult<Json<Empty>> {
    manual_linking(&state)?;
    let mut tx = state.db.begin_write().await?;
    let identities = users::identities_of(&mut tx, &caller.user.id).await?;
    let identity = identities
        .iter()
        .find(|i| i.id == identity_id)
        .ok_or_else(|| AuthError::not_found("identity_not_found", "Identity doesn't exist"))?;
    if identities.len() <= 1 {
        return Err(AuthError::unprocessable("single_identity_not_deletable", "User must have at least 1 identity after unlinking"));
    }
    users::delete_identity(&mut tx, &identity.id).await?;
    let remaining: Vec<&str> = identities.iter().filter(|i| i.id != identity.id).map(|i| i.provider.as_str()).collect();
    let mut user = caller.user;
    let mut app_metadata = parse_object(&user.app_metadata);
    let mut providers: Vec<&str> = remaining.clone();
    providers.dedup();
    app_metadata.insert("providers".into(), json!(providers));
    if app_metadata.get("provider").and_then(Value::as_str).is_none_or(|p| !remaining.contains(&p)) {
        app_metadata.insert("provider".into(), json!(remaining[0]));
    }
    user.app_metadata = Value::Object(app_metadata).to_string();
    user.updated_at = now_unix();
    users::save(&mut tx, &user).await?;
    tx.commit().await?;
    Ok(empty())
}
