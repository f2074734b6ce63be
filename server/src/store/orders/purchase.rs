//! An order as a purchase (docs/decisions/010-payments-purchases.md): its payment moves it
//! from pending to paid in the dispatcher's transaction — the reservation becomes a sale, the
//! cart is emptied, digital goods get their downloads (and the order is fulfilled when it holds
//! nothing to ship) and the receipt is queued. An order that expired or was cancelled can no
//! longer be paid, so its payment goes back in full.

use sqlx::AnyConnection;

use super::rows::{self, CANCELED, FULFILLED, PAID, PENDING};
use super::view::KIND;
use super::{downloads, receipt};
use crate::payments::db::PaymentRow;
use crate::payments::purchase::{BoxFuture, Fulfilment, HandlerResult};
use crate::payments::{PaymentFor, PurchaseHandler, PurchaseRegistry, PURCHASE};
use crate::platform::db::now_unix;
use crate::platform::i18n::Lang;
use crate::startup::AppState;
use crate::store::error::{StoreError, StoreResult};

pub fn register(registry: &mut PurchaseRegistry) {
    registry.register(KIND, Orders);
}

pub fn paying_for(order: &rows::OrderRow) -> PaymentFor<'_> {
    PaymentFor { kind: KIND, purchase_id: &order.id, purpose: PURCHASE, pay_by: order.reserved_until }
}

struct Orders;

impl PurchaseHandler for Orders {
    fn fulfil<'a>(
        &'a self,
        state: &'a AppState,
        conn: &'a mut AnyConnection,
        payment: &'a PaymentRow,
    ) -> BoxFuture<'a, HandlerResult<Fulfilment>> {
        Box::pin(async move { Ok(mark_paid(state, conn, payment).await?) })
    }

    /// A declined card keeps the reservation for another try; a cancelled payment belongs to
    /// an order that expired (the sweeper releases it).
    fn unpaid<'a>(&'a self, _: &'a AppState, payment: &'a PaymentRow) -> BoxFuture<'a, HandlerResult<()>> {
        tracing::info!(order = %payment.purchase_id, status = %payment.status, "an order's payment was not made");
        Box::pin(async { Ok(()) })
    }

    fn refunded<'a>(&'a self, state: &'a AppState, payment: &'a PaymentRow) -> BoxFuture<'a, HandlerResult<()>> {
        Box::pin(async move {
            let status = if payment.refunded_cents >= payment.amount_cents { "refunded" } else { "partially_refunded" };
            // Never lowers the order's figure: refunds made from the console claim their amount
            // there before the provider tells (store/console/refunds.rs).
            sqlx::query("UPDATE store_orders SET status = $2, refunded_cents = CASE WHEN refunded_cents < $3 THEN $3 ELSE refunded_cents END, updated_at = $4 WHERE id = $1 AND status IN ('paid', 'fulfilled', 'partially_refunded')")
                .bind(&payment.purchase_id)
                .bind(status)
                .bind(payment.refunded_cents)
                .bind(now_unix())
                .execute(&state.db.pool)
                .await?;
            Ok(())
        })
    }
}

async fn mark_paid(state: &AppState, conn: &mut AnyConnection, payment: &PaymentRow) -> StoreResult<Fulfilment> {
    if payment.purpose != PURCHASE {
        return Err(StoreError::Provider(format!("payment {} is not an order payment", payment.provider_ref)));
    }
    let now = now_unix();
    let order = rows::find(conn, &payment.purchase_id).await?.ok_or(StoreError::OrderNotFound)?;
    let paid = sqlx::query(
        "UPDATE store_orders SET status = $2, paid_at = $3, reserved_until = NULL, updated_at = $3 WHERE id = $1 AND status = $4",
    )
    .bind(&order.id)
    .bind(PAID)
    .bind(now)
    .bind(PENDING)
    .execute(&mut *conn)
    .await?;
    if paid.rows_affected() == 0 {
        return Ok(if order.status == CANCELED { Fulfilment::CannotFulfil } else { Fulfilment::AlreadyFulfilled });
    }
    let lines = rows::lines(&mut *conn, &order.id).await?;
    if let Some(cart) = &order.cart_id {
        // What was bought leaves the cart; anything added since stays.
        for line in &lines {
            sqlx::query("DELETE FROM store_cart_lines WHERE cart_id = $1 AND sku = $2")
                .bind(cart)
                .bind(&line.sku)
                .execute(&mut *conn)
                .await?;
        }
        sqlx::query("UPDATE store_carts SET discount_code = NULL WHERE id = $1").bind(cart).execute(&mut *conn).await?;
    }
    let lang = Lang::from_code(&order.language).unwrap_or(Lang::En);
    downloads::grant(&mut *conn, &state.config.store, &order.id, lang, &lines, now).await?;
    if lines.iter().all(|l| l.kind == "digital") {
        sqlx::query("UPDATE store_orders SET status = $2, fulfilled_at = $3 WHERE id = $1")
            .bind(&order.id)
            .bind(FULFILLED)
            .bind(now)
            .execute(&mut *conn)
            .await?;
    }
    let order = rows::find(conn, &order.id).await?.ok_or(StoreError::OrderNotFound)?;
    receipt::enqueue(state, conn, &order, now).await?;
    Ok(Fulfilment::Fulfilled)
}
