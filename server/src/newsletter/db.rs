//! The `newsletter_subscriptions` and `newsletter_tokens` tables. State changes are
//! conditional updates, so two concurrent requests cannot both make the same change.

use sqlx::AnyConnection;

use super::model::{Purpose, Status};

/// A token's row with its subscription.
#[derive(Debug, sqlx::FromRow)]
struct TokenRow {
    subscription_id: String,
    expires_at: Option<i64>,
    status: String,
    lang: String,
}

#[derive(Debug)]
pub struct Found {
    pub subscription_id: String,
    pub expires_at: Option<i64>,
    pub status: Status,
    pub lang: String,
}

/// A new address starts pending; a known one is left as it is (one row per address).
pub async fn insert_pending(conn: &mut AnyConnection, id: &str, email: &str, lang: &str, source: &str, now: i64) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO newsletter_subscriptions (id, email, lang, source, status, created_at, updated_at) \
         VALUES ($1, $2, $3, $4, 'pending', $5, $5) ON CONFLICT (email) DO NOTHING",
    )
    .bind(id)
    .bind(email)
    .bind(lang)
    .bind(source)
    .bind(now)
    .execute(conn)
    .await
    .map(drop)
}

/// Claims the right to mail a confirmation: an unsubscribed address starts over, a pending one
/// whose last mail is older than `resend_before` gets another; a confirmed one nothing. Returns
/// the subscription id when this call won the claim (a concurrent twin sees the new
/// `last_sent_at` and does not).
pub async fn claim_confirmation_mail(
    conn: &mut AnyConnection,
    email: &str,
    lang: &str,
    source: &str,
    now: i64,
    resend_before: i64,
) -> sqlx::Result<Option<String>> {
    let row: Option<(String,)> = sqlx::query_as(
        "UPDATE newsletter_subscriptions SET status = 'pending', lang = $2, source = $3, last_sent_at = $4, updated_at = $4 \
         WHERE email = $1 AND (status = 'unsubscribed' OR (status = 'pending' AND (last_sent_at IS NULL OR last_sent_at <= $5))) \
         RETURNING id",
    )
    .bind(email)
    .bind(lang)
    .bind(source)
    .bind(now)
    .bind(resend_before)
    .fetch_optional(conn)
    .await?;
    Ok(row.map(|(id,)| id))
}

pub async fn insert_token(
    conn: &mut AnyConnection,
    hash: &str,
    subscription_id: &str,
    purpose: Purpose,
    expires_at: Option<i64>,
    now: i64,
) -> sqlx::Result<()> {
    sqlx::query("INSERT INTO newsletter_tokens (token_hash, subscription_id, purpose, expires_at, created_at) VALUES ($1, $2, $3, $4, $5)")
        .bind(hash)
        .bind(subscription_id)
        .bind(purpose.as_str())
        .bind(expires_at)
        .bind(now)
        .execute(conn)
        .await
        .map(drop)
}

/// Moves the subscription of an unexpired confirm token from pending to confirmed.
pub async fn confirm(conn: &mut AnyConnection, hash: &str, now: i64) -> sqlx::Result<()> {
    sqlx::query(
        "UPDATE newsletter_subscriptions SET status = 'confirmed', confirmed_at = $2, updated_at = $2 WHERE status = 'pending' AND id = \
         (SELECT subscription_id FROM newsletter_tokens WHERE token_hash = $1 AND purpose = 'confirm' AND expires_at > $2)",
    )
    .bind(hash)
    .bind(now)
    .execute(conn)
    .await
    .map(drop)
}

/// Unsubscribes the owner of an unsubscribe token (no change when already unsubscribed).
pub async fn unsubscribe(conn: &mut AnyConnection, hash: &str, now: i64) -> sqlx::Result<()> {
    sqlx::query(
        "UPDATE newsletter_subscriptions SET status = 'unsubscribed', unsubscribed_at = $2, updated_at = $2 \
         WHERE status <> 'unsubscribed' AND id = \
         (SELECT subscription_id FROM newsletter_tokens WHERE token_hash = $1 AND purpose = 'unsubscribe')",
    )
    .bind(hash)
    .bind(now)
    .execute(conn)
    .await
    .map(drop)
}

/// Confirms again the owner of an unsubscribe token (the token was mailed to the address, so
/// it proves ownership as a confirm token does).
pub async fn resubscribe(conn: &mut AnyConnection, hash: &str, now: i64) -> sqlx::Result<()> {
    sqlx::query(
        "UPDATE newsletter_subscriptions SET status = 'confirmed', confirmed_at = $2, updated_at = $2 \
         WHERE status <> 'confirmed' AND id = \
         (SELECT subscription_id FROM newsletter_tokens WHERE token_hash = $1 AND purpose = 'unsubscribe')",
    )
    .bind(hash)
    .bind(now)
    .execute(conn)
    .await
    .map(drop)
}

/// Confirmation links die with an unsubscribe: an old mail cannot subscribe the address again.
pub async fn delete_confirm_tokens(conn: &mut AnyConnection, subscription_id: &str) -> sqlx::Result<()> {
    sqlx::query("DELETE FROM newsletter_tokens WHERE subscription_id = $1 AND purpose = 'confirm'")
        .bind(subscription_id)
        .execute(conn)
        .await
        .map(drop)
}

/// Confirmation links that expired are of no use once a newer one is mailed.
pub async fn delete_expired_confirm_tokens(conn: &mut AnyConnection, subscription_id: &str, now: i64) -> sqlx::Result<()> {
    sqlx::query("DELETE FROM newsletter_tokens WHERE subscription_id = $1 AND purpose = 'confirm' AND expires_at <= $2")
        .bind(subscription_id)
        .bind(now)
        .execute(conn)
        .await
        .map(drop)
}

/// The token of this purpose with its subscription's state, if it exists.
pub async fn find_token(conn: &mut AnyConnection, hash: &str, purpose: Purpose) -> sqlx::Result<Option<Found>> {
    let row: Option<TokenRow> = sqlx::query_as(
        "SELECT t.subscription_id, t.expires_at, s.status, s.lang FROM newsletter_tokens t \
         JOIN newsletter_subscriptions s ON s.id = t.subscription_id WHERE t.token_hash = $1 AND t.purpose = $2",
    )
    .bind(hash)
    .bind(purpose.as_str())
    .fetch_optional(conn)
    .await?;
    row.map(|row| {
        let status =
            Status::from_name(&row.status).ok_or_else(|| sqlx::Error::Decode(format!("unknown status {:?}", row.status).into()))?;
        Ok(Found { subscription_id: row.subscription_id, expires_at: row.expires_at, status, lang: row.lang })
    })
    .transpose()
}
