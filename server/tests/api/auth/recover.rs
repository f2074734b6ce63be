//! POST /recover, /otp and /resend: mail for known addresses, the same answer for unknown ones.

use serde_json::{json, Value};

use super::{answer, confirmed_user, follow, fragment, latest_mail_to, mail_count_to, unique_email, verify_link, PASSWORD};
use crate::helpers::TestApp;

#[tokio::test]
async fn recover_answers_the_same_for_known_and_unknown_addresses() {
    let app = TestApp::spawn().await;
    let email = unique_email("ana");
    confirmed_user(&app, &email).await;
    let known = answer(&app, "/auth/v1/recover", json!({ "email": email })).await;
    let unknown = answer(&app, "/auth/v1/recover", json!({ "email": unique_email("nobody") })).await;
    assert_eq!(known, (200, "{}".to_owned()));
    assert_eq!(known, unknown);
    let mail = latest_mail_to(&app, &email).await;
    assert_eq!(mail["kind"], "recovery");
    let location = follow(&app, &verify_link(&app, &mail)).await;
    let params = fragment(&location);
    assert_eq!(params["type"], "recovery");
    let again_known = answer(&app, "/auth/v1/recover", json!({ "email": email })).await;
    let again_unknown = answer(&app, "/auth/v1/recover", json!({ "email": unique_email("nobody") })).await;
    assert_eq!(again_known.0, 429, "one recovery mail per minute");
    assert_eq!(again_unknown.0, 200, "a different unknown address is not limited");
    let missing = app.post_json("/auth/v1/recover", &json!({})).await;
    assert_eq!(missing.status(), 400);
}

#[tokio::test]
async fn repeated_requests_for_any_address_are_limited_alike() {
    let app = TestApp::spawn().await;
    let email = unique_email("ana");
    confirmed_user(&app, &email).await;
    let unknown = unique_email("nobody");
    for (path, known_body, unknown_body) in [
        ("/auth/v1/recover", json!({ "email": email }), json!({ "email": unknown })),
        ("/auth/v1/resend", json!({ "email": email, "type": "signup" }), json!({ "email": unknown, "type": "signup" })),
    ] {
        assert_eq!(answer(&app, path, known_body.clone()).await, answer(&app, path, unknown_body.clone()).await, "{path} first");
        let (known, unknown) = (app.post_json(path, &known_body).await, app.post_json(path, &unknown_body).await);
        assert_eq!((known.status().as_u16(), unknown.status().as_u16()), (429, 429), "{path} second");
        assert!(known.headers().contains_key("retry-after"));
        let error: Value = known.json().await.unwrap();
        assert_eq!(error["code"], "over_email_send_rate_limit");
        assert!(error["message"].as_str().unwrap().starts_with("For security purposes, you can only request this after"));
    }
}

#[tokio::test]
async fn otp_sends_a_magic_link_to_known_users_and_creates_unknown_ones() {
    let app = TestApp::spawn().await;
    let email = unique_email("ana");
    confirmed_user(&app, &email).await;
    let known = answer(&app, "/auth/v1/otp", json!({ "email": email })).await;
    let fresh = unique_email("new");
    let unknown =
        answer(&app, "/auth/v1/otp?redirect_to=http://rumbo.localhost/pt", json!({ "email": fresh, "data": { "first_name": "Nova" } }))
            .await;
    assert_eq!(known, (200, "{}".to_owned()));
    assert_eq!(known, unknown);
    let magic = latest_mail_to(&app, &email).await;
    assert_eq!(magic["kind"], "magic_link");
    let params = fragment(&follow(&app, &verify_link(&app, &magic)).await);
    assert_eq!(params["type"], "magiclink");
    let confirm = latest_mail_to(&app, &fresh).await;
    assert_eq!((confirm["kind"].as_str(), confirm["lang"].as_str()), (Some("confirm_signup"), Some("pt")));
    let refused = app.post_json("/auth/v1/otp", &json!({ "email": unique_email("none"), "create_user": false })).await;
    assert_eq!(refused.status(), 422);
    assert_eq!(refused.json::<Value>().await.unwrap()["code"], "otp_disabled");
}

#[tokio::test]
async fn resend_repeats_a_pending_confirmation_only() {
    let app = TestApp::spawn_with(&["--auth-email-max-frequency", "0"]).await;
    let pending = unique_email("eva");
    app.post_json("/auth/v1/signup", &json!({ "email": pending, "password": PASSWORD })).await;
    let confirmed = unique_email("ana");
    confirmed_user(&app, &confirmed).await;
    assert_eq!(answer(&app, "/auth/v1/resend", json!({ "email": pending, "type": "signup" })).await, (200, "{}".to_owned()));
    assert_eq!(answer(&app, "/auth/v1/resend", json!({ "email": confirmed, "type": "signup" })).await, (200, "{}".to_owned()));
    assert_eq!(mail_count_to(&app, &pending).await, 2);
    assert_eq!(mail_count_to(&app, &confirmed).await, 0);
    let bad = app.post_json("/auth/v1/resend", &json!({ "email": pending, "type": "nonsense" })).await;
    assert_eq!(bad.status(), 400);
    assert_eq!(bad.json::<Value>().await.unwrap()["message"], "Missing one of these types: signup, email_change, sms, phone_change");
}

/// The wait is held back quietly: a 429 here would tell that the address has an account.
#[tokio::test]
async fn the_database_keeps_a_user_from_getting_two_mails_a_minute() {
    let app = TestApp::spawn().await;
    let email = unique_email("eva");
    app.post_json("/auth/v1/signup", &json!({ "email": email, "password": PASSWORD })).await;
    let again = app.post_json("/auth/v1/signup", &json!({ "email": email, "password": PASSWORD })).await;
    assert_eq!(again.status(), 200);
    assert_eq!(answer(&app, "/auth/v1/resend", json!({ "email": email, "type": "signup" })).await, (200, "{}".to_owned()));
    assert_eq!(mail_count_to(&app, &email).await, 1);
}
