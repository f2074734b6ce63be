//! Per-IP request limits: 429 over_request_rate_limit with Retry-After.

use serde_json::{json, Value};

use super::{sign_in, unique_email, PASSWORD};
use crate::helpers::TestApp;

#[tokio::test]
async fn token_requests_past_the_limit_get_429_with_retry_after() {
    let app = TestApp::spawn_with(&["--auth-rate-limit-token", "3"]).await;
    let email = unique_email("ana");
    for _ in 0..3 {
        assert_eq!(sign_in(&app, &email, PASSWORD).await.status(), 400);
    }
    let limited = sign_in(&app, &email, PASSWORD).await;
    assert_eq!(limited.status(), 429);
    let retry: u64 = limited.headers()["retry-after"].to_str().unwrap().parse().unwrap();
    assert!(retry > 0 && retry <= 300, "{retry}");
    assert_eq!(limited.headers()["x-sb-error-code"], "over_request_rate_limit");
    assert_eq!(
        limited.json::<Value>().await.unwrap(),
        json!({ "code": "over_request_rate_limit", "message": "Request rate limit reached" })
    );
}

#[tokio::test]
async fn mail_sending_endpoints_are_limited_per_ip() {
    let app = TestApp::spawn_with(&["--auth-rate-limit-email-requests", "2"]).await;
    for _ in 0..2 {
        assert_eq!(app.post_json("/auth/v1/recover", &json!({ "email": unique_email("x") })).await.status(), 200);
    }
    let limited = app.post_json("/auth/v1/recover", &json!({ "email": unique_email("x") })).await;
    assert_eq!(limited.status(), 429);
    assert!(limited.headers().contains_key("retry-after"));
    let signup = app.post_json("/auth/v1/signup", &json!({ "email": unique_email("y"), "password": PASSWORD })).await;
    assert_eq!(signup.status(), 200, "each endpoint counts on its own");
}
