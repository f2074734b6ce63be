//! `/api/v1/openapi.json`: the contract of the site API, generated from the code. Every
//! feature's routes are declared with their documentation (`utoipa::path` on each handler,
//! `ToSchema` on each body), so a route cannot exist undocumented and the document cannot
//! describe anything the server does not do. A committed snapshot (`openapi.json` beside this
//! file, written by `make openapi`) is reviewed like code, and the web app's types are
//! generated from it (web/README.md).

use axum::extract::State;
use axum::response::{IntoResponse, Response};
use http::header::{CACHE_CONTROL, CONTENT_TYPE};
use utoipa::openapi::security::{ApiKey, ApiKeyValue, HttpAuthScheme, HttpBuilder, SecurityScheme};
use utoipa::openapi::OpenApi as Document;
use utoipa::{Modify, OpenApi};
use utoipa_axum::router::OpenApiRouter;

use crate::platform::http::error::{ApiError, ErrorCode};
use crate::platform::i18n::Lang;
use crate::startup::AppState;

/// The committed snapshot; a test keeps it equal to what the code generates.
pub const SNAPSHOT: &str = include_str!("openapi.json");

#[derive(OpenApi)]
#[openapi(
    info(
        title = "Rumbo site API",
        version = "1",
        description = "The site API of Rumbo (content, newsletter, events, profile, consultations). Every error is the envelope \
                       `{error_code, message, fields?}` with a code from `ErrorCode`. Accounts live under `/auth/v1` (the \
                       Supabase Auth API) and are not described here."
    ),
    servers((url = "/")),
    components(schemas(ApiError, ErrorCode, Lang)),
    modifiers(&SecuritySchemes),
    tags(
        (name = "content", description = "Blog posts and destinations"),
        (name = "newsletter", description = "Double opt-in subscriptions"),
        (name = "events", description = "First-party, anonymous event counts"),
        (name = "airports", description = "Airports by code, city or name, for flight searches and the passenger-rights checker"),
        (name = "geo", description = "The visitor's country, for a language suggestion"),
        (name = "profile", description = "The signed-in user's profile"),
        (name = "consultations", description = "Plans, free times, bookings and their payment"),
        (name = "payments", description = "The payment provider's notifications"),
        (name = "meta", description = "This document")
    )
)]
struct ApiDoc;

/// `bearer`: a user's access token from `/auth/v1`; `booking_token`: a booking's manage-link token;
/// `order_token`: a store order's private-link token.
struct SecuritySchemes;

impl Modify for SecuritySchemes {
    fn modify(&self, openapi: &mut Document) {
        // The crate has no licence field to take one from; the site's code is not licensed out.
        openapi.info.license = None;
        let components = openapi.components.get_or_insert_with(Default::default);
        components.add_security_scheme(
            "bearer",
            SecurityScheme::Http(HttpBuilder::new().scheme(HttpAuthScheme::Bearer).bearer_format("JWT").build()),
        );
        components.add_security_scheme("booking_token", SecurityScheme::ApiKey(ApiKey::Header(ApiKeyValue::new("X-Booking-Token"))));
        components.add_security_scheme("order_token", SecurityScheme::ApiKey(ApiKey::Header(ApiKeyValue::new("X-Order-Token"))));
    }
}

/// The documented router of every `/api/v1` feature (nested, so paths are written in full).
pub fn api(features: OpenApiRouter<AppState>) -> OpenApiRouter<AppState> {
    OpenApiRouter::with_openapi(ApiDoc::openapi()).nest("/api/v1", features.routes(utoipa_axum::routes!(openapi_json)))
}

/// The document as served and as snapshotted: pretty JSON with a final line break.
pub fn render(document: &Document) -> String {
    let mut text = document.to_pretty_json().unwrap_or_else(|e| panic!("the OpenAPI document serializes: {e}"));
    text.push('\n');
    text
}

/// This document (rendered once at start: `AppState::openapi`).
#[utoipa::path(get, path = "/openapi.json", tag = "meta", responses((status = 200, description = "The OpenAPI 3.1 document of /api/v1", content_type = "application/json")))]
async fn openapi_json(State(state): State<AppState>) -> Response {
    ([(CONTENT_TYPE, "application/json"), (CACHE_CONTROL, "public, max-age=300")], state.openapi.to_string()).into_response()
}
