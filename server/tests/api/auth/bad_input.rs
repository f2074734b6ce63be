//! Bad input on /auth/v1 gets GoTrue's JSON error shape: JSON sent as another content type
//! (what a cross-site form can post without a preflight) is 415, a repeated query parameter is
//! 400, and an empty query value is the default (what `admin.listUsers()` sends).

use serde_json::{json, Value};

use super::{autoconfirm_app, sign_in, unique_email, PASSWORD};
use crate::helpers::TestApp;

async fn post_raw(app: &TestApp, path: &str, content_type: &str, body: &str) -> reqwest::Response {
    let request = app.client.post(app.url(path)).header("x-supabase-api-version", "2024-01-01").header("content-type", content_type);
    request.body(body.to_owned()).send().await.unwrap()
}

#[tokio::test]
async fn json_under_another_content_type_is_415_and_does_nothing() {
    let app = autoconfirm_app().await;
    let email = unique_email("form");
    let body = json!({ "email": email, "password": PASSWORD }).to_string();
    for content_type in ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x"] {
        let response = post_raw(&app, "/auth/v1/signup", content_type, &body).await;
        assert_eq!(response.status(), 415, "{content_type}");
        assert_eq!(response.headers()["x-sb-error-code"], "bad_json");
        assert_eq!(
            response.json::<Value>().await.unwrap(),
            json!({ "code": "bad_json", "message": "Content-Type must be application/json" })
        );
    }
    assert_eq!(sign_in(&app, &email, PASSWORD).await.status(), 400, "no account was made");
    let legacy = app.client.post(app.url("/auth/v1/recover")).header("content-type", "text/plain").body(body.clone()).send().await.unwrap();
    assert_eq!(legacy.status(), 415);
    assert_eq!(legacy.json::<Value>().await.unwrap()["error_code"], "bad_json", "the legacy shape too");
    let json = post_raw(&app, "/auth/v1/signup", "application/json;charset=UTF-8", &body).await;
    assert_eq!(json.status(), 200, "auth-js's content type");
}

#[tokio::test]
async fn an_empty_body_needs_no_content_type() {
    let app = autoconfirm_app().await;
    let session: Value =
        app.post_json("/auth/v1/signup", &json!({ "email": unique_email("ana"), "password": PASSWORD })).await.json().await.unwrap();
    let token = session["access_token"].as_str().unwrap();
    let logout = app.client.post(app.url("/auth/v1/logout")).bearer_auth(token).header("content-type", "text/plain").send().await.unwrap();
    assert_eq!(logout.status(), 204);
}

#[tokio::test]
async fn a_repeated_query_parameter_is_a_json_400() {
    let app = TestApp::spawn().await;
    let body = json!({ "email": unique_email("x"), "password": PASSWORD });
    let response = app.post_json("/auth/v1/token?grant_type=password&grant_type=password", &body).await;
    assert_eq!(response.status(), 400);
    assert_eq!(response.headers()["content-type"], "application/json");
    let error: Value = response.json().await.unwrap();
    assert_eq!(error["code"], "validation_failed");
    assert!(error["message"].as_str().unwrap().contains("grant_type"), "{error}");
    let logout = app.client.post(app.url("/auth/v1/logout?scope=local&scope=global")).bearer_auth("x.y.z").send().await.unwrap();
    assert!(logout.status().is_client_error());
    assert!(logout.json::<Value>().await.is_ok(), "JSON, never plain text");
}

#[tokio::test]
async fn empty_query_values_read_as_defaults() {
    let app = TestApp::spawn().await;
    let key = app.service_role_key().await;
    let listed = app.client.get(app.url("/auth/v1/admin/users?page=&per_page=")).bearer_auth(&key).send().await.unwrap();
    assert_eq!(listed.status(), 200);
    assert!(listed.headers()["link"].to_str().unwrap().contains("page=1&per_page=50"));
    assert!(listed.json::<Value>().await.unwrap()["users"].is_array());
    let recover = app.post_json("/auth/v1/recover?redirect_to=", &json!({ "email": unique_email("x") })).await;
    assert_eq!(recover.status(), 200);
    let bad_page = app.client.get(app.url("/auth/v1/admin/users?page=two")).bearer_auth(&key).send().await.unwrap();
    assert_eq!(bad_page.status(), 400);
    assert_eq!(bad_page.json::<Value>().await.unwrap()["error_code"], "validation_failed");
}
