//! Forged tokens are refused wherever a token is checked: `alg: none`, HS256 (with a guessed
//! secret, or keyed with the public key's bytes), and ES256 signed by a key we do not hold.

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;
use jsonwebtoken::{Algorithm, EncodingKey, Header};
use p256::pkcs8::EncodePrivateKey;
use serde_json::{json, Value};

use super::{access_token, autoconfirm_app, claims, get_with_token, sign_up, unique_email};
use crate::helpers::TestApp;

fn unsigned(payload: &Value) -> String {
    let header = URL_SAFE_NO_PAD.encode(br#"{"alg":"none","typ":"JWT"}"#);
    format!("{header}.{}.", URL_SAFE_NO_PAD.encode(payload.to_string()))
}

fn hs256(payload: &Value, kid: &str, secret: &[u8]) -> String {
    let header = Header { kid: Some(kid.into()), ..Header::new(Algorithm::HS256) };
    jsonwebtoken::encode(&header, payload, &EncodingKey::from_secret(secret)).unwrap()
}

fn es256_with_a_key_of_our_own(payload: &Value, kid: &str) -> String {
    let secret = p256::SecretKey::random(&mut rand::rngs::OsRng);
    let key = EncodingKey::from_ec_der(secret.to_pkcs8_der().unwrap().as_bytes());
    jsonwebtoken::encode(&Header { kid: Some(kid.into()), ..Header::new(Algorithm::ES256) }, payload, &key).unwrap()
}

/// Every forgery of `payload` an attacker could try with what the server publishes.
async fn forgeries(app: &TestApp, payload: &Value) -> Vec<(&'static str, String)> {
    let jwks: Value = app.get("/auth/v1/.well-known/jwks.json").await.json().await.unwrap();
    let public = &jwks["keys"][0];
    let kid = public["kid"].as_str().unwrap();
    let coordinate = |name: &str| URL_SAFE_NO_PAD.decode(public[name].as_str().unwrap()).unwrap();
    let point = [vec![4u8], coordinate("x"), coordinate("y")].concat();
    vec![
        ("alg none", unsigned(payload)),
        ("HS256 with a guessed secret", hs256(payload, kid, b"secret")),
        ("HS256 keyed with the public key's point", hs256(payload, kid, &point)),
        ("HS256 keyed with the public JWK", hs256(payload, kid, public.to_string().as_bytes())),
        ("ES256 under an unknown kid", es256_with_a_key_of_our_own(payload, "unknown-kid")),
        ("ES256 of another key under the real kid", es256_with_a_key_of_our_own(payload, kid)),
    ]
}

async fn assert_refused(app: &TestApp, path: &str, token: &str, what: &str) {
    let response = get_with_token(app, path, token).await;
    assert_eq!(response.status(), 403, "{what} on {path}");
    let body: Value = response.json().await.unwrap();
    assert_eq!(body["error_code"], "bad_jwt", "{what} on {path}: {body}");
}

#[tokio::test]
async fn forged_user_tokens_are_refused_by_the_auth_api_and_the_site_api() {
    let app = autoconfirm_app().await;
    let session = sign_up(&app, &unique_email("victim")).await;
    let genuine = claims(access_token(&session));
    for (what, token) in forgeries(&app, &genuine).await {
        assert_refused(&app, "/auth/v1/user", &token, what).await;
        assert_refused(&app, "/api/v1/profile", &token, what).await;
    }
    assert_eq!(get_with_token(&app, "/auth/v1/user", access_token(&session)).await.status(), 200, "the genuine token works");
}

#[tokio::test]
async fn forged_service_role_keys_are_refused_by_the_admin_api() {
    let app = TestApp::spawn().await;
    let payload = json!({ "iss": "http://rumbo.localhost/auth/v1", "role": "service_role", "iat": 1_700_000_000 });
    for (what, token) in forgeries(&app, &payload).await {
        assert_refused(&app, "/auth/v1/admin/users", &token, what).await;
    }
    let genuine = app.service_role_key().await;
    assert_eq!(get_with_token(&app, "/auth/v1/admin/users", &genuine).await.status(), 200);
}
