//! The team's side of the site (docs/decisions/013-staff.md): staff roles (`consultant`,
//! `admin`) in `app_metadata.roles`, set with `rumbo staff grant|revoke` or by admins through
//! `/api/v1/staff/members`; the extractor every staff endpoint starts with; and the audit log of
//! every staff action. The consultants' and owners' work (bookings, cases, opinions, orders…)
//! builds on these.

pub mod audit;
mod cli;
mod dashboard;
pub mod extract;
mod handlers;
pub mod roles;
mod users;

use clap::Args;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

pub use cli::{run, StaffCommand};

use crate::config::Environment;
use crate::startup::AppState;

#[derive(Debug, Clone, Args)]
pub struct StaffConfig {
    /// Staff must be signed in with two-step verification (aal2) to use the staff API. Unset: on in production, off in development.
    #[arg(long = "staff-require-mfa", env = "STAFF_REQUIRE_MFA", action = clap::ArgAction::Set, global = true)]
    pub require_mfa: Option<bool>,
}

impl StaffConfig {
    pub fn requires_mfa(&self, environment: Environment) -> bool {
        self.require_mfa.unwrap_or(environment == Environment::Production)
    }
}

/// Mounted under `/api/v1`, documented.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(handlers::me))
        .routes(routes!(handlers::members))
        .routes(routes!(handlers::set_roles))
        .routes(routes!(handlers::audit_log))
        .routes(routes!(dashboard::dashboard))
        .routes(routes!(users::search_users))
        .routes(routes!(users::user_detail))
        .routes(routes!(users::ban_user))
        .routes(routes!(users::resend_confirmation))
}
