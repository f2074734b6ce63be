//! The browser's round trip: `GET /authorize?provider=google&redirect_to=…` records the flow
//! and sends the browser to the provider with a `state`, a `nonce` and our own PKCE challenge;
//! `GET /callback` takes the provider's code back, checks that the same browser started the
//! flow (a cookie whose hash the flow row holds), exchanges the code, verifies the ID token and
//! lands on `redirect_to` with a session (implicit flow) or a one-time code (PKCE).

use axum::extract::State;
use axum::response::{IntoResponse, Redirect, Response};
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;
use http::{HeaderMap, HeaderValue, StatusCode};
use serde::Deserialize;
use sha2::{Digest, Sha256};

use super::provider::{Provider, ProviderError};
use super::{accounts, provider_not_enabled, GOOGLE};
use crate::auth::db::sessions::Client;
use crate::auth::db::Conn;
use crate::auth::errors::{AuthError, AuthResult};
use crate::auth::extract::{AuthQuery, RequestClient};
use crate::auth::limits::{self, Bucket};
use crate::auth::pkce::{self, Challenge};
use crate::auth::secrets::{random_token, sha256_hex};
use crate::auth::{issue, landing, redirect};
use crate::platform::db::now_unix;
use crate::platform::http::client_ip::ClientIp;
use crate::startup::AppState;

const FLOW_TTL_SECS: i64 = 600;
const COOKIE: &str = "rumbo-oauth";
const SCOPES: &str = "openid email profile";

#[derive(Debug, Default, Deserialize)]
pub struct AuthorizeQuery {
    provider: Option<String>,
    redirect_to: Option<String>,
    code_challenge: Option<String>,
    code_challenge_method: Option<String>,
}

pub async fn authorize(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    AuthQuery(query): AuthQuery<AuthorizeQuery>,
) -> AuthResult<Response> {
    limits::per_ip(&state, Bucket::Verify, ip).await?;
    let provider = enabled(&state, query.provider.as_deref())?;
    let challenge = pkce::parse(query.code_challenge.as_deref(), query.code_challenge_method.as_deref())?;
    let target = redirect::validate(&state.config, query.redirect_to.as_deref());
    let (location, cookie) = start(&state, provider, &target, challenge, None).await?;
    let mut response = Redirect::to(&location).into_response();
    response.headers_mut().insert(http::header::SET_COOKIE, cookie);
    Ok(response)
}

/// The provider named by `?provider=`, when it is on.
pub fn enabled<'a>(state: &'a AppState, name: Option<&str>) -> AuthResult<&'a Provider> {
    match name.map(str::to_ascii_lowercase).as_deref() {
        Some(GOOGLE) => state.auth.google.as_ref().ok_or_else(provider_not_enabled),
        None | Some("") => Err(AuthError::validation("Unsupported provider: missing provider")),
        Some(_) => Err(provider_not_enabled()),
    }
}

/// Records a flow; answers the provider's authorization URL and the cookie binding the flow to
/// this browser.
pub async fn start(
    state: &AppState,
    provider: &Provider,
    target: &str,
    challenge: Option<Challenge>,
    linking_user: Option<&str>,
) -> AuthResult<(String, HeaderValue)> {
    let discovery = provider.discovery().await.map_err(unavailable)?;
    let (flow_state, browser, nonce, verifier) = (random_token(32), random_token(32), random_token(32), random_token(64));
    let mut tx = state.db.begin_write().await?;
    sqlx::query("DELETE FROM auth_oauth_states WHERE created_at < $1").bind(now_unix() - FLOW_TTL_SECS).execute(&mut *tx).await?;
    sqlx::query(
        "INSERT INTO auth_oauth_states (id, browser_hash, provider, nonce, code_verifier, redirect_to, code_challenge, code_challenge_method, linking_user_id, created_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)",
    )
    .bind(sha256_hex(&flow_state))
    .bind(sha256_hex(&browser))
    .bind(GOOGLE)
    .bind(&nonce)
    .bind(&verifier)
    .bind(target)
    .bind(challenge.as_ref().map(|c| c.challenge.clone()))
    .bind(challenge.as_ref().map(|c| c.method.clone()))
    .bind(linking_user)
    .bind(now_unix())
    .execute(&mut *tx)
    .await?;
    tx.commit().await?;
    let query = url::form_urlencoded::Serializer::new(String::new())
        .extend_pairs([
            ("client_id", provider.client_id.as_str()),
            ("redirect_uri", &callback_url(state)),
            ("response_type", "code"),
            ("scope", SCOPES),
            ("state", &flow_state),
            ("nonce", &nonce),
            ("code_challenge", &URL_SAFE_NO_PAD.encode(Sha256::digest(verifier.as_bytes()))),
            ("code_challenge_method", "S256"),
        ])
        .finish();
    let separator = if discovery.authorization_endpoint.contains('?') { '&' } else { '?' };
    Ok((format!("{}{separator}{query}", discovery.authorization_endpoint), flow_cookie(state, &browser, FLOW_TTL_SECS)))
}

fn callback_url(state: &AppState) -> String {
    format!("{}/callback", state.auth.issuer)
}

/// HttpOnly, SameSite=Lax (sent on the provider's top-level redirect back), Secure on https.
fn flow_cookie(state: &AppState, value: &str, max_age: i64) -> HeaderValue {
    let secure = if state.config.site_url.scheme() == "https" { "; Secure" } else { "" };
    HeaderValue::from_str(&format!("{COOKIE}={value}; Path=/auth/v1; Max-Age={max_age}; HttpOnly; SameSite=Lax{secure}"))
        .expect("cookie characters are safe")
}

fn unavailable(error: ProviderError) -> AuthError {
    tracing::warn!(%error, "auth: the OpenID provider failed");
    AuthError::new(StatusCode::BAD_GATEWAY, "unexpected_failure", "The sign-in provider could not be reached. Try again in a moment.")
}

#[derive(Debug, Default, Deserialize)]
pub struct CallbackQuery {
    code: Option<String>,
    state: Option<String>,
    error: Option<String>,
    error_description: Option<String>,
}

#[derive(sqlx::FromRow)]
struct FlowRow {
    browser_hash: String,
    nonce: String,
    code_verifier: String,
    redirect_to: String,
    code_challenge: Option<String>,
    code_challenge_method: Option<String>,
    linking_user_id: Option<String>,
    created_at: i64,
}

pub async fn callback(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    RequestClient(client): RequestClient,
    headers: HeaderMap,
    AuthQuery(query): AuthQuery<CallbackQuery>,
) -> Response {
    let flow = match take_flow(&state, query.state.as_deref().unwrap_or_default()).await {
        Ok(Some(flow)) => flow,
        Ok(None) => return land(&state, state.config.site_url.as_str(), Err(bad_state("OAuth state is invalid or has expired")), false),
        Err(error) => return land(&state, state.config.site_url.as_str(), Err(error), false),
    };
    let pkce = flow.code_challenge.is_some();
    let outcome = finish(&state, ip, &client, &headers, &query, &flow).await;
    land(&state, &flow.redirect_to, outcome, pkce)
}

/// The flow row for `state`, deleted: a state is good once.
async fn take_flow(state: &AppState, flow_state: &str) -> AuthResult<Option<FlowRow>> {
    if flow_state.is_empty() {
        return Ok(None);
    }
    let mut tx = state.db.begin_write().await?;
    let row: Option<FlowRow> = sqlx::query_as(
        "SELECT browser_hash, nonce, code_verifier, redirect_to, code_challenge, code_challenge_method, linking_user_id, created_at \
         FROM auth_oauth_states WHERE id = $1",
    )
    .bind(sha256_hex(flow_state))
    .fetch_optional(&mut *tx)
    .await?;
    sqlx::query("DELETE FROM auth_oauth_states WHERE id = $1").bind(sha256_hex(flow_state)).execute(&mut *tx).await?;
    tx.commit().await?;
    Ok(row)
}

fn bad_state(message: &'static str) -> AuthError {
    AuthError::bad_request("bad_oauth_state", message)
}

/// What the session (or code) is, once every check passed.
enum Landing {
    Session(Box<issue::SessionView>),
    Code(String),
}

async fn finish(
    state: &AppState,
    ip: std::net::IpAddr,
    client: &Client,
    headers: &HeaderMap,
    query: &CallbackQuery,
    flow: &FlowRow,
) -> AuthResult<Landing> {
    limits::per_ip(state, Bucket::Verify, ip).await?;
    if flow.created_at + FLOW_TTL_SECS < now_unix() {
        return Err(bad_state("OAuth state has expired"));
    }
    let browser = cookie(headers, COOKIE).unwrap_or_default();
    if !crate::auth::secrets::constant_time_eq(&sha256_hex(browser), &flow.browser_hash) {
        return Err(bad_state("OAuth state was not started in this browser"));
    }
    if let Some(error) = &query.error {
        let description = query.error_description.clone().unwrap_or_else(|| error.clone());
        return Err(AuthError::forbidden("bad_oauth_callback", format!("The provider refused the sign-in: {description}")));
    }
    let code = query
        .code
        .as_deref()
        .filter(|c| !c.is_empty())
        .ok_or_else(|| AuthError::bad_request("bad_oauth_callback", "OAuth callback with missing authorization code"))?;
    let provider = state.auth.google.as_ref().ok_or_else(provider_not_enabled)?;
    let id_token = provider.exchange_code(code, &callback_url(state), &flow.code_verifier).await.map_err(callback_failed)?;
    let claims = provider.verify_id_token(&id_token, Some(&flow.nonce)).await.map_err(callback_failed)?;
    let mut tx = state.db.begin_write().await?;
    let accounts::Resolved { mut user, picture } = accounts::resolve(&mut tx, GOOGLE, &claims, flow.linking_user_id.as_deref()).await?;
    if user.is_banned(now_unix()) {
        return Err(AuthError::forbidden("user_banned", "User is banned"));
    }
    let landing = match (&flow.code_challenge, &flow.code_challenge_method) {
        (Some(challenge), Some(method)) => {
            let challenge = Challenge { challenge: challenge.clone(), method: method.clone() };
            let pending = pkce::create_flow(&mut tx, &user.id, &challenge, "oauth").await?;
            Landing::Code(pkce::issue_code(&mut tx, &pending.id).await?.ok_or_else(AuthError::unexpected)?)
        }
        _ => Landing::Session(Box::new(issue::start_session(&mut tx, state, &mut user, "oauth", client).await?)),
    };
    tx.commit().await?;
    bring_picture(state, &user.id, picture);
    Ok(landing)
}

/// A new account's provider picture becomes its avatar, in the background.
pub fn bring_picture(state: &AppState, user_id: &str, picture: Option<String>) {
    if let Some(url) = picture {
        crate::profiles::avatar::import_in_background(state.clone(), user_id.to_owned(), url);
    }
}

fn callback_failed(error: ProviderError) -> AuthError {
    tracing::warn!(%error, "auth: a provider sign-in failed");
    match error {
        ProviderError::Unreachable(_) => unavailable(error),
        ProviderError::Refused(_) | ProviderError::InvalidToken(_) => {
            AuthError::bad_request("bad_oauth_callback", "The sign-in provider's answer could not be verified")
        }
    }
}

/// The browser's landing: on `target` with the session, the code or the error; the flow
/// cookie is cleared.
fn land(state: &AppState, target: &str, outcome: AuthResult<Landing>, pkce: bool) -> Response {
    let location = match outcome {
        Ok(Landing::Session(session)) => landing::session_location(target, &session, None),
        Ok(Landing::Code(code)) => landing::with_query(target, &[("code", code)]),
        Err(error) => landing::error_location(target, &error, pkce),
    };
    let mut response = Redirect::to(&location).into_response();
    response.headers_mut().insert(http::header::SET_COOKIE, flow_cookie(state, "", 0));
    response
}

fn cookie<'a>(headers: &'a HeaderMap, name: &str) -> Option<&'a str> {
    headers
        .get_all(http::header::COOKIE)
        .iter()
        .filter_map(|value| value.to_str().ok())
        .flat_map(|value| value.split(';'))
        .filter_map(|pair| pair.trim().split_once('='))
        .find(|(key, _)| *key == name)
        .map(|(_, value)| value)
}

/// Connection-level helper for `id_token`: kept here so every provider sign-in ends the same
/// way. Answers the session and, for a new account, the picture to bring in once committed.
pub async fn sign_in_with_claims(
    conn: &mut Conn,
    state: &AppState,
    claims: &super::IdClaims,
    client: &Client,
) -> AuthResult<(issue::SessionView, Option<String>)> {
    let accounts::Resolved { mut user, picture } = accounts::resolve(conn, GOOGLE, claims, None).await?;
    if user.is_banned(now_unix()) {
        return Err(AuthError::bad_request("user_banned", "User is banned"));
    }
    let session = issue::start_session(conn, state, &mut user, "oauth", client).await?;
    Ok((session, picture))
}
