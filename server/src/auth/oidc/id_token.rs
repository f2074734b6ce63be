//! `POST /token?grant_type=id_token` (auth-js `signInWithIdToken`, Google One Tap): an ID token
//! the browser got from the provider directly, held to the same checks as the callback's.

use serde::Deserialize;

use super::{flow, GOOGLE};
use crate::auth::db::sessions::Client;
use crate::auth::errors::{AuthError, AuthResult};
use crate::auth::issue::SessionView;
use crate::startup::AppState;

/// The providers GoTrue accepts ID tokens of, by name and issuer; only Google is offered here.
const KNOWN_ISSUERS: [(&str, &str); 5] = [
    (GOOGLE, "https://accounts.google.com"),
    ("apple", "https://appleid.apple.com"),
    ("azure", "https://login.microsoftonline.com/common/v2.0"),
    ("facebook", "https://www.facebook.com"),
    ("kakao", "https://kauth.kakao.com"),
];

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
    let issuer = grant.issuer.as_deref().unwrap_or_default();
    let known = KNOWN_ISSUERS.iter().find(|(name, iss)| *name == provider_name || *iss == issuer);
    let provider = match known {
        Some((GOOGLE, _)) => state.auth.google.as_ref(),
        Some(_) => None,
        None => return Err(AuthError::validation(format!("Custom OIDC provider \"{provider_name}\" not allowed"))),
    };
    let provider = provider.ok_or_else(|| {
        let issuer = known.map_or("", |(_, iss)| iss);
        AuthError::bad_request("provider_disabled", format!("Provider (issuer \"{issuer}\") is not enabled"))
    })?;
    let claims = provider.verify_id_token(&id_token, grant.nonce.as_deref().filter(|n| !n.is_empty())).await.map_err(|error| {
        tracing::info!(%error, "auth: an id_token sign-in was refused");
        AuthError::bad_request("bad_oauth_callback", format!("Bad ID token: {error}"))
    })?;
    let mut tx = state.db.begin_write().await?;
    let (session, picture) = flow::sign_in_with_claims(&mut tx, state, &claims, client).await?;
    tx.commit().await?;
    flow::bring_picture(state, &session.user.id, picture);
    Ok(session)
}
