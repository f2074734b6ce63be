//! Auth e-mails: a fresh one-time token (only its hash is stored), a verify link, and the
//! message queued in the outbox inside the caller's transaction — so a rolled-back sign-up
//! sends nothing, and a committed one always has its mail.

use std::net::IpAddr;

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

/// Who asked for an auth e-mail, which decides the hourly quotas it counts against.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Requester {
    /// A client: its per-IP share of the quota and the instance quota.
    Client(IpAddr),
    /// An admin endpoint: the instance quota only.
    Admin,
    /// A sign-up, which counted its mail against both before looking the address up.
    Counted,
}

/// One auth e-mail to send.
#[derive(Debug, Clone, Copy)]
pub struct Mail<'a> {
    pub purpose: Purpose,
    pub redirect_to: &'a str,
    pub requester: Requester,
    /// The password chosen at a sign-up, stored with its confirmation token: only that link
    /// (or its code) applies it (README "Security notes": pre-registration).
    pub password_hash: Option<&'a str>,
}

impl<'a> Mail<'a> {
    pub fn new(purpose: Purpose, redirect_to: &'a str, requester: Requester) -> Mail<'a> {
        Mail { purpose, redirect_to, requester, password_hash: None }
    }

    pub fn with_password(self, password_hash: &'a str) -> Mail<'a> {
        Mail { password_hash: Some(password_hash), ..self }
    }
}

/// What became of a request to send.
#[must_use]
pub enum Delivery {
    Queued,
    /// Held back by the per-user wait or an hourly quota; nothing of it should be kept (the
    /// caller rolls back). Carries the 429 for callers that may tell.
    HeldBack(AuthError),
}

impl Delivery {
    /// For callers that answer the refusal (the signed-in user, admins): it becomes the error.
    pub fn required(self) -> AuthResult<()> {
        match self {
            Delivery::Queued => Ok(()),
            Delivery::HeldBack(refusal) => Err(refusal),
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

/// Stores a new token for `purpose` (with a sign-up's password, if given) and returns its link
/// (nothing is sent).
pub async fn create_link(
    conn: &mut Conn,
    state: &AppState,
    user: &UserRow,
    purpose: Purpose,
    redirect_to: &str,
    flow: Option<&FlowState>,
    password_hash: Option<&str>,
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
        password_hash: password_hash.map(str::to_owned),
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

/// Sends the e-mail(s) of `mail`, at most once per `AUTH_EMAIL_MAX_FREQUENCY` per user and
/// kind, and within the hourly quotas. An e-mail change sends both halves (current and new
/// address) under one stamp.
pub async fn send(conn: &mut Conn, state: &AppState, user: &UserRow, mail: &Mail<'_>, flow: Option<&FlowState>) -> AuthResult<Delivery> {
    if let Some(wait) = frequency_wait(conn, state, user, mail.purpose).await? {
        return Ok(held_back(user, mail.purpose, AuthError::email_frequency(wait)));
    }
    let purposes: &[Purpose] = match mail.purpose {
        // An anonymous account has no current address: only the new one confirms.
        Purpose::EmailChangeCurrent | Purpose::EmailChangeNew if user.email.is_none() => &[Purpose::EmailChangeNew],
        Purpose::EmailChangeCurrent | Purpose::EmailChangeNew => &[Purpose::EmailChangeCurrent, Purpose::EmailChangeNew],
        _ => std::slice::from_ref(&mail.purpose),
    };
    for &purpose in purposes {
        if let Err(refusal) = count_quota(state, mail.requester).await {
            return Ok(held_back(user, purpose, refusal));
        }
        queue(conn, state, user, purpose, mail, flow).await?;
    }
    Ok(Delivery::Queued)
}

async fn queue(
    conn: &mut Conn,
    state: &AppState,
    user: &UserRow,
    purpose: Purpose,
    mail: &Mail<'_>,
    flow: Option<&FlowState>,
) -> AuthResult<()> {
    let link = create_link(conn, state, user, purpose, mail.redirect_to, flow, mail.password_hash).await?;
    let to = purpose.recipient(user);
    let new_email = user.email_change.clone().unwrap_or_default();
    let vars = [
        ("confirmation_url", link.action_link.as_str()),
        ("token", &link.otp),
        ("email", user.email_or_empty()),
        ("new_email", &new_email),
    ];
    let email = NewEmail { to: &to, lang: mail_lang(user, mail.redirect_to), kind: purpose.mail_kind(), vars: &vars };
    mail::enqueue(conn, &state.config, email).await?;
    Ok(())
}

/// `send`, with a PKCE flow when the client gave a code challenge (the link then leads to `?code=`).
pub async fn send_with_pkce(
    conn: &mut Conn,
    state: &AppState,
    user: &UserRow,
    mail: &Mail<'_>,
    challenge: Option<&Challenge>,
) -> AuthResult<Delivery> {
    let flow = match challenge {
        Some(challenge) => Some(pkce::create_flow(conn, &user.id, challenge, mail.purpose.authentication_method()).await?),
        None => None,
    };
    send(conn, state, user, mail, flow.as_ref()).await
}

async fn count_quota(state: &AppState, requester: Requester) -> AuthResult<()> {
    match requester {
        Requester::Client(ip) => limits::email_quota(state, Some(ip)).await,
        Requester::Admin => limits::email_quota(state, None).await,
        Requester::Counted => Ok(()),
    }
}

fn held_back(user: &UserRow, purpose: Purpose, refusal: AuthError) -> Delivery {
    tracing::info!(user_id = %user.id, purpose = ?purpose, reason = refusal.code, "auth e-mail held back by a sending limit");
    Delivery::HeldBack(refusal)
}

/// Claims the user's slot for this kind of mail; when another went out too recently, the
/// seconds left to wait.
async fn frequency_wait(conn: &mut Conn, state: &AppState, user: &UserRow, purpose: Purpose) -> sqlx::Result<Option<u64>> {
    let gap = state.config.auth.email_max_frequency.as_secs() as i64;
    let now = now_unix();
    if users::claim_send_slot(conn, &user.id, purpose.sent_column(), now, gap).await? {
        return Ok(None);
    }
    let last = users::sent_at(conn, &user.id, purpose.sent_column()).await?.unwrap_or(now);
    Ok(Some((last + gap - now).max(1) as u64))
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
