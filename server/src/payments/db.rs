//! The site's record of each payment (table `payments`): which provider and reference, for
//! which purchase (kind and id) and purpose, its status and amount, and of a card only the
//! brand and last four.

use sqlx::{AnyConnection, Row};

use super::provider::PaymentRecord;
use super::purchase::PaymentFor;

#[derive(Debug, Clone)]
pub struct PaymentRow {
    pub id: String,
    pub purchase_kind: String,
    pub purchase_id: String,
    pub purpose: String,
    pub provider: String,
    pub provider_ref: String,
    pub status: String,
    pub amount_cents: i64,
    pub currency: String,
    pub card_brand: Option<String>,
    pub card_last4: Option<String>,
    pub client_secret: Option<String>,
    pub refunded_cents: i64,
}

const COLUMNS: &str = "id, purchase_kind, purchase_id, purpose, provider, provider_ref, status, amount_cents, currency, card_brand, \
     card_last4, client_secret, refunded_cents";

fn payment(row: &sqlx::any::AnyRow) -> sqlx::Result<PaymentRow> {
    Ok(PaymentRow {
        id: row.try_get("id")?,
        purchase_kind: row.try_get("purchase_kind")?,
        purchase_id: row.try_get("purchase_id")?,
        purpose: row.try_get("purpose")?,
        provider: row.try_get("provider")?,
        provider_ref: row.try_get("provider_ref")?,
        status: row.try_get("status")?,
        amount_cents: row.try_get("amount_cents")?,
        currency: row.try_get("currency")?,
        card_brand: row.try_get("card_brand")?,
        card_last4: row.try_get("card_last4")?,
        client_secret: row.try_get("client_secret")?,
        refunded_cents: row.try_get("refunded_cents")?,
    })
}

/// Records a payment the provider created; recording the same reference twice keeps one row.
pub async fn record(
    conn: &mut AnyConnection,
    paying: &PaymentFor<'_>,
    provider: &str,
    created: &PaymentRecord,
    now: i64,
) -> sqlx::Result<PaymentRow> {
    sqlx::query(
        "INSERT INTO payments (id, purchase_kind, purchase_id, purpose, pay_by, provider, provider_ref, status, amount_cents, \
         currency, client_secret, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $12) \
         ON CONFLICT (provider, provider_ref) DO NOTHING",
    )
    .bind(uuid::Uuid::new_v4().to_string())
    .bind(paying.kind)
    .bind(paying.purchase_id)
    .bind(paying.purpose)
    .bind(paying.pay_by)
    .bind(provider)
    .bind(&created.provider_ref)
    .bind(created.status.as_str())
    .bind(created.amount_cents)
    .bind(created.currency.to_ascii_uppercase())
    .bind(created.client_secret.as_deref())
    .bind(now)
    .execute(&mut *conn)
    .await?;
    find_by_ref(conn, provider, &created.provider_ref).await?.ok_or(sqlx::Error::RowNotFound)
}

/// The latest payment of a purchase for a purpose.
pub async fn of_purchase(conn: &mut AnyConnection, kind: &str, purchase_id: &str, purpose: &str) -> sqlx::Result<Option<PaymentRow>> {
    let row = sqlx::query(&format!(
        "SELECT {COLUMNS} FROM payments WHERE purchase_kind = $1 AND purchase_id = $2 AND purpose = $3 \
         ORDER BY created_at DESC, id DESC LIMIT 1"
    ))
    .bind(kind)
    .bind(purchase_id)
    .bind(purpose)
    .fetch_optional(conn)
    .await?;
    row.as_ref().map(payment).transpose()
}

pub async fn find_by_ref(conn: &mut AnyConnection, provider: &str, provider_ref: &str) -> sqlx::Result<Option<PaymentRow>> {
    let row = sqlx::query(&format!("SELECT {COLUMNS} FROM payments WHERE provider = $1 AND provider_ref = $2"))
        .bind(provider)
        .bind(provider_ref)
        .fetch_optional(conn)
        .await?;
    row.as_ref().map(payment).transpose()
}

/// The payment succeeded; a card's brand and last four digits are kept when known.
pub async fn mark_succeeded(conn: &mut AnyConnection, id: &str, brand: Option<&str>, last4: Option<&str>, now: i64) -> sqlx::Result<()> {
    sqlx::query(
        "UPDATE payments SET status = 'succeeded', card_brand = COALESCE($2, card_brand), card_last4 = COALESCE($3, card_last4), \
         updated_at = $4 WHERE id = $1 AND status <> 'refunded'",
    )
    .bind(id)
    .bind(brand)
    .bind(last4)
    .bind(now)
    .execute(conn)
    .await
    .map(drop)
}

pub async fn set_status(conn: &mut AnyConnection, id: &str, status: &str, now: i64) -> sqlx::Result<()> {
    sqlx::query("UPDATE payments SET status = $2, updated_at = $3 WHERE id = $1")
        .bind(id)
        .bind(status)
        .bind(now)
        .execute(conn)
        .await
        .map(drop)
}

/// Records our refund of `cents` (part or all of the payment) as a floor under the refunded
/// total, never added to it: Stripe's `charge.refunded` webhook sets the total to Stripe's own
/// running figure (`catch_up_refund`) and may arrive before this is recorded, so
/// adding would count the same refund twice. The site refunds a payment at most once (every
/// caller checks `refunded_cents == 0` first, a change fee is refunded only when its move
/// fails), so the total is then exactly what went back; a further refund made in Stripe's
/// Dashboard arrives as Stripe's running total and raises it.
pub async fn add_refund(conn: &mut AnyConnection, id: &str, cents: i64, now: i64) -> sqlx::Result<()> {
    sqlx::query(
        "UPDATE payments SET status = 'refunded', \
         refunded_cents = CASE WHEN refunded_cents < $2 THEN $2 ELSE refunded_cents END, updated_at = $3 WHERE id = $1",
    )
    .bind(id)
    .bind(cents)
    .bind(now)
    .execute(conn)
    .await
    .map(drop)
}

/// Raises a payment's refunded total to `total` (the provider's running total);
/// false when it already was that much.
pub async fn catch_up_refund(pool: &sqlx::AnyPool, payment_id: &str, total: i64, now: i64) -> sqlx::Result<bool> {
    let done =
        sqlx::query("UPDATE payments SET refunded_cents = $2, status = 'refunded', updated_at = $3 WHERE id = $1 AND refunded_cents < $2")
            .bind(payment_id)
            .bind(total)
            .bind(now)
            .execute(pool)
            .await?;
    Ok(done.rows_affected() == 1)
}

/// Unpaid payments of a kind whose purchase stopped waiting for them (`pay_by` passed): the
/// kind's sweeper cancels them with the provider.
pub async fn unpaid_overdue(conn: &mut AnyConnection, kind: &str, now: i64, limit: i64) -> sqlx::Result<Vec<PaymentRow>> {
    let rows = sqlx::query(&format!(
        "SELECT {COLUMNS} FROM payments WHERE status IN ('requires_payment', 'processing') AND pay_by <= $1 \
         AND purchase_kind = $2 ORDER BY pay_by LIMIT $3"
    ))
    .bind(now)
    .bind(kind)
    .bind(limit)
    .fetch_all(conn)
    .await?;
    rows.iter().map(payment).collect()
}

/// Every payment of a purchase with its creation time, oldest first (the owners' console).
pub async fn all_of_purchase(conn: &mut AnyConnection, kind: &str, purchase_id: &str) -> sqlx::Result<Vec<(PaymentRow, i64)>> {
    let rows = sqlx::query(&format!(
        "SELECT {COLUMNS}, created_at FROM payments WHERE purchase_kind = $1 AND purchase_id = $2 ORDER BY created_at, id"
    ))
    .bind(kind)
    .bind(purchase_id)
    .fetch_all(conn)
    .await?;
    rows.iter().map(|row| Ok((payment(row)?, row.try_get::<i64, _>("created_at")?))).collect()
}
