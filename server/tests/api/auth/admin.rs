//! The admin API: refused without the service_role key, complete with it.

use serde_json::{json, Value};

use super::{access_token, autoconfirm_app, follow, fragment, latest_mail_to, sign_in, sign_up, unique_email, verify_link, PASSWORD};
use crate::helpers::TestApp;

async fn admin_post(app: &TestApp, key: &str, path: &str, body: Value) -> reqwest::Response {
    app.client.post(app.url(path)).bearer_auth(key).header("x-supabase-api-version", "2024-01-01").json(&body).send().await.unwrap()
}

#[tokio::test]
async fn admin_endpoints_refuse_anyone_without_the_service_role() {
    let app = autoconfirm_app().await;
    let session = sign_up(&app, &unique_email("ana")).await;
    let user_token = access_token(&session);
    let no_token = app.client.get(app.url("/auth/v1/admin/users")).send().await.unwrap();
    assert_eq!(no_token.status(), 401);
    for (method, path) in [
        ("GET", "/auth/v1/admin/users"),
        ("POST", "/auth/v1/admin/users"),
        ("POST", "/auth/v1/invite"),
        ("POST", "/auth/v1/admin/generate_link"),
    ] {
        let request = app.client.request(method.parse().unwrap(), app.url(path)).bearer_auth(user_token).json(&json!({}));
        let response = request.send().await.unwrap();
        assert_eq!(response.status(), 403, "{method} {path}");
        assert_eq!(response.json::<Value>().await.unwrap()["error_code"], "not_admin");
    }
}

#[tokio::test]
async fn admins_create_list_read_update_and_delete_users() {
    let app = TestApp::spawn().await;
    let key = app.service_role_key().await;
    let email = unique_email("ana");
    let body = json!({ "email": email, "password": PASSWORD, "email_confirm": true, "user_metadata": { "first_name": "Ana" }, "app_metadata": { "plan": "pro" } });
    let created: Value = admin_post(&app, &key, "/auth/v1/admin/users", body).await.json().await.unwrap();
    assert_eq!(created["app_metadata"], json!({ "provider": "email", "providers": ["email"], "plan": "pro" }));
    assert!(created["email_confirmed_at"].is_string());
    let duplicate = admin_post(&app, &key, "/auth/v1/admin/users", json!({ "email": email })).await;
    assert_eq!(duplicate.status(), 422);
    assert_eq!(duplicate.json::<Value>().await.unwrap()["code"], "email_exists");
    for i in 0..2 {
        admin_post(&app, &key, "/auth/v1/admin/users", json!({ "email": unique_email(&format!("u{i}")) })).await;
    }
    let page = app.client.get(app.url("/auth/v1/admin/users?page=1&per_page=2")).bearer_auth(&key).send().await.unwrap();
    assert_eq!(page.headers()["x-total-count"], "3");
    let link = page.headers()["link"].to_str().unwrap().to_owned();
    assert!(link.contains("page=2&per_page=2>; rel=\"next\"") && link.contains("rel=\"last\""), "{link}");
    let listed: Value = page.json().await.unwrap();
    assert_eq!((listed["users"].as_array().unwrap().len(), listed["aud"].as_str()), (2, Some("authenticated")));
    let id = created["id"].as_str().unwrap();
    let url = app.url(&format!("/auth/v1/admin/users/{id}"));
    let fetched: Value = app.client.get(&url).bearer_auth(&key).send().await.unwrap().json().await.unwrap();
    assert_eq!(fetched["email"], email);
    let update = json!({ "user_metadata": { "last_name": "Silva" }, "password": "Changed-456", "ban_duration": "24h" });
    let updated: Value = app.client.put(&url).bearer_auth(&key).json(&update).send().await.unwrap().json().await.unwrap();
    assert_eq!(updated["user_metadata"], json!({ "first_name": "Ana", "last_name": "Silva" }));
    assert!(updated["banned_until"].is_string());
    assert_eq!(sign_in(&app, &email, "Changed-456").await.json::<Value>().await.unwrap()["code"], "user_banned");
    app.client.put(&url).bearer_auth(&key).json(&json!({ "ban_duration": "none" })).send().await.unwrap();
    assert_eq!(sign_in(&app, &email, "Changed-456").await.status(), 200);
    let deleted = app.client.delete(&url).bearer_auth(&key).json(&json!({ "should_soft_delete": false })).send().await.unwrap();
    assert_eq!(deleted.status(), 200);
    let gone = app.client.get(&url).bearer_auth(&key).send().await.unwrap();
    assert_eq!(gone.status(), 404);
    assert_eq!(gone.json::<Value>().await.unwrap()["error_code"], "user_not_found");
    let bad_id = app.client.get(app.url("/auth/v1/admin/users/not-a-uuid")).bearer_auth(&key).send().await.unwrap();
    assert_eq!(
        (bad_id.status().as_u16(), bad_id.json::<Value>().await.unwrap()["msg"].as_str().map(str::to_owned)),
        (404, Some("user_id must be an UUID".into()))
    );
}

#[tokio::test]
async fn imported_bcrypt_hashes_sign_in_and_are_upgraded_to_argon2id() {
    let app = TestApp::spawn().await;
    let key = app.service_role_key().await;
    let email = unique_email("legacy");
    let bcrypt_hash = bcrypt::hash(PASSWORD, 4).unwrap().replacen("$2b$", "$2a$", 1);
    let created =
        admin_post(&app, &key, "/auth/v1/admin/users", json!({ "email": email, "password_hash": bcrypt_hash, "email_confirm": true }))
            .await;
    assert_eq!(created.status(), 200);
    let refused = admin_post(&app, &key, "/auth/v1/admin/users", json!({ "email": unique_email("x"), "password_hash": "plain" })).await;
    assert_eq!(refused.status(), 400);
    assert_eq!(sign_in(&app, &email, "wrong-one").await.status(), 400);
    assert_eq!(sign_in(&app, &email, PASSWORD).await.status(), 200);
    let stored = app.fetch_one_text(&format!("SELECT encrypted_password FROM auth_users WHERE email = '{email}'")).await;
    assert!(stored.starts_with("$argon2id$"), "upgraded on sign-in: {stored}");
    assert_eq!(sign_in(&app, &email, PASSWORD).await.status(), 200, "the new hash verifies");
}

#[tokio::test]
async fn generate_link_returns_the_link_and_code_without_sending() {
    let app = TestApp::spawn().await;
    let key = app.service_role_key().await;
    let email = unique_email("new");
    let response = admin_post(
        &app,
        &key,
        "/auth/v1/admin/generate_link?redirect_to=http://rumbo.localhost/es",
        json!({ "type": "signup", "email": email, "password": PASSWORD }),
    )
    .await;
    assert_eq!(response.status(), 200);
    let link: Value = response.json().await.unwrap();
    assert_eq!(link["email"], email, "user fields are flattened into the answer");
    assert_eq!(link["verification_type"], "signup");
    assert_eq!(link["redirect_to"], "http://rumbo.localhost/es");
    assert!(link["email_otp"].as_str().is_some_and(|c| c.len() == 6));
    assert!(link["action_link"].as_str().unwrap().contains(&format!("token={}", link["hashed_token"].as_str().unwrap())));
    assert_eq!(super::mail_count_to(&app, &email).await, 0);
    let location = follow(&app, &link["action_link"].as_str().unwrap().replace("http://rumbo.localhost", &app.address)).await;
    assert!(location.starts_with("http://rumbo.localhost/es#access_token="));
    let missing =
        admin_post(&app, &key, "/auth/v1/admin/generate_link", json!({ "type": "recovery", "email": unique_email("ghost") })).await;
    assert_eq!(missing.status(), 404);
}

#[tokio::test]
async fn invite_creates_the_user_and_mails_a_link_that_signs_in() {
    let app = TestApp::spawn().await;
    let key = app.service_role_key().await;
    let email = unique_email("guest");
    let invited: Value =
        admin_post(&app, &key, "/auth/v1/invite", json!({ "email": email, "data": { "first_name": "Gil", "lang": "pt" } }))
            .await
            .json()
            .await
            .unwrap();
    assert!(invited["invited_at"].is_string());
    let mail = latest_mail_to(&app, &email).await;
    assert_eq!((mail["kind"].as_str(), mail["lang"].as_str()), (Some("invite"), Some("pt")));
    let params = fragment(&follow(&app, &verify_link(&app, &mail)).await);
    assert_eq!(params["type"], "invite");
    let again = admin_post(&app, &key, "/auth/v1/invite", json!({ "email": email })).await;
    assert_eq!(again.status(), 422, "a confirmed invitee cannot be invited again");
}

#[tokio::test]
async fn pagination_takes_empty_parameters_as_defaults_and_refuses_bad_ones() {
    let app = TestApp::spawn().await;
    let key = app.service_role_key().await;
    let empty = app.client.get(app.url("/auth/v1/admin/users?page=&per_page=")).bearer_auth(&key).send().await.unwrap();
    assert_eq!(empty.status(), 200, "auth-js's listUsers() without arguments sends empty parameters");
    for bad in ["page=-1", "per_page=abc", "page=1.5"] {
        let response = app.client.get(app.url(&format!("/auth/v1/admin/users?{bad}"))).bearer_auth(&key).send().await.unwrap();
        assert_eq!(response.status(), 400, "{bad}");
        assert_eq!(response.headers()["x-sb-error-code"], "validation_failed");
        assert!(response.text().await.unwrap().contains("Bad Pagination Parameters"));
    }
}
