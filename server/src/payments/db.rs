//! The site's record of each payment (table `payments`): which provider and reference, for
//! which booking and purpose, its status and amount, and of a card only the brand and last four.

use sqlx::{AnyConnection, Row};

use super::provider::PaymentRecord;

#[derive(Debug, Clone)]
pub struct PaymentRow {
    pub id: String,
    pub booking_id: String,
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

/// What a payment is for: the booking itself or a change fee.
pub const BOOKING: &str = "booking";
pub const CHANGE_FEE: &str = "change_fee";

const COLUMNS: &str =
    "id, booking_id, purpose, provider, provider_ref, status, amount_cents, currency, card_brand, card_last4, client_secret, refunded_cents";

fn payment(row: &sqlx::any::AnyRow) -> sqlx::Result<PaymentRow> {
    Ok(PaymentRow {
        id: row.try_get("id")?,
        booking_id: row.try_get("booking_id")?,
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
    booking_id: &str,
    purpose: &str,
    provider: &str,
    created: &PaymentRecord,
    now: i64,
) -> sqlx::Result<PaymentRow> {
    sqlx::query(
        "INSERT INTO payments (id, booking_id, purpose, provider, provider_ref, status, amount_cents, currency, client_secret, \
         created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $10) ON CONFLICT (provider, provider_ref) DO NOTHING",
    )
    .bind(uuid::Uuid::new_v4().to_string())
    .bind(booking_id)
    .bind(purpose)
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

/// The latest payment of a booking for a purpose.
pub async fn of_booking(conn: &mut AnyConnection, booking_id: &str, purpose: &str) -> sqlx::Result<Option<PaymentRow>> {
    let row = sqlx::query(&format!(
        "SELECT {COLUMNS} FROM payments WHERE booking_id = $1 AND purpose = $2 ORDER BY created_at DESC, id DESC LIMIT 1"
    ))
    .bind(booking_id)
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
/// running figure (stripe/db.rs `catch_up_refund`) and may arrive before this is recorded, so
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

/// Payments of bookings whose hold ran out that were never paid: the sweeper cancels them.
pub async fn unpaid_of_expired_bookings(conn: &mut AnyConnection, limit: i64) -> sqlx::Result<Vec<PaymentRow>> {
    let rows = sqlx::query(&format!(
        "SELECT {COLUMNS} FROM payments WHERE purpose = $1 AND status IN ('requires_payment', 'processing') \
         AND booking_id IN (SELECT id FROM consultation_bookings WHERE status = 'expired') LIMIT $2"
    ))
    .bind(BOOKING)
    .bind(limit)
    .fetch_all(conn)
    .await?;
    rows.iter().map(payment).collect()
}
