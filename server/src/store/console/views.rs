//! Orders as the owners read them: a summary for lists, and the detail with its lines,
//! payments, refunds, address and a timeline of what happened, e-mails included.

use serde::Serialize;
use sqlx::AnyConnection;
use utoipa::ToSchema;

use crate::auth::model::timestamp;
use crate::payments::db as payments_db;
use crate::platform::i18n::Lang;
use crate::store::api::Address;
use crate::store::error::StoreResult;
use crate::store::orders::rows::{self, LineRow, OrderRow, CANCELED};

#[derive(Debug, Clone, Copy, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum OrderKind {
    Digital,
    Physical,
    Mixed,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct StaffOrderSummary {
    pub id: String,
    pub number: String,
    pub email: String,
    pub language: Lang,
    /// `pending_payment`, `paid`, `fulfilled`, `partially_refunded`, `refunded` or `canceled`.
    pub status: String,
    pub kind: OrderKind,
    pub total_cents: i64,
    pub refunded_cents: i64,
    pub currency: String,
    pub created_at: String,
    #[schema(required = true)]
    pub paid_at: Option<String>,
}

impl StaffOrderSummary {
    pub fn new(order: &OrderRow, physical: bool, digital: bool) -> StaffOrderSummary {
        StaffOrderSummary {
            id: order.id.clone(),
            number: order.number.clone(),
            email: order.email.clone(),
            language: Lang::from_code(&order.language).unwrap_or(Lang::En),
            status: order.status.clone(),
            kind: match (physical, digital) {
                (true, true) => OrderKind::Mixed,
                (true, false) => OrderKind::Physical,
                _ => OrderKind::Digital,
            },
            total_cents: order.total_cents,
            refunded_cents: order.refunded_cents,
            currency: order.currency.clone(),
            created_at: timestamp(order.created_at),
            paid_at: order.paid_at.map(timestamp),
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct StaffOrderList {
    pub items: Vec<StaffOrderSummary>,
    /// Orders matching the filters, over all pages.
    pub total: i64,
    pub page: i64,
    pub page_size: i64,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct StaffOrderLine {
    pub position: i32,
    pub sku: String,
    pub slug: String,
    /// `digital` or `physical`.
    pub kind: String,
    pub name: String,
    pub variant_name: String,
    pub quantity: i64,
    pub refunded_quantity: i64,
    pub unit_price_cents: i64,
    pub line_total_cents: i64,
}

impl From<LineRow> for StaffOrderLine {
    fn from(l: LineRow) -> StaffOrderLine {
        StaffOrderLine {
            position: l.position,
            sku: l.sku,
            slug: l.slug,
            kind: l.kind,
            name: l.name,
            variant_name: l.variant_name,
            quantity: l.quantity,
            refunded_quantity: l.refunded_quantity,
            unit_price_cents: l.unit_price_cents,
            line_total_cents: l.line_total_cents,
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct StaffPayment {
    pub id: String,
    pub provider: String,
    pub status: String,
    pub amount_cents: i64,
    pub refunded_cents: i64,
    pub currency: String,
    #[schema(required = true)]
    pub card_brand: Option<String>,
    #[schema(required = true)]
    pub card_last4: Option<String>,
    pub created_at: String,
}

/// Units of one order line, as a refund names them.
#[derive(Debug, Clone, Serialize, serde::Deserialize, ToSchema, PartialEq, Eq)]
pub struct LineUnits {
    pub position: i32,
    pub quantity: i64,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct StaffRefund {
    pub id: String,
    pub amount_cents: i64,
    pub reason: String,
    pub restock: bool,
    /// `pending`, `succeeded` or `failed`.
    pub status: String,
    pub lines: Vec<LineUnits>,
    #[schema(required = true)]
    pub by_email: Option<String>,
    pub created_at: String,
}

#[derive(Debug, Clone, Copy, Serialize, ToSchema, PartialEq, Eq, PartialOrd, Ord)]
#[serde(rename_all = "snake_case")]
pub enum OrderEventKind {
    Placed,
    Paid,
    Shipped,
    Refunded,
    Canceled,
    Mail,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct OrderEvent {
    pub at: String,
    pub event: OrderEventKind,
    /// For a mail, its kind and state (`order_shipped · sent`); for a refund, its amount and reason.
    pub detail: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct StaffOrderDetail {
    #[serde(flatten)]
    pub summary: StaffOrderSummary,
    pub subtotal_cents: i64,
    #[schema(required = true)]
    pub discount_code: Option<String>,
    pub discount_cents: i64,
    pub shipping_cents: i64,
    #[schema(required = true)]
    pub shipping_address: Option<Address>,
    #[schema(required = true)]
    pub shipping_method: Option<String>,
    #[schema(required = true)]
    pub carrier: Option<String>,
    #[schema(required = true)]
    pub tracking_number: Option<String>,
    /// What a refund may still give back.
    pub refundable_cents: i64,
    pub lines: Vec<StaffOrderLine>,
    pub payments: Vec<StaffPayment>,
    pub refunds: Vec<StaffRefund>,
    pub timeline: Vec<OrderEvent>,
}

type RefundRow = (String, i64, String, i64, String, String, Option<String>, i64);

pub async fn refunds_of(conn: &mut AnyConnection, order_id: &str) -> sqlx::Result<Vec<StaffRefund>> {
    let rows: Vec<RefundRow> = sqlx::query_as(
        "SELECT id, amount_cents, reason, restock, status, lines, actor_email, created_at FROM store_refunds \
         WHERE order_id = $1 ORDER BY created_at, id",
    )
    .bind(order_id)
    .fetch_all(conn)
    .await?;
    Ok(rows
        .into_iter()
        .map(|(id, amount_cents, reason, restock, status, lines, by_email, created_at)| StaffRefund {
            id,
            amount_cents,
            reason,
            restock: restock != 0,
            status,
            lines: serde_json::from_str(&lines).unwrap_or_default(),
            by_email,
            created_at: timestamp(created_at),
        })
        .collect())
}

async fn payments_of(conn: &mut AnyConnection, order_id: &str) -> sqlx::Result<Vec<StaffPayment>> {
    let rows = payments_db::all_of_purchase(conn, crate::store::orders::view::KIND, order_id).await?;
    Ok(rows
        .into_iter()
        .map(|(p, created_at)| StaffPayment {
            id: p.id,
            provider: p.provider,
            status: p.status,
            amount_cents: p.amount_cents,
            refunded_cents: p.refunded_cents,
            currency: p.currency,
            card_brand: p.card_brand,
            card_last4: p.card_last4,
            created_at: timestamp(created_at),
        })
        .collect())
}

/// The order's e-mails (receipt, shipping) as the outbox holds them: (at, kind, status).
async fn mails_of(conn: &mut AnyConnection, order: &OrderRow) -> sqlx::Result<Vec<(i64, String, String)>> {
    sqlx::query_as(
        "SELECT created_at_ms / 1000, kind, status FROM mail_outbox WHERE recipient = $1 AND kind IN ('order_receipt', 'order_shipped') \
         AND created_at_ms >= $2 ORDER BY created_at_ms",
    )
    .bind(&order.email)
    .bind(order.created_at * 1000)
    .fetch_all(conn)
    .await
}

fn timeline(order: &OrderRow, refunds: &[StaffRefund], refund_times: &[i64], mails: Vec<(i64, String, String)>) -> Vec<OrderEvent> {
    let mut events: Vec<(i64, OrderEventKind, String)> = vec![(order.created_at, OrderEventKind::Placed, order.number.clone())];
    if let Some(at) = order.paid_at {
        events.push((at, OrderEventKind::Paid, format!("{} {}", order.currency, cents(order.total_cents))));
    }
    if let (Some(at), Some(carrier)) = (order.fulfilled_at, order.carrier.as_deref()) {
        events.push((at, OrderEventKind::Shipped, format!("{carrier} {}", order.tracking_number.as_deref().unwrap_or(""))));
    }
    if order.status == CANCELED {
        events.push((order.updated_at, OrderEventKind::Canceled, String::new()));
    }
    for (refund, at) in refunds.iter().zip(refund_times) {
        events.push((
            *at,
            OrderEventKind::Refunded,
            format!("{} {} · {} · {}", order.currency, cents(refund.amount_cents), refund.status, refund.reason),
        ));
    }
    events.extend(mails.into_iter().map(|(at, kind, status)| (at, OrderEventKind::Mail, format!("{kind} · {status}"))));
    events.sort_by_key(|(at, kind, _)| (*at, *kind));
    events.into_iter().map(|(at, event, detail)| OrderEvent { at: timestamp(at), event, detail }).collect()
}

/// 1234 → "12.34".
pub fn cents(amount: i64) -> String {
    format!("{}{}.{:02}", if amount < 0 { "-" } else { "" }, amount.abs() / 100, amount.abs() % 100)
}

pub async fn detail(conn: &mut AnyConnection, order: OrderRow) -> StoreResult<StaffOrderDetail> {
    let lines = rows::lines(conn, &order.id).await?;
    let physical = lines.iter().any(|l| l.kind == "physical");
    let digital = lines.iter().any(|l| l.kind != "physical");
    let payments = payments_of(conn, &order.id).await?;
    let refunds = refunds_of(conn, &order.id).await?;
    let refund_times: Vec<i64> = sqlx::query_scalar("SELECT created_at FROM store_refunds WHERE order_id = $1 ORDER BY created_at, id")
        .bind(&order.id)
        .fetch_all(&mut *conn)
        .await?;
    let mails = mails_of(conn, &order).await?;
    let paid = payments.iter().filter(|p| matches!(p.status.as_str(), "succeeded" | "refunded")).map(|p| p.amount_cents).sum::<i64>();
    let refundable_cents = (paid.min(order.total_cents) - order.refunded_cents).max(0);
    Ok(StaffOrderDetail {
        timeline: timeline(&order, &refunds, &refund_times, mails),
        summary: StaffOrderSummary::new(&order, physical, digital),
        subtotal_cents: order.subtotal_cents,
        discount_code: order.discount_code.clone(),
        discount_cents: order.discount_cents,
        shipping_cents: order.shipping_cents,
        shipping_address: order.address(),
        shipping_method: order.shipping_method.clone(),
        carrier: order.carrier.clone(),
        tracking_number: order.tracking_number.clone(),
        refundable_cents,
        lines: lines.into_iter().map(StaffOrderLine::from).collect(),
        payments,
        refunds,
    })
}

/// A user's orders, newest first (the console's user page).
pub async fn order_summaries_of_user(conn: &mut AnyConnection, user_id: &str) -> StoreResult<Vec<StaffOrderSummary>> {
    let mut out = Vec::new();
    for order in rows::of_user(conn, user_id).await? {
        let lines = rows::lines(conn, &order.id).await?;
        out.push(StaffOrderSummary::new(&order, lines.iter().any(|l| l.kind == "physical"), lines.iter().any(|l| l.kind != "physical")));
    }
    Ok(out)
}
