//! POST /auth/v1/signup: its three answers and its errors in both formats.

use serde_json::{json, Value};

use super::{autoconfirm_app, claims, latest_mail_to, mail_count_to, unique_email, PASSWORD};
use crate::helpers::TestApp;

#[tokio::test]
async fn autoconfirm_signup_returns_a_session_with_es256_claims() {
    let app = autoconfirm_app().await;
    let email = unique_email("ana");
    let body = json!({ "email": email.to_uppercase(), "password": PASSWORD, "data": { "first_name": "Ana", "country": "Brazil" } });
    let session: Value = app.post_json("/auth/v1/signup", &body).await.json().await.unwrap();
    assert_eq!(session["token_type"], "bearer");
    assert_eq!(session["expires_in"], 3600);
    assert!(session["refresh_token"].as_str().is_some_and(|t| t.len() >= 12));
    let user = &session["user"];
    assert_eq!(user["email"], email, "addresses are stored lower-cased");
    assert_eq!(user["phone"], "");
    assert_eq!(user["app_metadata"], json!({ "provider": "email", "providers": ["email"] }));
    assert_eq!(user["user_metadata"]["first_name"], "Ana");
    assert!(user["email_confirmed_at"].is_string() && user["last_sign_in_at"].is_string());
    assert_eq!(user["identities"][0]["provider"], "email");
    assert_eq!(user["identities"][0]["id"], user["id"], "the e-mail identity's provider id is the user id");
    let access = session["access_token"].as_str().unwrap();
    let header: Value = {
        use base64::Engine;
        serde_json::from_slice(&base64::engine::general_purpose::URL_SAFE_NO_PAD.decode(access.split('.').next().unwrap()).unwrap())
            .unwrap()
    };
    assert_eq!(header["alg"], "ES256");
    assert!(header["kid"].is_string());
    let claims = claims(access);
    assert_eq!(claims["sub"], user["id"]);
    assert_eq!(
        (claims["aud"].as_str(), claims["role"].as_str(), claims["aal"].as_str()),
        (Some("authenticated"), Some("authenticated"), Some("aal1"))
    );
    assert_eq!(claims["amr"][0]["method"], "password");
    assert_eq!(claims["iss"], "http://rumbo.localhost/auth/v1");
    assert_eq!(claims["is_anonymous"], false);
    assert!(claims["session_id"].is_string());
}

#[tokio::test]
async fn signup_with_confirmation_returns_the_bare_user_and_mails_a_link() {
    let app = TestApp::spawn().await;
    let email = unique_email("eva");
    let body = json!({ "email": email, "password": PASSWORD, "data": { "first_name": "Eva", "lang": "es" } });
    let response = app.post_json("/auth/v1/signup", &body).await;
    assert_eq!(response.status(), 200);
    let user: Value = response.json().await.unwrap();
    assert!(user.get("access_token").is_none(), "no session before confirmation");
    assert_eq!(user["email"], email);
    assert!(user["confirmation_sent_at"].is_string());
    assert!(user.get("email_confirmed_at").is_none());
    assert_eq!(user["identities"].as_array().unwrap().len(), 1);
    let mail = latest_mail_to(&app, &email).await;
    assert_eq!(mail["kind"], "confirm_signup");
    assert_eq!(mail["lang"], "es", "the language chosen at sign-up");
    assert!(mail["text"].as_str().unwrap().contains("http://rumbo.localhost/auth/v1/verify?token="));
}

#[tokio::test]
async fn a_confirmed_address_gets_a_fake_user_without_confirmation_and_an_error_with_it() {
    let app = TestApp::spawn().await;
    let email = unique_email("known");
    let admin = app.service_role_key().await;
    let created = app
        .client
        .post(app.url("/auth/v1/admin/users"))
        .bearer_auth(&admin)
        .json(&json!({ "email": email, "password": PASSWORD, "email_confirm": true }))
        .send()
        .await
        .unwrap();
    assert_eq!(created.status(), 200);
    let real: Value = created.json().await.unwrap();
    let again: Value = app.post_json("/auth/v1/signup", &json!({ "email": email, "password": "Other-456" })).await.json().await.unwrap();
    let fresh_email = unique_email("fresh");
    let fresh: Value =
        app.post_json("/auth/v1/signup", &json!({ "email": fresh_email, "password": "Other-456" })).await.json().await.unwrap();
    assert_ne!(again["id"], real["id"], "the real id is not revealed");
    assert_eq!(again["identities"], json!([]));
    let keys = |v: &Value| v.as_object().unwrap().keys().cloned().collect::<Vec<_>>();
    assert_eq!(keys(&again), keys(&fresh), "same shape as a real new sign-up");
    assert_eq!(mail_count_to(&app, &email).await, 0, "nothing mailed to the existing account");

    let autoconfirm = autoconfirm_app().await;
    super::sign_up(&autoconfirm, &email).await;
    let duplicate = autoconfirm.post_json("/auth/v1/signup", &json!({ "email": email, "password": PASSWORD })).await;
    assert_eq!(duplicate.status(), 422);
    assert_eq!(duplicate.json::<Value>().await.unwrap()["code"], "user_already_exists");
}

#[tokio::test]
async fn weak_password_is_422_in_both_error_formats() {
    let app = TestApp::spawn().await;
    let body = json!({ "email": unique_email("weak"), "password": "123" });
    let new_format = app.post_json("/auth/v1/signup", &body).await;
    assert_eq!(new_format.status(), 422);
    assert_eq!(new_format.headers()["x-supabase-api-version"], "2024-01-01");
    assert_eq!(new_format.headers()["x-sb-error-code"], "weak_password");
    let error: Value = new_format.json().await.unwrap();
    assert_eq!(
        error,
        json!({ "code": "weak_password", "message": "Password should be at least 6 characters.", "weak_password": { "reasons": ["length"] } })
    );
    let legacy = app.client.post(app.url("/auth/v1/signup")).json(&body).send().await.unwrap();
    assert_eq!(legacy.status(), 422);
    assert!(legacy.headers().get("x-supabase-api-version").is_none());
    let error: Value = legacy.json().await.unwrap();
    assert_eq!(error["code"], 422);
    assert_eq!(error["error_code"], "weak_password");
    assert_eq!(error["msg"], "Password should be at least 6 characters.");
    assert_eq!(error["weak_password"]["reasons"], json!(["length"]));
}

#[tokio::test]
async fn the_minimum_password_length_can_be_raised() {
    let app = TestApp::spawn_with(&["--auth-password-min-length", "10"]).await;
    let response = app.post_json("/auth/v1/signup", &json!({ "email": unique_email("len"), "password": "Secret-12" })).await;
    assert_eq!(response.status(), 422);
    assert_eq!(response.json::<Value>().await.unwrap()["message"], "Password should be at least 10 characters.");
}

#[tokio::test]
async fn invalid_requests_are_400_with_gotrue_messages() {
    let app = TestApp::spawn().await;
    let cases = [
        (json!({ "email": "not-an-email", "password": PASSWORD }), "validation_failed", "Unable to validate email address: invalid format"),
        (json!({ "email": unique_email("x"), "password": "" }), "validation_failed", "Signup requires a valid password"),
        (
            json!({ "email": unique_email("x"), "password": "x".repeat(73) }),
            "validation_failed",
            "Password cannot be longer than 72 characters",
        ),
        (
            json!({ "email": unique_email("x"), "password": PASSWORD, "code_challenge": "abc" }),
            "validation_failed",
            "PKCE flow requires code_challenge_method and code_challenge",
        ),
    ];
    for (body, code, message) in cases {
        let response = app.post_json("/auth/v1/signup", &body).await;
        assert_eq!(response.status(), 400, "{body}");
        let error: Value = response.json().await.unwrap();
        assert_eq!((error["code"].as_str(), error["message"].as_str()), (Some(code), Some(message)));
    }
    let broken = app.client.post(app.url("/auth/v1/signup")).header("content-type", "application/json").body("{nope").send().await.unwrap();
    assert_eq!(broken.status(), 400);
    assert_eq!(broken.json::<Value>().await.unwrap()["error_code"], "bad_json");
}

#[tokio::test]
async fn disabled_signup_and_anonymous_signup_are_refused() {
    let app = TestApp::spawn_with(&["--auth-disable-signup", "true"]).await;
    let response = app.post_json("/auth/v1/signup", &json!({ "email": unique_email("no"), "password": PASSWORD })).await;
    assert_eq!(response.status(), 422);
    assert_eq!(response.json::<Value>().await.unwrap()["message"], "Signups not allowed for this instance");
    let open = TestApp::spawn().await;
    let anonymous = open.post_json("/auth/v1/signup", &json!({ "data": {} })).await;
    assert_eq!(anonymous.status(), 422);
    assert_eq!(anonymous.json::<Value>().await.unwrap()["code"], "anonymous_provider_disabled");
}
