//! `GET /user` and `PUT /user` (contract §3.8): read, and change metadata, password or e-mail.

use axum::extract::State;
use axum::Json;
use serde::Deserialize;
use serde_json::{Map, Value};

use super::RedirectQuery;
use crate::auth::accounts::{self, user_with_identities};
use crate::auth::db::sessions::SessionRow;
use crate::auth::db::tokens::{self, TokenKind};
use crate::auth::db::{sessions, users, Conn};
use crate::auth::errors::{AuthError, AuthResult};
use crate::auth::extract::{AuthQuery, Body, CurrentUser};
use crate::auth::limits::{self, Bucket};
use crate::auth::mailer::{self, Mail, Purpose, Requester};
use crate::auth::model::{merge_metadata, parse_object, Email, PasswordPolicy, UserRow, UserView};
use crate::auth::passwords::Verdict;
use crate::auth::{pkce, redirect};
use crate::platform::db::now_unix;
use crate::platform::http::client_ip::ClientIp;
use crate::startup::AppState;

pub async fn get_user(State(state): State<AppState>, caller: CurrentUser) -> AuthResult<Json<UserView>> {
    let mut conn = state.db.pool.acquire().await?;
    Ok(Json(user_with_identities(&mut conn, &caller.user).await?))
}

#[derive(Debug, Default, Deserialize)]
pub struct UpdateBody {
    email: Option<String>,
    password: Option<String>,
    data: Option<Map<String, Value>>,
    nonce: Option<String>,
    app_metadata: Option<Value>,
    code_challenge: Option<String>,
    code_challenge_method: Option<String>,
}

pub async fn update_user(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    caller: CurrentUser,
    AuthQuery(query): AuthQuery<RedirectQuery>,
    Body(body): Body<UpdateBody>,
) -> AuthResult<Json<UserView>> {
    limits::per_ip(&state, Bucket::UserUpdate, ip).await?;
    if body.app_metadata.is_some() {
        return Err(AuthError::forbidden("not_admin", "Updating app_metadata requires admin privileges"));
    }
    let challenge = pkce::parse(body.code_challenge.as_deref(), body.code_challenge_method.as_deref())?;
    let mut tx = state.db.begin_write().await?;
    let mut user = users::find_by_id(&mut tx, &caller.user.id).await?.ok_or_else(AuthError::unexpected)?;
    if let Some(data) = &body.data {
        let mut metadata = parse_object(&user.user_metadata);
        merge_metadata(&mut metadata, data);
        user.user_metadata = Value::Object(metadata).to_string();
    }
    if let Some(password) = body.password.as_deref() {
        change_password(&mut tx, &state, &mut user, password, body.nonce.as_deref(), caller.session.as_ref()).await?;
    }
    user.updated_at = now_unix();
    users::save(&mut tx, &user).await?;
    if let Some(email) = body.email.as_deref().filter(|e| !e.is_empty()) {
        let redirect_to = redirect::validate(&state.config, query.redirect_to.as_deref());
        let mail = Mail::new(Purpose::EmailChangeCurrent, &redirect_to, Requester::Client(ip));
        request_email_change(&mut tx, &state, &mut user, email, challenge.as_ref(), &mail).await?;
    }
    let user = users::find_by_id(&mut tx, &user.id).await?.ok_or_else(AuthError::unexpected)?;
    let answer = user_with_identities(&mut tx, &user).await?;
    tx.commit().await?;
    Ok(Json(answer))
}

/// Sets a new password and signs out every other session of the user. With
/// `AUTH_SECURE_PASSWORD_CHANGE`, a session that signed in more than 24 hours ago must show the
/// code from `GET /reauthenticate` first (GoTrue's rule): a stolen access token alone cannot
/// take the account over. A nonce sent anyway is always checked.
async fn change_password(
    conn: &mut Conn,
    state: &AppState,
    user: &mut UserRow,
    password: &str,
    nonce: Option<&str>,
    session: Option<&SessionRow>,
) -> AuthResult<()> {
    let policy = PasswordPolicy { min_length: state.config.auth.password_min_length.into() };
    policy.check_new(password, "Password update requires a valid password")?;
    match nonce.filter(|n| !n.is_empty()) {
        Some(nonce) => accounts::check_reauthentication(conn, state, user, nonce).await?,
        None if state.config.auth.secure_password_change && !signed_in_recently(session, now_unix()) => {
            return Err(AuthError::bad_request("reauthentication_needed", "Password update requires reauthentication"));
        }
        None => {}
    }
    if state.auth.passwords.verify(password, user.encrypted_password.as_deref()).await? != Verdict::Mismatch {
        return Err(AuthError::unprocessable("same_password", "New password should be different from the old password."));
    }
    user.encrypted_password = Some(state.auth.passwords.hash(password).await?);
    tokens::delete_kind(conn, &user.id, TokenKind::Recovery).await?;
    match session {
        Some(session) => sessions::delete_others_of_user(conn, &user.id, &session.id).await?,
        None => sessions::delete_all_of_user(conn, &user.id).await?,
    }
    Ok(())
}

/// Whether the session began with a sign-in (password, magic or recovery link, code) in the
/// last 24 hours; refreshing does not renew it.
fn signed_in_recently(session: Option<&SessionRow>, now: i64) -> bool {
    const RECENT_SECS: i64 = 24 * 3600;
    session.is_some_and(|session| now - session.created_at < RECENT_SECS)
}

/// Records the pending address and mails both the current and the new one (secure change).
async fn request_email_change(
    conn: &mut Conn,
    state: &AppState,
    user: &mut UserRow,
    raw: &str,
    challenge: Option<&pkce::Challenge>,
    mail: &Mail<'_>,
) -> AuthResult<()> {
    let email = Email::parse(raw)?;
    if user.email.as_deref() == Some(email.as_str()) {
        return Ok(());
    }
    if users::find_by_email(conn, email.as_str()).await?.is_some() {
        return Err(AuthError::unprocessable("email_exists", "A user with this email address has already been registered"));
    }
    user.email_change = Some(email.as_str().to_owned());
    users::save(conn, user).await?;
    mailer::send_with_pkce(conn, state, user, mail, challenge).await?.required()
}
