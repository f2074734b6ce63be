//! Newsletter (issue 5): double opt-in subscriptions, one row per address, with states
//! pending → confirmed → unsubscribed (→ pending again from the form, or confirmed again from
//! the unsubscribe page). The confirmation mail carries the confirm link, the unsubscribe link
//! and the RFC 8058 one-click headers. Tokens are stored as SHA-256 hashes.

mod api;
mod config;
mod db;
mod error;
mod handlers;
pub mod issues;
mod limits;
mod model;
mod service;

use axum::extract::DefaultBodyLimit;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

pub use config::{NewsletterConfig, NewsletterLimits};
pub use error::NewsletterError;

use crate::startup::AppState;

/// Every newsletter body is a small JSON object or form.
const BODY_LIMIT: usize = 4096;

/// Mounted under `/api/v1`, documented.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(handlers::subscribe))
        .routes(routes!(handlers::confirm))
        .routes(routes!(handlers::unsubscribe))
        .routes(routes!(handlers::resubscribe))
        .layer(DefaultBodyLimit::max(BODY_LIMIT))
        // Issues have bodies of their own size (compose.rs); the API's default limit applies.
        .merge(issues::router())
}
