//! Profiles (docs/product.md#profiles): one row per account with the name, country and avatar shown on the
//! site. Created with the account from its sign-up metadata; read and changed by its owner
//! only, through `GET`/`PATCH /api/v1/profile` with the account's access token.

pub mod avatar;
mod db;
mod handlers;
mod model;

use serde_json::{Map, Value};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::startup::AppState;

/// Mounted under `/api/v1`, documented.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(handlers::get_profile, handlers::patch_profile)).routes(routes!(avatar::delete_avatar))
}

/// The avatar upload, with its own body limit (mounted beside the site-wide one).
pub fn upload_router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(avatar::upload_avatar)).layer(axum::extract::DefaultBodyLimit::max(avatar::MAX_REQUEST_BYTES))
}

/// `GET /media/avatars/{id}.jpg`.
pub fn media_router() -> axum::Router<AppState> {
    axum::Router::new().route("/media/avatars/{file}", axum::routing::get(avatar::serve_avatar))
}

/// Writes the profile of a new account from its sign-up `data` (first_name, last_name, country,
/// avatar_url); values that do not validate are left empty rather than failing the sign-up.
pub async fn create_for_user(conn: &mut sqlx::AnyConnection, user_id: &str, metadata: &Map<String, Value>, now: i64) -> sqlx::Result<()> {
    let fields = model::ProfileFields::from_signup(metadata);
    db::insert(conn, user_id, &fields, now).await
}
