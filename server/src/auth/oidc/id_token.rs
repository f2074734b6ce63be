//! `POST /token?grant_type=id_token` (auth-js `signInWithIdToken`, Google One Tap): an ID token
//! the browser got from the provider directly, held to the same checks as the callback's.

use serde::Deserialize;

use super::{flow, GOOGLE};
use crate::auth::db::sessions::Client;
use crate::auth::errors::{AuthError, AuthResult};
use crate::auth::issue::SessionView;
use crate::startup::AppState;

const GOOGLE_ISSUER: &str = "https://accounts.google.com";

#[derive(Debug, Default, Deserialize)]
pub struct IdTokenGrant {
    provider: Option<String>,
    id_token: Option<String>,
    nonce: Option<String>,
    issuer: Option<String>,
}

pub async fn grant(state: &AppState, grant: IdTokenGrant, client: &Client) -> AuthResult<SessionView> {
    let id_token = grant.id_token.filter(|t| !t.is_empty()).ok_or_else(|| AuthError::validation("id_token required"))?;
    let provider_name = grant.provider.as_deref().unwrap_or_default().to_ascii_lowercase();
    let is_google = provider_name == GOOGLE || grant.issuer.as_deref() == Some(GOOGLE_ISSUER);
    if !is_google {
        return Err(AuthError::validation(format!("Custom OIDC provider \"{provider_name}\" not allowed")));
    }
    let provider = state
        .auth
        .google
        .as_ref()
        .ok_or_else(|| AuthError::bad_request("provider_disabled", format!("Provider (issuer \"{GOOGLE_ISSUER}\") is not enabled")))?;
    let claims = provider.verify_id_token(&id_token, grant.nonce.as_deref().filter(|n| !n.is_empty())).await.map_err(|error| {
        tracing::info!(%error, "auth: an id_token sign-in was refused");
        AuthError::bad_request("bad_oauth_callback", format!("Bad ID token: {error}"))
    })?;
    let mut tx = state.db.begin_write().await?;
    let session = flow::sign_in_with_claims(&mut tx, state, &claims, client).await?;
    tx.commit().await?;
    Ok(session)
}
