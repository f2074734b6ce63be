//! The accounts API under /auth/v1 (GoTrue-compatible) and /api/v1/profile, over HTTP.
//! One file per endpoint group; shared steps live here.

mod admin;
mod anonymous;
mod bad_input;
mod code_attempts;
mod cors;
mod forged_tokens;
mod google;
mod imported_keys;
mod key_rotation;
mod limits;
mod logout;
mod mail_share;
mod mfa;
mod password_change;
mod preregistration;
mod profiles;
mod public;
mod quiet_answers;
mod recover;
mod repeated_signup;
mod session_limits;
mod sign_in_limits;
mod signup;
mod token;
mod user;
mod users_import;
mod verify;

use std::collections::HashMap;

use serde_json::{json, Value};

use crate::helpers::TestApp;

pub const PASSWORD: &str = "Secret-123";

pub fn unique_email(who: &str) -> String {
    format!("{who}.{}@example.com", &uuid::Uuid::new_v4().simple().to_string()[..10])
}

/// A server that confirms sign-ups at once (sessions straight from /signup).
pub async fn autoconfirm_app() -> TestApp {
    TestApp::spawn_with(&["--auth-autoconfirm", "true"]).await
}

/// Signs up on an autoconfirm server and returns the Session.
pub async fn sign_up(app: &TestApp, email: &str) -> Value {
    let response =
        app.post_json("/auth/v1/signup", &json!({ "email": email, "password": PASSWORD, "data": { "first_name": "Ana" } })).await;
    assert_eq!(response.status(), 200, "sign-up succeeds");
    response.json().await.unwrap()
}

pub async fn sign_in(app: &TestApp, email: &str, password: &str) -> reqwest::Response {
    app.post_json("/auth/v1/token?grant_type=password", &json!({ "email": email, "password": password })).await
}

/// Signs in and returns the Session, which must exist.
pub async fn session_for(app: &TestApp, email: &str) -> Value {
    let response = sign_in(app, email, PASSWORD).await;
    assert_eq!(response.status(), 200, "sign-in succeeds");
    response.json().await.unwrap()
}

pub fn access_token(session: &Value) -> &str {
    session["access_token"].as_str().expect("session has an access token")
}

pub async fn get_with_token(app: &TestApp, path: &str, token: &str) -> reqwest::Response {
    app.client.get(app.url(path)).bearer_auth(token).send().await.unwrap()
}

/// The newest message sent to `to`.
pub async fn latest_mail_to(app: &TestApp, to: &str) -> Value {
    for _ in 0..50 {
        if let Some(mail) = app.mailbox().await.into_iter().find(|m| m["to"].as_str().is_some_and(|t| t.contains(to))) {
            return mail;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    panic!("no mail to {to}");
}

pub async fn mail_count_to(app: &TestApp, to: &str) -> usize {
    mails_to(app, to).await.len()
}

/// Every message sent to `to`, newest first.
pub async fn mails_to(app: &TestApp, to: &str) -> Vec<Value> {
    app.mailbox().await.into_iter().filter(|m| m["to"].as_str().is_some_and(|t| t.contains(to))).collect()
}

/// Status and body text, to compare answers byte for byte.
pub async fn answer(app: &TestApp, path: &str, body: Value) -> (u16, String) {
    let response = app.post_json(path, &body).await;
    (response.status().as_u16(), response.text().await.unwrap())
}

/// A confirmed account with `PASSWORD`, made by an admin (no mail).
pub async fn confirmed_user(app: &TestApp, email: &str) {
    let admin = app.service_role_key().await;
    let body = json!({ "email": email, "password": PASSWORD, "email_confirm": true });
    assert_eq!(app.client.post(app.url("/auth/v1/admin/users")).bearer_auth(&admin).json(&body).send().await.unwrap().status(), 200);
}

/// POST as an admin (the service_role key); the answer must be 200.
pub async fn admin_post(app: &TestApp, path: &str, body: Value) -> Value {
    let key = app.service_role_key().await;
    let response = app.client.post(app.url(path)).bearer_auth(&key).json(&body).send().await.unwrap();
    assert_eq!(response.status(), 200, "{path} {body}");
    response.json().await.unwrap()
}

/// The verify link of a message, pointed at the test server.
pub fn verify_link(app: &TestApp, mail: &Value) -> String {
    let text = mail["text"].as_str().expect("mail has a text part");
    let start = text.find("http://rumbo.localhost/auth/v1/verify?").expect("mail has a verify link");
    let link: String = text[start..].chars().take_while(|c| !c.is_whitespace() && !"<>\")".contains(*c)).collect();
    link.replace("http://rumbo.localhost", &app.address)
}

/// Follows a verify link and returns the redirect target (the answer must be 303).
pub async fn follow(app: &TestApp, link: &str) -> String {
    let response = app.client.get(link).send().await.unwrap();
    assert_eq!(response.status(), 303, "verify answers 303");
    response.headers()["location"].to_str().unwrap().to_owned()
}

/// The parameters in a URL's fragment.
pub fn fragment(location: &str) -> HashMap<String, String> {
    let fragment = location.split_once('#').map(|(_, f)| f).unwrap_or_default();
    url::form_urlencoded::parse(fragment.as_bytes()).into_owned().collect()
}

/// The parameters in a URL's query.
pub fn query(location: &str) -> HashMap<String, String> {
    url::Url::parse(location).unwrap().query_pairs().into_owned().collect()
}

/// The claims of a JWT, decoded without verification (the tests check their content).
pub fn claims(jwt: &str) -> Value {
    use base64::Engine;
    let payload = jwt.split('.').nth(1).expect("three parts");
    serde_json::from_slice(&base64::engine::general_purpose::URL_SAFE_NO_PAD.decode(payload).unwrap()).unwrap()
}

/// Runs one statement on the app's database: how tests age rows (a session, a token) by hours or days.
pub async fn execute(app: &TestApp, sql: &str) {
    let db = rumbo::platform::db::Db::connect(&app.database_url().parse().expect("database url"), 1).await.expect("database answers");
    sqlx::query(sql).execute(&db.pool).await.expect("statement runs");
    db.pool.close().await;
}

pub async fn refresh(app: &TestApp, refresh_token: &str) -> reqwest::Response {
    app.post_json("/auth/v1/token?grant_type=refresh_token", &json!({ "refresh_token": refresh_token })).await
}

/// Signs up on a server with confirmations on, and follows the confirmation link.
pub async fn sign_up_and_confirm(app: &TestApp, email: &str) {
    let response = app.post_json("/auth/v1/signup", &json!({ "email": email, "password": PASSWORD })).await;
    assert_eq!(response.status(), 200, "sign-up succeeds");
    follow(app, &verify_link(app, &latest_mail_to(app, email).await)).await;
}

/// `rumbo <args>` against the app's database.
pub fn rumbo_command(app: &TestApp, args: &[&str]) -> std::process::Output {
    std::process::Command::new(env!("CARGO_BIN_EXE_rumbo"))
        .args(args)
        .env("DATABASE_URL", app.database_url())
        .env("SITE_URL", "http://rumbo.localhost")
        .output()
        .expect("rumbo runs")
}

/// The JWTs in a command's output.
pub fn jwts_in(output: &str) -> Vec<String> {
    output.split_whitespace().filter(|w| w.starts_with("eyJ") && w.matches('.').count() == 2).map(str::to_owned).collect()
}

/// RFC 4648 base32 to bytes, written here so the server's encoder is checked, not reused.
pub fn base32_decode(text: &str) -> Vec<u8> {
    let alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
    let (mut out, mut buffer, mut bits) = (Vec::new(), 0u32, 0u32);
    for ch in text.trim_end_matches('=').chars() {
        buffer = (buffer << 5) | alphabet.find(ch.to_ascii_uppercase()).expect("base32") as u32;
        bits += 5;
        if bits >= 8 {
            bits -= 8;
            out.push((buffer >> bits) as u8);
            buffer &= (1 << bits) - 1;
        }
    }
    out
}
