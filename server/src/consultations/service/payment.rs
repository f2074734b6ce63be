//! Paying for a booking: the payment is created with the provider when the time is held; the
//! sandbox form confirms it with a card, and the success settles through the payments
//! dispatcher like a Stripe webhook would (purchase.rs answers it): the booking is confirmed
//! with its e-mail in one transaction, or refunded in full when its hold was released.

use super::super::db::bookings;
use super::super::error::{ConsultationError, ConsultationResult};
use super::super::model::{BookingRow, BookingStatus};
use super::purchase::paying_for;
use crate::payments::api::CardRequest;
use crate::payments::checkout;
use crate::payments::db::PaymentRow;
use crate::payments::dispatch::{DispatchError, Settled};
use crate::platform::db::now_unix;
use crate::startup::AppState;

/// The booking's payment, created with the provider when it has none yet.
pub async fn ensure(state: &AppState, booking: &BookingRow) -> ConsultationResult<PaymentRow> {
    let description = format!("Consultation {} ({})", booking.plan_id, crate::platform::db::rfc3339(booking.start_at));
    // The key is unchanged since before purchase kinds, so a hold made then finds its payment.
    let key = format!("booking-{}", booking.id);
    checkout::ensure(state, &paying_for(booking), booking.amount_cents, &booking.currency, &key, &description).await.map_err(from_dispatch)
}

/// `POST …/payment` with the sandbox card form.
pub async fn pay_with_card(state: &AppState, booking: BookingRow, card: &CardRequest) -> ConsultationResult<BookingRow> {
    if !state.payments.takes_card_details() {
        return Err(ConsultationError::UseStripe);
    }
    let now = now_unix();
    match booking.status {
        BookingStatus::Confirmed => return Err(ConsultationError::AlreadyPaid),
        BookingStatus::Cancelled => return Err(ConsultationError::NotPayable),
        BookingStatus::Expired => return Err(ConsultationError::HoldExpired),
        BookingStatus::Held if !booking.hold_is_live(now) => return Err(ConsultationError::HoldExpired),
        BookingStatus::Held => {}
    }
    let card = card.parse(now).map_err(ConsultationError::Validation)?;
    let payment = ensure(state, &booking).await?;
    let settled = checkout::charge_card(state, &payment, &card).await.map_err(from_dispatch)?;
    match settled {
        Settled::Fulfilled | Settled::AlreadyFulfilled => {
            let mut conn = state.db.pool.acquire().await?;
            Ok(bookings::find(&mut conn, &booking.id).await?.ok_or(ConsultationError::NotFound)?)
        }
        Settled::RefundedLate => Err(ConsultationError::HoldExpired),
    }
}

/// The dispatcher's failure as this feature's error: our own handler's error comes back as
/// it was raised, so the answer is the one the booking would have given.
pub fn from_dispatch(error: DispatchError) -> ConsultationError {
    match error {
        DispatchError::Database(e) => ConsultationError::Database(e),
        DispatchError::Provider(e) => e.into(),
        DispatchError::Purchase(e) => match e.downcast::<ConsultationError>() {
            Ok(ours) => *ours,
            Err(other) => ConsultationError::Provider(other.to_string()),
        },
        other @ (DispatchError::UnknownKind(_) | DispatchError::NotOnRecord(_)) => ConsultationError::Provider(other.to_string()),
    }
}
