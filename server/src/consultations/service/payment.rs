//! Paying for a booking: the payment is created with the provider when the time is held; the
//! sandbox form confirms it with a card; a success confirms the booking and queues the
//! confirmation in one transaction. A payment that succeeds after its hold was released
//! (a late webhook, a race with the sweeper) is refunded in full.

use serde_json::{Map, Value};

use super::super::db::{self, bookings};
use super::super::error::{ConsultationError, ConsultationResult};
use super::super::input::{current_month, parse_card};
use super::super::model::{BookingRow, BookingStatus};
use super::super::notify::{self, Notice};
use super::view::plan_of;
use crate::payments::db::{self as payments_db, PaymentRow, BOOKING};
use crate::payments::{NewPayment, PaymentStatus};
use crate::platform::db::now_unix;
use crate::startup::AppState;

/// The booking's payment, created with the provider when it has none yet.
pub async fn ensure(state: &AppState, booking: &BookingRow) -> ConsultationResult<PaymentRow> {
    let mut conn = state.db.pool.acquire().await?;
    if let Some(existing) = payments_db::of_booking(&mut conn, &booking.id, BOOKING).await? {
        return Ok(existing);
    }
    drop(conn);
    let description = format!("Consultation {} ({})", booking.plan_id, super::super::model::rfc3339(booking.start_at));
    let created = state
        .payments
        .create(&NewPayment {
            amount_cents: booking.amount_cents,
            currency: &booking.currency.to_ascii_lowercase(),
            idempotency_key: &format!("booking-{}", booking.id),
            description: &description,
            metadata: &[("booking_id", booking.id.as_str()), ("kind", "consultation")],
        })
        .await?;
    let mut conn = state.db.pool.acquire().await?;
    Ok(payments_db::record(&mut conn, &booking.id, BOOKING, state.payments.name(), &created, now_unix()).await?)
}

/// `POST …/payment` with the sandbox card form.
pub async fn pay_with_card(state: &AppState, booking: BookingRow, body: &Map<String, Value>) -> ConsultationResult<BookingRow> {
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
    let card = parse_card(body, current_month(now)).map_err(ConsultationError::Validation)?;
    let payment = ensure(state, &booking).await?;
    let (brand, last4) = match payment.status.as_str() {
        // Charged before, but the confirmation did not complete: finish it now.
        "succeeded" => (None, None),
        _ => {
            let charge = state.payments.confirm_card(&payment.provider_ref, &card).await?;
            (Some(charge.brand.to_owned()), Some(charge.last4))
        }
    };
    match payment_succeeded(state, &payment.provider_ref, brand.as_deref(), last4.as_deref()).await? {
        Settled::Confirmed(booking) | Settled::AlreadyConfirmed(booking) => Ok(booking),
        Settled::RefundedLate(_) => Err(ConsultationError::HoldExpired),
    }
}

/// What a succeeded payment did to its booking.
#[derive(Debug)]
pub enum Settled {
    /// The booking was held and is now confirmed; the confirmation e-mail is queued.
    Confirmed(BookingRow),
    /// It was already confirmed (a repeated notification): nothing changed.
    AlreadyConfirmed(BookingRow),
    /// Its hold had been released, so the money went back.
    RefundedLate(BookingRow),
}

/// A payment of a booking succeeded at the provider (the sandbox form, or — for Stripe — a
/// verified webhook or the reconciliation). Confirms the held booking and queues its e-mail
/// in one transaction; refunds in full when the booking can no longer be confirmed.
/// `brand`/`last4` are the card's, when known. Safe to call more than once.
pub async fn payment_succeeded(
    state: &AppState,
    provider_ref: &str,
    brand: Option<&str>,
    last4: Option<&str>,
) -> ConsultationResult<Settled> {
    let now = now_unix();
    let mut tx = db::begin(&state.db).await?;
    let payment = payments_db::find_by_ref(&mut tx, state.payments.name(), provider_ref)
        .await?
        .ok_or_else(|| ConsultationError::Provider(format!("no payment {provider_ref} on record")))?;
    if payment.purpose != BOOKING {
        return Err(ConsultationError::Provider(format!("payment {provider_ref} is not a booking payment")));
    }
    payments_db::mark_succeeded(&mut tx, &payment.id, brand, last4, now).await?;
    let booking = bookings::find(&mut tx, &payment.booking_id).await?.ok_or(ConsultationError::NotFound)?;
    if bookings::confirm(&mut tx, &booking.id, now).await? {
        let confirmed = BookingRow { status: BookingStatus::Confirmed, hold_expires_at: None, ..booking };
        let plan = plan_of(&mut tx, &confirmed).await?;
        notify::enqueue(&mut tx, &state.config, &confirmed, &plan, Notice::Confirmed, now).await?;
        tx.commit().await?;
        tracing::info!(booking = %confirmed.id, "consultation confirmed");
        return Ok(Settled::Confirmed(confirmed));
    }
    tx.commit().await?;
    if booking.status == BookingStatus::Confirmed {
        return Ok(Settled::AlreadyConfirmed(booking));
    }
    if payment.refunded_cents == 0 {
        let refund = state.payments.refund(provider_ref, payment.amount_cents, &format!("late-{}", payment.id)).await?;
        let mut conn = state.db.pool.acquire().await?;
        payments_db::add_refund(&mut conn, &payment.id, refund.amount_cents, now).await?;
        tracing::warn!(booking = %booking.id, "a payment arrived after the hold was released and was refunded");
    }
    Ok(Settled::RefundedLate(booking))
}

/// Cancels the provider's side of an unpaid payment whose hold ran out. A payment that
/// turns out to have succeeded meanwhile is settled instead (and so refunded).
pub async fn cancel_unpaid(state: &AppState, payment: &PaymentRow) -> ConsultationResult<()> {
    let record = state.payments.cancel(&payment.provider_ref).await?;
    if record.status == PaymentStatus::Succeeded {
        payment_succeeded(state, &payment.provider_ref, None, None).await?;
        return Ok(());
    }
    let mut conn = state.db.pool.acquire().await?;
    payments_db::set_status(&mut conn, &payment.id, record.status.as_str(), now_unix()).await?;
    Ok(())
}
