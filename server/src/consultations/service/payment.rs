//! Paying for a booking: the payment is created with the provider when the time is held; the
//! sandbox form confirms it with a card, and the success settles through the payments
//! dispatcher like a Stripe webhook would (purchase.rs answers it): the booking is confirmed
//! with its e-mail in one transaction, or refunded in full when its hold was released.

use super::super::api::CardRequest;
use super::super::db::bookings;
use super::super::error::{ConsultationError, ConsultationResult};
use super::super::input::{current_month, parse_card};
use super::super::model::{BookingRow, BookingStatus};
use super::purchase::{paying_for, payment_of};
use crate::payments::db::{self as payments_db, PaymentRow};
use crate::payments::dispatch::{self, DispatchError, Settled};
use crate::payments::NewPayment;
use crate::platform::db::now_unix;
use crate::startup::AppState;

/// The booking's payment, created with the provider when it has none yet.
pub async fn ensure(state: &AppState, booking: &BookingRow) -> ConsultationResult<PaymentRow> {
    let mut conn = state.db.pool.acquire().await?;
    if let Some(existing) = payment_of(&mut conn, &booking.id).await? {
        return Ok(existing);
    }
    drop(conn);
    let paying = paying_for(booking);
    let description = format!("Consultation {} ({})", booking.plan_id, super::super::model::rfc3339(booking.start_at));
    let created = state
        .payments
        .create(&NewPayment {
            amount_cents: booking.amount_cents,
            currency: &booking.currency.to_ascii_lowercase(),
            // Unchanged since before purchase kinds, so a hold made then finds its payment.
            idempotency_key: &format!("booking-{}", booking.id),
            description: &description,
            metadata: &paying.metadata(),
        })
        .await?;
    let mut conn = state.db.pool.acquire().await?;
    Ok(payments_db::record(&mut conn, &paying, state.payments.name(), &created, now_unix()).await?)
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
    let card = parse_card(card, current_month(now)).map_err(ConsultationError::Validation)?;
    let payment = ensure(state, &booking).await?;
    let (brand, last4) = match payment.status.as_str() {
        // Charged before, but the confirmation did not complete: finish it now.
        "succeeded" => (None, None),
        _ => {
            let charge = state.payments.confirm_card(&payment.provider_ref, &card).await?;
            (Some(charge.brand.to_owned()), Some(charge.last4))
        }
    };
    let settled = dispatch::succeeded(state, &payment.provider_ref, brand.as_deref(), last4.as_deref()).await.map_err(from_dispatch)?;
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
