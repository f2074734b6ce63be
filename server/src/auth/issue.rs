//! Sessions and the tokens that prove them: a session row, its first refresh token, its AMR
//! claim, and the access token + refresh token pair returned to the client (contract §2.1).

use serde::Serialize;

use super::accounts::user_with_identities;
use super::db::sessions::{self, Client, RefreshTokenRow, SessionRow};
use super::db::{users, Conn};
use super::errors::AuthResult;
use super::jwt::{self, AccessClaims, AmrEntry, AUDIENCE};
use super::model::{parse_object, UserRow, UserView};
use super::secrets::{hmac_sha256_hex, random_token, sha256_hex};
use crate::platform::db::now_unix;
use crate::startup::AppState;

pub const AAL1: &str = "aal1";
pub const AAL2: &str = "aal2";

/// The Session object: the token pair, its lifetime and the user.
#[derive(Debug, Clone, Serialize)]
pub struct SessionView {
    pub access_token: String,
    pub token_type: &'static str,
    pub expires_in: i64,
    pub expires_at: i64,
    pub refresh_token: String,
    pub user: UserView,
    /// Set on a password sign-in whose password the current policy finds weak.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub weak_password: Option<WeakPassword>,
}

#[derive(Debug, Clone, Serialize)]
pub struct WeakPassword {
    pub message: String,
    pub reasons: Vec<&'static str>,
}

/// Opens a session for `user`, authenticated by `method` (password, otp, …), and answers the
/// Session object. Also stamps `last_sign_in_at`.
pub async fn start_session(
    conn: &mut Conn,
    state: &AppState,
    user: &mut UserRow,
    method: &str,
    client: &Client,
) -> AuthResult<SessionView> {
    let now = now_unix();
    let session = SessionRow {
        id: uuid::Uuid::new_v4().to_string(),
        user_id: user.id.clone(),
        aal: AAL1.into(),
        factor_id: None,
        refresh_token_key: random_token(32),
        not_after: None,
        refreshed_at: None,
        created_at: now,
    };
    sessions::insert(conn, &session, client, now).await?;
    sessions::add_amr_claim(conn, &session.id, method, now).await?;
    let refresh_token = random_token(32);
    store_refresh_token(conn, &session, &refresh_token, None, now).await?;
    user.last_sign_in_at = Some(now);
    user.updated_at = now;
    users::save(conn, user).await?;
    session_response(conn, state, user, &session, &refresh_token).await
}

pub async fn store_refresh_token(conn: &mut Conn, session: &SessionRow, token: &str, parent: Option<&str>, now: i64) -> sqlx::Result<()> {
    let row = RefreshTokenRow {
        id: uuid::Uuid::new_v4().to_string(),
        token_hash: sha256_hex(token),
        parent_hash: parent.map(sha256_hex),
        user_id: session.user_id.clone(),
        session_id: session.id.clone(),
        revoked: 0,
        updated_at: now,
    };
    sessions::insert_refresh_token(conn, &row, now).await
}

/// The first child of a refresh token is derived, not random: a client whose refresh response
/// got lost can present the parent again and receive the same child, although only hashes
/// are stored.
pub fn first_child_of(session: &SessionRow, parent: &str) -> String {
    hmac_sha256_hex(session.refresh_token_key.as_bytes(), parent)[..40].to_owned()
}

/// The Session object for an existing session and a refresh token of it.
pub async fn session_response(
    conn: &mut Conn,
    state: &AppState,
    user: &UserRow,
    session: &SessionRow,
    refresh_token: &str,
) -> AuthResult<SessionView> {
    let now = now_unix();
    let amr =
        sessions::amr_claims(conn, &session.id).await?.into_iter().map(|(method, timestamp)| AmrEntry { method, timestamp }).collect();
    let expires_at = state.config.auth.sessions.cap_expiry(session, now, now + state.config.auth.jwt_exp.as_secs() as i64);
    let claims = access_claims(state, user, session, amr, now, expires_at);
    let access_token = jwt::sign(&*state.auth.keys.fresh_in(conn).await, &claims)?;
    Ok(SessionView {
        access_token,
        token_type: "bearer",
        expires_in: expires_at - now,
        expires_at,
        refresh_token: refresh_token.to_owned(),
        user: user_with_identities(conn, user).await?,
        weak_password: None,
    })
}

fn access_claims(state: &AppState, user: &UserRow, session: &SessionRow, amr: Vec<AmrEntry>, now: i64, exp: i64) -> AccessClaims {
    AccessClaims {
        iss: state.auth.issuer.clone(),
        sub: user.id.clone(),
        aud: AUDIENCE.into(),
        exp,
        iat: now,
        email: user.email_or_empty().into(),
        phone: user.phone.clone().unwrap_or_default(),
        app_metadata: parse_object(&user.app_metadata).into(),
        user_metadata: parse_object(&user.user_metadata).into(),
        role: user.role.clone(),
        aal: session.aal.clone(),
        amr,
        session_id: session.id.clone(),
        is_anonymous: user.is_anonymous != 0,
    }
}
