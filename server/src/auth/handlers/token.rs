//! `POST /token?grant_type=password|refresh_token|pkce` (contract §3.2).

use axum::extract::{Query, State};
use axum::Json;
use serde::de::DeserializeOwned;
use serde::Deserialize;
use serde_json::{json, Value};

use crate::auth::db::sessions::Client;
use crate::auth::db::{self, users};
use crate::auth::errors::{AuthError, AuthResult};
use crate::auth::extract::{Body, RequestClient};
use crate::auth::limits::{self, Bucket};
use crate::auth::model::{Email, PasswordPolicy};
use crate::auth::passwords::Verdict;
use crate::auth::{issue, pkce, refresh};
use crate::platform::db::now_unix;
use crate::platform::http::client_ip::ClientIp;
use crate::startup::AppState;

#[derive(Debug, Deserialize)]
pub struct GrantQuery {
    grant_type: Option<String>,
}

#[derive(Debug, Default, Deserialize)]
struct PasswordGrant {
    email: Option<String>,
    phone: Option<String>,
    password: Option<String>,
}

#[derive(Debug, Default, Deserialize)]
struct RefreshGrant {
    refresh_token: Option<String>,
}

#[derive(Debug, Default, Deserialize)]
struct PkceGrant {
    auth_code: Option<String>,
    code_verifier: Option<String>,
}

pub async fn token(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    RequestClient(client): RequestClient,
    Query(query): Query<GrantQuery>,
    Body(body): Body<Value>,
) -> AuthResult<Json<Value>> {
    limits::per_ip(&state, Bucket::Token, ip)?;
    let session = match query.grant_type.as_deref().unwrap_or_default() {
        "password" => password_grant(&state, parse(body)?, &client).await?,
        "refresh_token" => refresh::grant(&state, &parse::<RefreshGrant>(body)?.refresh_token.unwrap_or_default(), &client).await?,
        "pkce" => pkce_grant(&state, parse(body)?, &client).await?,
        _ => return Err(AuthError::bad_request("invalid_credentials", "unsupported_grant_type")),
    };
    Ok(Json(session))
}

fn parse<T: DeserializeOwned>(body: Value) -> AuthResult<T> {
    serde_json::from_value(body).map_err(|e| AuthError::bad_request("bad_json", format!("Could not parse request body as JSON: {e}")))
}

/// Unknown address, no password and wrong password all answer `invalid_credentials`, after the
/// same amount of hashing work.
async fn password_grant(state: &AppState, grant: PasswordGrant, client: &Client) -> AuthResult<Value> {
    let (email, phone) = (grant.email.filter(|e| !e.is_empty()), grant.phone.filter(|p| !p.is_empty()));
    let email = match (email, phone) {
        (Some(_), Some(_)) => return Err(AuthError::validation("Only an email address or phone number should be provided on login.")),
        (None, None) => return Err(AuthError::validation("missing email or phone")),
        (None, Some(_)) => None,
        (Some(email), None) => Email::parse(&email).ok(),
    };
    let password = grant.password.unwrap_or_default();
    // Hashing takes a while: look up and verify before taking the write lock.
    let user = match &email {
        Some(email) => users::find_by_email(&mut *state.db.pool.acquire().await?, email.as_str()).await?,
        None => None,
    };
    let stored = user.as_ref().and_then(|u| u.encrypted_password.as_deref());
    let verdict = state.auth.passwords.verify(&password, stored).await?;
    let (Some(mut user), Verdict::Match | Verdict::MatchNeedsUpgrade) = (user, verdict) else {
        return Err(AuthError::invalid_credentials());
    };
    if user.is_banned(now_unix()) {
        return Err(AuthError::bad_request("user_banned", "User is banned"));
    }
    if !user.is_confirmed() {
        return Err(AuthError::bad_request("email_not_confirmed", "Email not confirmed"));
    }
    if verdict == Verdict::MatchNeedsUpgrade {
        user.encrypted_password = Some(state.auth.passwords.hash(&password).await?);
    }
    let mut tx = db::begin(&state.db).await?;
    let mut session = issue::start_session(&mut tx, state, &mut user, "password", client).await?;
    tx.commit().await?;
    let policy = PasswordPolicy { min_length: state.config.auth.password_min_length.into() };
    if let Some((message, reasons)) = policy.weakness(&password) {
        session["weak_password"] = json!({ "message": message, "reasons": reasons });
    }
    Ok(session)
}

async fn pkce_grant(state: &AppState, grant: PkceGrant, client: &Client) -> AuthResult<Value> {
    let (Some(code), Some(verifier)) = (grant.auth_code.filter(|c| !c.is_empty()), grant.code_verifier.filter(|v| !v.is_empty())) else {
        return Err(AuthError::validation("invalid request: both auth code and code verifier should be non-empty"));
    };
    let mut tx = db::begin(&state.db).await?;
    let flow = match pkce::exchange(&mut tx, &code, &verifier).await {
        Ok(flow) => flow,
        Err(error) => {
            // An expired flow is deleted even though the request fails.
            tx.commit().await?;
            return Err(error);
        }
    };
    let user_id = flow.user_id.unwrap_or_default();
    let mut user = users::find_by_id(&mut tx, &user_id).await?.ok_or_else(|| AuthError::not_found("user_not_found", "User not found"))?;
    let session = issue::start_session(&mut tx, state, &mut user, &flow.authentication_method, client).await?;
    tx.commit().await?;
    Ok(session)
}
