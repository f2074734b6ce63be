//! The Stripe module's queries (decision 001: one text for both databases): webhook event
//! de-duplication and the payments the reconciliation looks up.

use sqlx::AnyPool;

/// How long an unfinished claim on an event blocks a redelivery (then the claimer is presumed dead).
pub const CLAIM_LEASE_SECS: i64 = 60;

/// Whether this delivery of an event should be processed.
#[derive(Debug, PartialEq, Eq)]
pub enum Claim {
    /// First delivery (or a retry after an unfinished attempt): process it.
    Claimed,
    /// Already handled, or being handled right now by another request.
    Duplicate { outcome: Option<String> },
}

pub async fn claim(pool: &AnyPool, id: &str, kind: &str, object_id: Option<&str>, created: i64, now: i64) -> sqlx::Result<Claim> {
    let inserted = sqlx::query(
        "INSERT INTO stripe_events (id, type, object_id, created, received_at, claimed_at) VALUES ($1, $2, $3, $4, $5, $5) \
         ON CONFLICT (id) DO NOTHING",
    )
    .bind(id)
    .bind(kind)
    .bind(object_id)
    .bind(created)
    .bind(now)
    .execute(pool)
    .await?;
    if inserted.rows_affected() == 1 {
        return Ok(Claim::Claimed);
    }
    let retaken = sqlx::query("UPDATE stripe_events SET claimed_at = $2 WHERE id = $1 AND processed_at IS NULL AND claimed_at < $3")
        .bind(id)
        .bind(now)
        .bind(now - CLAIM_LEASE_SECS)
        .execute(pool)
        .await?;
    if retaken.rows_affected() == 1 {
        return Ok(Claim::Claimed);
    }
    let outcome: Option<(Option<String>,)> =
        sqlx::query_as("SELECT outcome FROM stripe_events WHERE id = $1").bind(id).fetch_optional(pool).await?;
    Ok(Claim::Duplicate { outcome: outcome.and_then(|(o,)| o) })
}

pub async fn finish(pool: &AnyPool, id: &str, outcome: &str, now: i64) -> sqlx::Result<()> {
    sqlx::query("UPDATE stripe_events SET processed_at = $2, outcome = $3 WHERE id = $1")
        .bind(id)
        .bind(now)
        .bind(outcome)
        .execute(pool)
        .await
        .map(drop)
}

/// Gives an event back when processing failed, so Stripe's next delivery is processed.
pub async fn release(pool: &AnyPool, id: &str) -> sqlx::Result<()> {
    sqlx::query("DELETE FROM stripe_events WHERE id = $1 AND processed_at IS NULL").bind(id).execute(pool).await.map(drop)
}

/// Stripe payments still unsettled that the reconciliation asks Stripe about, oldest first:
/// those created before `created_before` (a lost webhook), and — a last look before a sweeper
/// gives up on them — those whose purchase stops waiting (`pay_by`, a booking's hold end)
/// before `pay_by_before`. Nothing created before `created_after` (long settled or swept).
pub async fn pending_payments(
    pool: &AnyPool,
    created_before: i64,
    pay_by_before: i64,
    created_after: i64,
    limit: i64,
) -> sqlx::Result<Vec<String>> {
    let rows: Vec<(String,)> = sqlx::query_as(
        "SELECT provider_ref FROM payments WHERE provider = 'stripe' AND status IN ('requires_payment', 'processing') \
         AND created_at > $3 AND (created_at <= $1 OR pay_by <= $2) ORDER BY created_at LIMIT $4",
    )
    .bind(created_before)
    .bind(pay_by_before)
    .bind(created_after)
    .bind(limit)
    .fetch_all(pool)
    .await?;
    Ok(rows.into_iter().map(|(r,)| r).collect())
}
