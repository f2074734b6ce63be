//! An OpenID Connect provider as a client of it sees it (OpenID Connect Core 1.0 and
//! Discovery 1.0): the discovery document, the signing keys (JWKS, cached and fetched again
//! when a token names a key not seen yet, as providers rotate them), the code exchange at the
//! token endpoint, and the checks on an ID token: signature, `iss`, `aud`, `exp`, `nonce`.

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use jsonwebtoken::{Algorithm, DecodingKey, Validation};
use serde::Deserialize;

use super::IdClaims;

/// How long the discovery document and the keys are trusted before they are fetched again.
const CACHE_FOR: Duration = Duration::from_secs(3600);
/// At most one extra JWKS fetch per this pause for tokens naming unknown keys.
const UNKNOWN_KID_PAUSE: Duration = Duration::from_secs(5);
const HTTP_TIMEOUT: Duration = Duration::from_secs(10);

#[derive(Debug, Clone, Deserialize)]
pub struct Discovery {
    pub issuer: String,
    pub authorization_endpoint: String,
    pub token_endpoint: String,
    pub jwks_uri: String,
}

/// Why the provider's answer could not be used.
#[derive(Debug, thiserror::Error)]
pub enum ProviderError {
    #[error("the provider could not be reached: {0}")]
    Unreachable(String),
    #[error("the provider refused: {0}")]
    Refused(String),
    #[error("the ID token is not valid: {0}")]
    InvalidToken(String),
}

pub struct Provider {
    pub client_id: String,
    client_secret: String,
    issuer: String,
    http: reqwest::Client,
    discovery: Mutex<Option<(Instant, Discovery)>>,
    keys: Mutex<Keys>,
}

#[derive(Default)]
struct Keys {
    fetched: Option<Instant>,
    unknown_kid_fetch: Option<Instant>,
    by_kid: HashMap<String, DecodingKey>,
}

#[derive(Deserialize)]
struct Jwks {
    keys: Vec<serde_json::Value>,
}

#[derive(Deserialize)]
struct TokenAnswer {
    id_token: Option<String>,
}

impl Provider {
    pub fn new(client_id: &str, client_secret: &str, issuer: &str) -> anyhow::Result<Provider> {
        let http = reqwest::Client::builder().timeout(HTTP_TIMEOUT).redirect(reqwest::redirect::Policy::none()).build()?;
        Ok(Provider {
            client_id: client_id.to_owned(),
            client_secret: client_secret.to_owned(),
            issuer: issuer.trim_end_matches('/').to_owned(),
            http,
            discovery: Mutex::new(None),
            keys: Mutex::new(Keys::default()),
        })
    }

    pub async fn discovery(&self) -> Result<Discovery, ProviderError> {
        if let Some((at, document)) = self.discovery.lock().unwrap_or_else(|p| p.into_inner()).as_ref() {
            if at.elapsed() < CACHE_FOR {
                return Ok(document.clone());
            }
        }
        let url = format!("{}/.well-known/openid-configuration", self.issuer);
        let document: Discovery = self.get_json(&url).await?;
        if document.issuer.trim_end_matches('/') != self.issuer {
            return Err(ProviderError::Refused(format!("the discovery document names issuer {}, not {}", document.issuer, self.issuer)));
        }
        *self.discovery.lock().unwrap_or_else(|p| p.into_inner()) = Some((Instant::now(), document.clone()));
        Ok(document)
    }

    async fn get_json<T: serde::de::DeserializeOwned>(&self, url: &str) -> Result<T, ProviderError> {
        let response = self.http.get(url).send().await.map_err(|e| ProviderError::Unreachable(e.to_string()))?;
        if !response.status().is_success() {
            return Err(ProviderError::Refused(format!("{url} answered {}", response.status())));
        }
        let body = response.bytes().await.map_err(|e| ProviderError::Unreachable(e.to_string()))?;
        serde_json::from_slice(&body).map_err(|e| ProviderError::Refused(format!("{url} answered unreadable JSON: {e}")))
    }

    /// Exchanges an authorization code (with our PKCE verifier) for the provider's ID token.
    pub async fn exchange_code(&self, code: &str, redirect_uri: &str, code_verifier: &str) -> Result<String, ProviderError> {
        let discovery = self.discovery().await?;
        let form = [
            ("grant_type", "authorization_code"),
            ("code", code),
            ("redirect_uri", redirect_uri),
            ("client_id", &self.client_id),
            ("client_secret", &self.client_secret),
            ("code_verifier", code_verifier),
        ];
        let body = url::form_urlencoded::Serializer::new(String::new()).extend_pairs(form).finish();
        let response = self
            .http
            .post(&discovery.token_endpoint)
            .header(http::header::CONTENT_TYPE, "application/x-www-form-urlencoded")
            .header(http::header::ACCEPT, "application/json")
            .body(body)
            .send()
            .await
            .map_err(|e| ProviderError::Unreachable(e.to_string()))?;
        let status = response.status();
        if !status.is_success() {
            let detail = response.text().await.unwrap_or_default();
            return Err(ProviderError::Refused(format!(
                "the token endpoint answered {status}: {}",
                detail.chars().take(200).collect::<String>()
            )));
        }
        let body = response.bytes().await.map_err(|e| ProviderError::Unreachable(e.to_string()))?;
        let answer: TokenAnswer =
            serde_json::from_slice(&body).map_err(|e| ProviderError::Refused(format!("unreadable token answer: {e}")))?;
        answer.id_token.ok_or_else(|| ProviderError::Refused("the token answer has no id_token".into()))
    }

    /// The ID token's claims once its signature, issuer, audience and expiry check out, and its
    /// nonce is `nonce` (or, for tokens made for a hashed nonce, its SHA-256).
    pub async fn verify_id_token(&self, token: &str, nonce: Option<&str>) -> Result<IdClaims, ProviderError> {
        let invalid = |detail: String| ProviderError::InvalidToken(detail);
        let header = jsonwebtoken::decode_header(token).map_err(|e| invalid(e.to_string()))?;
        if header.alg != Algorithm::RS256 {
            return Err(invalid(format!("signed with {:?}; the provider signs with RS256", header.alg)));
        }
        let kid = header.kid.ok_or_else(|| invalid("the token names no key".into()))?;
        let key = self.key(&kid).await?.ok_or_else(|| invalid(format!("the provider has no key {kid}")))?;
        let mut validation = Validation::new(Algorithm::RS256);
        validation.set_audience(&[&self.client_id]);
        validation.set_issuer(&[&self.issuer, &format!("{}/", self.issuer)]);
        validation.set_required_spec_claims(&["exp", "iss", "aud", "sub"]);
        validation.leeway = 30;
        let claims = jsonwebtoken::decode::<IdClaims>(token, &key, &validation).map_err(|e| invalid(e.to_string()))?.claims;
        match (nonce, claims.nonce.as_deref()) {
            (None, None) => {}
            (Some(expected), Some(got)) if got == expected || got == crate::auth::secrets::sha256_hex(expected) => {}
            (Some(_), _) => return Err(invalid("the nonce does not match this sign-in".into())),
            (None, Some(_)) => return Err(invalid("the token carries a nonce but none was given".into())),
        }
        Ok(claims)
    }

    /// The key named `kid`, fetching the JWKS when the cache is old or does not know it.
    async fn key(&self, kid: &str) -> Result<Option<DecodingKey>, ProviderError> {
        let refetch = {
            let mut keys = self.keys.lock().unwrap_or_else(|p| p.into_inner());
            let stale = keys.fetched.is_none_or(|at| at.elapsed() >= CACHE_FOR);
            if !stale {
                if let Some(key) = keys.by_kid.get(kid) {
                    return Ok(Some(key.clone()));
                }
            }
            let may_look = keys.unknown_kid_fetch.is_none_or(|at| at.elapsed() >= UNKNOWN_KID_PAUSE);
            if !stale && may_look {
                keys.unknown_kid_fetch = Some(Instant::now());
            }
            stale || may_look
        };
        if !refetch {
            return Ok(None);
        }
        let discovery = self.discovery().await?;
        let jwks: Jwks = self.get_json(&discovery.jwks_uri).await?;
        let by_kid: HashMap<String, DecodingKey> = jwks
            .keys
            .iter()
            .filter_map(|jwk| {
                let jwk: jsonwebtoken::jwk::Jwk = serde_json::from_value(jwk.clone()).ok()?;
                Some((jwk.common.key_id.clone()?, DecodingKey::from_jwk(&jwk).ok()?))
            })
            .collect();
        let mut keys = self.keys.lock().unwrap_or_else(|p| p.into_inner());
        keys.by_kid = by_kid;
        keys.fetched = Some(Instant::now());
        Ok(keys.by_kid.get(kid).cloned())
    }
}
