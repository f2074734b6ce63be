//! Who is calling: the signed-in user (token + live session), maybe a signed-in user, an admin
//! key, and the client's address for the session record. `CurrentUser` and `MaybeUser` are the
//! one place that decides whether a bearer token signs someone in, for every feature.

use axum::extract::FromRequestParts;
use http::request::Parts;
use http::StatusCode;

pub use super::input::{AuthQuery, Body};

use super::db::sessions::{self, Client, SessionRow};
use super::db::{users, Conn};
use super::errors::AuthError;
use super::jwt::{VerifiedClaims, ADMIN_ROLES};
use super::model::UserRow;
use crate::platform::db::now_unix;
use crate::platform::http::client_ip::ClientIp;
use crate::platform::ids::UserId;
use crate::startup::AppState;

/// Roles of the long-lived API keys: they name no user (no `sub`).
const API_KEY_ROLES: [&str; 3] = ["anon", "service_role", "supabase_admin"];

/// The bearer token of the request, when it has one.
fn bearer(parts: &Parts) -> Option<&str> {
    let value = parts.headers.get(http::header::AUTHORIZATION)?.to_str().ok()?;
    let (scheme, token) = value.split_once(' ')?;
    (scheme.eq_ignore_ascii_case("bearer") && !token.trim().is_empty()).then(|| token.trim())
}

fn no_authorization() -> AuthError {
    AuthError::new(StatusCode::UNAUTHORIZED, "no_authorization", "This endpoint requires a valid Bearer token")
}

async fn verified_claims(token: &str, state: &AppState) -> Result<VerifiedClaims, AuthError> {
    state
        .auth
        .keys
        .verify(&state.db, token)
        .await
        .map_err(|detail| AuthError::forbidden("bad_jwt", format!("invalid JWT: unable to parse or verify signature, {detail}")))
}

/// A role-only API key (anon, service_role): verified, but nobody in particular.
fn is_api_key(claims: &VerifiedClaims) -> bool {
    claims.sub.as_deref().is_none_or(str::is_empty) && claims.role.as_deref().is_some_and(|role| API_KEY_ROLES.contains(&role))
}

/// A signed-in user: a valid access token whose user exists and is not banned, and whose
/// session still exists and is within its limits (`AUTH_SESSIONS_*`).
pub struct CurrentUser {
    pub user: UserRow,
    pub session: Option<SessionRow>,
}

impl FromRequestParts<AppState> for CurrentUser {
    type Rejection = AuthError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Self::Rejection> {
        let token = bearer(parts).ok_or_else(no_authorization)?;
        let claims = verified_claims(token, state).await?;
        CurrentUser::from_claims(claims, state).await
    }
}

impl CurrentUser {
    async fn from_claims(claims: VerifiedClaims, state: &AppState) -> Result<CurrentUser, AuthError> {
        let sub =
            claims.sub.filter(|s| !s.is_empty()).ok_or_else(|| AuthError::forbidden("bad_jwt", "invalid claim: missing sub claim"))?;
        let user_id = UserId::parse(&sub).ok_or_else(|| AuthError::bad_request("bad_jwt", "invalid claim: sub claim must be a UUID"))?;
        let mut conn = state.db.pool.acquire().await?;
        let user = users::find_by_id(&mut conn, user_id.as_str())
            .await?
            .ok_or_else(|| AuthError::forbidden("user_not_found", "User from sub claim in JWT does not exist"))?;
        let session = match claims.session_id.filter(|s| !s.is_empty()) {
            Some(id) => Some(live_session(&mut conn, state, &id, &user).await?),
            None => None,
        };
        if user.is_banned(now_unix()) {
            return Err(AuthError::forbidden("user_banned", "User is banned"));
        }
        Ok(CurrentUser { user, session })
    }
}

async fn live_session(conn: &mut Conn, state: &AppState, id: &str, user: &UserRow) -> Result<SessionRow, AuthError> {
    let session = sessions::find(conn, id)
        .await?
        .filter(|session| session.user_id == user.id)
        .ok_or_else(|| AuthError::forbidden("session_not_found", "Session from session_id claim in JWT does not exist"))?;
    if state.config.auth.sessions.check(&session, now_unix()).is_err() {
        return Err(AuthError::forbidden("session_expired", "Session from session_id claim in JWT has expired"));
    }
    Ok(session)
}

/// The caller if signed in. No bearer token, or a role-only API key (the anon key auth-js
/// sends), is `None`; any other token must pass every check of `CurrentUser`, or the request
/// is refused — an invalid, signed-out or banned user's token never reads as "anonymous".
pub struct MaybeUser(pub Option<CurrentUser>);

impl FromRequestParts<AppState> for MaybeUser {
    type Rejection = AuthError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Self::Rejection> {
        let Some(token) = bearer(parts) else { return Ok(MaybeUser(None)) };
        let claims = verified_claims(token, state).await?;
        if is_api_key(&claims) {
            return Ok(MaybeUser(None));
        }
        CurrentUser::from_claims(claims, state).await.map(|user| MaybeUser(Some(user)))
    }
}

/// `CurrentUser` for `/api/v1` handlers: the same checks, refused in the site API's envelope.
pub struct ApiUser(pub CurrentUser);

impl FromRequestParts<AppState> for ApiUser {
    type Rejection = crate::platform::http::error::ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Self::Rejection> {
        CurrentUser::from_request_parts(parts, state).await.map(ApiUser).map_err(Into::into)
    }
}

/// A caller holding the service_role key (or another admin role).
pub struct Admin;

impl FromRequestParts<AppState> for Admin {
    type Rejection = AuthError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Self::Rejection> {
        let token = bearer(parts).ok_or_else(no_authorization)?;
        let claims = verified_claims(token, state).await?;
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

#[cfg(test)]
mod tests {
    use super::*;

    fn parts(authorization: Option<&str>) -> Parts {
        let mut request = http::Request::builder();
        if let Some(value) = authorization {
            request = request.header(http::header::AUTHORIZATION, value);
        }
        request.body(()).unwrap().into_parts().0
    }

    fn claims(sub: Option<&str>, role: &str) -> VerifiedClaims {
        VerifiedClaims { sub: sub.map(str::to_owned), role: Some(role.into()), ..VerifiedClaims::default() }
    }

    #[test]
    fn only_a_non_empty_bearer_is_a_token() {
        assert_eq!(bearer(&parts(Some("Bearer abc.def.ghi"))), Some("abc.def.ghi"));
        assert_eq!(bearer(&parts(Some("bearer  abc "))), Some("abc"));
        assert_eq!(bearer(&parts(Some("Bearer "))), None);
        assert_eq!(bearer(&parts(Some("Basic dXNlcjpwYXNz"))), None);
        assert_eq!(bearer(&parts(None)), None);
    }

    #[test]
    fn role_only_keys_are_nobody_and_everything_else_names_a_user() {
        assert!(is_api_key(&claims(None, "anon")));
        assert!(is_api_key(&claims(Some(""), "service_role")));
        assert!(!is_api_key(&claims(Some("0b9b3a43-5d2f-4a53-9a24-000000000001"), "anon")), "a sub makes it a user token");
        assert!(!is_api_key(&claims(None, "authenticated")), "a user token without sub is refused, not ignored");
        assert!(!is_api_key(&VerifiedClaims::default()));
    }
}
