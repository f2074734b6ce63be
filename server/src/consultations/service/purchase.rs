//! A booking as a purchase: what consultations answers the payments dispatcher
//! (docs/decisions/010-payments-purchases.md). A booking's payment confirms it, with its
//! confirmation e-mail, in the dispatcher's transaction; a booking whose hold was released can
//! no longer be confirmed, so its payment goes back (docs/decisions/007-consultation-bookings.md).

use sqlx::AnyConnection;

use super::super::db::bookings;
use super::super::error::{ConsultationError, ConsultationResult};
use super::super::model::{BookingRow, BookingStatus};
use super::super::notify::{self, Notice};
use super::view::plan_of;
use crate::payments::db::{self as payments_db, PaymentRow};
use crate::payments::purchase::{BoxFuture, Fulfilment, HandlerResult};
use crate::payments::{PaymentFor, PurchaseHandler, PurchaseRegistry, PURCHASE};
use crate::platform::db::now_unix;
use crate::startup::AppState;

/// The `purchase_kind` of a booking's payments.
pub const KIND: &str = "consultation";
/// A payment's purpose besides the booking itself: the fee of a late change (manage.rs).
pub const CHANGE_FEE: &str = "change_fee";

/// Called when the application is built (startup.rs).
pub fn register(registry: &mut PurchaseRegistry) {
    registry.register(KIND, Bookings);
}

/// What a payment of this booking is for: the booking itself, waited for while it is held.
pub fn paying_for(booking: &BookingRow) -> PaymentFor<'_> {
    PaymentFor { kind: KIND, purchase_id: &booking.id, purpose: PURCHASE, pay_by: booking.hold_expires_at }
}

/// The booking's own payment (not a change fee), the latest if several.
pub async fn payment_of(conn: &mut AnyConnection, booking_id: &str) -> sqlx::Result<Option<PaymentRow>> {
    payments_db::of_purchase(conn, KIND, booking_id, PURCHASE).await
}

struct Bookings;

impl PurchaseHandler for Bookings {
    fn fulfil<'a>(
        &'a self,
        state: &'a AppState,
        conn: &'a mut AnyConnection,
        payment: &'a PaymentRow,
    ) -> BoxFuture<'a, HandlerResult<Fulfilment>> {
        Box::pin(async move { Ok(confirm_paid(state, conn, payment).await?) })
    }

    /// Nothing to do: a failed attempt leaves the hold for another card, and a cancelled
    /// payment belongs to a hold that was given up or ran out (the sweeper releases it).
    fn unpaid<'a>(&'a self, _: &'a AppState, payment: &'a PaymentRow) -> BoxFuture<'a, HandlerResult<()>> {
        tracing::info!(booking = %payment.purchase_id, status = %payment.status, "a booking's payment was not made");
        Box::pin(async { Ok(()) })
    }

    /// Nothing to change: the site's own refunds (a cancellation, a late payment) were decided
    /// by the booking already; a refund made in Stripe's Dashboard is the operator's call and
    /// leaves the booking as it is.
    fn refunded<'a>(&'a self, _: &'a AppState, payment: &'a PaymentRow) -> BoxFuture<'a, HandlerResult<()>> {
        tracing::warn!(booking = %payment.purchase_id, refunded_cents = payment.refunded_cents, "a booking's payment was refunded outside the site");
        Box::pin(async { Ok(()) })
    }
}

/// held → confirmed with its confirmation e-mail queued, in the dispatcher's transaction.
async fn confirm_paid(state: &AppState, conn: &mut AnyConnection, payment: &PaymentRow) -> ConsultationResult<Fulfilment> {
    if payment.purpose != PURCHASE {
        return Err(ConsultationError::Provider(format!("payment {} is not a booking payment", payment.provider_ref)));
    }
    let now = now_unix();
    let booking = bookings::find(conn, &payment.purchase_id).await?.ok_or(ConsultationError::NotFound)?;
    if bookings::confirm(conn, &booking.id, now).await? {
        let confirmed = BookingRow { status: BookingStatus::Confirmed, hold_expires_at: None, ..booking };
        let plan = plan_of(conn, &confirmed).await?;
        notify::enqueue(conn, &state.config, &confirmed, &plan, Notice::Confirmed, now).await?;
        return Ok(Fulfilment::Fulfilled);
    }
    if booking.status == BookingStatus::Confirmed {
        return Ok(Fulfilment::AlreadyFulfilled);
    }
    tracing::warn!(booking = %booking.id, "a payment arrived after the hold was released: it goes back");
    Ok(Fulfilment::CannotFulfil)
}
