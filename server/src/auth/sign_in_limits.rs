//! Limits on password sign-in (docs/decisions/009-sign-in-limits.md):
//! - every `/token` request from one address counts toward a hard ceiling, checked before any
//!   work (`Bucket::TokenCeiling`, `TOKEN_CEILING_FACTOR` × `AUTH_RATE_LIMIT_TOKEN`);
//! - failed sign-ins from one address count toward `AUTH_RATE_LIMIT_TOKEN`: past it a failure
//!   answers 429 instead of 400, while a correct password still signs in, so one abuser behind
//!   a shared address (office NAT, mobile carrier) does not lock out everyone behind it;
//! - failed sign-ins per account, known or not, count toward `AUTH_RATE_LIMIT_SIGN_IN_FAILURES`
//!   in the database (all instances together); past it the account is refused before the
//!   password is even checked, so guessing one password stays bounded from any number of
//!   addresses.

use std::net::IpAddr;

use super::db::{sign_in_failures, Conn};
use super::errors::{AuthError, AuthResult};
use super::limits::{self, Bucket};
use super::secrets::sha256_hex;
use crate::platform::db::now_unix;
use crate::platform::rate_limit::RetryAfter;
use crate::startup::AppState;

/// The account a password sign-in names: a hash of its normalized address (or phone number),
/// whether or not such an account exists, so known and unknown addresses behave alike.
pub struct Account(String);

impl Account {
    pub fn named(identifier: &str) -> Account {
        Account(sha256_hex(&identifier.trim().to_lowercase()))
    }
}

/// Every `/token` request, before anything else is done for it.
pub async fn ceiling(state: &AppState, ip: IpAddr) -> AuthResult<()> {
    limits::per_ip(state, Bucket::TokenCeiling, ip).await
}

/// Refuses the account while it has reached its failure cap in the current window.
pub async fn check_account(state: &AppState, account: &Account) -> AuthResult<()> {
    let (cap, window) = account_limits(state);
    let now = now_unix();
    let mut conn = state.db.pool.acquire().await?;
    match sign_in_failures::current(&mut conn, &account.0, now - window).await? {
        Some((started, failures)) if failures >= cap => {
            let left = (started + window - now).max(1) as u64;
            Err(AuthError::request_rate(RetryAfter(left)))
        }
        _ => Ok(()),
    }
}

/// Counts a failed sign-in for the account and the address, and answers it: the usual
/// `invalid_credentials`, or 429 once the address is past its failure limit.
pub async fn failed(state: &AppState, ip: IpAddr, account: &Account) -> AuthError {
    if let Err(error) = record_failure(state, account).await {
        return error;
    }
    match limits::per_ip(state, Bucket::Token, ip).await {
        Ok(()) => AuthError::invalid_credentials(),
        Err(limited) => limited,
    }
}

async fn record_failure(state: &AppState, account: &Account) -> AuthResult<()> {
    let (_, window) = account_limits(state);
    let now = now_unix();
    let mut tx = state.db.begin_write().await?;
    sign_in_failures::record(&mut tx, &account.0, now, now - window).await?;
    tx.commit().await?;
    Ok(())
}

/// A correct password: the account's earlier failures no longer count.
pub async fn succeeded(conn: &mut Conn, account: &Account) -> AuthResult<()> {
    Ok(sign_in_failures::clear(conn, &account.0).await?)
}

fn account_limits(state: &AppState) -> (i64, i64) {
    let limits = &state.config.auth.limits;
    (i64::from(limits.sign_in_failures), limits.sign_in_failures_window.as_secs() as i64)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn accounts_are_named_by_their_normalized_address_only() {
        assert_eq!(Account::named(" Ana@Example.com ").0, Account::named("ana@example.com").0);
        assert_ne!(Account::named("ana@example.com").0, Account::named("eva@example.com").0);
        assert!(!Account::named("ana@example.com").0.contains("ana"), "the address itself is not stored");
    }
}
