//! A fake OpenID Connect provider ("Google") on 127.0.0.1 for the sign-in tests: discovery,
//! JWKS (two RSA keys; `rotate()` switches which one signs), an authorization endpoint that
//! redirects straight back with a code, and a token endpoint that checks the client, the code,
//! the redirect URI and PKCE before answering an RS256 ID token. `next()` sets whom the next
//! sign-in is, and what should be wrong with its token. The keys in tests/fixtures are made
//! for these tests only.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use axum::extract::{Query, State};
use axum::response::{IntoResponse, Redirect, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;
use jsonwebtoken::{Algorithm, EncodingKey, Header};
use serde_json::{json, Value};
use sha2::{Digest, Sha256};

pub const CLIENT_ID: &str = "rumbo-test.apps.googleusercontent.com";
pub const CLIENT_SECRET: &str = "rumbo-test-secret";

const KEYS: [(&str, &[u8], &str); 2] = [
    ("key-1", include_bytes!("../fixtures/imported_rs256.der"), include_str!("../fixtures/imported_rs256.jwk.json")),
    ("key-2", include_bytes!("../fixtures/provider_rs256.der"), include_str!("../fixtures/provider_rs256.jwk.json")),
];

/// Whom the next sign-in is and how its ID token is made.
#[derive(Clone)]
pub struct Profile {
    pub claims: Value,
    /// Overrides of the token's own claims (`aud`, `exp`, `nonce`, `iss`).
    pub overrides: Value,
}

impl Profile {
    pub fn new(sub: &str, email: &str, verified: bool) -> Profile {
        let claims = json!({ "sub": sub, "email": email, "email_verified": verified, "name": "Gina Gómez", "given_name": "Gina", "family_name": "Gómez" });
        Profile { claims, overrides: json!({}) }
    }

    pub fn with(mut self, key: &str, value: Value) -> Profile {
        self.overrides[key] = value;
        self
    }
}

#[derive(Default)]
struct Inner {
    next: Option<Profile>,
    codes: HashMap<String, (Profile, String, Option<String>, Option<String>)>,
    signing: usize,
}

#[derive(Clone)]
pub struct FakeOidc {
    pub issuer: String,
    inner: Arc<Mutex<Inner>>,
}

impl FakeOidc {
    pub async fn start() -> FakeOidc {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let issuer = format!("http://{}", listener.local_addr().unwrap());
        let fake = FakeOidc { issuer, inner: Arc::default() };
        let app = Router::new()
            .route("/.well-known/openid-configuration", get(discovery))
            .route("/jwks", get(jwks))
            .route("/authorize", get(authorize))
            .route("/token", post(token))
            .route("/photo.png", get(photo))
            .with_state(fake.clone());
        tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });
        fake
    }

    pub fn next(&self, profile: Profile) {
        self.inner.lock().unwrap().next = Some(profile);
    }

    /// The provider signs with its other key from now on (both stay in the JWKS).
    pub fn rotate(&self) {
        let mut inner = self.inner.lock().unwrap();
        inner.signing = 1 - inner.signing;
    }

    /// An ID token as the provider would sign it for `profile`, with `nonce`.
    pub fn id_token(&self, profile: &Profile, nonce: Option<&str>) -> String {
        let signing = self.inner.lock().unwrap().signing;
        let now = rumbo::platform::db::now_unix();
        let mut claims = json!({ "iss": self.issuer, "aud": CLIENT_ID, "azp": CLIENT_ID, "iat": now, "exp": now + 3600 });
        for (key, value) in profile.claims.as_object().unwrap() {
            claims[key] = value.clone();
        }
        if let Some(nonce) = nonce {
            claims["nonce"] = json!(nonce);
        }
        for (key, value) in profile.overrides.as_object().unwrap() {
            claims[key] = value.clone();
        }
        let (kid, der, _) = KEYS[signing];
        let mut header = Header::new(Algorithm::RS256);
        header.kid = Some(kid.into());
        jsonwebtoken::encode(&header, &claims, &EncodingKey::from_rsa_der(der)).unwrap()
    }
}

async fn discovery(State(fake): State<FakeOidc>) -> Json<Value> {
    let base = &fake.issuer;
    Json(json!({
        "issuer": base, "authorization_endpoint": format!("{base}/authorize"), "token_endpoint": format!("{base}/token"),
        "jwks_uri": format!("{base}/jwks"), "userinfo_endpoint": format!("{base}/userinfo"),
        "response_types_supported": ["code"], "id_token_signing_alg_values_supported": ["RS256"],
    }))
}

/// Only the key that signs now and the one before it, as providers publish during a rotation.
async fn jwks() -> Json<Value> {
    let keys: Vec<Value> = KEYS
        .iter()
        .map(|(kid, _, jwk)| {
            let mut jwk: Value = serde_json::from_str(jwk).unwrap();
            for private in ["d", "p", "q", "dp", "dq", "qi", "key_ops"] {
                jwk.as_object_mut().unwrap().remove(private);
            }
            jwk["kid"] = json!(kid);
            jwk["alg"] = json!("RS256");
            jwk["use"] = json!("sig");
            jwk
        })
        .collect();
    Json(json!({ "keys": keys }))
}

/// The profile picture a `picture` claim may point at.
async fn photo() -> Response {
    let picture = image::RgbImage::from_fn(96, 96, |x, y| image::Rgb([x as u8 * 2, y as u8 * 2, 120]));
    let mut png = Vec::new();
    picture.write_to(&mut std::io::Cursor::new(&mut png), image::ImageFormat::Png).unwrap();
    ([(http::header::CONTENT_TYPE, "image/png")], png).into_response()
}

async fn authorize(State(fake): State<FakeOidc>, Query(query): Query<HashMap<String, String>>) -> Response {
    if query.get("client_id").map(String::as_str) != Some(CLIENT_ID) || query.get("response_type").map(String::as_str) != Some("code") {
        return (http::StatusCode::BAD_REQUEST, "bad client or response type").into_response();
    }
    let mut inner = fake.inner.lock().unwrap();
    let profile = inner.next.take().unwrap_or_else(|| Profile::new("100000000000000000001", "default@example.com", true));
    let code = format!("4/{}", uuid::Uuid::new_v4().simple());
    let redirect_uri = query["redirect_uri"].clone();
    inner.codes.insert(code.clone(), (profile, redirect_uri.clone(), query.get("nonce").cloned(), query.get("code_challenge").cloned()));
    let state = query.get("state").cloned().unwrap_or_default();
    let back = url::form_urlencoded::Serializer::new(String::new()).extend_pairs([("code", code.as_str()), ("state", &state)]).finish();
    Redirect::to(&format!("{redirect_uri}?{back}")).into_response()
}

async fn token(State(fake): State<FakeOidc>, body: String) -> Response {
    let form: HashMap<String, String> = url::form_urlencoded::parse(body.as_bytes()).into_owned().collect();
    let field = |name: &str| form.get(name).map(String::as_str).unwrap_or_default();
    if field("client_id") != CLIENT_ID || field("client_secret") != CLIENT_SECRET || field("grant_type") != "authorization_code" {
        return (http::StatusCode::UNAUTHORIZED, Json(json!({ "error": "invalid_client" }))).into_response();
    }
    let Some((profile, redirect_uri, nonce, challenge)) = fake.inner.lock().unwrap().codes.remove(field("code")) else {
        return (http::StatusCode::BAD_REQUEST, Json(json!({ "error": "invalid_grant" }))).into_response();
    };
    let verifier_ok = challenge.is_none_or(|c| URL_SAFE_NO_PAD.encode(Sha256::digest(field("code_verifier").as_bytes())) == c);
    if redirect_uri != field("redirect_uri") || !verifier_ok {
        return (http::StatusCode::BAD_REQUEST, Json(json!({ "error": "invalid_grant" }))).into_response();
    }
    let id_token = fake.id_token(&profile, nonce.as_deref());
    Json(json!({ "access_token": "ya29.fake", "token_type": "Bearer", "expires_in": 3599, "id_token": id_token })).into_response()
}
