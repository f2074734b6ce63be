//! `POST /factors`, `POST /factors/{id}/challenge`, `POST /factors/{id}/verify`,
//! `DELETE /factors/{id}` and the admin `GET|DELETE /admin/users/{id}/factors[/{id}]`,
//! with GoTrue's statuses, codes and messages.

use axum::extract::{Path, State};
use axum::Json;
use serde::{Deserialize, Serialize};

use super::db::{self, ChallengeRow, FactorRow, UNVERIFIED};
use super::{factor_not_found, factor_view, is_aal2, qr, raise_session, session_of, totp};
use crate::auth::db::{sessions, users};
use crate::auth::errors::{AuthError, AuthResult};
use crate::auth::extract::{Admin, Body, CurrentUser};
use crate::auth::issue::{SessionView, AAL2};
use crate::auth::limits::{self, Bucket};
use crate::auth::model::FactorView;
use crate::platform::db::now_unix;
use crate::platform::http::client_ip::ClientIp;
use crate::startup::AppState;

/// Wrong codes one challenge takes before it is spent.
const MAX_ATTEMPTS_PER_CHALLENGE: i32 = 5;
const TOTP: &str = "totp";

#[derive(Debug, Default, Deserialize)]
pub struct EnrollBody {
    factor_type: Option<String>,
    friendly_name: Option<String>,
    issuer: Option<String>,
}

#[derive(Debug, Serialize)]
pub struct Enrolled {
    id: String,
    #[serde(rename = "type")]
    factor_type: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    friendly_name: Option<String>,
    totp: TotpSetup,
}

#[derive(Debug, Serialize)]
pub struct TotpSetup {
    qr_code: String,
    secret: String,
    uri: String,
}

pub async fn enroll(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    caller: CurrentUser,
    Body(body): Body<EnrollBody>,
) -> AuthResult<Json<Enrolled>> {
    limits::per_ip(&state, Bucket::Mfa, ip).await?;
    match body.factor_type.as_deref().unwrap_or_default() {
        TOTP => {}
        "phone" => return Err(AuthError::unprocessable("mfa_phone_enroll_not_enabled", "MFA enroll is disabled for Phone")),
        "webauthn" => return Err(AuthError::unprocessable("mfa_webauthn_enroll_not_enabled", "MFA enroll is disabled for WebAuthn")),
        _ => return Err(AuthError::validation("factorType needs to be totp, phone, or webauthn")),
    }
    let key = state
        .auth
        .mfa_key
        .as_ref()
        .ok_or_else(|| AuthError::unprocessable("mfa_totp_enroll_not_enabled", "MFA enroll is disabled for TOTP"))?;
    let session = session_of(caller.session)?;
    let user = caller.user;
    let friendly_name = body.friendly_name.map(|name| name.trim().to_owned()).filter(|name| !name.is_empty());
    let mut tx = state.db.begin_write().await?;
    let factors = db::factors_of(&mut tx, &user.id).await?;
    if factors.iter().any(FactorRow::is_verified) && !is_aal2(&session) {
        return Err(AuthError::unprocessable("insufficient_aal", "AAL2 required to enroll a new factor"));
    }
    db::delete_unverified(&mut tx, &user.id).await?;
    let verified: Vec<&FactorRow> = factors.iter().filter(|f| f.is_verified()).collect();
    if verified.len() >= state.config.auth.mfa.max_enrolled_factors as usize {
        return Err(AuthError::unprocessable(
            "too_many_enrolled_mfa_factors",
            "Maximum number of verified factors reached, unenroll to continue",
        ));
    }
    if let Some(name) = friendly_name.as_deref().filter(|name| verified.iter().any(|f| f.friendly_name.as_deref() == Some(*name))) {
        return Err(AuthError::unprocessable(
            "mfa_factor_name_conflict",
            format!("A factor with the friendly name \"{name}\" for this user already exists"),
        ));
    }
    let now = now_unix();
    let id = uuid::Uuid::new_v4().to_string();
    let secret = totp::new_secret();
    let issuer =
        body.issuer.filter(|i| !i.trim().is_empty()).unwrap_or_else(|| state.config.site_url.host_str().unwrap_or("Rumbo").to_owned());
    let uri = otpauth_uri(&issuer, user.email_or_empty(), &totp::base32(&secret));
    let factor = FactorRow {
        id: id.clone(),
        user_id: user.id.clone(),
        friendly_name: friendly_name.clone(),
        factor_type: TOTP.into(),
        status: UNVERIFIED.into(),
        secret_sealed: key.seal(&secret, &id),
        last_used_step: None,
        created_at: now,
        updated_at: now,
    };
    db::insert_factor(&mut tx, &factor).await?;
    tx.commit().await?;
    let qr_code = qr::svg_data_uri(&uri)?;
    Ok(Json(Enrolled { id, factor_type: TOTP, friendly_name, totp: TotpSetup { qr_code, secret: totp::base32(&secret), uri } }))
}

/// `otpauth://totp/Issuer:account?secret=…&issuer=…` (the Key Uri Format authenticator apps read).
fn otpauth_uri(issuer: &str, account: &str, secret: &str) -> String {
    let encode = |text: &str| url::form_urlencoded::byte_serialize(text.as_bytes()).collect::<String>().replace('+', "%20");
    format!(
        "otpauth://totp/{}:{}?algorithm=SHA1&digits={}&issuer={}&period={}&secret={secret}",
        encode(issuer),
        encode(account),
        totp::DIGITS,
        encode(issuer),
        totp::PERIOD_SECS
    )
}

#[derive(Debug, Serialize)]
pub struct Challenge {
    id: String,
    #[serde(rename = "type")]
    factor_type: String,
    expires_at: i64,
}

pub async fn challenge(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    caller: CurrentUser,
    Path(factor_id): Path<String>,
) -> AuthResult<Json<Challenge>> {
    limits::per_ip(&state, Bucket::Mfa, ip).await?;
    session_of(caller.session)?;
    let now = now_unix();
    let expiry = state.config.auth.mfa.challenge_expiry.as_secs() as i64;
    let mut tx = state.db.begin_write().await?;
    let factor = db::find_factor(&mut tx, &caller.user.id, &factor_id).await?.ok_or_else(factor_not_found)?;
    db::delete_challenges_before(&mut tx, &factor.id, now - expiry).await?;
    let challenge = ChallengeRow {
        id: uuid::Uuid::new_v4().to_string(),
        factor_id: factor.id,
        ip: ip.to_string(),
        attempts: 0,
        verified_at: None,
        created_at: now,
    };
    db::insert_challenge(&mut tx, &challenge).await?;
    tx.commit().await?;
    Ok(Json(Challenge { id: challenge.id, factor_type: factor.factor_type, expires_at: now + expiry }))
}

#[derive(Debug, Default, Deserialize)]
pub struct VerifyBody {
    challenge_id: Option<String>,
    code: Option<String>,
}

pub async fn verify(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    caller: CurrentUser,
    Path(factor_id): Path<String>,
    Body(body): Body<VerifyBody>,
) -> AuthResult<Json<SessionView>> {
    limits::per_ip(&state, Bucket::Mfa, ip).await?;
    let challenge_id = body.challenge_id.filter(|c| !c.is_empty()).ok_or_else(|| AuthError::validation("challenge_id is required"))?;
    let code = body.code.unwrap_or_default().trim().to_owned();
    let mut session = session_of(caller.session)?;
    let user = caller.user;
    let now = now_unix();
    let mut tx = state.db.begin_write().await?;
    let factor = db::find_factor(&mut tx, &user.id, &factor_id).await?.ok_or_else(factor_not_found)?;
    let challenge = db::find_challenge(&mut tx, &factor.id, &challenge_id)
        .await?
        .ok_or_else(|| AuthError::not_found("mfa_factor_not_found", "MFA factor with the provided challenge ID not found"))?;
    if challenge.ip != ip.to_string() {
        return Err(AuthError::unprocessable(
            "mfa_ip_address_mismatch",
            "Challenge and verify IP addresses mismatch. Try enrollment again.",
        ));
    }
    if challenge.created_at + state.config.auth.mfa.challenge_expiry.as_secs() as i64 <= now {
        db::delete_challenge(&mut tx, &challenge.id).await?;
        tx.commit().await?;
        return Err(AuthError::unprocessable(
            "mfa_challenge_expired",
            format!("MFA challenge {} has expired, verify against another challenge or create a new challenge.", challenge.id),
        ));
    }
    let key = state
        .auth
        .mfa_key
        .as_ref()
        .ok_or_else(|| AuthError::unprocessable("mfa_totp_verify_not_enabled", "MFA verification is disabled for TOTP"))?;
    let secret = key.open(&factor.secret_sealed, &factor.id).ok_or_else(|| {
        tracing::error!(factor_id = %factor.id, "auth: a TOTP secret does not open with the configured AUTH_MFA_ENCRYPTION_KEY");
        AuthError::unexpected()
    })?;
    let step = totp::matching_step(&secret, &code, now, factor.last_used_step);
    let accepted = match step {
        Some(step) => db::use_step(&mut tx, &factor.id, step, now).await?,
        None => false,
    };
    if !accepted {
        if challenge.attempts + 1 >= MAX_ATTEMPTS_PER_CHALLENGE {
            db::delete_challenge(&mut tx, &challenge.id).await?;
        } else {
            db::count_failed_attempt(&mut tx, &challenge.id).await?;
        }
        tx.commit().await?;
        return Err(AuthError::unprocessable("mfa_verification_failed", "Invalid TOTP code entered"));
    }
    db::delete_challenge(&mut tx, &challenge.id).await?;
    if !factor.is_verified() {
        // A new second factor: sessions that never passed it end (GoTrue does the same).
        sessions::delete_others_below(&mut tx, &user.id, &session.id, AAL2).await?;
    }
    let answer = raise_session(&mut tx, &state, &user, &mut session, Some(&factor.id), TOTP).await?;
    tx.commit().await?;
    Ok(Json(answer))
}

#[derive(Debug, Serialize)]
pub struct Unenrolled {
    id: String,
}

pub async fn unenroll(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    caller: CurrentUser,
    Path(factor_id): Path<String>,
) -> AuthResult<Json<Unenrolled>> {
    limits::per_ip(&state, Bucket::Mfa, ip).await?;
    let session = session_of(caller.session)?;
    let mut tx = state.db.begin_write().await?;
    let factor = db::find_factor(&mut tx, &caller.user.id, &factor_id).await?.ok_or_else(factor_not_found)?;
    if factor.is_verified() && !is_aal2(&session) {
        return Err(AuthError::unprocessable("insufficient_aal", "AAL2 required to unenroll verified factor"));
    }
    remove_factor(&mut tx, &caller.user.id, &factor).await?;
    tx.commit().await?;
    Ok(Json(Unenrolled { id: factor.id }))
}

/// Deletes a factor; sessions it raised go back to aal1, and the recovery codes go with the
/// last verified factor.
async fn remove_factor(conn: &mut crate::auth::db::Conn, user_id: &str, factor: &FactorRow) -> sqlx::Result<()> {
    db::delete_factor(conn, &factor.id).await?;
    sessions::lower_raised_by(conn, &factor.id).await?;
    if !db::factors_of(conn, user_id).await?.iter().any(FactorRow::is_verified) {
        db::delete_recovery_codes(conn, user_id).await?;
    }
    Ok(())
}

pub async fn admin_list(_: Admin, State(state): State<AppState>, Path(user_id): Path<String>) -> AuthResult<Json<Vec<FactorView>>> {
    let mut conn = state.db.pool.acquire().await?;
    let user = users::find_by_id(&mut conn, &user_id).await?.ok_or_else(|| AuthError::not_found("user_not_found", "User not found"))?;
    Ok(Json(db::factors_of(&mut conn, &user.id).await?.iter().map(factor_view).collect()))
}

pub async fn admin_delete(
    _: Admin,
    State(state): State<AppState>,
    Path((user_id, factor_id)): Path<(String, String)>,
) -> AuthResult<Json<FactorView>> {
    let mut tx = state.db.begin_write().await?;
    let user = users::find_by_id(&mut tx, &user_id).await?.ok_or_else(|| AuthError::not_found("user_not_found", "User not found"))?;
    let factor = db::find_factor(&mut tx, &user.id, &factor_id).await?.ok_or_else(factor_not_found)?;
    remove_factor(&mut tx, &user.id, &factor).await?;
    tx.commit().await?;
    Ok(Json(factor_view(&factor)))
}

#[cfg(test)]
mod tests {
    #[test]
    fn otpauth_uris_escape_the_label_and_carry_the_secret() {
        let uri = super::otpauth_uri("rumbo.travel", "ana silva@example.com", "GEZDGNBV");
        assert_eq!(
            uri,
            "otpauth://totp/rumbo.travel:ana%20silva%40example.com?algorithm=SHA1&digits=6&issuer=rumbo.travel&period=30&secret=GEZDGNBV"
        );
    }
}
