//! The ES256 signing key, kept in the database so every instance signs and verifies with the
//! same one. Created on first start; two instances starting together race on the unique `slot`
//! and both end up with the winner's key. The JWKS lists every stored key, so a `next` key can be
//! published before it signs (rotation) and a `previous` one still verifies afterwards.

use std::collections::HashMap;

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;
use jsonwebtoken::{DecodingKey, EncodingKey};
use p256::pkcs8::{DecodePrivateKey, EncodePrivateKey, LineEnding};
use serde_json::{json, Value};
use sha2::{Digest, Sha256};

use crate::platform::db::{now_unix, Db};

const CURRENT: &str = "current";
pub const ALGORITHM: &str = "ES256";

/// The keys of this deployment: one that signs, all that verify, and their public JWKS.
pub struct AuthKeys {
    pub signing_kid: String,
    pub signing: EncodingKey,
    /// When the signing key was made: the `iat` of the long-lived anon/service keys.
    pub created_at: i64,
    verifying: HashMap<String, DecodingKey>,
    jwks: Value,
}

impl AuthKeys {
    /// Loads the stored keys, creating the first one when there is none.
    pub async fn load_or_create(db: &Db) -> anyhow::Result<AuthKeys> {
        if load_rows(db).await?.iter().all(|row| row.slot != CURRENT) {
            insert_new_key(db).await?;
        }
        AuthKeys::from_rows(load_rows(db).await?)
    }

    fn from_rows(rows: Vec<KeyRow>) -> anyhow::Result<AuthKeys> {
        let mut verifying = HashMap::new();
        let mut public = Vec::new();
        let mut signing = None;
        for row in rows {
            let secret = p256::SecretKey::from_pkcs8_pem(&row.private_key_pem)
                .map_err(|e| anyhow::anyhow!("stored signing key {} is unreadable: {e}", row.kid))?;
            let (x, y) = public_coordinates(&secret)?;
            verifying.insert(row.kid.clone(), DecodingKey::from_ec_components(&x, &y)?);
            public.push(json!({
                "kty": "EC", "crv": "P-256", "x": x, "y": y,
                "kid": row.kid, "alg": ALGORITHM, "use": "sig", "key_ops": ["verify"],
            }));
            if row.slot == CURRENT {
                let der = secret.to_pkcs8_der().map_err(|e| anyhow::anyhow!("cannot encode key {}: {e}", row.kid))?;
                signing = Some((row.kid, EncodingKey::from_ec_der(der.as_bytes()), row.created_at));
            }
        }
        let (signing_kid, signing, created_at) = signing.ok_or_else(|| anyhow::anyhow!("no current signing key"))?;
        Ok(AuthKeys { signing_kid, signing, created_at, verifying, jwks: json!({ "keys": public }) })
    }

    pub fn verifying_key(&self, kid: &str) -> Option<&DecodingKey> {
        self.verifying.get(kid)
    }

    /// `{"keys": [...]}`: public keys only.
    pub fn jwks(&self) -> &Value {
        &self.jwks
    }
}

struct KeyRow {
    kid: String,
    slot: String,
    private_key_pem: String,
    created_at: i64,
}

async fn load_rows(db: &Db) -> anyhow::Result<Vec<KeyRow>> {
    let rows: Vec<(String, String, String, i64)> =
        sqlx::query_as("SELECT kid, slot, private_key_pem, created_at FROM auth_signing_keys ORDER BY created_at")
            .fetch_all(&db.pool)
            .await?;
    Ok(rows.into_iter().map(|(kid, slot, private_key_pem, created_at)| KeyRow { kid, slot, private_key_pem, created_at }).collect())
}

/// Inserts a fresh key into the `current` slot unless another instance got there first.
async fn insert_new_key(db: &Db) -> anyhow::Result<()> {
    let secret = p256::SecretKey::random(&mut rand::rngs::OsRng);
    let pem = secret.to_pkcs8_pem(LineEnding::LF).map_err(|e| anyhow::anyhow!("cannot encode a new key: {e}"))?;
    let kid = thumbprint(&secret)?;
    let inserted = sqlx::query(
        "INSERT INTO auth_signing_keys (kid, slot, algorithm, private_key_pem, created_at) VALUES ($1, $2, $3, $4, $5) \
         ON CONFLICT (slot) DO NOTHING",
    )
    .bind(&kid)
    .bind(CURRENT)
    .bind(ALGORITHM)
    .bind(pem.as_str())
    .bind(now_unix())
    .execute(&db.pool)
    .await?;
    if inserted.rows_affected() == 1 {
        tracing::info!(kid, "auth: created the JWT signing key");
    }
    Ok(())
}

/// The key's base64url x and y coordinates.
fn public_coordinates(secret: &p256::SecretKey) -> anyhow::Result<(String, String)> {
    let jwk: Value = serde_json::from_str(&secret.public_key().to_jwk_string())?;
    let coordinate = |name: &str| jwk[name].as_str().map(str::to_owned).ok_or_else(|| anyhow::anyhow!("public key lacks {name}"));
    Ok((coordinate("x")?, coordinate("y")?))
}

/// RFC 7638 thumbprint: a key id that names the key itself.
fn thumbprint(secret: &p256::SecretKey) -> anyhow::Result<String> {
    let (x, y) = public_coordinates(secret)?;
    let canonical = format!(r#"{{"crv":"P-256","kty":"EC","x":"{x}","y":"{y}"}}"#);
    Ok(URL_SAFE_NO_PAD.encode(Sha256::digest(canonical.as_bytes())))
}

#[cfg(test)]
impl AuthKeys {
    /// A fresh in-memory key set for unit tests.
    pub fn for_tests() -> AuthKeys {
        AuthKeys::from_rows(vec![tests::row("current")]).unwrap()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    pub(super) fn row(slot: &str) -> KeyRow {
        let secret = p256::SecretKey::random(&mut rand::rngs::OsRng);
        let pem = secret.to_pkcs8_pem(LineEnding::LF).unwrap().to_string();
        KeyRow { kid: thumbprint(&secret).unwrap(), slot: slot.into(), private_key_pem: pem, created_at: now_unix() }
    }

    #[test]
    fn jwks_publishes_every_key_without_private_parts() {
        let (current, next) = (row("current"), row("next"));
        let (current_kid, next_kid) = (current.kid.clone(), next.kid.clone());
        let keys = AuthKeys::from_rows(vec![current, next]).unwrap();
        assert_eq!(keys.signing_kid, current_kid);
        let published = keys.jwks()["keys"].as_array().unwrap();
        assert_eq!(published.len(), 2);
        assert!(published.iter().all(|k| k["kty"] == "EC" && k["alg"] == "ES256" && k.get("d").is_none()));
        assert!(published.iter().any(|k| k["kid"] == next_kid.as_str()));
        assert!(keys.verifying_key(&next_kid).is_some());
    }

    #[tokio::test]
    async fn concurrent_first_starts_agree_on_one_stored_key() {
        let folder = std::env::temp_dir().join(format!("rumbo-keys-{}", uuid::Uuid::new_v4().simple()));
        let url: crate::platform::db::DatabaseUrl = format!("sqlite://{}/keys.db", folder.display()).parse().unwrap();
        let db = Db::connect(&url, 4).await.unwrap();
        db.migrate().await.unwrap();
        let (a, b, c) = tokio::join!(AuthKeys::load_or_create(&db), AuthKeys::load_or_create(&db), AuthKeys::load_or_create(&db));
        let kids = [a.unwrap().signing_kid, b.unwrap().signing_kid, c.unwrap().signing_kid];
        assert!(kids.iter().all(|kid| *kid == kids[0]), "{kids:?}");
        let restarted = AuthKeys::load_or_create(&db).await.unwrap();
        assert_eq!(restarted.signing_kid, kids[0], "the key survives a restart");
        assert_eq!(restarted.jwks()["keys"].as_array().unwrap().len(), 1);
        let _ = std::fs::remove_dir_all(folder);
    }

    #[test]
    fn a_store_without_a_current_key_is_refused() {
        assert!(AuthKeys::from_rows(vec![row("next")]).is_err());
    }

    #[test]
    fn thumbprints_are_stable_and_distinct() {
        let secret = p256::SecretKey::random(&mut rand::rngs::OsRng);
        assert_eq!(thumbprint(&secret).unwrap(), thumbprint(&secret).unwrap());
        let other = p256::SecretKey::random(&mut rand::rngs::OsRng);
        assert_ne!(thumbprint(&secret).unwrap(), thumbprint(&other).unwrap());
    }
}
