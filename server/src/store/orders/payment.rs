//! Paying for an order, as for a booking: the payment is created with the provider after the
//! order is placed; the sandbox card form confirms it and the success settles through the
//! payments dispatcher (purchase.rs answers it).

use super::purchase::paying_for;
use super::rows::{self, OrderRow, CANCELED, PENDING};
use crate::payments::api::CardRequest;
use crate::payments::checkout;
use crate::payments::db::PaymentRow;
use crate::payments::dispatch::{DispatchError, Settled};
use crate::platform::db::now_unix;
use crate::startup::AppState;
use crate::store::error::{StoreError, StoreResult};

/// The order's payment, created with the provider when it has none yet.
pub async fn ensure(state: &AppState, order: &OrderRow) -> StoreResult<PaymentRow> {
    let key = format!("order-{}", order.id);
    let description = format!("Order {}", order.number);
    checkout::ensure(state, &paying_for(order), order.total_cents, &order.currency, &key, &description).await.map_err(from_dispatch)
}

pub async fn pay_with_card(state: &AppState, order: OrderRow, card: &CardRequest) -> StoreResult<OrderRow> {
    if !state.payments.takes_card_details() {
        return Err(StoreError::UseStripe);
    }
    let now = now_unix();
    match order.status.as_str() {
        PENDING if order.reserved_until.is_some_and(|until| until <= now) => return Err(StoreError::ReservationExpired),
        PENDING => {}
        CANCELED => return Err(StoreError::ReservationExpired),
        _ => return Err(StoreError::AlreadyPaid),
    }
    let card = card.parse(now).map_err(StoreError::Validation)?;
    let payment = ensure(state, &order).await?;
    let settled = checkout::charge_card(state, &payment, &card).await.map_err(from_dispatch)?;
    match settled {
        Settled::Fulfilled | Settled::AlreadyFulfilled => {
            let mut conn = state.db.pool.acquire().await?;
            Ok(rows::find(&mut conn, &order.id).await?.ok_or(StoreError::OrderNotFound)?)
        }
        Settled::RefundedLate => Err(StoreError::ReservationExpired),
    }
}

pub fn from_dispatch(error: DispatchError) -> StoreError {
    match error {
        DispatchError::Database(e) => StoreError::Database(e),
        DispatchError::Provider(e) => e.into(),
        DispatchError::Purchase(e) => match e.downcast::<StoreError>() {
            Ok(ours) => *ours,
            Err(other) => StoreError::Provider(other.to_string()),
        },
        other @ (DispatchError::UnknownKind(_) | DispatchError::NotOnRecord(_)) => StoreError::Provider(other.to_string()),
    }
}
