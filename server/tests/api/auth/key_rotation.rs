//! `rumbo keys rotate` and `rumbo keys retire` against a running server: the new key signs and
//! verifies at once, the old one keeps verifying until retired, and a retirement is in effect
//! within AUTH_SIGNING_KEYS_REFRESH_SECS, all without a restart.

use std::time::Duration;

use serde_json::Value;

use super::{access_token, claims, get_with_token, jwts_in, rumbo_command, session_for, sign_up, unique_email};
use crate::helpers::TestApp;

async fn admin_list_status(app: &TestApp, key: &str) -> u16 {
    get_with_token(app, "/auth/v1/admin/users", key).await.status().as_u16()
}

async fn published_kids(app: &TestApp) -> Vec<String> {
    let jwks: Value = app.get("/auth/v1/.well-known/jwks.json").await.json().await.unwrap();
    jwks["keys"].as_array().unwrap().iter().map(|k| k["kid"].as_str().unwrap().to_owned()).collect()
}

fn kid_of(jwt: &str) -> String {
    use base64::Engine;
    let header = base64::engine::general_purpose::URL_SAFE_NO_PAD.decode(jwt.split('.').next().unwrap()).unwrap();
    serde_json::from_slice::<Value>(&header).unwrap()["kid"].as_str().unwrap().to_owned()
}

/// The service_role key among the JWTs a `rumbo keys` command printed.
fn printed_service_key(stdout: &[u8]) -> String {
    let printed = String::from_utf8_lossy(stdout);
    let keys = jwts_in(&printed);
    let roles: Vec<Value> = keys.iter().map(|k| claims(k)["role"].clone()).collect();
    assert_eq!(roles, vec![Value::from("anon"), Value::from("service_role")], "{printed}");
    keys[1].clone()
}

#[tokio::test]
async fn rotate_then_retire_while_the_server_runs() {
    let app = TestApp::spawn_with(&["--auth-autoconfirm", "true", "--auth-signing-keys-refresh-secs", "1"]).await;
    let (old_key, email) = (app.service_role_key().await, unique_email("ana"));
    let old_session = sign_up(&app, &email).await;
    let rotated = rumbo_command(&app, &["keys", "rotate"]);
    assert!(rotated.status.success(), "{}", String::from_utf8_lossy(&rotated.stderr));
    let new_key = printed_service_key(&rotated.stdout);
    assert_ne!(kid_of(&new_key), kid_of(&old_key));
    assert_eq!(admin_list_status(&app, &new_key).await, 200, "a token of the new key is accepted at once");
    assert_eq!(admin_list_status(&app, &old_key).await, 200, "the old key still verifies");
    assert_eq!(get_with_token(&app, "/auth/v1/user", access_token(&old_session)).await.status(), 200);
    assert_eq!(published_kids(&app).await.len(), 2);
    let new_session = session_for(&app, &email).await;
    assert_eq!(kid_of(access_token(&new_session)), kid_of(&new_key), "new sessions are signed with the new key");
    let retired = rumbo_command(&app, &["keys", "retire"]);
    assert!(retired.status.success(), "{}", String::from_utf8_lossy(&retired.stderr));
    assert!(String::from_utf8_lossy(&retired.stdout).contains(&kid_of(&old_key)));
    tokio::time::sleep(Duration::from_millis(1500)).await;
    let refused = get_with_token(&app, "/auth/v1/admin/users", &old_key).await;
    assert_eq!(refused.status(), 403);
    assert_eq!(refused.json::<Value>().await.unwrap()["error_code"], "bad_jwt");
    assert_eq!(get_with_token(&app, "/auth/v1/user", access_token(&old_session)).await.status(), 403);
    assert_eq!(get_with_token(&app, "/auth/v1/user", access_token(&new_session)).await.status(), 200);
    assert_eq!(admin_list_status(&app, &new_key).await, 200);
    assert_eq!(published_kids(&app).await, vec![kid_of(&new_key)]);
}

#[tokio::test]
async fn keys_prints_the_current_keys_and_retire_spares_the_current_one() {
    let app = TestApp::spawn().await;
    let rotated = rumbo_command(&app, &["keys", "rotate"]);
    let new_key = printed_service_key(&rotated.stdout);
    let listed = rumbo_command(&app, &["keys"]);
    assert_eq!(printed_service_key(&listed.stdout), new_key, "`rumbo keys` prints the current key's API keys");
    let refused = rumbo_command(&app, &["keys", "retire", &kid_of(&new_key)]);
    assert!(!refused.status.success());
    assert!(String::from_utf8_lossy(&refused.stderr).contains("current signing key"), "{}", String::from_utf8_lossy(&refused.stderr));
    let unknown = rumbo_command(&app, &["keys", "retire", "no-such-kid"]);
    assert!(!unknown.status.success());
    // Key ids are base64url: one may start with '-' and is still a key id, not a flag.
    let dashed = rumbo_command(&app, &["keys", "retire", "-Hno-such-kid"]);
    assert!(!String::from_utf8_lossy(&dashed.stderr).contains("unexpected argument"), "{}", String::from_utf8_lossy(&dashed.stderr));
    assert_eq!(admin_list_status(&app, &new_key).await, 200);
}
