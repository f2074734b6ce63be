//! E-mail: an outbox table, templates per language, and a delivery worker (issue: accounts).

use axum::Router;
use clap::Args;

use crate::startup::AppState;

/// E-mail delivery settings.
#[derive(Debug, Clone, Default, Args)]
pub struct MailConfig {}

/// Starts the delivery worker when SMTP is configured (runs inside `rumbo serve`).
pub fn spawn_worker(_state: &AppState) {}

/// Development-only routes (`/dev/mailbox`).
pub fn router() -> Router<AppState> {
    Router::new()
}
