//! Two-factor authentication (docs/decisions/012-two-factor.md): GoTrue's TOTP factor API
//! (`/factors`, `/factors/{id}/challenge|verify`, admin `/admin/users/{id}/factors`), and
//! one-time recovery codes under our own `/recovery-codes`. A verified code raises the
//! session to `aal2` in place; refreshes keep it, because the level lives on the session row.

pub mod db;
pub mod handlers;
mod qr;
pub mod recovery;
pub mod sealed;
pub mod totp;

use self::db::FactorRow;
use self::sealed::SealingKey;
use super::db::sessions::{self, SessionRow};
use super::db::Conn;
use super::errors::{AuthError, AuthResult};
use super::issue::{self, SessionView, AAL2};
use super::model::{timestamp, FactorView, UserRow};
use super::secrets::random_token;
use crate::config::{Config, Environment};
use crate::platform::db::now_unix;
use crate::startup::AppState;

/// Only for development: a deployment without AUTH_MFA_ENCRYPTION_KEY.
const DEVELOPMENT_KEY: &str = "rumbo development two-factor sealing key, never for production";

/// The key that seals TOTP secrets; `None` turns enrolment off (production without a key).
pub fn sealing_key(config: &Config) -> anyhow::Result<Option<SealingKey>> {
    match (&config.auth.mfa.encryption_key, config.environment) {
        (Some(secret), _) if secret.chars().count() < sealed::MIN_KEY_CHARS => {
            anyhow::bail!("AUTH_MFA_ENCRYPTION_KEY must be at least {} characters", sealed::MIN_KEY_CHARS)
        }
        (Some(secret), _) => Ok(Some(SealingKey::from_secret(secret))),
        (None, Environment::Development) => Ok(Some(SealingKey::from_secret(DEVELOPMENT_KEY))),
        (None, Environment::Production) => {
            tracing::warn!("auth: AUTH_MFA_ENCRYPTION_KEY is not set; two-factor enrolment is off");
            Ok(None)
        }
    }
}

pub fn factor_view(factor: &FactorRow) -> FactorView {
    FactorView {
        id: factor.id.clone(),
        friendly_name: factor.friendly_name.clone(),
        factor_type: factor.factor_type.clone(),
        status: factor.status.clone(),
        created_at: timestamp(factor.created_at),
        updated_at: timestamp(factor.updated_at),
    }
}

pub fn factor_not_found() -> AuthError {
    AuthError::not_found("mfa_factor_not_found", "Factor not found")
}

/// The caller's session; MFA acts on sessions, so a token without one cannot use it.
pub fn session_of(session: Option<SessionRow>) -> AuthResult<SessionRow> {
    session.ok_or_else(|| AuthError::forbidden("session_not_found", "Session from session_id claim in JWT does not exist"))
}

pub fn is_aal2(session: &SessionRow) -> bool {
    session.aal == AAL2
}

/// Raises `session` to aal2 by `method` (`totp`, `recovery`), with a fresh refresh token: the
/// session's older tokens are revoked, so none minted at aal1 lives on at the new level.
pub async fn raise_session(
    conn: &mut Conn,
    state: &AppState,
    user: &UserRow,
    session: &mut SessionRow,
    factor_id: Option<&str>,
    method: &str,
) -> AuthResult<SessionView> {
    let now = now_unix();
    sessions::set_aal(conn, &session.id, AAL2, factor_id, now).await?;
    session.aal = AAL2.into();
    session.factor_id = factor_id.map(str::to_owned);
    sessions::add_amr_claim(conn, &session.id, method, now).await?;
    sessions::revoke_tokens_of(conn, &session.id, now).await?;
    let refresh_token = random_token(32);
    issue::store_refresh_token(conn, session, &refresh_token, None, now).await?;
    issue::session_response(conn, state, user, session, &refresh_token).await
}
