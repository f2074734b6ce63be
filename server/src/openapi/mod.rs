//! `/api/v1/openapi.json`: the written contract of the site API. A test keeps it true: every
//! documented operation is routed, and every `/api/v1` route is documented.

use axum::response::IntoResponse;
use axum::routing::get;
use axum::Router;
use http::header::{CACHE_CONTROL, CONTENT_TYPE};

use crate::startup::AppState;

pub const DOCUMENT: &str = include_str!("openapi.json");

pub fn router() -> Router<AppState> {
    Router::new().route(
        "/openapi.json",
        get(|| async { ([(CONTENT_TYPE, "application/json"), (CACHE_CONTROL, "public, max-age=300")], DOCUMENT).into_response() }),
    )
}
