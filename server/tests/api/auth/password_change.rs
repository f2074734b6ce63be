//! Changing a password (AUTH_SECURE_PASSWORD_CHANGE): a session that signed in more than 24 h
//! ago needs the reauthentication code; a password change ends the other sessions, an admin's
//! ends them all.

use serde_json::{json, Value};

use super::{
    access_token, autoconfirm_app, claims, execute, follow, fragment, get_with_token, latest_mail_to, refresh, session_for, sign_in,
    sign_up, unique_email, verify_link, PASSWORD,
};
use crate::helpers::TestApp;

async fn put_user(app: &TestApp, token: &str, body: Value) -> reqwest::Response {
    app.client
        .put(app.url("/auth/v1/user"))
        .bearer_auth(token)
        .header("x-supabase-api-version", "2024-01-01")
        .json(&body)
        .send()
        .await
        .unwrap()
}

/// Moves the session's sign-in back by `hours`.
async fn age_session(app: &TestApp, session: &Value, hours: i64) {
    let id = claims(access_token(session))["session_id"].as_str().unwrap().to_owned();
    execute(app, &format!("UPDATE auth_sessions SET created_at = created_at - {} WHERE id = '{id}'", hours * 3600)).await;
}

/// The 6-digit code of the newest reauthentication mail.
async fn reauthentication_code(app: &TestApp, token: &str, email: &str) -> String {
    assert_eq!(get_with_token(app, "/auth/v1/reauthenticate", token).await.status(), 200);
    let mail = latest_mail_to(app, email).await;
    assert_eq!(mail["kind"], "reauthentication");
    let text = mail["text"].as_str().unwrap();
    text.split(|c: char| !c.is_ascii_digit()).find(|w| w.len() == 6).expect("a 6-digit code").to_owned()
}

#[tokio::test]
async fn a_session_older_than_a_day_needs_the_reauthentication_code() {
    let app = autoconfirm_app().await;
    let email = unique_email("ana");
    let session = sign_up(&app, &email).await;
    age_session(&app, &session, 25).await;
    let token = access_token(&session);
    let needed = put_user(&app, token, json!({ "password": "Brand-New-789" })).await;
    assert_eq!(needed.status(), 400);
    assert_eq!(
        needed.json::<Value>().await.unwrap(),
        json!({ "code": "reauthentication_needed", "message": "Password update requires reauthentication" })
    );
    let wrong = put_user(&app, token, json!({ "password": "Brand-New-789", "nonce": "000000" })).await;
    assert_eq!((wrong.status().as_u16(), wrong.json::<Value>().await.unwrap()["code"].clone()), (422, json!("reauthentication_not_valid")));
    assert_eq!(sign_in(&app, &email, "Brand-New-789").await.status(), 400, "nothing changed");
    let code = reauthentication_code(&app, token, &email).await;
    assert_eq!(put_user(&app, token, json!({ "password": "Brand-New-789", "nonce": code })).await.status(), 200);
    assert_eq!(sign_in(&app, &email, "Brand-New-789").await.status(), 200);
    let metadata = put_user(&app, token, json!({ "data": { "city": "Lima" } })).await;
    assert_eq!(metadata.status(), 200, "other changes need no code");
}

#[tokio::test]
async fn a_recent_sign_in_or_a_recovery_link_is_enough() {
    let app = autoconfirm_app().await;
    let email = unique_email("ana");
    let old = sign_up(&app, &email).await;
    age_session(&app, &old, 48).await;
    let fresh = session_for(&app, &email).await;
    assert_eq!(put_user(&app, access_token(&fresh), json!({ "password": "Second-456" })).await.status(), 200);
    assert_eq!(app.post_json("/auth/v1/recover", &json!({ "email": email })).await.status(), 200);
    let recovered = fragment(&follow(&app, &verify_link(&app, &latest_mail_to(&app, &email).await)).await);
    assert_eq!(recovered["type"], "recovery");
    let changed = put_user(&app, &recovered["access_token"], json!({ "password": "Third-789" })).await;
    assert_eq!(changed.status(), 200, "a recovery link is a fresh sign-in");
    assert_eq!(sign_in(&app, &email, "Third-789").await.status(), 200);
}

#[tokio::test]
async fn the_requirement_can_be_turned_off() {
    let app = TestApp::spawn_with(&["--auth-autoconfirm", "true", "--auth-secure-password-change", "false"]).await;
    let session = sign_up(&app, &unique_email("ana")).await;
    age_session(&app, &session, 72).await;
    assert_eq!(put_user(&app, access_token(&session), json!({ "password": "Brand-New-789" })).await.status(), 200);
}

#[tokio::test]
async fn a_users_own_change_ends_the_other_sessions_and_their_refresh_tokens() {
    let app = autoconfirm_app().await;
    let email = unique_email("ana");
    let (this, other) = (sign_up(&app, &email).await, session_for(&app, &email).await);
    assert_eq!(put_user(&app, access_token(&this), json!({ "password": "Brand-New-789" })).await.status(), 200);
    assert_eq!(get_with_token(&app, "/auth/v1/user", access_token(&other)).await.status(), 403);
    let stale = refresh(&app, other["refresh_token"].as_str().unwrap()).await;
    assert_eq!(stale.status(), 400, "the other session's refresh token died with it");
    assert_eq!(get_with_token(&app, "/auth/v1/user", access_token(&this)).await.status(), 200);
    assert_eq!(refresh(&app, this["refresh_token"].as_str().unwrap()).await.status(), 200, "this session lives on");
}

#[tokio::test]
async fn an_admin_password_change_ends_every_session_of_the_user() {
    let app = autoconfirm_app().await;
    let key = app.service_role_key().await;
    let email = unique_email("ana");
    let (a, b) = (sign_up(&app, &email).await, session_for(&app, &email).await);
    let url = app.url(&format!("/auth/v1/admin/users/{}", a["user"]["id"].as_str().unwrap()));
    let metadata = app.client.put(&url).bearer_auth(&key).json(&json!({ "user_metadata": { "vip": true } })).send().await.unwrap();
    assert_eq!(metadata.status(), 200);
    assert_eq!(get_with_token(&app, "/auth/v1/user", access_token(&a)).await.status(), 200, "a metadata change keeps sessions");
    let changed = app.client.put(&url).bearer_auth(&key).json(&json!({ "password": "Set-By-Admin-1" })).send().await.unwrap();
    assert_eq!(changed.status(), 200);
    for session in [&a, &b] {
        let ended = get_with_token(&app, "/auth/v1/user", access_token(session)).await;
        assert_eq!(ended.status(), 403);
        assert_eq!(ended.json::<Value>().await.unwrap()["error_code"], "session_not_found");
        assert_eq!(refresh(&app, session["refresh_token"].as_str().unwrap()).await.status(), 400);
    }
    assert_eq!(sign_in(&app, &email, PASSWORD).await.status(), 400);
    assert_eq!(sign_in(&app, &email, "Set-By-Admin-1").await.status(), 200);
}
