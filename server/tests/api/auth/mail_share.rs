//! One client IP may cause only its share of the hourly auth mail quota, so it cannot hold back
//! everyone else's confirmation and recovery mail.

use serde_json::{json, Value};

use super::{admin_post, confirmed_user, latest_mail_to, mail_count_to, unique_email, PASSWORD};
use crate::helpers::TestApp;

const CLIENT_HEADER: &str = "x-test-client-ip";

async fn post_from(app: &TestApp, ip: &str, path: &str, body: Value) -> reqwest::Response {
    let request = app.client.post(app.url(path)).header("x-supabase-api-version", "2024-01-01").header(CLIENT_HEADER, ip);
    request.json(&body).send().await.unwrap()
}

async fn sign_up_from(app: &TestApp, ip: &str, email: &str) -> reqwest::Response {
    post_from(app, ip, "/auth/v1/signup", json!({ "email": email, "password": PASSWORD })).await
}

#[tokio::test]
async fn a_client_past_its_share_leaves_the_quota_to_the_others() {
    let app = TestApp::spawn_with(&["--client-ip-header", CLIENT_HEADER, "--auth-rate-limit-email-sent-per-ip", "2"]).await;
    let greedy = "203.0.113.7";
    for _ in 0..2 {
        let email = unique_email("fresh");
        assert_eq!(sign_up_from(&app, greedy, &email).await.status(), 200);
        assert_eq!(mail_count_to(&app, &email).await, 1);
    }
    let refused = sign_up_from(&app, greedy, &unique_email("fresh")).await;
    assert_eq!(refused.status(), 429);
    assert_eq!(
        refused.json::<Value>().await.unwrap(),
        json!({ "code": "over_email_send_rate_limit", "message": "email rate limit exceeded" })
    );
    let known = unique_email("ana");
    confirmed_user(&app, &known).await;
    let quiet = post_from(&app, greedy, "/auth/v1/recover", json!({ "email": known })).await;
    assert_eq!((quiet.status().as_u16(), quiet.text().await.unwrap()), (200, "{}".to_owned()), "held back quietly");
    assert_eq!(mail_count_to(&app, &known).await, 0);

    let other = "198.51.100.9";
    let email = unique_email("honest");
    assert_eq!(sign_up_from(&app, other, &email).await.status(), 200);
    assert_eq!(latest_mail_to(&app, &email).await["kind"], "confirm_signup", "another client still gets its mail");
    let neighbour = unique_email("eva");
    confirmed_user(&app, &neighbour).await;
    assert_eq!(post_from(&app, other, "/auth/v1/recover", json!({ "email": neighbour })).await.status(), 200);
    assert_eq!(latest_mail_to(&app, &neighbour).await["kind"], "recovery");
}

#[tokio::test]
async fn admin_invitations_count_only_against_the_instance_quota() {
    let app = TestApp::spawn_with(&["--auth-rate-limit-email-sent-per-ip", "1", "--auth-rate-limit-email-sent", "3"]).await;
    let first = app.post_json("/auth/v1/signup", &json!({ "email": unique_email("fresh"), "password": PASSWORD })).await;
    assert_eq!(first.status(), 200);
    let second = app.post_json("/auth/v1/signup", &json!({ "email": unique_email("fresh"), "password": PASSWORD })).await;
    assert_eq!(second.status(), 429, "this client's share is spent");
    let guest = unique_email("guest");
    admin_post(&app, "/auth/v1/invite", json!({ "email": guest })).await;
    assert_eq!(latest_mail_to(&app, &guest).await["kind"], "invite", "the admin, from the same address, is not held to it");
}
