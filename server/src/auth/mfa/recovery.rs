//! Recovery codes, our addition to GoTrue's MFA API (docs/decisions/012-two-factor.md): ten
//! one-time codes made at aal2 and shown once, each able to stand in for a TOTP code when the
//! phone is lost. Only their SHA-256 is kept; a new set replaces the old one.
//!
//! `POST /recovery-codes` (aal2) → `{codes}`; `GET /recovery-codes` → `{remaining}`;
//! `POST /recovery-codes/verify` `{code}` → the session at aal2, like `/factors/{id}/verify`.

use axum::extract::State;
use axum::Json;
use rand::Rng;
use serde::{Deserialize, Serialize};

use super::db::{self, FactorRow};
use super::{is_aal2, raise_session, session_of};
use crate::auth::db::Conn;
use crate::auth::errors::{AuthError, AuthResult};
use crate::auth::extract::{Body, CurrentUser};
use crate::auth::issue::SessionView;
use crate::auth::limits::{self, Bucket};
use crate::auth::secrets::sha256_hex;
use crate::platform::db::now_unix;
use crate::platform::http::client_ip::ClientIp;
use crate::startup::AppState;

pub const CODES_PER_SET: usize = 10;
/// Lower-case letters and digits without 0/o and 1/l: ten of them are 49 bits.
const CODE_ALPHABET: &[u8] = b"abcdefghijkmnpqrstuvwxyz23456789";
const CODE_CHARS: usize = 10;

/// A fresh code, `xxxxx-xxxxx`.
fn new_code() -> String {
    let mut rng = rand::rngs::OsRng;
    let chars: String = (0..CODE_CHARS).map(|_| CODE_ALPHABET[rng.gen_range(0..CODE_ALPHABET.len())] as char).collect();
    format!("{}-{}", &chars[..CODE_CHARS / 2], &chars[CODE_CHARS / 2..])
}

/// What is hashed: the code as typed, without spaces or dashes, in lower case.
fn code_hash(user_id: &str, code: &str) -> String {
    let normalized: String = code.chars().filter(|c| c.is_ascii_alphanumeric()).map(|c| c.to_ascii_lowercase()).collect();
    sha256_hex(&format!("{user_id}:{normalized}"))
}

async fn has_verified_factor(conn: &mut Conn, user_id: &str) -> sqlx::Result<bool> {
    Ok(db::factors_of(conn, user_id).await?.iter().any(FactorRow::is_verified))
}

#[derive(Debug, Serialize)]
pub struct NewCodes {
    codes: Vec<String>,
}

pub async fn generate(State(state): State<AppState>, ClientIp(ip): ClientIp, caller: CurrentUser) -> AuthResult<Json<NewCodes>> {
    limits::per_ip(&state, Bucket::Mfa, ip).await?;
    let session = session_of(caller.session)?;
    if !is_aal2(&session) {
        return Err(AuthError::unprocessable("insufficient_aal", "AAL2 required to generate recovery codes"));
    }
    let mut tx = state.db.begin_write().await?;
    if !has_verified_factor(&mut tx, &caller.user.id).await? {
        return Err(AuthError::unprocessable("mfa_factor_not_found", "Recovery codes need a verified factor"));
    }
    let codes: Vec<String> = (0..CODES_PER_SET).map(|_| new_code()).collect();
    let hashes: Vec<String> = codes.iter().map(|code| code_hash(&caller.user.id, code)).collect();
    db::replace_recovery_codes(&mut tx, &caller.user.id, &hashes, now_unix()).await?;
    tx.commit().await?;
    Ok(Json(NewCodes { codes }))
}

#[derive(Debug, Serialize)]
pub struct Remaining {
    remaining: i64,
}

pub async fn remaining(State(state): State<AppState>, caller: CurrentUser) -> AuthResult<Json<Remaining>> {
    let mut conn = state.db.pool.acquire().await?;
    Ok(Json(Remaining { remaining: db::remaining_recovery_codes(&mut conn, &caller.user.id).await? }))
}

#[derive(Debug, Default, Deserialize)]
pub struct VerifyBody {
    code: Option<String>,
}

pub async fn verify(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    caller: CurrentUser,
    Body(body): Body<VerifyBody>,
) -> AuthResult<Json<SessionView>> {
    limits::per_ip(&state, Bucket::Mfa, ip).await?;
    let mut session = session_of(caller.session)?;
    let code = body.code.unwrap_or_default();
    if code.trim().is_empty() {
        return Err(AuthError::validation("code is required"));
    }
    let mut tx = state.db.begin_write().await?;
    if !has_verified_factor(&mut tx, &caller.user.id).await? {
        return Err(AuthError::unprocessable("mfa_factor_not_found", "Recovery codes need a verified factor"));
    }
    if !db::use_recovery_code(&mut tx, &caller.user.id, &code_hash(&caller.user.id, &code), now_unix()).await? {
        return Err(AuthError::unprocessable("mfa_verification_failed", "Invalid recovery code"));
    }
    let answer = raise_session(&mut tx, &state, &caller.user, &mut session, None, "recovery").await?;
    tx.commit().await?;
    Ok(Json(answer))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_are_distinct_and_typed_loosely() {
        let code = new_code();
        assert_eq!(code.len(), CODE_CHARS + 1);
        assert_ne!(code, new_code());
        assert_eq!(code_hash("u", &code), code_hash("u", &code.to_uppercase().replace('-', " ")));
        assert_ne!(code_hash("u", &code), code_hash("v", &code), "bound to the user");
    }
}
