//! Refunds of store orders (docs/decisions/018-owners-console.md): in full, per line or an
//! amount, with a reason, through the payment provider. The amount (and the lines' units) are
//! claimed on the order by conditional updates before the provider is asked, so concurrent
//! refunds never give back more than was paid; the request's Idempotency-Key names the refund,
//! so a retry answers it (finishing it if it was cut off) instead of refunding again.

use axum::extract::{Path, State};
use axum::Json;
use http::HeaderMap;
use serde::Deserialize;
use serde_json::json;
use sqlx::AnyConnection;
use utoipa::ToSchema;

use super::orders::detail_of;
use super::views::{LineUnits, StaffOrderDetail};
use crate::auth::model::UserRow;
use crate::payments::db::{self as payments_db, PaymentRow};
use crate::payments::PURCHASE;
use crate::platform::db::now_unix;
use crate::platform::http::error::ApiError;
use crate::platform::http::extract::ApiJson;
use crate::platform::token;
use crate::staff::audit;
use crate::staff::extract::{Admin, ADMIN_REFUSALS};
use crate::startup::AppState;
use crate::store::error::{StoreError, StoreResult};
use crate::store::orders::place::release;
use crate::store::orders::rows::{self, LineRow, OrderRow, FULFILLED, PAID, PARTIALLY_REFUNDED, REFUNDED};
use crate::store::orders::view::KIND;

const REASON_MAX: usize = 500;

/// `POST /staff/orders/{id}/refunds`: everything left (neither `amount_cents` nor `lines`),
/// some units of some lines (their price, at most what is left), or an amount.
#[derive(Debug, Deserialize, ToSchema)]
#[schema(example = json!({"reason": "Arrived damaged", "restock": false, "lines": [{"position": 0, "quantity": 1}]}))]
pub struct RefundRequest {
    pub reason: String,
    /// Put the refunded physical units back in stock.
    #[serde(default)]
    pub restock: bool,
    pub amount_cents: Option<i64>,
    #[serde(default)]
    pub lines: Vec<LineUnits>,
}

impl RefundRequest {
    fn check(&self) -> StoreResult<()> {
        let mut errors = Vec::new();
        let reason = self.reason.trim();
        if reason.is_empty() || reason.chars().count() > REASON_MAX {
            errors.push(("reason", "required"));
        }
        if self.amount_cents.is_some_and(|a| a <= 0) {
            errors.push(("amount_cents", "invalid"));
        }
        let mut positions: Vec<i32> = self.lines.iter().map(|l| l.position).collect();
        positions.sort_unstable();
        positions.dedup();
        if self.lines.iter().any(|l| l.quantity <= 0) || positions.len() != self.lines.len() {
            errors.push(("lines", "invalid"));
        }
        if errors.is_empty() {
            Ok(())
        } else {
            Err(StoreError::Validation(errors))
        }
    }

    /// What a retry under the same key must ask again.
    fn digest(&self) -> String {
        let lines: Vec<String> = self.lines.iter().map(|l| format!("{}x{}", l.position, l.quantity)).collect();
        token::hash(&format!("{:?}\u{0}{}\u{0}{}\u{0}{}", self.amount_cents, lines.join(","), self.restock, self.reason.trim()))
    }
}

/// A refund claimed on its order, to be made with the provider.
struct Claim {
    id: String,
    order: OrderRow,
    payment: PaymentRow,
    amount_cents: i64,
    units: Vec<LineUnits>,
    restock: bool,
    reason: String,
}

/// Refunds the order as asked under `key` (see the module's comment).
pub async fn refund(
    state: &AppState,
    order_id: &str,
    key: &str,
    ask: &RefundRequest,
    actor: Option<&UserRow>,
    now: i64,
) -> StoreResult<()> {
    ask.check()?;
    let key_hash = token::hash(&format!("refund\u{0}{order_id}\u{0}{key}"));
    let digest = ask.digest();
    let claim = match claimed(state, &key_hash, &digest).await? {
        Some(Some(claim)) => claim,
        Some(None) => return Ok(()),
        None => match claim(state, order_id, &key_hash, &digest, ask, actor, now).await {
            Err(StoreError::Database(e)) if is_unique_violation(&e) => match claimed(state, &key_hash, &digest).await? {
                Some(Some(claim)) => claim,
                _ => return Ok(()),
            },
            other => other?,
        },
    };
    settle(state, claim, actor, now).await
}

fn is_unique_violation(error: &sqlx::Error) -> bool {
    error.as_database_error().is_some_and(|e| e.is_unique_violation())
}

type RefundRow = (String, String, String, i64, String, i64, String, String);

/// The refund made under this key: `None` when there is none; `Some(None)` when it is done
/// (succeeded or failed); `Some(Some(claim))` when it is still to be made with the provider.
async fn claimed(state: &AppState, key_hash: &str, digest: &str) -> StoreResult<Option<Option<Claim>>> {
    let mut conn = state.db.pool.acquire().await?;
    let row: Option<RefundRow> = sqlx::query_as(
        "SELECT id, order_id, request_digest, amount_cents, lines, restock, reason, status FROM store_refunds WHERE key = $1",
    )
    .bind(key_hash)
    .fetch_optional(&mut *conn)
    .await?;
    let Some((id, order_id, request_digest, amount_cents, lines, restock, reason, status)) = row else {
        return Ok(None);
    };
    if request_digest != digest {
        return Err(StoreError::IdempotencyKeyReused);
    }
    if status != "pending" {
        return Ok(Some(None));
    }
    let order = rows::find(&mut conn, &order_id).await?.ok_or(StoreError::OrderNotFound)?;
    let payment = payments_db::of_purchase(&mut conn, KIND, &order_id, PURCHASE).await?.ok_or(StoreError::NotRefundable)?;
    let units = serde_json::from_str(&lines).unwrap_or_default();
    Ok(Some(Some(Claim { id, order, payment, amount_cents, units, restock: restock != 0, reason })))
}

/// The units and amount a request asks for, from the order's lines and what is left to refund.
fn asked(ask: &RefundRequest, lines: &[LineRow], left: i64) -> StoreResult<(Vec<LineUnits>, i64)> {
    let units: Vec<LineUnits> = if !ask.lines.is_empty() {
        ask.lines.clone()
    } else if ask.amount_cents.is_none() {
        lines
            .iter()
            .filter(|l| l.quantity > l.refunded_quantity)
            .map(|l| LineUnits { position: l.position, quantity: l.quantity - l.refunded_quantity })
            .collect()
    } else {
        Vec::new()
    };
    let mut priced = 0;
    for unit in &units {
        let line = lines.iter().find(|l| l.position == unit.position).ok_or(StoreError::Validation(vec![("lines", "invalid")]))?;
        priced += line.unit_price_cents * unit.quantity;
    }
    let amount = match ask.amount_cents {
        Some(amount) => amount,
        None if ask.lines.is_empty() => left,
        // A discount may make the lines' prices more than was paid for them.
        None => priced.min(left),
    };
    if amount <= 0 || amount > left {
        return Err(StoreError::RefundTooLarge);
    }
    Ok((units, amount))
}

#[allow(clippy::too_many_arguments)]
async fn claim(
    state: &AppState,
    order_id: &str,
    key_hash: &str,
    digest: &str,
    ask: &RefundRequest,
    actor: Option<&UserRow>,
    now: i64,
) -> StoreResult<Claim> {
    let mut tx = state.db.begin_write().await?;
    let order = rows::find(&mut tx, order_id).await?.ok_or(StoreError::OrderNotFound)?;
    let payment = payments_db::of_purchase(&mut tx, KIND, order_id, PURCHASE)
        .await?
        .filter(|p| matches!(p.status.as_str(), "succeeded" | "refunded"))
        .ok_or(StoreError::NotRefundable)?;
    match order.status.as_str() {
        PAID | FULFILLED | PARTIALLY_REFUNDED => {}
        REFUNDED => return Err(StoreError::RefundTooLarge),
        _ => return Err(StoreError::NotRefundable),
    }
    let paid = payment.amount_cents.min(order.total_cents);
    let lines = rows::lines(&mut tx, order_id).await?;
    let (units, amount) = asked(ask, &lines, paid - order.refunded_cents)?;
    let taken = sqlx::query(
        "UPDATE store_orders SET refunded_cents = refunded_cents + $2, updated_at = $3 WHERE id = $1 \
         AND status IN ('paid', 'fulfilled', 'partially_refunded') AND refunded_cents + $2 <= $4",
    )
    .bind(order_id)
    .bind(amount)
    .bind(now)
    .bind(paid)
    .execute(&mut *tx)
    .await?;
    if taken.rows_affected() == 0 {
        return Err(StoreError::RefundTooLarge);
    }
    for unit in &units {
        if !move_units(&mut tx, order_id, unit, unit.quantity).await? {
            return Err(StoreError::RefundTooLarge);
        }
    }
    let id = uuid::Uuid::new_v4().to_string();
    sqlx::query(
        "INSERT INTO store_refunds (id, order_id, key, request_digest, amount_cents, lines, reason, restock, status, actor_id, actor_email, created_at, updated_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 'pending', $9, $10, $11, $11)",
    )
    .bind(&id)
    .bind(order_id)
    .bind(key_hash)
    .bind(digest)
    .bind(amount)
    .bind(serde_json::to_string(&units).unwrap_or_else(|_| "[]".into()))
    .bind(ask.reason.trim())
    .bind(i64::from(ask.restock))
    .bind(actor.map(|a| a.id.clone()))
    .bind(actor.and_then(|a| a.email.clone()))
    .bind(now)
    .execute(&mut *tx)
    .await?;
    tx.commit().await?;
    Ok(Claim { id, order, payment, amount_cents: amount, units, restock: ask.restock, reason: ask.reason.trim().to_owned() })
}

/// Adds `change` refunded units to a line (negative gives a failed refund's back): false when
/// that would refund more units than the line has.
async fn move_units(conn: &mut AnyConnection, order_id: &str, unit: &LineUnits, change: i64) -> sqlx::Result<bool> {
    let done = sqlx::query(
        "UPDATE store_order_lines SET refunded_quantity = refunded_quantity + $3 WHERE order_id = $1 AND position = $2 \
         AND refunded_quantity + $3 <= quantity AND refunded_quantity + $3 >= 0",
    )
    .bind(order_id)
    .bind(unit.position)
    .bind(change)
    .execute(conn)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Makes the claimed refund with the provider and records how it went.
async fn settle(state: &AppState, claim: Claim, actor: Option<&UserRow>, now: i64) -> StoreResult<()> {
    let made = state.payments.refund(&claim.payment.provider_ref, claim.amount_cents, &format!("store-refund-{}", claim.id)).await;
    let mut tx = state.db.begin_write().await?;
    let status = if made.is_ok() { "succeeded" } else { "failed" };
    let provider_ref = made.as_ref().ok().map(|r| r.provider_ref.clone());
    let done = sqlx::query("UPDATE store_refunds SET status = $2, provider_ref = $3, updated_at = $4 WHERE id = $1 AND status = 'pending'")
        .bind(&claim.id)
        .bind(status)
        .bind(provider_ref)
        .bind(now)
        .execute(&mut *tx)
        .await?;
    if done.rows_affected() == 0 {
        // Another request settled it meanwhile.
        return Ok(());
    }
    let target = format!("order:{}", claim.order.number);
    if let Err(error) = made {
        sqlx::query("UPDATE store_orders SET refunded_cents = refunded_cents - $2, updated_at = $3 WHERE id = $1")
            .bind(&claim.order.id)
            .bind(claim.amount_cents)
            .bind(now)
            .execute(&mut *tx)
            .await?;
        for unit in &claim.units {
            move_units(&mut tx, &claim.order.id, unit, -unit.quantity).await?;
        }
        tx.commit().await?;
        return Err(error.into());
    }
    let (succeeded,): (i64,) = sqlx::query_as(
        "SELECT CAST(COALESCE(SUM(amount_cents), 0) AS BIGINT) FROM store_refunds WHERE order_id = $1 AND status = 'succeeded'",
    )
    .bind(&claim.order.id)
    .fetch_one(&mut *tx)
    .await?;
    payments_db::add_refund(&mut tx, &claim.payment.id, succeeded, now).await?;
    let paid = claim.payment.amount_cents.min(claim.order.total_cents);
    sqlx::query(
        "UPDATE store_orders SET status = $2, updated_at = $3 WHERE id = $1 AND status IN ('paid', 'fulfilled', 'partially_refunded')",
    )
    .bind(&claim.order.id)
    .bind(if succeeded >= paid { REFUNDED } else { PARTIALLY_REFUNDED })
    .bind(now)
    .execute(&mut *tx)
    .await?;
    if claim.restock {
        let lines = rows::lines(&mut tx, &claim.order.id).await?;
        for unit in &claim.units {
            if let Some(line) = lines.iter().find(|l| l.position == unit.position && l.kind == "physical") {
                release(&mut tx, &line.sku, unit.quantity).await?;
            }
        }
    }
    let after = json!({"amount_cents": claim.amount_cents, "lines": claim.units, "restock": claim.restock, "reason": claim.reason});
    audit::record(&mut tx, actor, "store.refund", &target, None, Some(&after)).await?;
    tx.commit().await?;
    tracing::info!(order = %claim.order.number, amount = claim.amount_cents, "store order refunded");
    Ok(())
}

/// Refunds an order: everything left, some units of its lines, or an amount — never more than
/// was paid. The `Idempotency-Key` header names the refund: a retry answers the same refund.
#[utoipa::path(
    post,
    path = "/staff/orders/{id}/refunds",
    tag = "staff",
    security(("bearer" = [])),
    params(
        ("id" = String, Path, description = "The order's id"),
        ("Idempotency-Key" = String, Header, description = "1 to 255 visible ASCII characters, one per refund the admin means to make"),
    ),
    request_body = RefundRequest,
    responses(
        (status = 200, description = "The order with the refund", body = StaffOrderDetail),
        (status = 400, description = "`invalid_idempotency_key` (missing or malformed), `validation_failed` (reason, amount_cents, lines)", body = ApiError),
        (status = 401, description = "`no_authorization`", body = ApiError),
        (status = 403, description = ADMIN_REFUSALS, body = ApiError),
        (status = 404, description = "`order_not_found`", body = ApiError),
        (status = 409, description = "`refund_too_large`, `not_refundable`", body = ApiError),
        (status = 422, description = "`idempotency_key_reused`", body = ApiError),
        (status = 502, description = "`payment_provider_error` (nothing was refunded)", body = ApiError),
        (status = "default", description = "Any other refusal", body = ApiError),
    )
)]
pub async fn refund_order(
    Admin(staff): Admin,
    State(state): State<AppState>,
    Path(id): Path<String>,
    headers: HeaderMap,
    ApiJson(body): ApiJson<RefundRequest>,
) -> Result<Json<StaffOrderDetail>, ApiError> {
    let key = token::idempotency_key(headers.get("idempotency-key").map(|v| v.to_str().unwrap_or("\u{0}")))
        .ok()
        .flatten()
        .ok_or(StoreError::InvalidIdempotencyKey)?;
    refund(&state, &id, &key, &body, Some(&staff.user), now_unix()).await?;
    Ok(Json(detail_of(&state, &id).await?))
}
