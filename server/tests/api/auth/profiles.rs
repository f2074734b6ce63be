//! GET/PATCH /api/v1/profile: created at sign-up, the owner's row only, validated.

use serde_json::{json, Value};

use super::{access_token, autoconfirm_app, get_with_token, unique_email, PASSWORD};
use crate::helpers::TestApp;

async fn sign_up_with(app: &TestApp, data: Value) -> Value {
    let response = app.post_json("/auth/v1/signup", &json!({ "email": unique_email("p"), "password": PASSWORD, "data": data })).await;
    response.json().await.unwrap()
}

async fn patch(app: &TestApp, token: &str, body: Value) -> reqwest::Response {
    app.client.patch(app.url("/api/v1/profile")).bearer_auth(token).json(&body).send().await.unwrap()
}

#[tokio::test]
async fn sign_up_metadata_becomes_the_profile() {
    let app = autoconfirm_app().await;
    let session = sign_up_with(&app, json!({ "first_name": "Ana", "last_name": "Silva", "country": "brazil" })).await;
    let response = get_with_token(&app, "/api/v1/profile", access_token(&session)).await;
    assert_eq!(response.status(), 200);
    let profile: Value = response.json().await.unwrap();
    assert_eq!(profile["id"], session["user"]["id"]);
    assert_eq!((profile["first_name"].as_str(), profile["last_name"].as_str()), (Some("Ana"), Some("Silva")));
    assert_eq!(profile["country"], "Brazil", "stored as the English name");
    assert!(profile["avatar_url"].is_null());
}

#[tokio::test]
async fn the_owner_patches_their_own_profile_only() {
    let app = autoconfirm_app().await;
    let ana = sign_up_with(&app, json!({ "first_name": "Ana" })).await;
    let eva = sign_up_with(&app, json!({ "first_name": "Eva" })).await;
    let body = json!({ "last_name": "Costa", "country": "PT", "avatar_url": "https://cdn.example/a.png", "id": eva["user"]["id"] });
    let updated: Value = patch(&app, access_token(&ana), body).await.json().await.unwrap();
    assert_eq!(updated["id"], ana["user"]["id"], "the id in the body is ignored");
    assert_eq!(
        (updated["first_name"].as_str(), updated["last_name"].as_str(), updated["country"].as_str()),
        (Some("Ana"), Some("Costa"), Some("Portugal"))
    );
    let cleared: Value = patch(&app, access_token(&ana), json!({ "avatar_url": null })).await.json().await.unwrap();
    assert!(cleared["avatar_url"].is_null());
    let eva_profile: Value = get_with_token(&app, "/api/v1/profile", access_token(&eva)).await.json().await.unwrap();
    assert_eq!((eva_profile["first_name"].as_str(), eva_profile["last_name"].as_str()), (Some("Eva"), None));
}

#[tokio::test]
async fn invalid_fields_are_400_with_field_codes() {
    let app = autoconfirm_app().await;
    let session = sign_up_with(&app, json!({})).await;
    let response = patch(&app, access_token(&session), json!({ "country": "Atlantis", "avatar_url": "ftp://x", "first_name": 42 })).await;
    assert_eq!(response.status(), 400);
    let error: Value = response.json().await.unwrap();
    assert_eq!(error["error_code"], "validation_failed");
    assert_eq!(error["fields"], json!({ "avatar_url": "invalid_url", "country": "unknown_country", "first_name": "invalid_type" }));
}

#[tokio::test]
async fn the_profile_needs_a_live_session() {
    let app = autoconfirm_app().await;
    let missing = app.get("/api/v1/profile").await;
    assert_eq!(missing.status(), 401);
    let error: Value = missing.json().await.unwrap();
    assert_eq!(error["error_code"], "no_authorization");
    assert!(error.get("fields").is_none(), "fields only name a form's problems");
    let session = sign_up_with(&app, json!({})).await;
    let token = access_token(&session);
    app.client.post(app.url("/auth/v1/logout")).bearer_auth(token).send().await.unwrap();
    let ended = get_with_token(&app, "/api/v1/profile", token).await;
    assert_eq!(ended.status(), 403);
    assert_eq!(ended.json::<Value>().await.unwrap()["error_code"], "session_not_found");
}
