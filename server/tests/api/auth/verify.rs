//! GET and POST /auth/v1/verify: e-mail links (implicit and PKCE), codes, redirects, errors.

use base64::Engine;
use serde_json::{json, Value};
use sha2::{Digest, Sha256};

use super::{follow, fragment, get_with_token, latest_mail_to, query, sign_in, unique_email, verify_link, PASSWORD};
use crate::helpers::TestApp;

async fn sign_up_unconfirmed(app: &TestApp, email: &str, path: &str, extra: Value) -> Value {
    let mut body = json!({ "email": email, "password": PASSWORD });
    body.as_object_mut().unwrap().extend(extra.as_object().unwrap().clone());
    let response = app.post_json(path, &body).await;
    assert_eq!(response.status(), 200);
    response.json().await.unwrap()
}

#[tokio::test]
async fn the_confirmation_link_redirects_with_a_session_in_the_fragment() {
    let app = TestApp::spawn().await;
    let email = unique_email("eva");
    sign_up_unconfirmed(&app, &email, "/auth/v1/signup?redirect_to=http://rumbo.localhost/es/cuenta", json!({})).await;
    let link = verify_link(&app, &latest_mail_to(&app, &email).await);
    assert!(link.contains("type=signup") && link.contains("redirect_to="), "{link}");
    let location = follow(&app, &link).await;
    assert!(location.starts_with("http://rumbo.localhost/es/cuenta#"), "{location}");
    let params = fragment(&location);
    assert_eq!(params["type"], "signup");
    assert_eq!(params["token_type"], "bearer");
    assert_eq!(params["expires_in"], "3600");
    assert!(params.contains_key("sb") && params.contains_key("refresh_token") && params.contains_key("expires_at"));
    let user: Value = get_with_token(&app, "/auth/v1/user", &params["access_token"]).await.json().await.unwrap();
    assert!(user["email_confirmed_at"].is_string());
    assert_eq!(user["identities"][0]["identity_data"]["email_verified"], true);
    assert_eq!(sign_in(&app, &email, PASSWORD).await.status(), 200, "confirmed users sign in");
    let reused = follow(&app, &link).await;
    let error = fragment(&reused);
    assert_eq!((error["error"].as_str(), error["error_code"].as_str()), ("access_denied", "otp_expired"));
    assert_eq!(error["error_description"], "Email link is invalid or has expired");
}

#[tokio::test]
async fn a_foreign_redirect_falls_back_to_the_site() {
    let app = TestApp::spawn_with(&["--auth-redirect-allow-list", "https://*.rumbo-preview.dev/**"]).await;
    let email = unique_email("eva");
    sign_up_unconfirmed(&app, &email, "/auth/v1/signup?redirect_to=https://evil.example/steal", json!({})).await;
    let location = follow(&app, &verify_link(&app, &latest_mail_to(&app, &email).await)).await;
    assert!(location.starts_with("http://rumbo.localhost/#access_token="), "{location}");
    let allowed = unique_email("ivo");
    sign_up_unconfirmed(&app, &allowed, "/auth/v1/signup?redirect_to=https://pr-7.rumbo-preview.dev/welcome", json!({})).await;
    let location = follow(&app, &verify_link(&app, &latest_mail_to(&app, &allowed).await)).await;
    assert!(location.starts_with("https://pr-7.rumbo-preview.dev/welcome#access_token="), "{location}");
}

#[tokio::test]
async fn pkce_links_return_a_code_that_only_the_verifier_can_exchange() {
    let app = TestApp::spawn().await;
    let email = unique_email("pia");
    let verifier = "a-long-random-code-verifier-of-at-least-43-characters-xyz";
    let challenge = base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(Sha256::digest(verifier.as_bytes()));
    let pkce = json!({ "code_challenge": challenge, "code_challenge_method": "s256" });
    sign_up_unconfirmed(&app, &email, "/auth/v1/signup?redirect_to=http://rumbo.localhost/pt", pkce).await;
    let link = verify_link(&app, &latest_mail_to(&app, &email).await);
    assert!(link.contains("token=pkce_"), "{link}");
    let location = follow(&app, &link).await;
    assert!(location.starts_with("http://rumbo.localhost/pt?code="), "{location}");
    let code = query(&location)["code"].clone();
    let exchange = |verifier: &str| json!({ "auth_code": code, "code_verifier": verifier });
    let wrong = app.post_json("/auth/v1/token?grant_type=pkce", &exchange("not-the-verifier")).await;
    assert_eq!(wrong.status(), 400);
    assert_eq!(wrong.json::<Value>().await.unwrap()["code"], "bad_code_verifier");
    let session: Value = app.post_json("/auth/v1/token?grant_type=pkce", &exchange(verifier)).await.json().await.unwrap();
    assert_eq!(session["user"]["email"], email);
    assert_eq!(super::claims(super::access_token(&session))["amr"][0]["method"], "email/signup");
    let again = app.post_json("/auth/v1/token?grant_type=pkce", &exchange(verifier)).await;
    assert_eq!(again.status(), 404);
    assert_eq!(again.json::<Value>().await.unwrap()["code"], "flow_state_not_found");
}

#[tokio::test]
async fn a_token_hash_or_a_typed_code_verifies_by_post() {
    let app = TestApp::spawn().await;
    let email = unique_email("otto");
    sign_up_unconfirmed(&app, &email, "/auth/v1/signup", json!({})).await;
    let token_hash = query(&verify_link(&app, &latest_mail_to(&app, &email).await))["token"].clone();
    let session: Value =
        app.post_json("/auth/v1/verify", &json!({ "type": "signup", "token_hash": token_hash })).await.json().await.unwrap();
    assert_eq!(session["user"]["email"], email);
    assert!(session["user"]["email_confirmed_at"].is_string());

    let admin = app.service_role_key().await;
    let link: Value = app
        .client
        .post(app.url("/auth/v1/admin/generate_link"))
        .bearer_auth(&admin)
        .json(&json!({ "type": "magiclink", "email": email }))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let code = link["email_otp"].as_str().unwrap();
    assert_eq!(link["hashed_token"], hash_of(&email, code), "links carry hex(sha224(email + code))");
    let wrong = app.post_json("/auth/v1/verify", &json!({ "type": "magiclink", "email": email, "token": "000000" })).await;
    assert_eq!(wrong.status(), 403);
    assert_eq!(wrong.json::<Value>().await.unwrap(), json!({ "code": "otp_expired", "message": "Token has expired or is invalid" }));
    let other = app.post_json("/auth/v1/verify", &json!({ "type": "magiclink", "email": unique_email("other"), "token": code })).await;
    assert_eq!(other.status(), 403, "a code only works with its own address");
    let session: Value =
        app.post_json("/auth/v1/verify", &json!({ "type": "email", "email": email, "token": code })).await.json().await.unwrap();
    assert_eq!(super::claims(super::access_token(&session))["amr"][0]["method"], "otp");
}

/// GoTrue's token hash: hex(sha224(email + code)).
fn hash_of(email: &str, code: &str) -> String {
    sha2::Sha224::digest(format!("{email}{code}").as_bytes()).iter().map(|b| format!("{b:02x}")).collect()
}

#[tokio::test]
async fn verify_requests_are_checked() {
    let app = TestApp::spawn().await;
    let cases = [
        (json!({ "token_hash": "abc" }), 400, "validation_failed"),
        (json!({ "type": "signup" }), 400, "validation_failed"),
        (json!({ "type": "signup", "token_hash": "abc", "email": "a@b.co" }), 400, "validation_failed"),
        (json!({ "type": "signup", "token_hash": "abc" }), 403, "otp_expired"),
    ];
    for (body, status, code) in cases {
        let response = app.post_json("/auth/v1/verify", &body).await;
        assert_eq!(response.status(), status, "{body}");
        assert_eq!(response.json::<Value>().await.unwrap()["code"], code, "{body}");
    }
    let location = follow(&app, &app.url("/auth/v1/verify?token=pkce_nothing&type=signup&redirect_to=http://rumbo.localhost/x")).await;
    assert!(
        location.starts_with("http://rumbo.localhost/x?error=access_denied&error_code=otp_expired"),
        "PKCE errors also in the query: {location}"
    );
    assert_eq!(fragment(&location)["error_code"], "otp_expired");
}
