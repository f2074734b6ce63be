//! The one way a provider's news reaches a purchase: the sandbox card form, Stripe's webhooks,
//! the reconciliation and the sweepers' cancellations all settle through these functions,
//! which find the payment's handler by its `purchase_kind` (registry.rs). What holds for
//! every kind lives here: a success is recorded with the purchase's fulfilment in one
//! transaction, so it confirms exactly once; a purchase that can no longer be fulfilled gets
//! its money back in full, once (docs/decisions/007-consultation-bookings.md).

use super::db::{self, PaymentRow};
use super::purchase::{Fulfilment, HandlerError, PurchaseHandler};
use super::{PaymentError, PaymentStatus};
use crate::platform::db::now_unix;
use crate::startup::AppState;

/// What a succeeded payment did to its purchase.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Settled {
    Fulfilled,
    AlreadyFulfilled,
    /// The purchase could no longer be fulfilled: the payment went back in full.
    RefundedLate,
}

#[derive(Debug, thiserror::Error)]
pub enum DispatchError {
    /// No handler is registered for the payment's kind: nothing was settled or recorded.
    #[error("no handler for purchase kind {0:?}")]
    UnknownKind(String),
    #[error("no payment {0} on record")]
    NotOnRecord(String),
    #[error("database: {0}")]
    Database(#[from] sqlx::Error),
    #[error("payment provider: {0}")]
    Provider(#[from] PaymentError),
    /// The purchase's handler failed; its own error, for its feature to map back.
    #[error("purchase: {0}")]
    Purchase(HandlerError),
}

/// The handler of the payment's kind. An unknown kind is logged and refused: a payment is
/// never settled as a purchase of another kind.
fn handler_of<'s>(state: &'s AppState, payment: &PaymentRow) -> Result<&'s dyn PurchaseHandler, DispatchError> {
    state.purchases.handler(&payment.purchase_kind).ok_or_else(|| {
        tracing::error!(
            payment = %payment.id, kind = %payment.purchase_kind, purchase = %payment.purchase_id,
            "a payment of a purchase kind this build does not know: refused, nothing settled"
        );
        DispatchError::UnknownKind(payment.purchase_kind.clone())
    })
}

/// The payment `provider_ref` (of the configured provider) succeeded. Marks it succeeded and
/// fulfils its purchase in one transaction; refunds in full when the purchase cannot be
/// fulfilled any more. `brand`/`last4` are the card's, when known. Safe to call repeatedly.
pub async fn succeeded(state: &AppState, provider_ref: &str, brand: Option<&str>, last4: Option<&str>) -> Result<Settled, DispatchError> {
    let now = now_unix();
    let mut tx = state.db.begin_write().await?;
    let payment = db::find_by_ref(&mut tx, state.payments.name(), provider_ref)
        .await?
        .ok_or_else(|| DispatchError::NotOnRecord(provider_ref.to_owned()))?;
    let handler = handler_of(state, &payment)?;
    db::mark_succeeded(&mut tx, &payment.id, brand, last4, now).await?;
    let fulfilment = handler.fulfil(state, &mut tx, &payment).await.map_err(DispatchError::Purchase)?;
    tx.commit().await?;
    Ok(match fulfilment {
        Fulfilment::Fulfilled => {
            tracing::info!(kind = %payment.purchase_kind, purchase = %payment.purchase_id, "purchase paid and fulfilled");
            Settled::Fulfilled
        }
        Fulfilment::AlreadyFulfilled => Settled::AlreadyFulfilled,
        Fulfilment::CannotFulfil => {
            refund_in_full(state, &payment, now).await?;
            Settled::RefundedLate
        }
    })
}

/// Gives a payment back whole, under a key of its own, unless the site refunded any of it
/// already (a cancellation's refund): so repeated news never refunds twice.
async fn refund_in_full(state: &AppState, payment: &PaymentRow, now: i64) -> Result<(), DispatchError> {
    if payment.refunded_cents != 0 {
        return Ok(());
    }
    let refund = state.payments.refund(&payment.provider_ref, payment.amount_cents, &format!("late-{}", payment.id)).await?;
    let mut conn = state.db.pool.acquire().await?;
    db::add_refund(&mut conn, &payment.id, refund.amount_cents, now).await?;
    tracing::warn!(
        kind = %payment.purchase_kind, purchase = %payment.purchase_id,
        "a payment arrived for a purchase that can no longer be fulfilled and was refunded in full"
    );
    Ok(())
}

/// An attempt failed, or the payment was cancelled (`status`): recorded for a cancellation,
/// then told to the purchase.
pub async fn unpaid(state: &AppState, payment: &PaymentRow, status: PaymentStatus) -> Result<(), DispatchError> {
    let handler = handler_of(state, payment)?;
    let mut payment = payment.clone();
    if status == PaymentStatus::Canceled && matches!(payment.status.as_str(), "requires_payment" | "processing") {
        let mut conn = state.db.pool.acquire().await?;
        db::set_status(&mut conn, &payment.id, status.as_str(), now_unix()).await?;
        payment.status = status.as_str().to_owned();
    }
    handler.unpaid(state, &payment).await.map_err(DispatchError::Purchase)
}

/// The provider reports `total` refunded so far (its running figure). The recorded total
/// catches up with it — never adds to it — so repeated or reordered news is harmless; when
/// it rose (a refund made outside the site), the purchase is told. True when it rose.
pub async fn refunded(state: &AppState, payment: &PaymentRow, total: i64) -> Result<bool, DispatchError> {
    let handler = handler_of(state, payment)?;
    let total = total.min(payment.amount_cents);
    if !db::catch_up_refund(&state.db.pool, &payment.id, total, now_unix()).await? {
        return Ok(false);
    }
    let payment = PaymentRow { refunded_cents: total, status: "refunded".to_owned(), ..payment.clone() };
    handler.refunded(state, &payment).await.map_err(DispatchError::Purchase)?;
    Ok(true)
}

/// Cancels an unpaid payment with the provider (its purchase stopped waiting for it). One
/// that turns out to have succeeded meanwhile is settled instead (and so refunded).
pub async fn cancel_unpaid(state: &AppState, payment: &PaymentRow) -> Result<(), DispatchError> {
    handler_of(state, payment)?;
    let record = state.payments.cancel(&payment.provider_ref).await?;
    match record.status {
        PaymentStatus::Succeeded => succeeded(state, &payment.provider_ref, None, None).await.map(drop),
        PaymentStatus::Canceled => unpaid(state, payment, PaymentStatus::Canceled).await,
        other => {
            let mut conn = state.db.pool.acquire().await?;
            db::set_status(&mut conn, &payment.id, other.as_str(), now_unix()).await?;
            Ok(())
        }
    }
}
