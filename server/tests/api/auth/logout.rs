//! POST /auth/v1/logout?scope=…: which sessions end, and that their tokens stop working.

use serde_json::Value;

use super::{access_token, autoconfirm_app, get_with_token, session_for, sign_up, unique_email};
use crate::helpers::TestApp;

async fn logout(app: &TestApp, token: &str, scope: &str) -> reqwest::Response {
    app.client.post(app.url(&format!("/auth/v1/logout?scope={scope}"))).bearer_auth(token).send().await.unwrap()
}

async fn status_of(app: &TestApp, session: &Value) -> u16 {
    get_with_token(app, "/auth/v1/user", access_token(session)).await.status().as_u16()
}

#[tokio::test]
async fn local_ends_only_this_session() {
    let app = autoconfirm_app().await;
    let email = unique_email("ana");
    let (a, b) = (sign_up(&app, &email).await, session_for(&app, &email).await);
    let response = logout(&app, access_token(&a), "local").await;
    assert_eq!(response.status(), 204);
    assert!(response.text().await.unwrap().is_empty());
    assert_eq!((status_of(&app, &a).await, status_of(&app, &b).await), (403, 200));
    let body: Value = get_with_token(&app, "/auth/v1/user", access_token(&a)).await.json().await.unwrap();
    assert_eq!(body["msg"], "Session from session_id claim in JWT does not exist", "legacy shape without the version header");
}

#[tokio::test]
async fn others_keeps_only_this_session() {
    let app = autoconfirm_app().await;
    let email = unique_email("ana");
    let (a, b, c) = (sign_up(&app, &email).await, session_for(&app, &email).await, session_for(&app, &email).await);
    assert_eq!(logout(&app, access_token(&b), "others").await.status(), 204);
    assert_eq!((status_of(&app, &a).await, status_of(&app, &b).await, status_of(&app, &c).await), (403, 200, 403));
}

#[tokio::test]
async fn global_is_the_default_and_ends_every_session_and_refresh_token() {
    let app = autoconfirm_app().await;
    let email = unique_email("ana");
    let (a, b) = (sign_up(&app, &email).await, session_for(&app, &email).await);
    let response = app.client.post(app.url("/auth/v1/logout")).bearer_auth(access_token(&a)).send().await.unwrap();
    assert_eq!(response.status(), 204);
    assert_eq!((status_of(&app, &a).await, status_of(&app, &b).await), (403, 403));
    let refresh =
        app.post_json("/auth/v1/token?grant_type=refresh_token", &serde_json::json!({ "refresh_token": b["refresh_token"] })).await;
    assert_eq!(refresh.status(), 400);
    assert_eq!(logout(&app, access_token(&a), "global").await.status(), 403, "an ended session cannot log out again");
}

#[tokio::test]
async fn logout_needs_a_valid_token_and_a_known_scope() {
    let app = autoconfirm_app().await;
    let session = sign_up(&app, &unique_email("ana")).await;
    assert_eq!(logout(&app, access_token(&session), "everything").await.status(), 400);
    let missing = app.client.post(app.url("/auth/v1/logout")).send().await.unwrap();
    assert_eq!(missing.status(), 401);
    assert_eq!(missing.json::<Value>().await.unwrap()["msg"], "This endpoint requires a valid Bearer token");
    let forged = logout(&app, "eyJhbGciOiJFUzI1NiJ9.e30.c2ln", "local").await;
    assert_eq!(forged.status(), 403);
    let body: Value = forged.json().await.unwrap();
    assert_eq!(body["error_code"], "bad_jwt");
    assert!(body["msg"].as_str().unwrap().starts_with("invalid JWT: unable to parse or verify signature"));
}
