//! `POST /token?grant_type=password|refresh_token|pkce|id_token` (contract §3.2).

use std::net::IpAddr;

use axum::extract::State;
use axum::Json;
use serde::de::DeserializeOwned;
use serde::Deserialize;
use serde_json::Value;

use crate::auth::accounts;
use crate::auth::db::sessions::Client;
use crate::auth::db::users;
use crate::auth::errors::{AuthError, AuthResult};
use crate::auth::extract::{AuthQuery, Body, RequestClient};
use crate::auth::issue::{SessionView, WeakPassword};
use crate::auth::model::{Email, PasswordPolicy};
use crate::auth::passwords::Verdict;
use crate::auth::sign_in_limits::{self, Account};
use crate::auth::{issue, oidc, pkce, refresh};
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
    AuthQuery(query): AuthQuery<GrantQuery>,
    Body(body): Body<Value>,
) -> AuthResult<Json<SessionView>> {
    sign_in_limits::ceiling(&state, ip).await?;
    let session = match query.grant_type.as_deref().unwrap_or_default() {
        "password" => password_grant(&state, parse(body)?, &client, ip).await?,
        "refresh_token" => refresh::grant(&state, &parse::<RefreshGrant>(body)?.refresh_token.unwrap_or_default(), &client).await?,
        "pkce" => pkce_grant(&state, parse(body)?, &client).await?,
        "id_token" => oidc::id_token::grant(&state, parse(body)?, &client).await?,
        "web3" => return Err(AuthError::bad_request("web3_provider_disabled", "Web3 provider is disabled")),
        _ => return Err(AuthError::bad_request("invalid_credentials", "unsupported_grant_type")),
    };
    Ok(Json(session))
}

fn parse<T: DeserializeOwned>(body: Value) -> AuthResult<T> {
    serde_json::from_value(body).map_err(|e| AuthError::bad_request("bad_json", format!("Could not parse request body as JSON: {e}")))
}

/// Unknown address, no password and wrong password all answer `invalid_credentials`, after the
/// same amount of hashing work, and count alike toward the sign-in limits.
async fn password_grant(state: &AppState, grant: PasswordGrant, client: &Client, ip: IpAddr) -> AuthResult<SessionView> {
    let (account, email) = account_of(&grant)?;
    sign_in_limits::check_account(state, &account).await?;
    let password = grant.password.unwrap_or_default();
    // Hashing takes a while: look up and verify before taking the write lock.
    let mut conn = state.db.pool.acquire().await?;
    let user = match &email {
        Some(email) => users::find_by_email(&mut conn, email.as_str()).await?,
        None => None,
    };
    let stored = match &user {
        Some(user) => accounts::sign_in_password(&mut conn, user).await?,
        None => None,
    };
    drop(conn);
    let verdict = state.auth.passwords.verify(&password, stored.as_deref()).await?;
    let (Some(mut user), Verdict::Match | Verdict::MatchNeedsUpgrade) = (user, verdict) else {
        return Err(sign_in_limits::failed(state, ip, &account).await);
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
    let mut tx = state.db.begin_write().await?;
    sign_in_limits::succeeded(&mut tx, &account).await?;
    let mut session = issue::start_session(&mut tx, state, &mut user, "password", client).await?;
    tx.commit().await?;
    let policy = PasswordPolicy { min_length: state.config.auth.password_min_length.into() };
    if let Some((message, reasons)) = policy.weakness(&password) {
        session.weak_password = Some(WeakPassword { message, reasons });
    }
    Ok(session)
}

/// The account the grant names (for the limits) and its address when it is a valid one.
fn account_of(grant: &PasswordGrant) -> AuthResult<(Account, Option<Email>)> {
    let (email, phone) = (grant.email.as_deref().filter(|e| !e.is_empty()), grant.phone.as_deref().filter(|p| !p.is_empty()));
    match (email, phone) {
        (Some(_), Some(_)) => Err(AuthError::validation("Only an email address or phone number should be provided on login.")),
        (None, None) => Err(AuthError::validation("missing email or phone")),
        (None, Some(phone)) => Ok((Account::named(phone), None)),
        (Some(raw), None) => {
            let email = Email::parse(raw).ok();
            Ok((Account::named(email.as_ref().map_or(raw, Email::as_str)), email))
        }
    }
}

async fn pkce_grant(state: &AppState, grant: PkceGrant, client: &Client) -> AuthResult<SessionView> {
    let (Some(code), Some(verifier)) = (grant.auth_code.filter(|c| !c.is_empty()), grant.code_verifier.filter(|v| !v.is_empty())) else {
        return Err(AuthError::validation("invalid request: both auth code and code verifier should be non-empty"));
    };
    let mut tx = state.db.begin_write().await?;
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
