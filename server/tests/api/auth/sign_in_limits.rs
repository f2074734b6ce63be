//! Sign-in limits (docs/decisions/009-sign-in-limits.md): failed sign-ins per address answer
//! 429 past AUTH_RATE_LIMIT_TOKEN while a correct password still works, every /token request
//! stops at a hard ceiling, and each account has its own cap on failures.

use serde_json::{json, Value};

use super::{refresh, session_for, sign_in, sign_up, sign_up_and_confirm, unique_email, PASSWORD};
use crate::helpers::TestApp;

async fn assert_rate_limited(response: reqwest::Response, longest_wait: u64) {
    assert_eq!(response.status(), 429);
    let retry: u64 = response.headers()["retry-after"].to_str().unwrap().parse().unwrap();
    assert!(retry > 0 && retry <= longest_wait, "{retry}");
    assert_eq!(
        response.json::<Value>().await.unwrap(),
        json!({ "code": "over_request_rate_limit", "message": "Request rate limit reached" })
    );
}

/// What the acceptance check does through one proxy: a burst of guesses at unknown addresses
/// is limited, and an honest user behind the same address still signs in right after.
#[tokio::test]
async fn guessing_from_an_address_is_limited_but_a_correct_password_from_it_still_signs_in() {
    let app = TestApp::spawn_with(&["--auth-rate-limit-token", "20"]).await;
    let guesses: Vec<_> = (0..40)
        .map(|i| {
            let (client, url) = (app.client.clone(), app.url("/auth/v1/token?grant_type=password"));
            let body = json!({ "email": unique_email(&format!("nobody{i}")), "password": "wrong-password-1" });
            tokio::spawn(async move { client.post(url).json(&body).send().await.unwrap().status().as_u16() })
        })
        .collect();
    let mut codes = Vec::new();
    for guess in guesses {
        codes.push(guess.await.unwrap());
    }
    let limited = codes.iter().filter(|&&c| c == 429).count();
    assert!(limited >= 15 && codes.iter().all(|&c| c == 400 || c == 429), "{codes:?}");
    let email = unique_email("honest");
    sign_up_and_confirm(&app, &email).await;
    assert_ne!(sign_in(&app, &email, "Typo-123").await.status(), 200);
    assert_eq!(sign_in(&app, &email, PASSWORD).await.status(), 200, "the honest user is not locked out");
}

#[tokio::test]
async fn every_token_request_stops_at_the_ceiling_before_any_work() {
    let app = TestApp::spawn_with(&["--auth-autoconfirm", "true", "--auth-rate-limit-token", "2"]).await;
    let email = unique_email("ana");
    let session = sign_up(&app, &email).await;
    for _ in 0..9 {
        assert_eq!(refresh(&app, "abcdefghijklmnopqrstuvwxyz012345").await.status(), 400);
    }
    assert_eq!(sign_in(&app, &email, PASSWORD).await.status(), 200, "the tenth request is still served");
    assert_rate_limited(sign_in(&app, &email, PASSWORD).await, 300).await;
    let refreshed = refresh(&app, session["refresh_token"].as_str().unwrap()).await;
    assert_eq!(refreshed.status(), 429, "the ceiling counts every grant");
}

#[tokio::test]
async fn an_account_past_its_failures_is_refused_before_the_password_is_checked() {
    let app = TestApp::spawn_with(&["--auth-autoconfirm", "true", "--auth-rate-limit-sign-in-failures", "3"]).await;
    let (known, unknown) = (unique_email("known"), unique_email("unknown"));
    sign_up(&app, &known).await;
    for email in [&known, &unknown] {
        for _ in 0..3 {
            assert_eq!(sign_in(&app, email, "Wrong-123").await.status(), 400);
        }
    }
    assert_rate_limited(sign_in(&app, &known, PASSWORD).await, 900).await;
    assert_rate_limited(sign_in(&app, &known.to_uppercase(), "Wrong-123").await, 900).await;
    assert_rate_limited(sign_in(&app, &unknown, "Wrong-123").await, 900).await;
    let other = unique_email("other");
    sign_up(&app, &other).await;
    assert_eq!(sign_in(&app, &other, PASSWORD).await.status(), 200, "other accounts are not affected");
}

#[tokio::test]
async fn a_correct_password_clears_the_account_failures() {
    let app = TestApp::spawn_with(&["--auth-autoconfirm", "true", "--auth-rate-limit-sign-in-failures", "3"]).await;
    let email = unique_email("typo");
    sign_up(&app, &email).await;
    for _ in 0..2 {
        for _ in 0..2 {
            assert_eq!(sign_in(&app, &email, "Wrong-123").await.status(), 400);
        }
        session_for(&app, &email).await;
    }
}

#[tokio::test]
async fn the_account_cap_holds_across_instances() {
    let first = TestApp::spawn_with(&["--auth-autoconfirm", "true", "--auth-rate-limit-sign-in-failures", "2"]).await;
    let email = unique_email("ana");
    sign_up(&first, &email).await;
    let second = TestApp::spawn_with(&["--database-url", first.database_url(), "--auth-rate-limit-sign-in-failures", "2"]).await;
    assert_eq!(sign_in(&first, &email, "Wrong-123").await.status(), 400);
    assert_eq!(sign_in(&second, &email, "Wrong-123").await.status(), 400);
    assert_eq!(sign_in(&first, &email, PASSWORD).await.status(), 429);
    assert_eq!(sign_in(&second, &email, PASSWORD).await.status(), 429);
}
