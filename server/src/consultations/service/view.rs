//! The booking view with its plan, payment and documents.

use sqlx::AnyConnection;

use super::super::api::BookingView;
use super::super::db::{documents, plans};
use super::super::error::{ConsultationError, ConsultationResult};
use super::super::model::{booking_view, BookingRow, BookingStatus, Plan, ViewParts};
use super::purchase::payment_of;
use crate::platform::db::now_unix;
use crate::platform::i18n::Lang;
use crate::startup::AppState;

pub fn lang_of(booking: &BookingRow) -> Lang {
    Lang::from_code(&booking.language).unwrap_or(Lang::En)
}

/// The booking's plan, in the booker's language.
pub async fn plan_of(conn: &mut AnyConnection, booking: &BookingRow) -> ConsultationResult<Plan> {
    plans::find(conn, &booking.plan_id, lang_of(booking)).await?.ok_or_else(|| ConsultationError::Database(sqlx::Error::RowNotFound))
}

pub async fn render(
    state: &AppState,
    conn: &mut AnyConnection,
    booking: &BookingRow,
    access_token: Option<&str>,
) -> ConsultationResult<BookingView> {
    // A hold that ran out is expired, whether or not the sweeper has written it down yet.
    let shown;
    let booking = if booking.status == BookingStatus::Held && !booking.hold_is_live(now_unix()) {
        shown = BookingRow { status: BookingStatus::Expired, ..booking.clone() };
        &shown
    } else {
        booking
    };
    let plan = plan_of(conn, booking).await?;
    let payment = payment_of(conn, &booking.id).await?;
    let documents = documents::of_booking(conn, &booking.id).await?;
    let config = &state.config.consultations;
    Ok(booking_view(
        booking,
        &ViewParts {
            plan: &plan,
            payment: payment.as_ref(),
            publishable_key: state.payments.publishable_key(),
            provider: state.payments.name(),
            documents: &documents,
            time_zone: config.zone_name(),
            change_fee_cents: config.change_fee_cents,
            access_token,
        },
    ))
}
