//! Newsletter (issue 5): double opt-in subscriptions, one row per address, with states
//! pending → confirmed → unsubscribed (→ pending again from the form, or confirmed again from
//! the unsubscribe page). The confirmation mail carries the confirm link, the unsubscribe link
//! and the RFC 8058 one-click headers. Tokens are stored as SHA-256 hashes.

mod config;
mod db;
mod error;
mod handlers;
mod limits;
mod model;
mod service;

use axum::extract::DefaultBodyLimit;
use axum::routing::post;
use axum::Router;

pub use config::{NewsletterConfig, NewsletterLimits};
pub use error::NewsletterError;

use crate::startup::AppState;

/// Every newsletter body is a small JSON object or form.
const BODY_LIMIT: usize = 4096;

/// Mounted under `/api/v1`.
pub fn router() -> Router<AppState> {
    Router::new()
        .route("/newsletter/subscriptions", post(handlers::subscribe))
        .route("/newsletter/confirm", post(handlers::confirm))
        .route("/newsletter/unsubscribe", post(handlers::unsubscribe))
        .route("/newsletter/resubscribe", post(handlers::resubscribe))
        .layer(DefaultBodyLimit::max(BODY_LIMIT))
}
