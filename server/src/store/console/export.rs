//! The accounting exports: orders (one CSV line per order line) and payouts (one line per
//! payment), for a range of days, UTF-8 with a header row. Amounts are decimal in the order's
//! currency; a cell a spreadsheet would run as a formula is quoted with a leading `'`.

use axum::extract::State;
use axum::response::{IntoResponse, Response};
use http::header::{CACHE_CONTROL, CONTENT_DISPOSITION, CONTENT_TYPE};
use serde::Deserialize;
use sqlx::AnyConnection;
use utoipa::IntoParams;

use super::orders::day_start;
use super::views::cents;
use crate::platform::db::{now_unix, rfc3339};
use crate::platform::http::error::ApiError;
use crate::platform::http::extract::ApiQuery;
use crate::staff::extract::{Admin, ADMIN_REFUSALS};
use crate::startup::AppState;
use crate::store::error::{StoreError, StoreResult};

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ExportRange {
    /// First day (UTC), `YYYY-MM-DD`; default: the first of this month.
    #[param(value_type = Option<String>, format = Date)]
    pub from: Option<String>,
    /// Last day (UTC), `YYYY-MM-DD`, at most 366 days after `from`; default: today.
    #[param(value_type = Option<String>, format = Date)]
    pub to: Option<String>,
}

impl ExportRange {
    /// The days asked for, with the defaults filled in.
    fn days(&self) -> (String, String) {
        let today = rfc3339(now_unix())[..10].to_owned();
        let given = |day: &Option<String>| day.as_deref().map(str::trim).filter(|d| !d.is_empty()).map(str::to_owned);
        (given(&self.from).unwrap_or_else(|| format!("{}-01", &today[..7])), given(&self.to).unwrap_or(today))
    }

    /// [start, end) in unix seconds.
    fn bounds(&self) -> StoreResult<(i64, i64)> {
        let (from, to) = self.days();
        match (day_start(&from, 0), day_start(&to, 1)) {
            (Some(start), Some(end)) if end > start && end - start <= 367 * 86_400 => Ok((start, end)),
            (None, _) => Err(StoreError::Validation(vec![("from", "invalid_date")])),
            _ => Err(StoreError::Validation(vec![("to", "invalid_date")])),
        }
    }
}

/// One CSV cell: quoted when it holds a separator, quote or line break; a leading `=`, `+`,
/// `-`, `@` (a formula to a spreadsheet) gets a `'` in front.
pub fn cell(value: &str) -> String {
    let value = if value.starts_with(['=', '+', '-', '@', '\t', '\r']) && value.parse::<f64>().is_err() {
        format!("'{value}")
    } else {
        value.to_owned()
    };
    if value.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", value.replace('"', "\"\""))
    } else {
        value
    }
}

fn line(cells: &[String]) -> String {
    let mut out = cells.iter().map(|c| cell(c)).collect::<Vec<_>>().join(",");
    out.push_str("\r\n");
    out
}

const ORDER_HEADER: [&str; 20] = [
    "order_number",
    "placed_at",
    "paid_at",
    "status",
    "email",
    "language",
    "currency",
    "line",
    "sku",
    "product",
    "variant",
    "kind",
    "quantity",
    "unit_price",
    "line_total",
    "refunded_quantity",
    "order_discount",
    "order_shipping",
    "order_total",
    "order_refunded",
];

#[derive(sqlx::FromRow)]
struct OrderLineRow {
    number: String,
    created_at: i64,
    paid_at: Option<i64>,
    status: String,
    email: String,
    language: String,
    currency: String,
    position: i32,
    sku: String,
    name: String,
    variant_name: String,
    kind: String,
    quantity: i64,
    unit_price_cents: i64,
    line_total_cents: i64,
    refunded_quantity: i64,
    discount_cents: i64,
    shipping_cents: i64,
    total_cents: i64,
    refunded_cents: i64,
}

/// Paid orders (paid in the range), one line per order line.
pub async fn orders_csv(conn: &mut AnyConnection, start: i64, end: i64) -> sqlx::Result<String> {
    let rows: Vec<OrderLineRow> = sqlx::query_as(
        "SELECT o.number, o.created_at, o.paid_at, o.status, o.email, o.language, o.currency, l.position, l.sku, l.name, l.variant_name, \
         l.kind, l.quantity, l.unit_price_cents, l.line_total_cents, l.refunded_quantity, o.discount_cents, o.shipping_cents, o.total_cents, \
         o.refunded_cents FROM store_orders o JOIN store_order_lines l ON l.order_id = o.id \
         WHERE o.paid_at >= $1 AND o.paid_at < $2 ORDER BY o.paid_at, o.number, l.position",
    )
    .bind(start)
    .bind(end)
    .fetch_all(conn)
    .await?;
    let mut out = line(&ORDER_HEADER.map(str::to_owned));
    for r in rows {
        out.push_str(&line(&[
            r.number,
            rfc3339(r.created_at),
            r.paid_at.map(rfc3339).unwrap_or_default(),
            r.status,
            r.email,
            r.language,
            r.currency,
            (r.position + 1).to_string(),
            r.sku,
            r.name,
            r.variant_name,
            r.kind,
            r.quantity.to_string(),
            cents(r.unit_price_cents),
            cents(r.line_total_cents),
            r.refunded_quantity.to_string(),
            cents(r.discount_cents),
            cents(r.shipping_cents),
            cents(r.total_cents),
            cents(r.refunded_cents),
        ]));
    }
    Ok(out)
}

const PAYOUT_HEADER: [&str; 12] = [
    "payment_id",
    "created_at",
    "provider",
    "provider_ref",
    "purchase_kind",
    "purchase_id",
    "status",
    "currency",
    "amount",
    "refunded",
    "net",
    "card",
];

type PaymentLineRow = (String, i64, String, String, String, String, String, String, i64, i64, Option<String>, Option<String>);

/// Payments that took money (succeeded, or refunded since), made in the range.
pub async fn payouts_csv(conn: &mut AnyConnection, start: i64, end: i64) -> sqlx::Result<String> {
    let rows: Vec<PaymentLineRow> = sqlx::query_as(
        "SELECT id, created_at, provider, provider_ref, purchase_kind, purchase_id, status, currency, amount_cents, refunded_cents, \
         card_brand, card_last4 FROM payments WHERE status IN ('succeeded', 'refunded') AND created_at >= $1 AND created_at < $2 \
         ORDER BY created_at, id",
    )
    .bind(start)
    .bind(end)
    .fetch_all(conn)
    .await?;
    let mut out = line(&PAYOUT_HEADER.map(str::to_owned));
    for r in rows {
        let card = match (r.10, r.11) {
            (Some(brand), Some(last4)) => format!("{brand} {last4}"),
            _ => String::new(),
        };
        out.push_str(&line(&[r.0, rfc3339(r.1), r.2, r.3, r.4, r.5, r.6, r.7, cents(r.8), cents(r.9), cents(r.8 - r.9), card]));
    }
    Ok(out)
}

fn csv(name: &str, range: &ExportRange, body: String) -> Response {
    let (from, to) = range.days();
    let filename = format!("rumbo-{name}-{from}-{to}.csv");
    (
        [
            (CONTENT_TYPE, "text/csv; charset=utf-8".to_owned()),
            (CONTENT_DISPOSITION, format!("attachment; filename=\"{filename}\"")),
            (CACHE_CONTROL, "no-store".to_owned()),
        ],
        body,
    )
        .into_response()
}

/// Paid orders of a range of days as CSV, one line per order line.
#[utoipa::path(
    get,
    path = "/staff/orders/export",
    tag = "staff",
    security(("bearer" = [])),
    params(ExportRange),
    responses(
        (status = 200, description = "The CSV file", content_type = "text/csv", body = String),
        (status = 401, description = "`no_authorization`", body = ApiError),
        (status = 403, description = ADMIN_REFUSALS, body = ApiError),
        (status = 400, description = "`validation_failed` (from, to)", body = ApiError),
        (status = "default", description = "Any other refusal", body = ApiError),
    )
)]
pub async fn export_orders(_: Admin, State(state): State<AppState>, ApiQuery(range): ApiQuery<ExportRange>) -> Result<Response, ApiError> {
    let (start, end) = range.bounds()?;
    let mut conn = state.db.pool.acquire().await.map_err(StoreError::from)?;
    Ok(csv("orders", &range, orders_csv(&mut conn, start, end).await.map_err(StoreError::from)?))
}

/// Payments (consultations and store) of a range of days as CSV, one line per payment.
#[utoipa::path(
    get,
    path = "/staff/payouts/export",
    tag = "staff",
    security(("bearer" = [])),
    params(ExportRange),
    responses(
        (status = 200, description = "The CSV file", content_type = "text/csv", body = String),
        (status = 401, description = "`no_authorization`", body = ApiError),
        (status = 403, description = ADMIN_REFUSALS, body = ApiError),
        (status = 400, description = "`validation_failed` (from, to)", body = ApiError),
        (status = "default", description = "Any other refusal", body = ApiError),
    )
)]
pub async fn export_payouts(_: Admin, State(state): State<AppState>, ApiQuery(range): ApiQuery<ExportRange>) -> Result<Response, ApiError> {
    let (start, end) = range.bounds()?;
    let mut conn = state.db.pool.acquire().await.map_err(StoreError::from)?;
    Ok(csv("payouts", &range, payouts_csv(&mut conn, start, end).await.map_err(StoreError::from)?))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells_are_quoted_and_formulas_defused() {
        assert_eq!(cell("plain"), "plain");
        assert_eq!(cell("a,b"), "\"a,b\"");
        assert_eq!(cell("say \"hi\""), "\"say \"\"hi\"\"\"");
        assert_eq!(cell("=HYPERLINK(\"x\")"), "\"'=HYPERLINK(\"\"x\"\")\"");
        assert_eq!(cell("-12.50"), "-12.50", "a negative amount stays a number");
        assert_eq!(cell("Mochila — 40 L"), "Mochila — 40 L");
    }
}
