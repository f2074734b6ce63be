//! Shipping a paid order with a tracking number, which mails the buyer (the owners' console
//! drives it; refunds live in `store/console/refunds.rs`).

use serde_json::json;

use super::receipt::order_url;
use super::rows::{self, OrderRow, FULFILLED, PAID, PARTIALLY_REFUNDED};
use crate::auth::model::UserRow;
use crate::mail::{self, MailKind, NewEmail};
use crate::platform::i18n::Lang;
use crate::platform::token::AccessToken;
use crate::startup::AppState;
use crate::store::error::{StoreError, StoreResult};

const TEXT_MAX: usize = 80;

/// paid → fulfilled with its carrier and tracking number, and the buyer's e-mail, at once.
/// A partly refunded order not shipped yet ships too (its status keeps saying the refund).
pub async fn mark_shipped(
    state: &AppState,
    order_id: &str,
    carrier: &str,
    tracking_number: &str,
    actor: Option<&UserRow>,
    now: i64,
) -> StoreResult<OrderRow> {
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
    let shipped = sqlx::query("UPDATE store_orders SET status = CASE WHEN status = $6 THEN $2 ELSE status END, carrier = $3, tracking_number = $4, fulfilled_at = $5, updated_at = $5 WHERE id = $1 AND status IN ($6, $7) AND fulfilled_at IS NULL AND shipping_address IS NOT NULL")
        .bind(order_id)
        .bind(FULFILLED)
        .bind(carrier)
        .bind(tracking_number)
        .bind(now)
        .bind(PAID)
        .bind(PARTIALLY_REFUNDED)
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
    let after = json!({"carrier": carrier, "tracking_number": tracking_number});
    crate::staff::audit::record(&mut tx, actor, "store.order_ship", &format!("order:{}", order.number), None, Some(&after)).await?;
    tx.commit().await?;
    Ok(order)
}
