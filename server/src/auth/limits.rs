//! Rate limits (contract §8): per client IP on every endpoint that signs in or sends mail,
//! per e-mail address on the mail-sending ones — applied before the address is looked up, so
//! known and unknown addresses are refused alike — and a per-instance cap on auth e-mails.

use std::net::IpAddr;
use std::time::Duration;

use super::errors::{AuthError, AuthResult};
use crate::startup::AppState;

const HOUR: Duration = Duration::from_secs(3600);

#[derive(Debug, Clone, Copy)]
pub enum Bucket {
    Token,
    Verify,
    Signup,
    Otp,
    Recover,
    Resend,
    UserUpdate,
    Reauthenticate,
}

impl Bucket {
    fn name(self) -> &'static str {
        match self {
            Bucket::Token => "auth_token",
            Bucket::Verify => "auth_verify",
            Bucket::Signup => "auth_signup",
            Bucket::Otp => "auth_otp",
            Bucket::Recover => "auth_recover",
            Bucket::Resend => "auth_resend",
            Bucket::UserUpdate => "auth_user_update",
            Bucket::Reauthenticate => "auth_reauthenticate",
        }
    }

    fn limit(self, state: &AppState) -> u32 {
        let limits = &state.config.auth.limits;
        match self {
            Bucket::Token => limits.token,
            Bucket::Verify => limits.verify,
            _ => limits.email_requests,
        }
    }
}

pub fn per_ip(state: &AppState, bucket: Bucket, ip: IpAddr) -> AuthResult<()> {
    state
        .limiter
        .check(bucket.name(), &ip.to_string(), bucket.limit(state), state.config.auth.limits.window)
        .map_err(AuthError::request_rate)
}

/// One mail-sending request per address and `AUTH_EMAIL_MAX_FREQUENCY`, whether or not the
/// address has an account (the database gate in `mailer` holds across instances).
pub fn per_email(state: &AppState, bucket: Bucket, email: &str) -> AuthResult<()> {
    let window = state.config.auth.email_max_frequency;
    if window.is_zero() {
        return Ok(());
    }
    state.limiter.check(bucket.name(), &format!("email:{email}"), 1, window).map_err(|retry| AuthError::email_frequency(retry.0))
}

/// The instance-wide hourly cap on auth e-mails (GoTrue's RATE_LIMIT_EMAIL_SENT).
pub fn email_quota(state: &AppState) -> AuthResult<()> {
    state.limiter.check("auth_email_sent", "all", state.config.auth.limits.email_sent, HOUR).map_err(AuthError::email_quota)
}
