//! ES256 access tokens (contract §5) and the long-lived anon / service_role API keys.
//! Every token names its key (`kid`), so clients verify it offline against the JWKS.

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;
use jsonwebtoken::{Algorithm, Header, Validation};
use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::key_ring::KeyRing;
use super::keys::AuthKeys;

pub const AUDIENCE: &str = "authenticated";
/// Roles allowed to call the admin endpoints (GoTrue's JWT_ADMIN_ROLES default).
pub const ADMIN_ROLES: [&str; 2] = ["service_role", "supabase_admin"];
/// The anon and service_role keys last ten years; rotating the signing key replaces them.
const API_KEY_LIFETIME_SECS: i64 = 10 * 365 * 24 * 3600;

/// One way the session was authenticated, most recent first in `amr`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct AmrEntry {
    pub method: String,
    pub timestamp: i64,
}

/// The claims of a user's access token, in GoTrue's names.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct AccessClaims {
    pub iss: String,
    pub sub: String,
    pub aud: String,
    pub exp: i64,
    pub iat: i64,
    pub email: String,
    pub phone: String,
    pub app_metadata: Value,
    pub user_metadata: Value,
    pub role: String,
    pub aal: String,
    pub amr: Vec<AmrEntry>,
    pub session_id: String,
    pub is_anonymous: bool,
}

/// What a verified token may carry: admin keys have only `role` (and maybe `iat`), so every
/// field is optional here and each extractor asks for what it needs.
#[derive(Debug, Clone, Default, Deserialize)]
pub struct VerifiedClaims {
    pub sub: Option<String>,
    pub role: Option<String>,
    pub session_id: Option<String>,
    pub exp: Option<i64>,
}

#[derive(Serialize)]
struct ApiKeyClaims<'a> {
    iss: &'a str,
    role: &'a str,
    iat: i64,
    exp: i64,
}

/// An access token: a compact JWS (RFC 7515), the header and claims in base64url and the
/// ES256 signature of both as r ‖ s (RFC 7518 §3.4), which is ring's fixed-length format.
pub fn sign(keys: &AuthKeys, claims: &impl Serialize) -> anyhow::Result<String> {
    let signed =
        format!("{}.{}", URL_SAFE_NO_PAD.encode(serde_json::to_vec(&header(keys))?), URL_SAFE_NO_PAD.encode(serde_json::to_vec(claims)?));
    let signature = keys
        .access_signing
        .sign(&ring::rand::SystemRandom::new(), signed.as_bytes())
        .map_err(|_| anyhow::anyhow!("ES256 signing failed"))?;
    Ok(format!("{signed}.{}", URL_SAFE_NO_PAD.encode(signature.as_ref())))
}

/// The anon (`role: anon`) or service key, the same for a given signing key (RFC 6979 nonces).
pub fn api_key(keys: &AuthKeys, issuer: &str, role: &str) -> anyhow::Result<String> {
    let claims = ApiKeyClaims { iss: issuer, role, iat: keys.created_at, exp: keys.created_at + API_KEY_LIFETIME_SECS };
    Ok(jsonwebtoken::encode(&header(keys), &claims, &keys.signing)?)
}

fn header(keys: &AuthKeys) -> Header {
    let mut header = Header::new(Algorithm::ES256);
    header.kid = Some(keys.signing_kid.clone());
    header
}

/// Why a token was refused. Displayed after "invalid JWT: unable to parse or verify signature, ".
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum VerifyError {
    /// The token names no key, or one this deployment does not have (any more).
    UnknownKey,
    Invalid(String),
}

impl std::fmt::Display for VerifyError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            VerifyError::UnknownKey => f.write_str("no key matches the token's key id"),
            VerifyError::Invalid(detail) => f.write_str(detail),
        }
    }
}

/// Checks a token against the keys loaded now (`KeyRing::verify` also notices new keys).
pub fn verify(keys: &KeyRing, token: &str) -> Result<VerifiedClaims, VerifyError> {
    verify_with(&keys.current(), token)
}

/// Checks the signature with the key named by `kid`, and `exp` when the token has one. The
/// deployment's own keys are ES256; imported ones (`AUTH_JWT_KEYS`) may also be RS256 or an
/// HS256 secret. A token's `alg` only ever selects among keys of that algorithm: no `none`, and
/// never a public key used as an HMAC secret.
pub fn verify_with(keys: &AuthKeys, token: &str) -> Result<VerifiedClaims, VerifyError> {
    let invalid = |detail: String| VerifyError::Invalid(detail);
    let header = jsonwebtoken::decode_header(token).map_err(|e| invalid(e.to_string()))?;
    if !matches!(header.alg, Algorithm::ES256 | Algorithm::RS256 | Algorithm::HS256) {
        return Err(invalid("signing method is not supported".into()));
    }
    let kid = header.kid.as_deref();
    if let Some(key) = kid.and_then(|kid| keys.verifying_key(kid)).filter(|_| header.alg == Algorithm::ES256) {
        return check(token, key, Algorithm::ES256);
    }
    let mut outcome = Err(VerifyError::UnknownKey);
    for key in keys.imported().find(kid, header.alg) {
        outcome = check(token, key, header.alg);
        if outcome.is_ok() {
            break;
        }
    }
    outcome
}

fn check(token: &str, key: &jsonwebtoken::DecodingKey, algorithm: Algorithm) -> Result<VerifiedClaims, VerifyError> {
    let invalid = |detail: String| VerifyError::Invalid(detail);
    let mut validation = Validation::new(algorithm);
    validation.required_spec_claims.clear();
    validation.validate_aud = false;
    validation.leeway = 0;
    let data = jsonwebtoken::decode::<VerifiedClaims>(token, key, &validation).map_err(|e| match e.kind() {
        jsonwebtoken::errors::ErrorKind::ExpiredSignature => invalid("token has invalid claims: token is expired".to_owned()),
        _ => invalid(e.to_string()),
    })?;
    Ok(data.claims)
}

/// The key id a token names, unverified.
#[cfg(test)]
pub fn kid_of(token: &str) -> Option<String> {
    jsonwebtoken::decode_header(token).ok()?.kid
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::platform::db::now_unix;

    fn keys() -> AuthKeys {
        AuthKeys::for_tests()
    }

    fn claims(exp: i64) -> AccessClaims {
        AccessClaims {
            iss: "http://rumbo.test/auth/v1".into(),
            sub: "0b9b3a43-5d2f-4a53-9a24-000000000001".into(),
            aud: AUDIENCE.into(),
            exp,
            iat: now_unix(),
            email: "ana@example.com".into(),
            phone: String::new(),
            app_metadata: serde_json::json!({"provider": "email"}),
            user_metadata: serde_json::json!({}),
            role: "authenticated".into(),
            aal: "aal1".into(),
            amr: vec![AmrEntry { method: "password".into(), timestamp: now_unix() }],
            session_id: "9d3c3a43-5d2f-4a53-9a24-000000000002".into(),
            is_anonymous: false,
        }
    }

    #[test]
    fn signed_tokens_name_their_key_and_verify() {
        let keys = keys();
        let token = sign(&keys, &claims(now_unix() + 60)).unwrap();
        let header = jsonwebtoken::decode_header(&token).unwrap();
        assert_eq!(header.alg, Algorithm::ES256);
        assert_eq!(header.kid.as_deref(), Some(keys.signing_kid.as_str()));
        let verified = verify_with(&keys, &token).unwrap();
        assert_eq!(verified.session_id.as_deref(), Some("9d3c3a43-5d2f-4a53-9a24-000000000002"));
        assert_eq!(verified.role.as_deref(), Some("authenticated"));
    }

    #[test]
    fn expired_tampered_and_foreign_tokens_fail() {
        let keys = keys();
        let expired = sign(&keys, &claims(now_unix() - 5)).unwrap();
        assert!(verify_with(&keys, &expired).unwrap_err().to_string().contains("expired"));
        let token = sign(&keys, &claims(now_unix() + 60)).unwrap();
        let mut parts: Vec<&str> = token.split('.').collect();
        let forged = base64::Engine::encode(&base64::engine::general_purpose::URL_SAFE_NO_PAD, br#"{"sub":"x","role":"service_role"}"#);
        parts[1] = &forged;
        assert!(verify_with(&keys, &parts.join(".")).is_err());
        let other = AuthKeys::for_tests();
        assert_eq!(verify_with(&other, &token).unwrap_err(), VerifyError::UnknownKey, "a key of another deployment is unknown here");
        assert!(verify_with(&keys, "not.a.jwt").is_err());
    }

    #[test]
    fn api_keys_carry_their_role_and_are_stable() {
        let keys = keys();
        let anon = api_key(&keys, "http://rumbo.test/auth/v1", "anon").unwrap();
        assert_eq!(anon, api_key(&keys, "http://rumbo.test/auth/v1", "anon").unwrap());
        let claims = verify_with(&keys, &anon).unwrap();
        assert_eq!(claims.role.as_deref(), Some("anon"));
        assert!(claims.sub.is_none());
    }
}
