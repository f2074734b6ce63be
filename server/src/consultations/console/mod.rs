//! The consultants' side of the staff API (`/api/v1/staff/…`, docs/decisions/014): the agenda,
//! a booking with its case, the opinion and the course of action, the calendars. Every call is
//! a `StaffUser` (401 / 403 in the envelope), and every change is in the audit log.

mod bookings;
mod cases;
mod team;
mod views;

use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::startup::AppState;

/// Nested under `/api/v1`.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(bookings::staff_agenda))
        .routes(routes!(bookings::staff_booking))
        .routes(routes!(bookings::set_outcome))
        .routes(routes!(bookings::set_meeting))
        .routes(routes!(bookings::staff_reschedule))
        .routes(routes!(bookings::reassign_consultant))
        .routes(routes!(bookings::staff_document))
        .routes(routes!(cases::list_cases))
        .routes(routes!(cases::save_opinion))
        .routes(routes!(cases::staff_opinions))
        .routes(routes!(cases::approve_opinion))
        .routes(routes!(cases::send_advice))
        .routes(routes!(cases::close_case))
        .routes(routes!(team::staff_availability))
        .routes(routes!(team::add_consultant))
        .routes(routes!(team::update_consultant))
        .routes(routes!(team::add_time_off))
        .routes(routes!(team::remove_time_off))
}

/// The refusals every staff operation may answer.
const REFUSALS: &str =
    "`not_staff`, `insufficient_aal` (when STAFF_REQUIRE_MFA), `bad_jwt`, `session_not_found`, `session_expired`, `user_banned`";
