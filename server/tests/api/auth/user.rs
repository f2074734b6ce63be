//! GET/PUT /auth/v1/user and GET /auth/v1/reauthenticate.

use serde_json::{json, Value};

use super::{
    access_token, autoconfirm_app, follow, fragment, get_with_token, latest_mail_to, session_for, sign_in, sign_up, unique_email,
    verify_link, PASSWORD,
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

#[tokio::test]
async fn get_user_needs_a_live_token_of_an_existing_user() {
    let app = autoconfirm_app().await;
    let email = unique_email("ana");
    let session = sign_up(&app, &email).await;
    let user: Value = get_with_token(&app, "/auth/v1/user", access_token(&session)).await.json().await.unwrap();
    assert_eq!(user["email"], email);
    assert_eq!(user["identities"].as_array().unwrap().len(), 1);
    let missing = app.client.get(app.url("/auth/v1/user")).header("x-supabase-api-version", "2024-01-01").send().await.unwrap();
    assert_eq!(missing.status(), 401);
    assert_eq!(missing.json::<Value>().await.unwrap()["code"], "no_authorization");
    let admin = app.service_role_key().await;
    let anon_like = get_with_token(&app, "/auth/v1/user", &admin).await;
    assert_eq!(anon_like.status(), 403, "an API key is not a user");
    let id = user["id"].as_str().unwrap();
    app.client.delete(app.url(&format!("/auth/v1/admin/users/{id}"))).bearer_auth(&admin).send().await.unwrap();
    let gone = get_with_token(&app, "/auth/v1/user", access_token(&session)).await;
    assert_eq!(gone.status(), 403);
    assert_eq!(gone.json::<Value>().await.unwrap()["msg"], "User from sub claim in JWT does not exist");
}

#[tokio::test]
async fn metadata_is_merged_and_null_removes_a_key() {
    let app = autoconfirm_app().await;
    let session = sign_up(&app, &unique_email("ana")).await;
    let token = access_token(&session);
    put_user(&app, token, json!({ "data": { "last_name": "Silva", "city": "Lisboa" } })).await;
    let user: Value = put_user(&app, token, json!({ "data": { "first_name": "Ana Maria", "city": null } })).await.json().await.unwrap();
    assert_eq!(user["user_metadata"], json!({ "first_name": "Ana Maria", "last_name": "Silva" }));
    let refused = put_user(&app, token, json!({ "app_metadata": { "role": "admin" } })).await;
    assert_eq!(refused.status(), 403);
}

#[tokio::test]
async fn a_new_password_replaces_the_old_and_ends_other_sessions() {
    let app = autoconfirm_app().await;
    let email = unique_email("ana");
    let (this, other) = (sign_up(&app, &email).await, session_for(&app, &email).await);
    let same = put_user(&app, access_token(&this), json!({ "password": PASSWORD })).await;
    assert_eq!(same.status(), 422);
    assert_eq!(same.json::<Value>().await.unwrap()["code"], "same_password");
    let weak = put_user(&app, access_token(&this), json!({ "password": "abc" })).await;
    assert_eq!(weak.json::<Value>().await.unwrap()["code"], "weak_password");
    assert_eq!(put_user(&app, access_token(&this), json!({ "password": "Brand-New-789" })).await.status(), 200);
    assert_eq!(sign_in(&app, &email, PASSWORD).await.status(), 400);
    assert_eq!(sign_in(&app, &email, "Brand-New-789").await.status(), 200);
    assert_eq!(get_with_token(&app, "/auth/v1/user", access_token(&this)).await.status(), 200);
    assert_eq!(get_with_token(&app, "/auth/v1/user", access_token(&other)).await.status(), 403);
}

#[tokio::test]
async fn an_email_change_needs_both_addresses_to_confirm() {
    let app = TestApp::spawn_with(&["--auth-autoconfirm", "true"]).await;
    let (old, new) = (unique_email("old"), unique_email("new"));
    let session = sign_up(&app, &old).await;
    let taken = unique_email("taken");
    sign_up(&app, &taken).await;
    let clash = put_user(&app, access_token(&session), json!({ "email": taken })).await;
    assert_eq!(clash.json::<Value>().await.unwrap()["code"], "email_exists");
    let user: Value = put_user(&app, access_token(&session), json!({ "email": new })).await.json().await.unwrap();
    assert_eq!((user["email"].as_str(), user["new_email"].as_str()), (Some(old.as_str()), Some(new.as_str())));
    let first = follow(&app, &verify_link(&app, &latest_mail_to(&app, &old).await)).await;
    assert!(fragment(&first)["message"].starts_with("Confirmation link accepted"), "{first}");
    let second = fragment(&follow(&app, &verify_link(&app, &latest_mail_to(&app, &new).await)).await);
    assert_eq!(second["type"], "email_change");
    let user: Value = get_with_token(&app, "/auth/v1/user", &second["access_token"]).await.json().await.unwrap();
    assert_eq!(user["email"], new);
    assert!(user.get("new_email").is_none());
    assert_eq!(user["identities"][0]["identity_data"]["email"], new);
    assert_eq!(sign_in(&app, &new, PASSWORD).await.status(), 200);
}

#[tokio::test]
async fn reauthentication_mails_a_code_that_put_user_accepts_once() {
    let app = autoconfirm_app().await;
    let email = unique_email("ana");
    let session = sign_up(&app, &email).await;
    let token = access_token(&session);
    let response = get_with_token(&app, "/auth/v1/reauthenticate", token).await;
    assert_eq!(response.status(), 200);
    assert_eq!(response.json::<Value>().await.unwrap(), json!({}));
    let mail = latest_mail_to(&app, &email).await;
    assert_eq!(mail["kind"], "reauthentication");
    let text = mail["text"].as_str().unwrap();
    let code = text.split(|c: char| !c.is_ascii_digit()).find(|w| w.len() == 6).expect("a 6-digit code in the mail");
    let wrong = put_user(&app, token, json!({ "password": "Another-789", "nonce": "999999" })).await;
    assert_eq!(wrong.json::<Value>().await.unwrap()["code"], "reauthentication_not_valid");
    assert_eq!(put_user(&app, token, json!({ "password": "Another-789", "nonce": code })).await.status(), 200);
    let reused = put_user(&app, token, json!({ "password": "Third-One-789", "nonce": code })).await;
    assert_eq!(reused.status(), 422);
}

#[tokio::test]
async fn a_pending_email_change_can_be_resent() {
    let app = TestApp::spawn_with(&["--auth-autoconfirm", "true", "--auth-email-max-frequency", "0"]).await;
    let (old, new) = (unique_email("old"), unique_email("new"));
    let session = sign_up(&app, &old).await;
    put_user(&app, access_token(&session), json!({ "email": new })).await;
    assert_eq!(super::mail_count_to(&app, &new).await, 1);
    let resent = app.post_json("/auth/v1/resend", &json!({ "email": old, "type": "email_change" })).await;
    assert_eq!(resent.status(), 200);
    assert_eq!((super::mail_count_to(&app, &old).await, super::mail_count_to(&app, &new).await), (2, 2));
    let first = latest_mail_to(&app, &new).await;
    assert_eq!(first["kind"], "email_change");
}
