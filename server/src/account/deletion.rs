//! `DELETE /account`: the person asks to be forgotten. Confirmed first — the password, or the
//! code `GET /auth/v1/reauthenticate` mailed, or for an account without a password a sign-in
//! in the last few minutes — then in one transaction: the user goes, and with it (ON DELETE
//! CASCADE) every session, identity, two-factor method, recovery code and the profile; their
//! consultations and orders keep only what accounting and the law need (plan or lines, amounts,
//! currency, dates, country), detached from the person; their newsletter subscription, cart and
//! travel documents are removed. A confirmation goes to the address in the person's language.

use std::path::PathBuf;

use axum::extract::State;
use http::StatusCode;
use serde::Deserialize;
use serde_json::{json, Value};
use utoipa::ToSchema;

use super::internal;
use crate::auth::accounts;
use crate::auth::db::Conn;
use crate::auth::extract::ApiUser;
use crate::auth::passwords::Verdict;
use crate::mail::{self, MailKind, NewEmail};
use crate::platform::db::now_unix;
use crate::platform::http::error::{ApiError, ErrorCode};
use crate::platform::http::extract::ApiJson;
use crate::platform::i18n::Lang;
use crate::startup::AppState;

/// An account without a password confirms by having signed in this recently.
const RECENT_SIGN_IN_SECS: i64 = 10 * 60;

#[derive(Debug, Default, Deserialize, ToSchema)]
#[schema(example = json!({"password": "my-password", "lang": "es"}))]
pub struct DeleteAccount {
    /// The account's password.
    pub password: Option<String>,
    /// Or the 6-digit code mailed by `GET /auth/v1/reauthenticate`.
    pub nonce: Option<String>,
    /// The language of the confirmation mail (`en`, `es`, `pt`).
    pub lang: Option<String>,
}

/// Deletes the caller's account and everything personal kept with it.
#[utoipa::path(
    delete,
    path = "/account",
    tag = "account",
    security(("bearer" = [])),
    request_body(content = DeleteAccount, content_type = "application/json"),
    responses(
        (status = 204, description = "Deleted; a confirmation mail is on its way"),
        (status = 400, description = "`invalid_body`", body = ApiError),
        (status = 401, description = "`no_authorization`: no bearer token", body = ApiError),
        (status = 403, description = "`reauthentication_needed`: neither password nor code was given (or, without a password, the sign-in is not recent); `bad_jwt`, `session_not_found`, `session_expired`, `user_not_found` or `user_banned`", body = ApiError),
        (status = 422, description = "`reauthentication_failed`: the password or code is wrong", body = ApiError),
        (status = "default", description = "Any other refusal", body = ApiError),
    )
)]
pub async fn delete_account(
    ApiUser(caller): ApiUser,
    State(state): State<AppState>,
    ApiJson(body): ApiJson<DeleteAccount>,
) -> Result<StatusCode, ApiError> {
    let user = caller.user;
    let failed =
        || ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, ErrorCode::ReauthenticationFailed, "The password or code is not right.");
    let needed = || {
        ApiError::new(StatusCode::FORBIDDEN, ErrorCode::ReauthenticationNeeded, "Confirm with your password or the code we e-mailed you.")
    };
    let mut tx = state.db.begin_write().await.map_err(internal)?;
    match (body.password.as_deref().filter(|p| !p.is_empty()), body.nonce.as_deref().filter(|n| !n.is_empty())) {
        (Some(password), _) => {
            // Hashing takes a while: checked outside the write lock.
            drop(tx);
            let verdict = state
                .auth
                .passwords
                .verify(password, user.encrypted_password.as_deref())
                .await
                .map_err(|e| ApiError::internal("account: hashing", &*e))?;
            if verdict == Verdict::Mismatch {
                return Err(failed());
            }
            tx = state.db.begin_write().await.map_err(internal)?;
        }
        (None, Some(nonce)) => accounts::check_reauthentication(&mut tx, &state, &user, nonce).await.map_err(|_| failed())?,
        (None, None) => {
            let recent = caller.session.as_ref().is_some_and(|s| now_unix() - s.created_at < RECENT_SIGN_IN_SECS);
            if user.encrypted_password.is_some() || !recent {
                return Err(needed());
            }
        }
    }
    let email = user.email_or_empty().to_owned();
    let documents = forget(&mut tx, &user.id, &email).await.map_err(internal)?;
    if !email.is_empty() {
        let lang = body.lang.as_deref().and_then(Lang::from_code).unwrap_or(Lang::En);
        mail::enqueue(&mut tx, &state.config, NewEmail { to: &email, lang, kind: MailKind::AccountDeleted, vars: &[] })
            .await
            .map_err(internal)?;
    }
    tx.commit().await.map_err(internal)?;
    for booking_id in documents {
        remove_documents(state.config.consultations.upload_dir.join(booking_id)).await;
    }
    tracing::info!(user_id = %user.id, "account: deleted at its owner's request");
    Ok(StatusCode::NO_CONTENT)
}

/// Clears the person from every table; answers the bookings whose documents' folders go too.
async fn forget(conn: &mut Conn, user_id: &str, email: &str) -> sqlx::Result<Vec<String>> {
    let bookings: Vec<(String,)> =
        sqlx::query_as("SELECT id FROM consultation_bookings WHERE user_id = $1 OR (email = $2 AND email <> '')")
            .bind(user_id)
            .bind(email)
            .fetch_all(&mut *conn)
            .await?;
    for (booking_id,) in &bookings {
        sqlx::query("DELETE FROM consultation_documents WHERE booking_id = $1").bind(booking_id).execute(&mut *conn).await?;
        sqlx::query("DELETE FROM consultation_access_tokens WHERE booking_id = $1").bind(booking_id).execute(&mut *conn).await?;
        sqlx::query("UPDATE consultation_bookings SET name = '', email = '', message = '', user_id = NULL WHERE id = $1")
            .bind(booking_id)
            .execute(&mut *conn)
            .await?;
    }
    let orders: Vec<(String, Option<String>)> =
        sqlx::query_as("SELECT id, shipping_address FROM store_orders WHERE user_id = $1 OR (email = $2 AND email <> '')")
            .bind(user_id)
            .bind(email)
            .fetch_all(&mut *conn)
            .await?;
    for (order_id, address) in orders {
        sqlx::query("UPDATE store_orders SET email = '', user_id = NULL, shipping_address = $2, tracking_number = NULL WHERE id = $1")
            .bind(&order_id)
            .bind(address.map(|raw| country_only(&raw)))
            .execute(&mut *conn)
            .await?;
    }
    sqlx::query("DELETE FROM store_carts WHERE user_id = $1").bind(user_id).execute(&mut *conn).await?;
    sqlx::query("DELETE FROM newsletter_subscriptions WHERE email = $1").bind(email).execute(&mut *conn).await?;
    sqlx::query("DELETE FROM mail_outbox WHERE recipient = $1").bind(email).execute(&mut *conn).await?;
    // A former team member's actions stay in the audit log, no longer under their address.
    sqlx::query("UPDATE staff_audit_log SET actor_email = NULL WHERE actor_id = $1").bind(user_id).execute(&mut *conn).await?;
    sqlx::query("DELETE FROM auth_users WHERE id = $1").bind(user_id).execute(&mut *conn).await?;
    Ok(bookings.into_iter().map(|(id,)| id).collect())
}

/// What an order's address keeps for accounting: the country (where the sale was taxed).
fn country_only(raw: &str) -> String {
    let country = serde_json::from_str::<Value>(raw).ok().and_then(|address| address.get("country").cloned()).unwrap_or(Value::Null);
    json!({ "country": country }).to_string()
}

async fn remove_documents(folder: PathBuf) {
    if let Err(error) = tokio::fs::remove_dir_all(&folder).await {
        if error.kind() != std::io::ErrorKind::NotFound {
            tracing::warn!(%error, folder = %folder.display(), "account: a deleted account's documents could not be removed");
        }
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn an_address_keeps_only_its_country() {
        let kept = super::country_only(
            r#"{"name":"Ana Silva","line1":"Rua 1","city":"Lisboa","postal_code":"1000-001","country":"PT","phone":"+351"}"#,
        );
        assert_eq!(kept, r#"{"country":"PT"}"#);
    }
}
