//! What the team does to a paid order (the owners' console drives these): ship it with a
//! tracking number, which mails the buyer, and refund it in full or in part through the
//! payment provider — never more than was paid, the same refund never twice, units back in
//! stock when asked.

use super::place::release;
use super::receipt::order_url;
use super::rows::{self, OrderRow, FULFILLED, PAID};
use super::view::KIND;
use crate::mail::{self, MailKind, NewEmail};
use crate::payments::db as payments_db;
use crate::payments::PURCHASE;
use crate::platform::i18n::Lang;
use crate::platform::token::AccessToken;
use crate::startup::AppState;
use crate::store::error::{StoreError, StoreResult};

const TEXT_MAX: usize = 80;

/// paid → fulfilled with its carrier and tracking number, and the buyer's e-mail, at once.
pub async fn mark_shipped(state: &AppState, order_id: &str, carrier: &str, tracking_number: &str, now: i64) -> StoreResult<OrderRow> {
    let (carrier, tracking_number) = (carrier.trim(), tracking_number.trim());
    let mut errors = Vec::new();
    if carrier.is_empty() || carrier.chars().count() > TEXT_MAX {
        errors.push(("carrier", "required"));
    }
    if tracking_number.is_empty() || tracking_number.chars().count() > TEXT_MAX {
        errors.push(("tracking_number", "required"));
    }
    if !errors.is_empty() {
        return Err(StoreError::Validation(errors));
    }
    let mut tx = state.db.begin_write().await?;
    let shipped = sqlx::query("UPDATE store_orders SET status = $2, carrier = $3, tracking_number = $4, fulfilled_at = $5, updated_at = $5 WHERE id = $1 AND status = $6 AND shipping_address IS NOT NULL")
        .bind(order_id)
        .bind(FULFILLED)
        .bind(carrier)
        .bind(tracking_number)
        .bind(now)
        .bind(PAID)
        .execute(&mut *tx)
        .await?;
    if shipped.rows_affected() == 0 {
        return Err(StoreError::NotShippable);
    }
    let order = rows::find(&mut tx, order_id).await?.ok_or(StoreError::OrderNotFound)?;
    let lang = Lang::from_code(&order.language).unwrap_or(Lang::En);
    let token = AccessToken::generate();
    sqlx::query("UPDATE store_orders SET receipt_token_hash = $2 WHERE id = $1")
        .bind(order_id)
        .bind(token.hash())
        .execute(&mut *tx)
        .await?;
    let link = order_url(state, lang, order_id, &token.raw);
    let vars =
        [("order_number", order.number.as_str()), ("order_url", link.as_str()), ("carrier", carrier), ("tracking_number", tracking_number)];
    mail::enqueue(&mut tx, &state.config, NewEmail { to: &order.email, lang, kind: MailKind::OrderShipped, vars: &vars }).await?;
    tx.commit().await?;
    Ok(order)
}

/// Refunds `amount_cents` (everything not yet refunded when `None`) of the order's payment.
/// A retry of the same refund reuses its idempotency key at the provider, so it is made once.
pub async fn refund(
    state: &AppState,
    order_id: &str,
    amount_cents: Option<i64>,
    reason: &str,
    restock: bool,
    now: i64,
) -> StoreResult<OrderRow> {
    let mut conn = state.db.pool.acquire().await?;
    let order = rows::find(&mut conn, order_id).await?.ok_or(StoreError::OrderNotFound)?;
    let payment = payments_db::of_purchase(&mut conn, KIND, order_id, PURCHASE).await?.ok_or(StoreError::NotRefundable)?;
    drop(conn);
    // A payment partly refunded already reads `refunded`, with what is left to refund.
    if !matches!(payment.status.as_str(), "succeeded" | "refunded") {
        return Err(StoreError::NotRefundable);
    }
    let left = payment.amount_cents - payment.refunded_cents;
    let amount = amount_cents.unwrap_or(left);
    if amount <= 0 || amount > left {
        return Err(StoreError::Validation(vec![("amount_cents", "refund_too_large")]));
    }
    let key = format!("refund-{order_id}-{}-{amount}", payment.refunded_cents);
    state.payments.refund(&payment.provider_ref, amount, &key).await?;
    tracing::info!(order = %order.number, amount, reason = %reason.chars().take(200).collect::<String>(), "store order refunded");
    let mut tx = state.db.begin_write().await?;
    let refunded = payment.refunded_cents + amount;
    payments_db::add_refund(&mut tx, &payment.id, refunded, now).await?;
    let status = if refunded >= payment.amount_cents { "refunded" } else { "partially_refunded" };
    sqlx::query("UPDATE store_orders SET status = $2, refunded_cents = $3, updated_at = $4 WHERE id = $1")
        .bind(order_id)
        .bind(status)
        .bind(refunded)
        .bind(now)
        .execute(&mut *tx)
        .await?;
    if restock && status == "refunded" {
        for line in rows::lines(&mut tx, order_id).await?.iter().filter(|l| l.kind == "physical") {
            release(&mut tx, &line.sku, line.quantity).await?;
        }
    }
    let order = rows::find(&mut tx, order_id).await?.ok_or(StoreError::OrderNotFound)?;
    tx.commit().await?;
    Ok(order)
}
