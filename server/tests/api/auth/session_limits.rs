//! AUTH_SESSIONS_TIMEBOX and AUTH_SESSIONS_INACTIVITY_TIMEOUT: past either, a refresh answers
//! 400 session_expired and the session's tokens are refused; access tokens never outlive them.

use serde_json::{json, Value};

use super::{access_token, claims, execute, get_with_token, refresh, sign_up, unique_email};
use crate::helpers::TestApp;

async fn app_with(limits: &[&str]) -> TestApp {
    let mut args = vec!["--auth-autoconfirm", "true"];
    args.extend_from_slice(limits);
    TestApp::spawn_with(&args).await
}

/// Moves the session's sign-in and last refresh back by `secs`.
async fn age_session(app: &TestApp, session: &Value, secs: i64) {
    let id = claims(access_token(session))["session_id"].as_str().unwrap().to_owned();
    let sql = format!(
        "UPDATE auth_sessions SET created_at = created_at - {secs}, refreshed_at = COALESCE(refreshed_at, created_at) - {secs} WHERE id = '{id}'"
    );
    execute(app, &sql).await;
}

async fn assert_refresh_expired(app: &TestApp, session: &Value) {
    let response = refresh(app, session["refresh_token"].as_str().unwrap()).await;
    assert_eq!(response.status(), 400);
    assert_eq!(
        response.json::<Value>().await.unwrap(),
        json!({ "code": "session_expired", "message": "Invalid Refresh Token: Session Expired" })
    );
}

#[tokio::test]
async fn access_tokens_never_outlive_the_timebox_or_the_inactivity_timeout() {
    let app = app_with(&["--auth-sessions-timebox", "2m"]).await;
    let session = sign_up(&app, &unique_email("ana")).await;
    let token = claims(access_token(&session));
    assert!(token["exp"].as_i64().unwrap() - token["iat"].as_i64().unwrap() <= 120, "{token}");
    assert!(session["expires_in"].as_i64().unwrap() <= 120);
    let app = app_with(&["--auth-sessions-inactivity-timeout", "600"]).await;
    let session = sign_up(&app, &unique_email("eva")).await;
    let refreshed: Value = refresh(&app, session["refresh_token"].as_str().unwrap()).await.json().await.unwrap();
    let token = claims(access_token(&refreshed));
    assert!(token["exp"].as_i64().unwrap() - token["iat"].as_i64().unwrap() <= 600, "{token}");
}

#[tokio::test]
async fn a_session_past_its_timebox_is_refused_everywhere() {
    let app = app_with(&["--auth-sessions-timebox", "24h"]).await;
    let session = sign_up(&app, &unique_email("ana")).await;
    let refreshed: Value = refresh(&app, session["refresh_token"].as_str().unwrap()).await.json().await.unwrap();
    age_session(&app, &refreshed, 25 * 3600).await;
    let user = get_with_token(&app, "/auth/v1/user", access_token(&refreshed)).await;
    assert_eq!(user.status(), 403);
    assert_eq!(user.json::<Value>().await.unwrap()["error_code"], "session_expired");
    let profile = get_with_token(&app, "/api/v1/profile", access_token(&refreshed)).await;
    assert_eq!(profile.status(), 403);
    assert_eq!(profile.json::<Value>().await.unwrap()["error_code"], "session_expired");
    assert_refresh_expired(&app, &refreshed).await;
}

#[tokio::test]
async fn an_idle_session_ends_while_a_refreshed_one_lives_on() {
    let app = app_with(&["--auth-sessions-inactivity-timeout", "30m"]).await;
    let (idle, active) = (sign_up(&app, &unique_email("idle")).await, sign_up(&app, &unique_email("active")).await);
    age_session(&app, &idle, 31 * 60).await;
    age_session(&app, &active, 20 * 60).await;
    assert_eq!(get_with_token(&app, "/auth/v1/user", access_token(&idle)).await.status(), 403);
    assert_refresh_expired(&app, &idle).await;
    let refreshed: Value = refresh(&app, active["refresh_token"].as_str().unwrap()).await.json().await.unwrap();
    age_session(&app, &refreshed, 20 * 60).await;
    let again = refresh(&app, refreshed["refresh_token"].as_str().unwrap()).await;
    assert_eq!(again.status(), 200, "each refresh restarts the inactivity clock");
}

#[tokio::test]
async fn without_limits_sessions_last() {
    let app = app_with(&[]).await;
    let session = sign_up(&app, &unique_email("ana")).await;
    age_session(&app, &session, 400 * 24 * 3600).await;
    assert_eq!(get_with_token(&app, "/auth/v1/user", access_token(&session)).await.status(), 200);
    assert_eq!(refresh(&app, session["refresh_token"].as_str().unwrap()).await.status(), 200);
}

#[test]
fn limits_take_seconds_or_go_durations_and_refuse_anything_else() {
    for (value, ok) in [("86400", true), ("24h", true), ("1h30m", true), ("0", true), ("1 day", false), ("-1", false)] {
        let output = std::process::Command::new(env!("CARGO_BIN_EXE_rumbo"))
            .arg("check-config")
            .env_remove("DATABASE_URL")
            .env("RUMBO_ENV", "development")
            .env_remove("SITE_URL")
            .env("AUTH_SESSIONS_TIMEBOX", value)
            .env("AUTH_SESSIONS_INACTIVITY_TIMEOUT", value)
            .output()
            .unwrap();
        assert_eq!(output.status.success(), ok, "{value}: {}", String::from_utf8_lossy(&output.stderr));
    }
}
