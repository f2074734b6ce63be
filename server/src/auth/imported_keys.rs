//! Signing keys brought from another GoTrue deployment (a Supabase project) with
//! `AUTH_JWT_KEYS`: a JSON array of JWKs in GoTrue's `GOTRUE_JWT_KEYS` format — ES256 (`EC`,
//! P-256) and RS256 (`RSA`) keys, and legacy HS256 secrets (`oct`). They verify the tokens and
//! anon/service keys that project issued, so nothing signed before the move breaks; this
//! deployment's own ES256 key (`keys`) signs everything new (docs/decisions/012-two-factor.md
//! § "Moving from Supabase"). The JWKS lists the public part of the EC and RSA keys; an HS256
//! secret is never published.

use std::collections::HashSet;

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;
use jsonwebtoken::{Algorithm, DecodingKey};
use serde::Deserialize;
use serde_json::{json, Value};

/// One imported key: what it verifies and what the JWKS says of it.
pub struct ImportedKey {
    pub kid: Option<String>,
    pub algorithm: Algorithm,
    pub key: DecodingKey,
    /// The public JWK, `None` for secrets.
    pub public: Option<Value>,
}

#[derive(Default)]
pub struct ImportedKeys {
    keys: Vec<ImportedKey>,
}

#[derive(Debug, Deserialize)]
struct Jwk {
    kty: String,
    kid: Option<String>,
    alg: Option<String>,
    crv: Option<String>,
    x: Option<String>,
    y: Option<String>,
    n: Option<String>,
    e: Option<String>,
    k: Option<String>,
    key_ops: Option<Vec<String>>,
}

impl ImportedKeys {
    /// Parses `AUTH_JWT_KEYS`; an unusable key stops the start with the reason.
    pub fn parse(json: &str) -> anyhow::Result<ImportedKeys> {
        let jwks: Vec<Jwk> = serde_json::from_str(json).map_err(|e| anyhow::anyhow!("AUTH_JWT_KEYS is not a JSON array of JWKs: {e}"))?;
        let mut seen = HashSet::new();
        let mut keys = Vec::new();
        for (index, jwk) in jwks.into_iter().enumerate() {
            let key = import(jwk).map_err(|e| anyhow::anyhow!("AUTH_JWT_KEYS[{index}]: {e}"))?;
            if let Some(kid) = &key.kid {
                anyhow::ensure!(seen.insert(kid.clone()), "AUTH_JWT_KEYS[{index}]: the key id {kid} is used twice");
            }
            keys.push(key);
        }
        Ok(ImportedKeys { keys })
    }

    /// The key for a token's `kid` and `alg`. A token without `kid` can only be a legacy HS256
    /// one; the algorithm must be the key's own, so a public key never serves as an HMAC secret.
    pub fn find<'a>(&'a self, kid: Option<&'a str>, algorithm: Algorithm) -> impl Iterator<Item = &'a DecodingKey> + 'a {
        self.keys.iter().filter(move |key| key.algorithm == algorithm && key.kid.as_deref() == kid).map(|key| &key.key)
    }

    pub fn public_jwks(&self) -> impl Iterator<Item = &Value> {
        self.keys.iter().filter_map(|key| key.public.as_ref())
    }
}

fn import(jwk: Jwk) -> anyhow::Result<ImportedKey> {
    if let Some(ops) = &jwk.key_ops {
        anyhow::ensure!(ops.iter().any(|op| op == "verify" || op == "sign"), "key_ops allows neither sign nor verify");
    }
    let field = |value: &Option<String>, name: &str| {
        value.clone().filter(|v| !v.is_empty()).ok_or_else(|| anyhow::anyhow!("{} key without {name}", jwk.kty))
    };
    let check_alg = |expected: &str| match jwk.alg.as_deref() {
        None => Ok(()),
        Some(alg) if alg == expected => Ok(()),
        Some(alg) => Err(anyhow::anyhow!("{} key with alg {alg}; only {expected} is supported for it", jwk.kty)),
    };
    match jwk.kty.as_str() {
        "RSA" => {
            check_alg("RS256")?;
            let (kid, n, e) = (field(&jwk.kid, "kid")?, field(&jwk.n, "n")?, field(&jwk.e, "e")?);
            let key = DecodingKey::from_rsa_components(&n, &e).map_err(|err| anyhow::anyhow!("RSA key {kid} is unreadable: {err}"))?;
            let public = json!({ "kty": "RSA", "n": n, "e": e, "kid": kid, "alg": "RS256", "use": "sig", "key_ops": ["verify"] });
            Ok(ImportedKey { kid: Some(kid), algorithm: Algorithm::RS256, key, public: Some(public) })
        }
        "EC" => {
            check_alg("ES256")?;
            anyhow::ensure!(jwk.crv.as_deref() == Some("P-256"), "EC key on curve {:?}; only P-256 (ES256) is supported", jwk.crv);
            let (kid, x, y) = (field(&jwk.kid, "kid")?, field(&jwk.x, "x")?, field(&jwk.y, "y")?);
            let key = DecodingKey::from_ec_components(&x, &y).map_err(|err| anyhow::anyhow!("EC key {kid} is unreadable: {err}"))?;
            let public =
                json!({ "kty": "EC", "crv": "P-256", "x": x, "y": y, "kid": kid, "alg": "ES256", "use": "sig", "key_ops": ["verify"] });
            Ok(ImportedKey { kid: Some(kid), algorithm: Algorithm::ES256, key, public: Some(public) })
        }
        "oct" => {
            check_alg("HS256")?;
            let secret = URL_SAFE_NO_PAD.decode(field(&jwk.k, "k")?.trim_end_matches('='))?;
            anyhow::ensure!(secret.len() >= 32, "an HS256 secret needs 32 bytes or more");
            Ok(ImportedKey {
                kid: jwk.kid.filter(|k| !k.is_empty()),
                algorithm: Algorithm::HS256,
                key: DecodingKey::from_secret(&secret),
                public: None,
            })
        }
        other => Err(anyhow::anyhow!("key type {other:?} is not supported (EC, RSA or oct)")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const EC_PUBLIC: &str = r#"{"kty":"EC","crv":"P-256","kid":"ec-1","x":"f83OJ3D2xF1Bg8vub9tLe1gHMzV76e8Tus9uPHvRVEU","y":"x_FEzRu9m36HLN_tue659LNpXW6pCyStikYjKIWI5a0","d":"jpsQnnGQmL-YBIffH1136cLyDj0Q1Zr0kYk4jYbhLMo"}"#;

    #[test]
    fn keys_are_found_by_kid_and_their_own_algorithm_only() {
        let secret = URL_SAFE_NO_PAD.encode([7u8; 32]);
        let keys = ImportedKeys::parse(&format!(r#"[{EC_PUBLIC}, {{"kty":"oct","k":"{secret}"}}]"#)).unwrap();
        assert_eq!(keys.find(Some("ec-1"), Algorithm::ES256).count(), 1);
        assert_eq!(keys.find(Some("ec-1"), Algorithm::HS256).count(), 0, "never an EC key as an HMAC secret");
        assert_eq!(keys.find(None, Algorithm::HS256).count(), 1, "legacy tokens name no key");
        let published: Vec<&Value> = keys.public_jwks().collect();
        assert_eq!(published.len(), 1, "secrets are never published");
        assert!(published[0].get("d").is_none(), "private parts are never published");
    }

    #[test]
    fn unusable_keys_are_refused_with_their_place() {
        for (json, expected) in [
            ("{}", "JSON array"),
            (r#"[{"kty":"RSA","kid":"r","n":"AQAB"}]"#, "AUTH_JWT_KEYS[0]: RSA key without e"),
            (r#"[{"kty":"EC","crv":"P-384","kid":"e","x":"a","y":"b"}]"#, "P-256"),
            (r#"[{"kty":"oct","k":"c2hvcnQ"}]"#, "32 bytes"),
            (r#"[{"kty":"OKP","kid":"o"}]"#, "not supported"),
            (r#"[{"kty":"RSA","kid":"r","alg":"RS512","n":"AQAB","e":"AQAB"}]"#, "only RS256"),
        ] {
            let error = ImportedKeys::parse(json).err().unwrap().to_string();
            assert!(error.contains(expected), "{json}: {error}");
        }
        let twice = format!("[{EC_PUBLIC}, {EC_PUBLIC}]");
        assert!(ImportedKeys::parse(&twice).err().unwrap().to_string().contains("used twice"));
    }
}
