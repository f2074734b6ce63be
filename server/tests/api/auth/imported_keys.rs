//! Keys imported from a Supabase project with AUTH_JWT_KEYS: the tokens it signed keep working,
//! its public keys are in the JWKS, and nothing else is accepted under their names.
//! The RSA key in tests/fixtures was made for these tests only.

use jsonwebtoken::{Algorithm, EncodingKey, Header};
use serde_json::{json, Value};

use crate::helpers::TestApp;

const RSA_JWK: &str = include_str!("../../fixtures/imported_rs256.jwk.json");
/// The same key as PKCS#1 DER, for signing.
const RSA_DER: &[u8] = include_bytes!("../../fixtures/imported_rs256.der");
const RSA_KID: &str = "supabase-rs256-test";
const LEGACY_SECRET: &[u8] = b"super-secret-jwt-token-with-at-least-32-characters-long";

fn service_claims() -> Value {
    let now = rumbo::platform::db::now_unix();
    json!({ "iss": "supabase", "role": "service_role", "iat": now, "exp": now + 600 })
}

fn sign(algorithm: Algorithm, kid: Option<&str>, key: &EncodingKey) -> String {
    let mut header = Header::new(algorithm);
    header.kid = kid.map(str::to_owned);
    jsonwebtoken::encode(&header, &service_claims(), key).unwrap()
}

/// An EC P-256 key as a private JWK's public part and a signing key.
fn ec_key(kid: &str) -> (Value, EncodingKey) {
    use p256::pkcs8::EncodePrivateKey;
    let secret = p256::SecretKey::random(&mut rand::rngs::OsRng);
    let mut jwk: Value = serde_json::from_str(&secret.to_jwk_string()).unwrap();
    jwk["kid"] = json!(kid);
    let der = secret.to_pkcs8_der().unwrap();
    (jwk, EncodingKey::from_ec_der(der.as_bytes()))
}

async fn admin_status(app: &TestApp, token: &str) -> u16 {
    let response = app.client.get(app.url("/auth/v1/admin/users")).bearer_auth(token).header("apikey", token).send().await.unwrap();
    response.status().as_u16()
}

#[tokio::test]
async fn tokens_of_a_supabase_project_keep_working_after_the_move() {
    use base64::Engine;
    let (ec_jwk, ec_signing) = ec_key("supabase-es256-test");
    let legacy = json!({ "kty": "oct", "k": base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(LEGACY_SECRET) });
    let keys = json!([serde_json::from_str::<Value>(RSA_JWK).unwrap(), ec_jwk, legacy]).to_string();
    let app = TestApp::spawn_with(&["--auth-jwt-keys", &keys]).await;

    let jwks: Value = app.client.get(app.url("/auth/v1/.well-known/jwks.json")).send().await.unwrap().json().await.unwrap();
    let published = jwks["keys"].as_array().unwrap();
    assert_eq!(published.len(), 3, "our key, and the RSA and EC keys; never the HS256 secret: {jwks}");
    let rsa = published.iter().find(|k| k["kid"] == RSA_KID).expect("the RSA key is listed");
    assert_eq!(rsa["n"], serde_json::from_str::<Value>(RSA_JWK).unwrap()["n"]);
    assert!(published.iter().all(|k| ["d", "p", "q", "dp", "dq", "qi", "k"].iter().all(|m| k.get(m).is_none())), "public parts only");

    let rsa_signing = EncodingKey::from_rsa_der(RSA_DER);
    assert_eq!(admin_status(&app, &sign(Algorithm::RS256, Some(RSA_KID), &rsa_signing)).await, 200, "RS256 service key");
    assert_eq!(admin_status(&app, &sign(Algorithm::ES256, Some("supabase-es256-test"), &ec_signing)).await, 200, "ES256 service key");
    let legacy_signing = EncodingKey::from_secret(LEGACY_SECRET);
    assert_eq!(admin_status(&app, &sign(Algorithm::HS256, None, &legacy_signing)).await, 200, "legacy HS256 service key");

    let (_, stranger) = ec_key("supabase-es256-test");
    assert_eq!(admin_status(&app, &sign(Algorithm::ES256, Some("supabase-es256-test"), &stranger)).await, 403, "another key under the kid");
    let wrong_secret = EncodingKey::from_secret(b"not-the-project-secret-but-also-32-characters-long");
    assert_eq!(admin_status(&app, &sign(Algorithm::HS256, None, &wrong_secret)).await, 403);
    let rsa_n = serde_json::from_str::<Value>(RSA_JWK).unwrap()["n"].as_str().unwrap().to_owned();
    let confused = EncodingKey::from_secret(rsa_n.as_bytes());
    assert_eq!(admin_status(&app, &sign(Algorithm::HS256, Some(RSA_KID), &confused)).await, 403, "a public key is never an HMAC secret");
    let valid = sign(Algorithm::RS256, Some(RSA_KID), &rsa_signing);
    let mut parts: Vec<String> = valid.split('.').map(str::to_owned).collect();
    parts[1] = base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(br#"{"role":"service_role","exp":9999999999}"#);
    assert_eq!(admin_status(&app, &parts.join(".")).await, 403, "a changed payload");
}

#[tokio::test]
async fn an_unusable_key_stops_the_start() {
    let folder = std::env::temp_dir().join(format!("rumbo-keys-{}", uuid::Uuid::new_v4().simple()));
    let database = format!("sqlite://{}/rumbo.db", folder.display());
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_rumbo"))
        .args(["serve", "--port", "0", "--database-url", &database, "--environment", "development"])
        .env("AUTH_JWT_KEYS", r#"[{"kty":"RSA","kid":"half","n":"AQAB"}]"#)
        .output()
        .unwrap();
    assert!(!output.status.success());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("AUTH_JWT_KEYS[0]: RSA key without e"), "{stderr}");
    let _ = std::fs::remove_dir_all(folder);
}
