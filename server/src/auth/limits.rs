//! Rate limits (contract §8): per client IP on every endpoint that signs in or sends mail,
//! per e-mail address on the mail-sending ones — applied before the address is looked up, so
//! known and unknown addresses are refused alike — and hourly caps on auth e-mails: one for the site
//! and each client IP's share of it.

use std::net::IpAddr;
use std::time::Duration;

use super::errors::{AuthError, AuthResult};
use crate::startup::AppState;

const HOUR: Duration = Duration::from_secs(3600);

/// The ceiling on all `/token` requests per IP, as a multiple of the failed-sign-in limit
/// (docs/decisions/009-sign-in-limits.md).
pub const TOKEN_CEILING_FACTOR: u32 = 5;

#[derive(Debug, Clone, Copy)]
pub enum Bucket {
    /// Failed password sign-ins (`sign_in_limits`).
    Token,
    /// Every `/token` request, whatever its outcome.
    TokenCeiling,
    Verify,
    Signup,
    Otp,
    Recover,
    Resend,
    UserUpdate,
    Reauthenticate,
    /// Two-factor enrolment, challenges and codes.
    Mfa,
}

impl Bucket {
    fn name(self) -> &'static str {
        match self {
            Bucket::Token => "auth_token",
            Bucket::TokenCeiling => "auth_token_all",
            Bucket::Verify => "auth_verify",
            Bucket::Signup => "auth_signup",
            Bucket::Otp => "auth_otp",
            Bucket::Recover => "auth_recover",
            Bucket::Resend => "auth_resend",
            Bucket::UserUpdate => "auth_user_update",
            Bucket::Reauthenticate => "auth_reauthenticate",
            Bucket::Mfa => "auth_mfa",
        }
    }

    fn limit(self, state: &AppState) -> u32 {
        let limits = &state.config.auth.limits;
        match self {
            Bucket::Token => limits.token,
            Bucket::TokenCeiling => limits.token.saturating_mul(TOKEN_CEILING_FACTOR),
            Bucket::Verify | Bucket::Mfa => limits.verify,
            _ => limits.email_requests,
        }
    }
}

pub async fn per_ip(state: &AppState, bucket: Bucket, ip: IpAddr) -> AuthResult<()> {
    state.limiter.check_ip(bucket.name(), ip, bucket.limit(state), state.config.auth.limits.window).await.map_err(AuthError::request_rate)
}

/// One mail-sending request per address and `AUTH_EMAIL_MAX_FREQUENCY`, whether or not the
/// address has an account (the database gate in `mailer` holds across instances).
pub async fn per_email(state: &AppState, bucket: Bucket, email: &str) -> AuthResult<()> {
    let window = state.config.auth.email_max_frequency;
    if window.is_zero() {
        return Ok(());
    }
    state.limiter.check(bucket.name(), &format!("email:{email}"), 1, window).await.map_err(|retry| AuthError::email_frequency(retry.0))
}

/// Counts one auth e-mail against the hourly caps: the client's share first (so a client over
/// its share takes nothing from the others), then the site-wide cap (GoTrue's
/// RATE_LIMIT_EMAIL_SENT). Without the share, one client could spend the whole cap with
/// sign-ups of fresh addresses and hold back everyone's confirmation and recovery mail for an
/// hour. Admin requests (`client: None`) count against the site cap only.
pub async fn email_quota(state: &AppState, client: Option<IpAddr>) -> AuthResult<()> {
    let limits = &state.config.auth.limits;
    if let Some(ip) = client {
        state.limiter.check_ip("auth_email_sent_ip", ip, limits.email_sent_per_ip(), HOUR).await.map_err(AuthError::email_quota)?;
    }
    state.limiter.check("auth_email_sent", "all", limits.email_sent, HOUR).await.map_err(AuthError::email_quota)
}
