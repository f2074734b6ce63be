//! The accounts API under /auth/v1 (GoTrue-compatible) and /api/v1/profile, over HTTP.
//! One file per endpoint group; shared steps live here.

mod admin;
mod limits;
mod logout;
mod profiles;
mod public;
mod recover;
mod signup;
mod token;
mod user;
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
    app.mailbox().await.iter().filter(|m| m["to"].as_str().is_some_and(|t| t.contains(to))).count()
}

/// The verify link of a message, pointed at the test server.
pub fn verify_link(app: &TestApp, mail: &Value) -> String {
    let text = mail["text"].as_str().expect("mail has a text part");
    let start = text.find("http://rumbo.test/auth/v1/verify?").expect("mail has a verify link");
    let link: String = text[start..].chars().take_while(|c| !c.is_whitespace() && !"<>\")".contains(*c)).collect();
    link.replace("http://rumbo.test", &app.address)
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
