//! /recover, /otp and /resend answer alike for known and unknown addresses, also when a mail
//! limit holds the mail back; /signup answers a spent quota alike for every address.

use serde_json::{json, Value};

use super::{answer, confirmed_user, mail_count_to, unique_email, PASSWORD};
use crate::helpers::TestApp;

fn empty() -> (u16, String) {
    (200, "{}".to_owned())
}

/// The three endpoints and their body for an address.
fn requests(email: &str) -> [(&'static str, Value); 3] {
    [
        ("/auth/v1/recover", json!({ "email": email })),
        ("/auth/v1/otp", json!({ "email": email })),
        ("/auth/v1/resend", json!({ "email": email, "type": "signup" })),
    ]
}

async fn count_users(app: &TestApp, email: &str) -> String {
    app.fetch_one_text(&format!("SELECT CAST(COUNT(*) AS TEXT) FROM auth_users WHERE email = '{email}'")).await
}

#[tokio::test]
async fn a_spent_quota_gets_the_same_answers_for_known_and_unknown_addresses() {
    let app = TestApp::spawn_with(&["--auth-rate-limit-email-sent", "1", "--auth-email-max-frequency", "0"]).await;
    let (confirmed, pending) = (unique_email("ana"), unique_email("eva"));
    confirmed_user(&app, &confirmed).await;
    assert_eq!(answer(&app, "/auth/v1/signup", json!({ "email": pending, "password": PASSWORD })).await.0, 200, "spends the quota");
    for known in [&confirmed, &pending] {
        let unknown = unique_email("nobody");
        for ((path, known_body), (_, unknown_body)) in requests(known).into_iter().zip(requests(&unknown)) {
            assert_eq!(answer(&app, path, known_body).await, empty(), "{path} for a known address");
            assert_eq!(answer(&app, path, unknown_body).await, empty(), "{path} for an unknown address");
        }
        assert_eq!(count_users(&app, &unknown).await, "0", "an /otp held back creates no account");
    }
    assert_eq!(mail_count_to(&app, &confirmed).await, 0);
    assert_eq!(mail_count_to(&app, &pending).await, 1, "only the sign-up's mail");

    let new_address = answer(&app, "/auth/v1/signup", json!({ "email": unique_email("new"), "password": PASSWORD })).await;
    let known_address = answer(&app, "/auth/v1/signup", json!({ "email": confirmed, "password": PASSWORD })).await;
    let pending_address = answer(&app, "/auth/v1/signup", json!({ "email": pending, "password": PASSWORD })).await;
    assert_eq!(new_address.0, 429);
    assert!(new_address.1.contains("over_email_send_rate_limit"), "{}", new_address.1);
    assert_eq!(known_address, new_address, "sign-up checks the quota before the address");
    assert_eq!(pending_address, new_address);
}

#[tokio::test]
async fn the_wait_between_mails_gets_the_same_answers_for_known_and_unknown_addresses() {
    let app = TestApp::spawn().await;
    let (confirmed, pending) = (unique_email("ana"), unique_email("eva"));
    confirmed_user(&app, &confirmed).await;
    assert_eq!(answer(&app, "/auth/v1/recover", json!({ "email": confirmed })).await, empty());
    assert_eq!(answer(&app, "/auth/v1/signup", json!({ "email": pending, "password": PASSWORD })).await.0, 200);
    // Another endpoint, so the per-address request limit lets it through to the user's wait.
    let magic_link = answer(&app, "/auth/v1/otp", json!({ "email": confirmed })).await;
    let resend = answer(&app, "/auth/v1/resend", json!({ "email": pending, "type": "signup" })).await;
    assert_eq!(magic_link, empty(), "a magic link within the minute of a recovery mail is held back quietly");
    assert_eq!(resend, empty(), "so is a confirmation within the minute of the last");
    assert_eq!(answer(&app, "/auth/v1/otp", json!({ "email": unique_email("nobody") })).await, magic_link);
    assert_eq!(answer(&app, "/auth/v1/resend", json!({ "email": unique_email("nobody"), "type": "signup" })).await, resend);
    assert_eq!(mail_count_to(&app, &confirmed).await, 1);
    assert_eq!(mail_count_to(&app, &pending).await, 1);
}
