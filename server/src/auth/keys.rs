//! The ES256 signing keys, kept in the database so every instance signs and verifies with the
//! same ones. The first is created on first start; two instances starting together race on the
//! unique `current` slot and both end up with the winner's key. `rumbo keys rotate` moves the
//! current key to `previous` (it still verifies, and the JWKS lists it) and makes a new one
//! current; `rumbo keys retire` deletes the non-current ones (`key_rotation`). Running
//! instances notice either through `key_ring`.

use std::collections::HashMap;
use std::sync::Arc;

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;
use jsonwebtoken::{DecodingKey, EncodingKey};
use p256::pkcs8::{DecodePrivateKey, EncodePrivateKey, LineEnding};
use ring::signature::{EcdsaKeyPair, ECDSA_P256_SHA256_FIXED_SIGNING};
use serde_json::{json, Value};
use sha2::{Digest, Sha256};

use super::db::Conn;
use super::imported_keys::ImportedKeys;
use crate::platform::db::{now_unix, Db};

pub const CURRENT: &str = "current";
pub const ALGORITHM: &str = "ES256";

/// The keys of this deployment: one that signs, all that verify, and their public JWKS.
pub struct AuthKeys {
    pub signing_kid: String,
    /// Signs with deterministic nonces (RFC 6979): the anon and service keys come out the same
    /// on every start and instance.
    pub signing: EncodingKey,
    /// The same key in ring, about ten times faster at signing than the pure-Rust curve
    /// arithmetic, for access tokens: every sign-in and refresh signs one
    /// (docs/decisions/017-several-instances.md#hashing).
    pub access_signing: EcdsaKeyPair,
    /// When the signing key was made: the `iat` of the long-lived anon/service keys.
    pub created_at: i64,
    verifying: HashMap<String, DecodingKey>,
    jwks: Value,
    /// (kid, slot) of every stored key: what a reload compares to notice a change.
    stored: Vec<(String, String)>,
    /// Keys of another deployment that verify only (`AUTH_JWT_KEYS`).
    imported: Arc<ImportedKeys>,
}

impl AuthKeys {
    /// Loads the stored keys, creating the first one when there is none.
    pub async fn load_or_create(db: &Db) -> anyhow::Result<AuthKeys> {
        let mut conn = db.pool.acquire().await?;
        if load_rows(&mut conn).await?.iter().all(|row| row.slot != CURRENT) {
            insert_first_key(&mut conn).await?;
        }
        AuthKeys::from_rows(load_rows(&mut conn).await?)
    }

    pub(super) fn from_rows(rows: Vec<KeyRow>) -> anyhow::Result<AuthKeys> {
        let stored = stored_slots(&rows);
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
                let pair = EcdsaKeyPair::from_pkcs8(&ECDSA_P256_SHA256_FIXED_SIGNING, der.as_bytes(), &ring::rand::SystemRandom::new())
                    .map_err(|e| anyhow::anyhow!("cannot use key {} for signing: {e}", row.kid))?;
                signing = Some((row.kid, EncodingKey::from_ec_der(der.as_bytes()), pair, row.created_at));
            }
        }
        let (signing_kid, signing, access_signing, created_at) = signing.ok_or_else(|| anyhow::anyhow!("no current signing key"))?;
        let jwks = json!({ "keys": public });
        Ok(AuthKeys { signing_kid, signing, access_signing, created_at, verifying, jwks, stored, imported: Arc::default() })
    }

    /// These keys, also verifying with (and publishing) the imported ones.
    pub fn with_imported(mut self, imported: Arc<ImportedKeys>) -> AuthKeys {
        if let Some(published) = self.jwks["keys"].as_array_mut() {
            published.extend(imported.public_jwks().cloned());
        }
        self.imported = imported;
        self
    }

    pub fn imported(&self) -> &Arc<ImportedKeys> {
        &self.imported
    }

    /// Whether `rows` hold exactly the keys (and slots) these were made from.
    pub(super) fn same_as(&self, rows: &[KeyRow]) -> bool {
        self.stored == stored_slots(rows)
    }

    pub fn verifying_key(&self, kid: &str) -> Option<&DecodingKey> {
        self.verifying.get(kid)
    }

    /// `{"keys": [...]}`: public keys only.
    pub fn jwks(&self) -> &Value {
        &self.jwks
    }
}

pub(super) struct KeyRow {
    kid: String,
    slot: String,
    private_key_pem: String,
    created_at: i64,
}

fn stored_slots(rows: &[KeyRow]) -> Vec<(String, String)> {
    let mut slots: Vec<(String, String)> = rows.iter().map(|row| (row.kid.clone(), row.slot.clone())).collect();
    slots.sort();
    slots
}

pub(super) async fn load_rows(conn: &mut Conn) -> sqlx::Result<Vec<KeyRow>> {
    let rows: Vec<(String, String, String, i64)> =
        sqlx::query_as("SELECT kid, slot, private_key_pem, created_at FROM auth_signing_keys ORDER BY created_at, kid")
            .fetch_all(conn)
            .await?;
    Ok(rows.into_iter().map(|(kid, slot, private_key_pem, created_at)| KeyRow { kid, slot, private_key_pem, created_at }).collect())
}

/// A fresh P-256 key: its id (thumbprint) and its PKCS#8 PEM.
pub(super) fn new_key() -> anyhow::Result<(String, String)> {
    let secret = p256::SecretKey::random(&mut rand::rngs::OsRng);
    let pem = secret.to_pkcs8_pem(LineEnding::LF).map_err(|e| anyhow::anyhow!("cannot encode a new key: {e}"))?;
    Ok((thumbprint(&secret)?, pem.to_string()))
}

/// Inserts a fresh key into the `current` slot unless another instance got there first.
async fn insert_first_key(conn: &mut Conn) -> anyhow::Result<()> {
    let (kid, pem) = new_key()?;
    let inserted = sqlx::query(
        "INSERT INTO auth_signing_keys (kid, slot, algorithm, private_key_pem, created_at) VALUES ($1, $2, $3, $4, $5) \
         ON CONFLICT (slot) WHERE slot = 'current' DO NOTHING",
    )
    .bind(&kid)
    .bind(CURRENT)
    .bind(ALGORITHM)
    .bind(&pem)
    .bind(now_unix())
    .execute(conn)
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
pub(super) mod tests {
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

    #[test]
    fn a_key_set_knows_whether_stored_rows_changed() {
        let (current, previous) = (row("current"), row("previous"));
        let same = vec![clone_row(&previous), clone_row(&current)];
        let keys = AuthKeys::from_rows(vec![current, previous]).unwrap();
        assert!(keys.same_as(&same), "order does not matter");
        assert!(!keys.same_as(&same[1..]), "a retired key is a change");
    }

    fn clone_row(row: &KeyRow) -> KeyRow {
        KeyRow { kid: row.kid.clone(), slot: row.slot.clone(), private_key_pem: row.private_key_pem.clone(), created_at: row.created_at }
    }

    /// A migrated SQLite database in a fresh folder (remove the folder when done).
    pub(in crate::auth) async fn scratch_db() -> (Db, std::path::PathBuf) {
        let folder = std::env::temp_dir().join(format!("rumbo-keys-{}", uuid::Uuid::new_v4().simple()));
        let url: crate::platform::db::DatabaseUrl = format!("sqlite://{}/keys.db", folder.display()).parse().unwrap();
        let db = Db::connect(&url, 4).await.unwrap();
        db.migrate().await.unwrap();
        (db, folder)
    }

    #[tokio::test]
    async fn concurrent_first_starts_agree_on_one_stored_key() {
        let (db, folder) = scratch_db().await;
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
