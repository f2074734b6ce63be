//! What auth handlers take from a request: a leniently parsed JSON body, the signed-in user
//! (token + live session), an admin key, and the client's address for the session record.

use axum::body::Bytes;
use axum::extract::{FromRequest, FromRequestParts, Request};
use http::request::Parts;
use serde::de::DeserializeOwned;

use super::db::sessions::{self, Client, SessionRow};
use super::db::users;
use super::errors::AuthError;
use super::jwt::{self, VerifiedClaims, ADMIN_ROLES};
use super::model::UserRow;
use crate::platform::db::now_unix;
use crate::platform::http::client_ip::ClientIp;
use crate::startup::AppState;

/// A JSON body; an empty body reads as `{}`. auth-js sends nulls and extra fields: both are fine.
pub struct Body<T>(pub T);

impl<T: DeserializeOwned> FromRequest<AppState> for Body<T> {
    type Rejection = AuthError;

    async fn from_request(request: Request, state: &AppState) -> Result<Self, Self::Rejection> {
        let bytes = Bytes::from_request(request, state)
            .await
            .map_err(|_| AuthError::new(http::StatusCode::PAYLOAD_TOO_LARGE, "request_entity_too_large", "Request body too large"))?;
        let bytes: &[u8] = if bytes.iter().all(u8::is_ascii_whitespace) { b"{}" } else { &bytes };
        serde_json::from_slice(bytes)
            .map(Body)
            .map_err(|e| AuthError::bad_request("bad_json", format!("Could not parse request body as JSON: {e}")))
    }
}

/// The bearer token of the request, when it has one.
fn bearer(parts: &Parts) -> Option<&str> {
    let value = parts.headers.get(http::header::AUTHORIZATION)?.to_str().ok()?;
    let (scheme, token) = value.split_once(' ')?;
    (scheme.eq_ignore_ascii_case("bearer") && !token.trim().is_empty()).then(|| token.trim())
}

fn verified_claims(parts: &Parts, state: &AppState) -> Result<VerifiedClaims, AuthError> {
    let token = bearer(parts)
        .ok_or_else(|| AuthError::new(http::StatusCode::UNAUTHORIZED, "no_authorization", "This endpoint requires a valid Bearer token"))?;
    jwt::verify(&state.auth.keys, token)
        .map_err(|detail| AuthError::forbidden("bad_jwt", format!("invalid JWT: unable to parse or verify signature, {detail}")))
}

/// A signed-in user: a valid access token whose user and session still exist.
pub struct CurrentUser {
    pub user: UserRow,
    pub session: Option<SessionRow>,
}

impl FromRequestParts<AppState> for CurrentUser {
    type Rejection = AuthError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Self::Rejection> {
        let claims = verified_claims(parts, state)?;
        let sub =
            claims.sub.filter(|s| !s.is_empty()).ok_or_else(|| AuthError::forbidden("bad_jwt", "invalid claim: missing sub claim"))?;
        let user_id =
            uuid::Uuid::parse_str(&sub).map_err(|_| AuthError::bad_request("bad_jwt", "invalid claim: sub claim must be a UUID"))?;
        let mut conn = state.db.pool.acquire().await?;
        let user = users::find_by_id(&mut conn, &user_id.to_string())
            .await?
            .ok_or_else(|| AuthError::forbidden("user_not_found", "User from sub claim in JWT does not exist"))?;
        let session = match claims.session_id.filter(|s| !s.is_empty()) {
            Some(id) => Some(
                sessions::find(&mut conn, &id)
                    .await?
                    .filter(|session| session.user_id == user.id)
                    .ok_or_else(|| AuthError::forbidden("session_not_found", "Session from session_id claim in JWT does not exist"))?,
            ),
            None => None,
        };
        if user.is_banned(now_unix()) {
            return Err(AuthError::forbidden("user_banned", "User is banned"));
        }
        Ok(CurrentUser { user, session })
    }
}

/// A caller holding the service_role key (or another admin role).
pub struct Admin;

impl FromRequestParts<AppState> for Admin {
    type Rejection = AuthError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Self::Rejection> {
        let claims = verified_claims(parts, state)?;
        match claims.role.as_deref() {
            Some(role) if ADMIN_ROLES.contains(&role) => Ok(Admin),
            _ => Err(AuthError::forbidden("not_admin", "User not allowed")),
        }
    }
}

/// The client's address and browser, recorded on new sessions.
pub struct RequestClient(pub Client);

impl FromRequestParts<AppState> for RequestClient {
    type Rejection = AuthError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Self::Rejection> {
        let Ok(ClientIp(ip)) = ClientIp::from_request_parts(parts, state).await;
        let user_agent = parts.headers.get(http::header::USER_AGENT).and_then(|v| v.to_str().ok()).map(|ua| ua.chars().take(512).collect());
        Ok(RequestClient(Client { user_agent, ip: Some(ip.to_string()) }))
    }
}
