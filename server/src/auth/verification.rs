//! Consuming an e-mail token (contract §3.4): find it by hash, check it is fresh and meant for
//! this address, use it once, and apply what it proves (address confirmed, recovery, e-mail
//! change). Shared by the e-mail link (`GET /verify`) and the code form (`POST /verify`).
//! Wrong typed codes are counted per address, and enough of them void the outstanding tokens.

use super::accounts;
use super::db::tokens::{self, OneTimeToken, TokenKind};
use super::db::{users, Conn};
use super::errors::{AuthError, AuthResult};
use super::model::UserRow;
use super::secrets::{constant_time_eq, sha256_hex};
use crate::platform::db::{now_unix, Db};
use crate::startup::AppState;

/// The verify `type`s of e-mail tokens.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum VerifyType {
    Signup,
    Invite,
    MagicLink,
    Recovery,
    EmailChange,
    /// Either a confirmation or a magic-link code (auth-js `type: 'email'`).
    Email,
}

impl VerifyType {
    pub fn parse(raw: &str) -> Option<VerifyType> {
        Some(match raw {
            "signup" => VerifyType::Signup,
            "invite" => VerifyType::Invite,
            "magiclink" => VerifyType::MagicLink,
            "recovery" => VerifyType::Recovery,
            "email_change" => VerifyType::EmailChange,
            "email" => VerifyType::Email,
            _ => return None,
        })
    }

    pub fn as_str(self) -> &'static str {
        match self {
            VerifyType::Signup => "signup",
            VerifyType::Invite => "invite",
            VerifyType::MagicLink => "magiclink",
            VerifyType::Recovery => "recovery",
            VerifyType::EmailChange => "email_change",
            VerifyType::Email => "email",
        }
    }

    pub fn kinds(self) -> &'static [TokenKind] {
        match self {
            VerifyType::Signup | VerifyType::Invite => &[TokenKind::Confirmation],
            VerifyType::MagicLink | VerifyType::Recovery => &[TokenKind::Recovery],
            VerifyType::EmailChange => &[TokenKind::EmailChangeCurrent, TokenKind::EmailChangeNew],
            VerifyType::Email => &[TokenKind::Confirmation, TokenKind::Recovery],
        }
    }
}

pub enum Outcome {
    /// Sign the user in (directly, or through the PKCE flow when there is one).
    SignIn { flow_state_id: Option<String> },
    /// One half of a secure e-mail change; the other address must confirm too.
    EmailChangeHalf,
}

pub struct Verified {
    pub user: UserRow,
    pub outcome: Outcome,
}

/// Why a token did not verify.
pub enum Rejected {
    /// No live token of that kind matches: wrong, used, expired or voided. The caller words it
    /// (a link and a typed code have different messages) and counts wrong codes.
    NoMatch,
    Error(AuthError),
}

impl Rejected {
    pub fn into_error(self, no_match: fn() -> AuthError) -> AuthError {
        match self {
            Rejected::NoMatch => no_match(),
            Rejected::Error(error) => error,
        }
    }
}

impl From<AuthError> for Rejected {
    fn from(error: AuthError) -> Rejected {
        Rejected::Error(error)
    }
}

impl From<sqlx::Error> for Rejected {
    fn from(error: sqlx::Error) -> Rejected {
        Rejected::Error(error.into())
    }
}

/// `token_hash` is the link's `token` (a `pkce_` prefix is ignored); `email`, when the caller
/// typed a code, must be the address the token was sent to.
pub async fn verify(
    conn: &mut Conn,
    state: &AppState,
    kind: VerifyType,
    token_hash: &str,
    email: Option<&str>,
) -> Result<Verified, Rejected> {
    let token_hash = token_hash.strip_prefix("pkce_").unwrap_or(token_hash);
    let token = tokens::find(conn, &sha256_hex(token_hash), kind.kinds()).await?.ok_or(Rejected::NoMatch)?;
    let fresh = token.created_at + state.config.auth.otp_exp.as_secs() as i64 > now_unix();
    let addressed = email.is_none_or(|email| constant_time_eq(email, &token.relates_to));
    if !fresh || !addressed {
        return Err(Rejected::NoMatch);
    }
    let mut user = users::find_by_id(conn, &token.user_id).await?.ok_or(Rejected::NoMatch)?;
    if user.is_banned(now_unix()) {
        return Err(AuthError::forbidden("user_banned", "User is banned").into());
    }
    if !tokens::take(conn, &token.id).await? {
        return Err(Rejected::NoMatch);
    }
    let outcome = apply(conn, &mut user, &token).await?;
    Ok(Verified { user, outcome })
}

/// Counts a wrong code typed for `email` against its outstanding tokens of the kinds `kind`
/// covers; after `tokens::MAX_WRONG_CODES` they are void and a new one must be requested (a
/// 6-digit code lives a day: README "Security notes"). Runs after the request's transaction
/// was rolled back, so the count survives the failed request.
pub async fn count_wrong_code(db: &Db, kind: VerifyType, email: &str) -> AuthResult<()> {
    let mut tx = db.begin_write().await?;
    for &token_kind in kind.kinds() {
        tokens::count_wrong_code(&mut tx, email, token_kind).await?;
    }
    tx.commit().await?;
    Ok(())
}

async fn apply(conn: &mut Conn, user: &mut UserRow, token: &OneTimeToken) -> AuthResult<Outcome> {
    let sign_in = Outcome::SignIn { flow_state_id: token.flow_state_id.clone() };
    match token.kind {
        TokenKind::Confirmation | TokenKind::Recovery => {
            accounts::confirm_email(conn, user, token.password_hash.clone()).await?;
            Ok(sign_in)
        }
        TokenKind::EmailChangeCurrent | TokenKind::EmailChangeNew => {
            let other = if token.kind == TokenKind::EmailChangeNew { TokenKind::EmailChangeCurrent } else { TokenKind::EmailChangeNew };
            if tokens::find_for_user(conn, &user.id, other).await?.is_some() {
                return Ok(Outcome::EmailChangeHalf);
            }
            complete_email_change(conn, user).await?;
            Ok(sign_in)
        }
        TokenKind::Reauthentication => Err(AuthError::validation("Invalid verification type")),
    }
}

async fn complete_email_change(conn: &mut Conn, user: &mut UserRow) -> AuthResult<()> {
    let Some(new_email) = user.email_change.take() else {
        return Err(AuthError::forbidden("otp_expired", "Token has expired or is invalid"));
    };
    user.email = Some(new_email);
    user.updated_at = now_unix();
    if user.email_confirmed_at.is_none() {
        // Confirmed without a sign-up's own link: no earlier password survives (see confirm_email).
        user.email_confirmed_at = Some(user.updated_at);
        user.encrypted_password = None;
    }
    users::save(conn, user).await.map_err(|e| {
        if users::is_unique_violation(&e) {
            AuthError::unprocessable("email_exists", "A user with this email address has already been registered")
        } else {
            e.into()
        }
    })?;
    if user.is_anonymous != 0 {
        accounts::make_permanent(conn, user).await?;
    }
    accounts::set_email_identity(conn, user, true).await?;
    Ok(())
}
