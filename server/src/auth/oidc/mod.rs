//! Google sign-in over OpenID Connect (docs/decisions/012-two-factor.md § Google): GoTrue's
//! `GET /authorize?provider=google` → the provider → `GET /callback` (implicit and PKCE flows),
//! `POST /token?grant_type=id_token` (One Tap), and identities linked while signed in.
//! `provider` speaks to the provider; `flow` holds the browser's round trip; `accounts`
//! decides who the provider's user is here.

pub mod accounts;
pub mod flow;
pub mod id_token;
pub mod provider;

use serde::Deserialize;

use super::config::AuthConfig;
use super::errors::AuthError;
use provider::Provider;

pub const GOOGLE: &str = "google";

/// The claims of an ID token this site reads.
#[derive(Debug, Clone, Deserialize)]
pub struct IdClaims {
    pub iss: String,
    pub sub: String,
    pub email: Option<String>,
    #[serde(default, deserialize_with = "flexible_bool")]
    pub email_verified: bool,
    pub name: Option<String>,
    pub given_name: Option<String>,
    pub family_name: Option<String>,
    pub picture: Option<String>,
    pub nonce: Option<String>,
}

/// Providers send `email_verified` as a boolean, some as the string "true".
fn flexible_bool<'de, D: serde::Deserializer<'de>>(deserializer: D) -> Result<bool, D::Error> {
    Ok(match serde_json::Value::deserialize(deserializer)? {
        serde_json::Value::Bool(value) => value,
        serde_json::Value::String(text) => text.eq_ignore_ascii_case("true"),
        _ => false,
    })
}

/// The Google provider when `GOOGLE_CLIENT_ID` and `GOOGLE_CLIENT_SECRET` are set.
pub fn google(config: &AuthConfig) -> anyhow::Result<Option<Provider>> {
    let google = &config.google;
    match (google.client_id.as_deref().filter(|v| !v.is_empty()), google.client_secret.as_deref().filter(|v| !v.is_empty())) {
        (Some(id), Some(secret)) => Ok(Some(Provider::new(id, secret, &google.issuer_url)?)),
        (None, None) => Ok(None),
        _ => anyhow::bail!("set both GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET to offer Google sign-in, or neither"),
    }
}

/// GoTrue's answer for a provider that is not on.
pub fn provider_not_enabled() -> AuthError {
    AuthError::validation("Unsupported provider: provider is not enabled")
}
