//! Creating and confirming accounts: the user row, its e-mail identity and its profile are
//! written together, inside the caller's transaction.

use serde_json::{json, Map, Value};

use super::db::tokens::{self, TokenKind};
use super::db::{users, Conn};
use super::errors::{AuthError, AuthResult};
use super::mfa;
use super::model::{parse_object, user_view, Email, IdentityRow, UserRow, UserView};
use super::secrets::{email_token_hash, sha256_hex};
use crate::platform::db::now_unix;
use crate::profiles;
use crate::startup::AppState;

pub const EMAIL_PROVIDER: &str = "email";

/// What a new e-mail account starts with.
pub struct NewAccount<'a> {
    pub id: Option<uuid::Uuid>,
    pub email: &'a Email,
    pub password_hash: Option<String>,
    pub user_metadata: Map<String, Value>,
    pub app_metadata: Map<String, Value>,
    pub role: Option<String>,
    pub confirmed: bool,
    pub invited: bool,
}

impl<'a> NewAccount<'a> {
    pub fn new(email: &'a Email, password_hash: Option<String>, user_metadata: Map<String, Value>) -> NewAccount<'a> {
        NewAccount { id: None, email, password_hash, user_metadata, app_metadata: Map::new(), role: None, confirmed: false, invited: false }
    }

    /// The user row and its e-mail identity as they would be stored at `now`, with fresh ids.
    pub fn rows(&self, now: i64) -> (UserRow, IdentityRow) {
        let id = self.id.unwrap_or_else(uuid::Uuid::new_v4).to_string();
        let mut app_metadata = json!({ "provider": EMAIL_PROVIDER, "providers": [EMAIL_PROVIDER] });
        for (key, value) in &self.app_metadata {
            app_metadata[key] = value.clone();
        }
        let user = UserRow {
            role: self.role.clone().unwrap_or_else(|| "authenticated".into()),
            email: Some(self.email.as_str().to_owned()),
            encrypted_password: self.password_hash.clone(),
            email_confirmed_at: self.confirmed.then_some(now),
            invited_at: self.invited.then_some(now),
            app_metadata: app_metadata.to_string(),
            user_metadata: Value::Object(self.user_metadata.clone()).to_string(),
            ..UserRow::blank(id.clone(), now)
        };
        (user, self.identity(&id, now))
    }

    fn identity(&self, user_id: &str, now: i64) -> IdentityRow {
        email_identity(user_id, self.email.as_str(), self.confirmed, self.user_metadata.clone(), now)
    }
}

/// Inserts user, identity and profile. A taken address fails with a unique violation.
pub async fn create(conn: &mut Conn, account: NewAccount<'_>) -> sqlx::Result<UserRow> {
    let now = now_unix();
    let (user, identity) = account.rows(now);
    users::insert(conn, &user).await?;
    users::insert_identity(conn, &identity).await?;
    profiles::create_for_user(conn, &user.id, &account.user_metadata, now).await?;
    Ok(user)
}

/// Marks the address confirmed (once) and its identity verified. The first confirmation also
/// decides the password: `signup_password` is the one stored with the very link that confirms
/// (None for any other way in), and whatever was set before the address was proven is dropped,
/// since anyone could have typed it (README "Security notes": pre-registration). Leftover
/// confirmation links go too: they carry passwords of sign-ups that did not confirm.
pub async fn confirm_email(conn: &mut Conn, user: &mut UserRow, signup_password: Option<String>) -> sqlx::Result<()> {
    let now = now_unix();
    if user.email_confirmed_at.is_none() {
        user.email_confirmed_at = Some(now);
        user.encrypted_password = signup_password;
        tokens::delete_kind(conn, &user.id, TokenKind::Confirmation).await?;
    }
    user.updated_at = now;
    users::save(conn, user).await?;
    set_email_identity(conn, user, true).await
}

/// The password a sign-in of this account is checked against. Until the address is confirmed
/// that is the one of the pending sign-up (whose link would apply it), else one an admin set,
/// so its owner hears `email_not_confirmed` rather than `invalid_credentials`.
pub async fn sign_in_password(conn: &mut Conn, user: &UserRow) -> sqlx::Result<Option<String>> {
    if user.is_confirmed() {
        return Ok(user.encrypted_password.clone());
    }
    let pending = tokens::find_for_user(conn, &user.id, TokenKind::Confirmation).await?.and_then(|t| t.password_hash);
    Ok(pending.or_else(|| user.encrypted_password.clone()))
}

/// The e-mail identity GoTrue keeps for every e-mail account (`provider_id` is the user's id),
/// with `extra` (the sign-up's metadata) in its data.
pub fn email_identity(user_id: &str, email: &str, verified: bool, extra: Map<String, Value>, now: i64) -> IdentityRow {
    let mut data = extra;
    data.insert("sub".into(), json!(user_id));
    data.insert("email".into(), json!(email));
    data.insert("email_verified".into(), json!(verified));
    data.insert("phone_verified".into(), json!(false));
    IdentityRow {
        id: uuid::Uuid::new_v4().to_string(),
        provider_id: user_id.to_owned(),
        provider: EMAIL_PROVIDER.into(),
        user_id: user_id.to_owned(),
        identity_data: Value::Object(data).to_string(),
        email: Some(email.to_owned()),
        last_sign_in_at: None,
        created_at: now,
        updated_at: now,
    }
}

/// An anonymous account whose owner confirmed an address becomes an e-mail account: not
/// anonymous any more, with the e-mail identity (and provider) every e-mail account has.
pub async fn make_permanent(conn: &mut Conn, user: &mut UserRow) -> sqlx::Result<()> {
    let Some(email) = user.email.clone() else { return Ok(()) };
    let now = now_unix();
    user.is_anonymous = 0;
    let mut app_metadata = parse_object(&user.app_metadata);
    app_metadata.insert("provider".into(), json!(EMAIL_PROVIDER));
    app_metadata.insert("providers".into(), json!([EMAIL_PROVIDER]));
    user.app_metadata = Value::Object(app_metadata).to_string();
    users::save(conn, user).await?;
    let identity = email_identity(&user.id, &email, true, Map::new(), now);
    users::insert_identity(conn, &identity).await
}

/// Brings the e-mail identity in line with the user's address and its verified state.
pub async fn set_email_identity(conn: &mut Conn, user: &UserRow, verified: bool) -> sqlx::Result<()> {
    for mut identity in users::identities_of(conn, &user.id).await? {
        if identity.provider != EMAIL_PROVIDER {
            continue;
        }
        let mut data = parse_object(&identity.identity_data);
        data.insert("email".into(), json!(user.email_or_empty()));
        data.insert("email_verified".into(), json!(verified));
        identity.identity_data = Value::Object(data).to_string();
        identity.email = user.email.clone();
        identity.updated_at = now_unix();
        users::save_identity(conn, &identity).await?;
    }
    Ok(())
}

/// The User object of `user` with its identities and two-factor methods, as every auth answer
/// shows it.
pub async fn user_with_identities(conn: &mut Conn, user: &UserRow) -> AuthResult<UserView> {
    let mut view = user_view(user, &users::identities_of(conn, &user.id).await?);
    view.factors = mfa::db::factors_of(conn, &user.id).await?.iter().map(mfa::factor_view).collect();
    Ok(view)
}

/// The code from `GET /reauthenticate`, sent back as `nonce`.
pub async fn check_reauthentication(conn: &mut Conn, state: &AppState, user: &UserRow, nonce: &str) -> AuthResult<()> {
    let invalid = || AuthError::unprocessable("reauthentication_not_valid", "Requires reauthentication");
    let stored = sha256_hex(&email_token_hash(user.email_or_empty(), nonce));
    let token = tokens::find(conn, &stored, &[TokenKind::Reauthentication]).await?.filter(|t| t.user_id == user.id).ok_or_else(invalid)?;
    if token.created_at + state.config.auth.otp_exp.as_secs() as i64 <= now_unix() || !tokens::take(conn, &token.id).await? {
        return Err(invalid());
    }
    Ok(())
}
