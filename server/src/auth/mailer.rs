//! Auth e-mails: a fresh one-time token (only its hash is stored), a verify link, and the
//! message queued in the outbox inside the caller's transaction — so a rolled-back sign-up
//! sends nothing, and a committed one always has its mail.

use super::db::tokens::{self, FlowState, OneTimeToken, TokenKind};
use super::db::users::{self, SentColumn};
use super::db::Conn;
use super::errors::{AuthError, AuthResult};
use super::limits;
use super::model::{parse_object, UserRow};
use super::pkce::{self, Challenge};
use super::redirect;
use super::secrets::{email_token_hash, otp_code, sha256_hex};
use crate::mail::{self, MailKind, NewEmail};
use crate::platform::db::now_unix;
use crate::platform::i18n::Lang;
use crate::startup::AppState;

/// What an e-mail is for; each has its token kind, template, verify `type` and frequency column.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Purpose {
    Confirmation,
    Invite,
    MagicLink,
    Recovery,
    EmailChangeCurrent,
    EmailChangeNew,
    Reauthentication,
}

impl Purpose {
    pub fn token_kind(self) -> TokenKind {
        match self {
            Purpose::Confirmation | Purpose::Invite => TokenKind::Confirmation,
            Purpose::MagicLink | Purpose::Recovery => TokenKind::Recovery,
            Purpose::EmailChangeCurrent => TokenKind::EmailChangeCurrent,
            Purpose::EmailChangeNew => TokenKind::EmailChangeNew,
            Purpose::Reauthentication => TokenKind::Reauthentication,
        }
    }

    fn mail_kind(self) -> MailKind {
        match self {
            Purpose::Confirmation => MailKind::ConfirmSignup,
            Purpose::Invite => MailKind::Invite,
            Purpose::MagicLink => MailKind::MagicLink,
            Purpose::Recovery => MailKind::Recovery,
            Purpose::EmailChangeCurrent | Purpose::EmailChangeNew => MailKind::EmailChange,
            Purpose::Reauthentication => MailKind::Reauthentication,
        }
    }

    /// The `type` of the verify link.
    pub fn verify_type(self) -> &'static str {
        match self {
            Purpose::Confirmation => "signup",
            Purpose::Invite => "invite",
            Purpose::MagicLink => "magiclink",
            Purpose::Recovery => "recovery",
            Purpose::EmailChangeCurrent | Purpose::EmailChangeNew => "email_change",
            Purpose::Reauthentication => "reauthentication",
        }
    }

    /// The AMR method of a session started from this e-mail's link.
    pub fn authentication_method(self) -> &'static str {
        match self {
            Purpose::Confirmation => "email/signup",
            Purpose::Invite => "invite",
            Purpose::MagicLink => "magiclink",
            Purpose::Recovery => "recovery",
            Purpose::EmailChangeCurrent | Purpose::EmailChangeNew => "email_change",
            Purpose::Reauthentication => "reauthentication",
        }
    }

    fn sent_column(self) -> SentColumn {
        match self {
            Purpose::Confirmation | Purpose::Invite => SentColumn::Confirmation,
            Purpose::MagicLink | Purpose::Recovery => SentColumn::Recovery,
            Purpose::EmailChangeCurrent | Purpose::EmailChangeNew => SentColumn::EmailChange,
            Purpose::Reauthentication => SentColumn::Reauthentication,
        }
    }

    /// Where it goes: the pending address for the new-address half of a change.
    fn recipient(self, user: &UserRow) -> String {
        match self {
            Purpose::EmailChangeNew => user.email_change.clone().unwrap_or_default(),
            _ => user.email_or_empty().to_owned(),
        }
    }
}

/// A link made for one purpose: what the admin API returns and what the e-mail carries.
pub struct Link {
    pub otp: String,
    pub hashed_token: String,
    pub action_link: String,
    pub redirect_to: String,
}

/// Stores a new token for `purpose` and returns its link (nothing is sent).
pub async fn create_link(
    conn: &mut Conn,
    state: &AppState,
    user: &UserRow,
    purpose: Purpose,
    redirect_to: &str,
    flow: Option<&FlowState>,
) -> sqlx::Result<Link> {
    let recipient = purpose.recipient(user);
    let otp = otp_code();
    let hashed_token = email_token_hash(&recipient, &otp);
    let token = OneTimeToken {
        id: uuid::Uuid::new_v4().to_string(),
        user_id: user.id.clone(),
        kind: purpose.token_kind(),
        relates_to: recipient,
        flow_state_id: flow.map(|f| f.id.clone()),
        created_at: now_unix(),
    };
    tokens::put(conn, &token, &sha256_hex(&hashed_token)).await?;
    let prefix = if flow.is_some() { "pkce_" } else { "" };
    let action_link = url::Url::parse_with_params(
        &format!("{}/auth/v1/verify", state.config.site_origin()),
        [("token", format!("{prefix}{hashed_token}").as_str()), ("type", purpose.verify_type()), ("redirect_to", redirect_to)],
    )
    .map(String::from)
    .unwrap_or_default();
    Ok(Link { otp, hashed_token, action_link, redirect_to: redirect_to.to_owned() })
}

/// Sends the e-mail(s) for `purpose`, at most once per `AUTH_EMAIL_MAX_FREQUENCY` per user and
/// kind. An e-mail change sends both halves (current and new address) under one stamp.
pub async fn send(
    conn: &mut Conn,
    state: &AppState,
    user: &UserRow,
    purpose: Purpose,
    redirect_to: &str,
    flow: Option<&FlowState>,
) -> AuthResult<()> {
    claim_frequency(conn, state, user, purpose).await?;
    let purposes: &[Purpose] = match purpose {
        Purpose::EmailChangeCurrent | Purpose::EmailChangeNew => &[Purpose::EmailChangeCurrent, Purpose::EmailChangeNew],
        _ => std::slice::from_ref(&purpose),
    };
    for &purpose in purposes {
        limits::email_quota(state)?;
        let link = create_link(conn, state, user, purpose, redirect_to, flow).await?;
        let to = purpose.recipient(user);
        let new_email = user.email_change.clone().unwrap_or_default();
        let vars = [
            ("confirmation_url", link.action_link.as_str()),
            ("token", &link.otp),
            ("email", user.email_or_empty()),
            ("new_email", &new_email),
        ];
        let email = NewEmail { to: &to, lang: mail_lang(user, redirect_to), kind: purpose.mail_kind(), vars: &vars };
        mail::enqueue(conn, &state.config, email).await?;
    }
    Ok(())
}

/// `send`, with a PKCE flow when the client gave a code challenge (the link then leads to `?code=`).
pub async fn send_with_pkce(
    conn: &mut Conn,
    state: &AppState,
    user: &UserRow,
    purpose: Purpose,
    challenge: Option<&Challenge>,
    redirect_to: &str,
) -> AuthResult<()> {
    let flow = match challenge {
        Some(challenge) => Some(pkce::create_flow(conn, &user.id, challenge, purpose.authentication_method()).await?),
        None => None,
    };
    send(conn, state, user, purpose, redirect_to, flow.as_ref()).await
}

async fn claim_frequency(conn: &mut Conn, state: &AppState, user: &UserRow, purpose: Purpose) -> AuthResult<()> {
    let gap = state.config.auth.email_max_frequency.as_secs() as i64;
    let now = now_unix();
    if users::claim_send_slot(conn, &user.id, purpose.sent_column(), now, gap).await? {
        return Ok(());
    }
    let last = users::sent_at(conn, &user.id, purpose.sent_column()).await?.unwrap_or(now);
    Err(AuthError::email_frequency((last + gap - now).max(1) as u64))
}

/// The user's chosen language (`user_metadata.lang`), else the page the link returns to, else English.
pub fn mail_lang(user: &UserRow, redirect_to: &str) -> Lang {
    parse_object(&user.user_metadata)
        .get("lang")
        .and_then(|v| v.as_str())
        .and_then(Lang::from_code)
        .or_else(|| redirect::lang_of(redirect_to))
        .unwrap_or(Lang::En)
}
