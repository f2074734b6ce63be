//! Paid consultations (issue 6): plans and testimonials, availability in the consultants'
//! zone, bookings that hold their time while the visitor pays, payment through the payments
//! provider, the confirmation with its calendar invitation, and the private manage link
//! (cancel, reschedule, travel documents), as docs/product.md#consultations describes; the
//! bodies are in api.rs; the double-booking guarantee is the unique claim per 15-minute cell
//! (db/claims.rs).

pub mod api;
pub(crate) mod case;
mod config;
mod console;
mod db;
mod documents;
pub(crate) mod error;
mod format;
mod handlers;
mod hours;
pub(crate) mod input;
pub(crate) mod model;
mod notify;
pub mod schedule;
mod service;
pub(crate) mod team;

use axum::extract::DefaultBodyLimit;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

pub use case::reminders::run as run_reminders;
pub use config::ConsultationConfig;
pub use error::ConsultationError;
pub use hours::WeeklyHours;
pub use service::expiry::sweep as sweep_expired_holds;
pub use service::purchase::register as register_purchases;
pub use team::seed::first_consultant as seed_first_consultant;
pub use team::{consultant_card, ConsultantCard};

use crate::startup::AppState;

/// The booking form's rules, shared with the browser through the page's config block so the
/// web app checks exactly what the server checks (never a second copy of a number).
#[derive(Debug, Clone, Copy, serde::Serialize)]
#[serde(rename_all = "camelCase")]
pub struct FormLimits {
    pub name_min: usize,
    pub name_max: usize,
    pub message_min: usize,
    pub message_max: usize,
    pub document_max_bytes: usize,
    pub documents_per_booking: i64,
}

pub const FORM_LIMITS: FormLimits = FormLimits {
    name_min: input::NAME_MIN,
    name_max: input::NAME_MAX,
    message_min: input::MESSAGE_MIN,
    message_max: input::MESSAGE_MAX,
    document_max_bytes: documents::MAX_BYTES,
    documents_per_booking: documents::MAX_PER_BOOKING,
};

/// The consultations API, nested under `/api/v1`.
pub fn router() -> OpenApiRouter<AppState> {
    use handlers::{bookings, catalog, manage, opinions, questions};
    OpenApiRouter::new()
        .routes(routes!(catalog::list_plans))
        .routes(routes!(catalog::list_testimonials))
        .routes(routes!(catalog::list_slots))
        .routes(routes!(bookings::create))
        .routes(routes!(bookings::get))
        .routes(routes!(bookings::pay))
        .routes(routes!(manage::cancel))
        .routes(routes!(manage::reschedule))
        .routes(routes!(bookings::mine))
        .routes(routes!(questions::ask_question))
        .routes(routes!(opinions::list_opinions))
        .routes(routes!(opinions::opinion_page))
        .merge(console::router())
}

/// Document uploads, nested under `/api/v1` beside `router()`: merged outside the site-wide
/// body limit, with a limit of their own (one document of up to 10 MB per request; a larger
/// one is answered `document_too_large` while it streams in).
pub fn upload_router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(handlers::documents::upload)).layer(DefaultBodyLimit::max(documents::MAX_REQUEST_BYTES))
}

/// Starts the hold sweeper (inside `rumbo serve`, one per instance).
pub fn spawn_workers(state: &AppState) {
    service::expiry::spawn(state);
    case::reminders::spawn(state);
}
