//! Public facts: which providers are on, liveness, and the public signing keys.

use axum::extract::State;
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde_json::{json, Value};

use crate::startup::AppState;

pub async fn settings(State(state): State<AppState>) -> Json<Value> {
    let auth = &state.config.auth;
    Json(json!({
        "external": {
            "anonymous_users": false,
            "apple": false, "azure": false, "bitbucket": false, "discord": false, "facebook": false, "figma": false,
            "fly": false, "github": false, "gitlab": false, "google": false, "keycloak": false, "kakao": false,
            "linkedin_oidc": false, "notion": false, "spotify": false, "slack_oidc": false, "twitch": false,
            "twitter": false, "workos": false, "zoom": false,
            "email": true,
            "phone": false,
        },
        "disable_signup": auth.disable_signup,
        "mailer_autoconfirm": auth.autoconfirm,
        "phone_autoconfirm": false,
        "sms_provider": "",
        "saml_enabled": false,
        "saml_private_key_next_configured": false,
        "passkeys_enabled": false,
    }))
}

pub async fn health() -> Json<Value> {
    Json(json!({
        "version": env!("CARGO_PKG_VERSION"),
        "name": "GoTrue",
        "description": "GoTrue is a user registration and authentication API",
    }))
}

/// Clients cache the keys for ten minutes; auth-js fetches them again when a token names a key
/// it has not seen, so tokens of a freshly rotated key still verify offline.
pub async fn jwks(State(state): State<AppState>) -> Response {
    let keys = state.auth.keys.fresh(&state.db).await;
    ([(http::header::CACHE_CONTROL, "public, max-age=600")], Json(keys.jwks().clone())).into_response()
}
