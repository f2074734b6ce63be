//! E-mail codes have 6 digits and live a day: after 5 wrong codes typed for an address, its
//! outstanding codes and links of that kind are void until a new one is requested.

use serde_json::{json, Value};

use super::{admin_post, confirmed_user, unique_email};
use crate::helpers::TestApp;

/// A fresh magic-link code and its token hash for `email`.
async fn new_code(app: &TestApp, email: &str) -> (String, String) {
    let link = admin_post(app, "/auth/v1/admin/generate_link", json!({ "type": "magiclink", "email": email })).await;
    (link["email_otp"].as_str().unwrap().to_owned(), link["hashed_token"].as_str().unwrap().to_owned())
}

fn another_code(code: &str) -> String {
    format!("{:06}", (code.parse::<u32>().unwrap() + 1) % 1_000_000)
}

async fn type_code(app: &TestApp, kind: &str, email: &str, code: &str) -> (u16, Value) {
    let response = app.post_json("/auth/v1/verify", &json!({ "type": kind, "email": email, "token": code })).await;
    (response.status().as_u16(), response.json().await.unwrap())
}

fn expired() -> Value {
    json!({ "code": "otp_expired", "message": "Token has expired or is invalid" })
}

#[tokio::test]
async fn five_wrong_codes_void_the_code_and_the_link_until_a_new_one() {
    let app = TestApp::spawn().await;
    let email = unique_email("ana");
    confirmed_user(&app, &email).await;
    let (code, token_hash) = new_code(&app, &email).await;
    for _ in 0..5 {
        assert_eq!(type_code(&app, "email", &email, &another_code(&code)).await, (403, expired()));
    }
    let counted = app.fetch_one_text("SELECT CAST(MAX(failed_attempts) AS TEXT) FROM auth_one_time_tokens").await;
    assert_eq!(counted, "5", "counted in the database, so every instance sees it");
    assert_eq!(type_code(&app, "email", &email, &code).await, (403, expired()), "the right code no longer works");
    let link = app.post_json("/auth/v1/verify", &json!({ "type": "magiclink", "token_hash": token_hash })).await;
    assert_eq!(link.status(), 403, "nor does the link of that mail");

    let (fresh, _) = new_code(&app, &email).await;
    let (status, session) = type_code(&app, "email", &email, &fresh).await;
    assert_eq!(status, 200, "a newly requested code works");
    assert!(session["access_token"].is_string());
}

#[tokio::test]
async fn four_wrong_codes_leave_the_right_one_working() {
    let app = TestApp::spawn().await;
    let email = unique_email("ana");
    confirmed_user(&app, &email).await;
    let (code, _) = new_code(&app, &email).await;
    for _ in 0..4 {
        assert_eq!(type_code(&app, "magiclink", &email, &another_code(&code)).await.0, 403);
    }
    assert_eq!(type_code(&app, "magiclink", &email, &code).await.0, 200);
}

#[tokio::test]
async fn wrong_codes_count_per_address_and_kind() {
    let app = TestApp::spawn().await;
    let (ana, eva) = (unique_email("ana"), unique_email("eva"));
    confirmed_user(&app, &ana).await;
    confirmed_user(&app, &eva).await;
    let (ana_code, _) = new_code(&app, &ana).await;
    let (eva_code, _) = new_code(&app, &eva).await;
    for _ in 0..5 {
        assert_eq!(type_code(&app, "email", &eva, &another_code(&eva_code)).await.0, 403);
        assert_eq!(type_code(&app, "signup", &ana, &another_code(&ana_code)).await.0, 403);
    }
    assert_eq!(type_code(&app, "email", &eva, &eva_code).await.0, 403, "eva's code is void");
    assert_eq!(type_code(&app, "magiclink", &ana, &ana_code).await.0, 200, "wrong sign-up codes leave ana's magic-link code alone");
}
