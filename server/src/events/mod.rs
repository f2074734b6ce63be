//! First-party analytics (docs/product.md#events): the web app reports events
//! (sign-ups, leads, page views …) to `POST /api/v1/events`, and the database keeps only daily
//! counts per event name, language and source — no cookie, no IP, no user id. The business
//! reads them with `rumbo events`, without any third party.

mod db;
mod error;
mod handlers;
mod model;
mod report;

use axum::extract::DefaultBodyLimit;
use clap::Args;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

pub use error::EventsError;
pub use model::EventName;
pub use report::report;

use crate::startup::AppState;

/// An event body is a tiny JSON object.
const BODY_LIMIT: usize = 1024;

#[derive(Debug, Clone, Args)]
pub struct EventsConfig {
    /// Events accepted per client IP and minute.
    #[arg(long = "events-rate-limit", env = "EVENTS_RATE_LIMIT", default_value_t = 120, value_parser = clap::value_parser!(u32).range(1..), global = true)]
    pub per_ip_per_minute: u32,
}

/// Mounted under `/api/v1`, documented.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(handlers::record)).layer(DefaultBodyLimit::max(BODY_LIMIT))
}
