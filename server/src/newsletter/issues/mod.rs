//! Newsletter issues (issue 15, docs/decisions/018-owners-console.md): written per language in
//! the console, sent to that language's confirmed subscribers through the mail outbox at a
//! controlled rate, each copy once, and kept in a public archive per language.

pub mod compose;
pub mod db;
pub mod handlers;
pub mod send;

use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::startup::AppState;

/// Nested under `/api/v1`.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(handlers::list_issues, handlers::create_issue))
        .routes(routes!(handlers::get_issue, handlers::update_issue))
        .routes(routes!(handlers::preview_issue))
        .routes(routes!(handlers::test_issue))
        .routes(routes!(handlers::send_issue))
        .routes(routes!(handlers::unschedule_issue))
        .routes(routes!(handlers::archive))
        .routes(routes!(handlers::archive_issue))
}
