//! POST /auth/v1/token: password sign-in, refresh rotation and reuse, errors.

use serde_json::{json, Value};

use super::{autoconfirm_app, get_with_token, sign_in, sign_up, unique_email, PASSWORD};
use crate::helpers::TestApp;

async fn refresh(app: &TestApp, token: &str) -> reqwest::Response {
    app.post_json("/auth/v1/token?grant_type=refresh_token", &json!({ "refresh_token": token })).await
}

async fn refreshed_token(app: &TestApp, token: &str) -> String {
    let response = refresh(app, token).await;
    assert_eq!(response.status(), 200, "refresh succeeds");
    response.json::<Value>().await.unwrap()["refresh_token"].as_str().unwrap().to_owned()
}

#[tokio::test]
async fn password_sign_in_returns_a_session_and_wrong_or_unknown_is_the_same_error() {
    let app = autoconfirm_app().await;
    let email = unique_email("ana");
    sign_up(&app, &email).await;
    let session: Value = sign_in(&app, &email, PASSWORD).await.json().await.unwrap();
    assert!(session["access_token"].is_string() && session["refresh_token"].is_string());
    assert!(session.get("weak_password").is_none());
    let wrong = sign_in(&app, &email, "Wrong-123").await;
    let unknown = sign_in(&app, &unique_email("nobody"), PASSWORD).await;
    assert_eq!((wrong.status(), unknown.status()), (reqwest::StatusCode::BAD_REQUEST, reqwest::StatusCode::BAD_REQUEST));
    let (wrong, unknown): (Value, Value) = (wrong.json().await.unwrap(), unknown.json().await.unwrap());
    assert_eq!(wrong, unknown);
    assert_eq!(wrong, json!({ "code": "invalid_credentials", "message": "Invalid login credentials" }));
}

#[tokio::test]
async fn legacy_clients_get_the_legacy_error_shape() {
    let app = TestApp::spawn().await;
    let response = app
        .client
        .post(app.url("/auth/v1/token?grant_type=password"))
        .json(&json!({ "email": unique_email("x"), "password": PASSWORD }))
        .send()
        .await
        .unwrap();
    assert_eq!(response.headers()["x-sb-error-code"], "invalid_credentials");
    assert_eq!(
        response.json::<Value>().await.unwrap(),
        json!({ "code": 400, "error_code": "invalid_credentials", "msg": "Invalid login credentials" })
    );
}

#[tokio::test]
async fn unconfirmed_users_cannot_sign_in_with_a_password() {
    let app = TestApp::spawn().await;
    let email = unique_email("eva");
    app.post_json("/auth/v1/signup", &json!({ "email": email, "password": PASSWORD })).await;
    let response = sign_in(&app, &email, PASSWORD).await;
    assert_eq!(response.status(), 400);
    assert_eq!(response.json::<Value>().await.unwrap()["code"], "email_not_confirmed");
}

#[tokio::test]
async fn refresh_rotates_and_keeps_the_session() {
    let app = autoconfirm_app().await;
    let session = sign_up(&app, &unique_email("ana")).await;
    let first = session["refresh_token"].as_str().unwrap();
    let response = refresh(&app, first).await;
    assert_eq!(response.status(), 200);
    let next: Value = response.json().await.unwrap();
    assert_ne!(next["refresh_token"], session["refresh_token"]);
    let (old, new) = (super::claims(super::access_token(&session)), super::claims(super::access_token(&next)));
    assert_eq!(old["session_id"], new["session_id"]);
    assert_eq!(get_with_token(&app, "/auth/v1/user", super::access_token(&next)).await.status(), 200);
}

#[tokio::test]
async fn a_retried_refresh_gets_the_same_child_within_the_reuse_interval() {
    let app = autoconfirm_app().await;
    let session = sign_up(&app, &unique_email("ana")).await;
    let first = session["refresh_token"].as_str().unwrap();
    let child = refreshed_token(&app, first).await;
    assert_eq!(refreshed_token(&app, first).await, child, "the lost response is answered again");
    let grandchild = refreshed_token(&app, &child).await;
    assert_ne!(grandchild, child);
}

#[tokio::test]
async fn replaying_an_old_refresh_token_ends_the_session() {
    let app = autoconfirm_app().await;
    let session = sign_up(&app, &unique_email("ana")).await;
    let t0 = session["refresh_token"].as_str().unwrap();
    let t1 = refreshed_token(&app, t0).await;
    let t2 = refreshed_token(&app, &t1).await;
    let reuse = refresh(&app, t0).await;
    assert_eq!(reuse.status(), 400);
    assert_eq!(reuse.headers()["x-supabase-api-version"], "2024-01-01");
    assert_eq!(
        reuse.json::<Value>().await.unwrap(),
        json!({ "code": "refresh_token_already_used", "message": "Invalid Refresh Token: Already Used" })
    );
    assert_eq!(refresh(&app, &t2).await.status(), 400, "the newest token died with the session");
    let user = get_with_token(&app, "/auth/v1/user", super::access_token(&session)).await;
    assert_eq!(user.status(), 403);
    assert_eq!(user.json::<Value>().await.unwrap()["error_code"], "session_not_found");
}

#[tokio::test]
async fn outside_the_reuse_interval_even_a_retry_ends_the_session() {
    let app = TestApp::spawn_with(&["--auth-autoconfirm", "true", "--auth-refresh-token-reuse-interval", "0"]).await;
    let session = sign_up(&app, &unique_email("ana")).await;
    let first = session["refresh_token"].as_str().unwrap();
    let child = refreshed_token(&app, first).await;
    tokio::time::sleep(std::time::Duration::from_millis(1100)).await;
    assert_eq!(refresh(&app, first).await.status(), 400);
    assert_eq!(refresh(&app, &child).await.status(), 400);
}

#[tokio::test]
async fn bad_refresh_requests_and_grants() {
    let app = TestApp::spawn().await;
    let unknown = refresh(&app, "abcdefghijklmnopqrstuvwxyz012345").await;
    assert_eq!(unknown.json::<Value>().await.unwrap()["code"], "refresh_token_not_found");
    let short = refresh(&app, "short").await;
    assert_eq!(short.json::<Value>().await.unwrap()["message"], "Refresh token is not valid");
    let missing = app.post_json("/auth/v1/token?grant_type=refresh_token", &json!({})).await;
    assert_eq!(missing.status(), 400);
    assert_eq!(
        missing.json::<Value>().await.unwrap(),
        json!({ "error": "invalid_request", "error_description": "refresh_token required" })
    );
    let grant = app.post_json("/auth/v1/token?grant_type=magic", &json!({})).await;
    assert_eq!(grant.json::<Value>().await.unwrap(), json!({ "code": "invalid_credentials", "message": "unsupported_grant_type" }));
}

#[tokio::test]
async fn concurrent_refreshes_of_one_token_all_get_the_same_child() {
    let app = autoconfirm_app().await;
    let session = sign_up(&app, &unique_email("tabs")).await;
    let first = session["refresh_token"].as_str().unwrap().to_owned();
    let url = app.url("/auth/v1/token?grant_type=refresh_token");
    let requests: Vec<_> = (0..5)
        .map(|_| {
            let (client, url, body) = (app.client.clone(), url.clone(), json!({ "refresh_token": first }));
            tokio::spawn(async move { client.post(url).json(&body).send().await.unwrap() })
        })
        .collect();
    let mut children = Vec::new();
    for request in requests {
        let response = request.await.unwrap();
        assert_eq!(response.status(), 200, "every tab is answered");
        children.push(response.json::<Value>().await.unwrap()["refresh_token"].as_str().unwrap().to_owned());
    }
    children.dedup();
    assert_eq!(children.len(), 1, "one child, not a branch per tab: {children:?}");
}

#[tokio::test]
async fn a_password_below_a_raised_minimum_still_signs_in_but_is_reported_weak() {
    let first = autoconfirm_app().await;
    let email = unique_email("ana");
    sign_up(&first, &email).await;
    let stricter = TestApp::spawn_with(&["--database-url", first.database_url(), "--auth-password-min-length", "12"]).await;
    let response = sign_in(&stricter, &email, PASSWORD).await;
    assert_eq!(response.status(), 200);
    let session: Value = response.json().await.unwrap();
    assert!(session["access_token"].is_string());
    assert_eq!(session["weak_password"], json!({ "message": "Password should be at least 12 characters.", "reasons": ["length"] }));
}
