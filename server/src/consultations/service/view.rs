//! The booking view with its plan, payment and documents.

use sqlx::AnyConnection;

use super::super::api::{BookingView, CaseView};
use super::super::case::{advice, due_at, messages, opinions, CaseState};
use super::super::db::{documents, plans};
use super::super::error::{ConsultationError, ConsultationResult};
use super::super::model::{booking_view, BookingRow, BookingStatus, Plan, ViewParts};
use super::meeting;
use super::purchase::payment_of;
use crate::platform::db::{now_unix, rfc3339};
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
    let mut view = booking_view(
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
    );
    (view.meeting_url, view.meeting_phone) = meeting::place(&state.config, booking);
    if booking.status == BookingStatus::Confirmed {
        view.case = Some(case_view(conn, booking).await?);
    }
    Ok(view)
}

/// The case as the traveller follows it on the manage page.
pub async fn case_view(conn: &mut AnyConnection, booking: &BookingRow) -> ConsultationResult<CaseView> {
    let opinion = opinions::of_booking(conn, &booking.id).await?;
    Ok(CaseView {
        state: CaseState::parse(&booking.case_state),
        due_at: rfc3339(due_at(booking.start_at)),
        opinion_url: opinion.and_then(|o| o.url),
        advice: advice::of_booking(conn, &booking.id).await?,
        messages: messages::of_booking(conn, &booking.id).await?,
    })
}
