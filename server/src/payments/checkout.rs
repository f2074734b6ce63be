//! What every selling feature does to take a payment: make the purchase's payment with the
//! provider once (found again by its purchase on a retry), and, with the sandbox's card form,
//! charge the card and settle the success through the dispatcher (dispatch.rs).

use super::card::Card;
use super::db::{self, PaymentRow};
use super::dispatch::{self, DispatchError, Settled};
use super::{NewPayment, PaymentFor};
use crate::platform::db::now_unix;
use crate::startup::AppState;

/// The purchase's payment for `paying`, created with the provider when it has none yet.
pub async fn ensure(
    state: &AppState,
    paying: &PaymentFor<'_>,
    amount_cents: i64,
    currency: &str,
    idempotency_key: &str,
    description: &str,
) -> Result<PaymentRow, DispatchError> {
    let mut conn = state.db.pool.acquire().await?;
    if let Some(existing) = db::of_purchase(&mut conn, paying.kind, paying.purchase_id, paying.purpose).await? {
        return Ok(existing);
    }
    drop(conn);
    let new =
        NewPayment { amount_cents, currency: &currency.to_ascii_lowercase(), idempotency_key, description, metadata: &paying.metadata() };
    let created = state.payments.create(&new).await?;
    let mut conn = state.db.pool.acquire().await?;
    Ok(db::record(&mut conn, paying, state.payments.name(), &created, now_unix()).await?)
}

/// Charges `card` for the payment — unless it was charged before and only its settling did not
/// complete — and settles the success as a webhook would.
pub async fn charge_card(state: &AppState, payment: &PaymentRow, card: &Card) -> Result<Settled, DispatchError> {
    let (brand, last4) = match payment.status.as_str() {
        "succeeded" => (None, None),
        _ => {
            let charge = state.payments.confirm_card(&payment.provider_ref, card).await?;
            (Some(charge.brand.to_owned()), Some(charge.last4))
        }
    };
    dispatch::succeeded(state, &payment.provider_ref, brand.as_deref(), last4.as_deref()).await
}
