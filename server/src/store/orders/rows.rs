//! Orders and their lines as stored.

use sqlx::AnyConnection;

use crate::store::api::Address;

pub const PENDING: &str = "pending_payment";
pub const PAID: &str = "paid";
pub const FULFILLED: &str = "fulfilled";
pub const CANCELED: &str = "canceled";
pub const PARTIALLY_REFUNDED: &str = "partially_refunded";
pub const REFUNDED: &str = "refunded";

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct OrderRow {
    pub id: String,
    pub number: String,
    pub cart_id: Option<String>,
    pub user_id: Option<String>,
    pub email: String,
    pub language: String,
    pub status: String,
    pub access_token_hash: String,
    pub receipt_token_hash: Option<String>,
    pub idempotency_hash: Option<String>,
    pub request_digest: Option<String>,
    pub sealed_token: Option<String>,
    pub subtotal_cents: i64,
    pub discount_code: Option<String>,
    pub discount_cents: i64,
    pub shipping_cents: i64,
    pub total_cents: i64,
    pub currency: String,
    pub shipping_address: Option<String>,
    pub shipping_method: Option<String>,
    pub reserved_until: Option<i64>,
    pub carrier: Option<String>,
    pub tracking_number: Option<String>,
    pub refunded_cents: i64,
    pub created_at: i64,
    pub updated_at: i64,
    pub paid_at: Option<i64>,
    pub fulfilled_at: Option<i64>,
}

impl OrderRow {
    pub fn address(&self) -> Option<Address> {
        self.shipping_address.as_deref().and_then(|json| serde_json::from_str(json).ok())
    }
}

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct LineRow {
    pub position: i32,
    pub sku: String,
    pub slug: String,
    pub kind: String,
    pub name: String,
    pub variant_name: String,
    pub quantity: i64,
    pub unit_price_cents: i64,
    pub line_total_cents: i64,
    /// Units given back by refunds (docs/decisions/018-owners-console.md).
    pub refunded_quantity: i64,
}

pub const COLUMNS: &str = "id, number, cart_id, user_id, email, language, status, access_token_hash, receipt_token_hash, idempotency_hash, request_digest, sealed_token, subtotal_cents, discount_code, discount_cents, shipping_cents, total_cents, currency, shipping_address, shipping_method, reserved_until, carrier, tracking_number, refunded_cents, created_at, updated_at, paid_at, fulfilled_at";

pub async fn find(conn: &mut AnyConnection, id: &str) -> sqlx::Result<Option<OrderRow>> {
    sqlx::query_as(&format!("SELECT {COLUMNS} FROM store_orders WHERE id = $1")).bind(id).fetch_optional(conn).await
}

pub async fn find_by_idempotency(conn: &mut AnyConnection, hash: &str) -> sqlx::Result<Option<OrderRow>> {
    sqlx::query_as(&format!("SELECT {COLUMNS} FROM store_orders WHERE idempotency_hash = $1")).bind(hash).fetch_optional(conn).await
}

pub async fn of_user(conn: &mut AnyConnection, user_id: &str) -> sqlx::Result<Vec<OrderRow>> {
    sqlx::query_as(&format!("SELECT {COLUMNS} FROM store_orders WHERE user_id = $1 ORDER BY created_at DESC, number DESC LIMIT 100"))
        .bind(user_id)
        .fetch_all(conn)
        .await
}

pub async fn lines(conn: &mut AnyConnection, order_id: &str) -> sqlx::Result<Vec<LineRow>> {
    sqlx::query_as("SELECT position, sku, slug, kind, name, variant_name, quantity, unit_price_cents, line_total_cents, refunded_quantity FROM store_order_lines WHERE order_id = $1 ORDER BY position")
        .bind(order_id)
        .fetch_all(conn)
        .await
}

/// Pending orders whose reservation ran out.
pub async fn expired(conn: &mut AnyConnection, now: i64, limit: i64) -> sqlx::Result<Vec<String>> {
    let rows: Vec<(String,)> =
        sqlx::query_as("SELECT id FROM store_orders WHERE status = $1 AND reserved_until < $2 ORDER BY reserved_until LIMIT $3")
            .bind(PENDING)
            .bind(now)
            .bind(limit)
            .fetch_all(conn)
            .await?;
    Ok(rows.into_iter().map(|(id,)| id).collect())
}

/// The next `R-{year}-{n}` number: one counter row per year, taken in the order's transaction.
pub async fn next_number(conn: &mut AnyConnection, year: i32) -> sqlx::Result<String> {
    let (n,): (i64,) = sqlx::query_as("INSERT INTO store_order_numbers (year, last) VALUES ($1, 1) ON CONFLICT (year) DO UPDATE SET last = store_order_numbers.last + 1 RETURNING last")
        .bind(i64::from(year))
        .fetch_one(conn)
        .await?;
    Ok(format!("R-{year}-{n:06}"))
}
