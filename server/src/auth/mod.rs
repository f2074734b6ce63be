//! Accounts: a Supabase Auth (GoTrue) compatible API under `/auth/v1`
//! (shared/spec/gotrue-contract.md).

use axum::Router;
use clap::Args;

use crate::startup::AppState;

/// Account and token settings.
#[derive(Debug, Clone, Default, Args)]
pub struct AuthConfig {}

/// The routes mounted under `/auth/v1`.
pub fn router() -> Router<AppState> {
    Router::new()
}
