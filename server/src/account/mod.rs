//! The account page's server side (docs/decisions/012-accounts-complete.md § Account): the
//! signed-in user's devices (list, sign one out), the newsletter switch of their address, a
//! download of everything kept about them, and deleting the account. Profile, password, two-factor and identities stay with `profiles`
//! and `auth`; this feature only reads their tables for the export and clears them on deletion.

mod deletion;
mod export;
mod newsletter;
mod sessions;

use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::startup::AppState;

/// Mounted under `/api/v1`, documented.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(sessions::list_sessions))
        .routes(routes!(sessions::end_session))
        .routes(routes!(export::export_data))
        .routes(routes!(newsletter::get_newsletter, newsletter::put_newsletter))
        .routes(routes!(deletion::delete_account))
}

fn internal(error: sqlx::Error) -> crate::platform::http::error::ApiError {
    crate::platform::http::error::ApiError::internal("account: database error", &error)
}
