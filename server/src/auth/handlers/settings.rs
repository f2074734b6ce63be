//! Public facts: which providers are on, liveness, and the public signing keys.

use std::collections::BTreeMap;

use axum::extract::State;
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde::Serialize;

use crate::auth::errors::AuthError;
use crate::startup::AppState;

/// The providers GoTrue lists; e-mail is always on, Google when configured.
const PROVIDERS_OFF: [&str; 22] = [
    "anonymous_users",
    "apple",
    "azure",
    "bitbucket",
    "discord",
    "facebook",
    "figma",
    "fly",
    "github",
    "gitlab",
    "google",
    "keycloak",
    "kakao",
    "linkedin_oidc",
    "notion",
    "spotify",
    "slack_oidc",
    "twitch",
    "twitter",
    "workos",
    "zoom",
    "phone",
];

/// `GET /settings`, as auth-js and Supabase's dashboard read it.
#[derive(Debug, Serialize)]
pub struct Settings {
    external: BTreeMap<&'static str, bool>,
    disable_signup: bool,
    mailer_autoconfirm: bool,
    phone_autoconfirm: bool,
    sms_provider: &'static str,
    saml_enabled: bool,
    saml_private_key_next_configured: bool,
    passkeys_enabled: bool,
}

pub async fn settings(State(state): State<AppState>) -> Json<Settings> {
    let auth = &state.config.auth;
    let mut external: BTreeMap<&'static str, bool> = PROVIDERS_OFF.iter().map(|name| (*name, false)).collect();
    external.insert("email", true);
    external.insert("google", state.auth.google.is_some());
    external.insert("anonymous_users", auth.anonymous_signins);
    Json(Settings {
        external,
        disable_signup: auth.disable_signup,
        mailer_autoconfirm: auth.autoconfirm,
        phone_autoconfirm: false,
        sms_provider: "",
        saml_enabled: false,
        saml_private_key_next_configured: false,
        passkeys_enabled: false,
    })
}

#[derive(Debug, Serialize)]
pub struct Health {
    version: &'static str,
    name: &'static str,
    description: &'static str,
}

pub async fn health() -> Json<Health> {
    Json(Health { version: env!("CARGO_PKG_VERSION"), name: "GoTrue", description: "GoTrue is a user registration and authentication API" })
}

/// Clients cache the keys for ten minutes; auth-js fetches them again when a token names a key
/// it has not seen, so tokens of a freshly rotated key still verify offline.
pub async fn jwks(State(state): State<AppState>) -> Response {
    let keys = state.auth.keys.fresh(&state.db).await;
    ([(http::header::CACHE_CONTROL, "public, max-age=600")], Json(keys.jwks().clone())).into_response()
}

/// SAML single sign-on is not offered: GoTrue's answer when it is off.
pub async fn saml_disabled() -> AuthError {
    AuthError::not_found("saml_provider_disabled", "SAML 2.0 is disabled")
}

/// Nor is the OAuth 2.1 server (`/oauth/…`, `/admin/oauth/…`).
pub async fn oauth_server_disabled() -> AuthError {
    AuthError::not_found("oauth_server_disabled", "OAuth server is disabled")
}
