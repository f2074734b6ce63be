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
            id: id.clone(),
            aud: "authenticated".into(),
            role: self.role.clone().unwrap_or_else(|| "authenticated".into()),
            email: Some(self.email.as_str().to_owned()),
            phone: None,
            encrypted_password: self.password_hash.clone(),
            email_confirmed_at: self.confirmed.then_some(now),
            invited_at: self.invited.then_some(now),
            confirmation_sent_at: None,
            recovery_sent_at: None,
            email_change: None,
            email_change_sent_at: None,
            reauthentication_sent_at: None,
            last_sign_in_at: None,
            app_metadata: app_metadata.to_string(),
            user_metadata: Value::Object(self.user_metadata.clone()).to_string(),
            banned_until: None,
            is_anonymous: 0,
            created_at: now,
            updated_at: now,
            deleted_at: None,
        };
        (user, self.identity(&id, now))
    }

    fn identity(&self, user_id: &str, now: i64) -> IdentityRow {
        let mut identity_data = self.user_metadata.clone();
        identity_data.insert("sub".into(), json!(user_id));
        identity_data.insert("email".into(), json!(self.email.as_str()));
        identity_data.insert("email_verified".into(), json!(self.confirmed));
        identity_data.insert("phone_verified".into(), json!(false));
        IdentityRow {
            id: uuid::Uuid::new_v4().to_string(),
            provider_id: user_id.to_owned(),
            provider: EMAIL_PROVIDER.into(),
            user_id: user_id.to_owned(),
            identity_data: Value::Object(identity_data).to_string(),
            email: Some(self.email.as_str().to_owned()),
            last_sign_in_at: None,
            created_at: now,
            updated_at: now,
        }
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
    let data = json!({ "sub": user.id, "email": email, "email_verified": true, "phone_verified": false });
    let identity = IdentityRow {
        id: uuid::Uuid::new_v4().to_string(),
        provider_id: user.id.clone(),
        provider: EMAIL_PROVIDER.into(),
        user_id: user.id.clone(),
        identity_data: data.to_string(),
        email: Some(email),
        last_sign_in_at: None,
        created_at: now,
        updated_at: now,
    };
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
