//! First-party events: daily counts per name, language and source (nothing about the visitor),
//! validation, the per-IP limit, and `rumbo events` reading the counts back.

use std::process::Command;

use rumbo::platform::db::Db;
use serde_json::{json, Value};
use time::macros::format_description;
use time::OffsetDateTime;

use crate::helpers::TestApp;

const EVENTS: &str = "/api/v1/events";

async fn send(app: &TestApp, name: &str, language: &str, source: Value) -> reqwest::Response {
    app.post_json(EVENTS, &json!({ "name": name, "language": language, "source": source })).await
}

fn today() -> String {
    OffsetDateTime::now_utc().date().format(format_description!("[year]-[month]-[day]")).unwrap()
}

/// Every counter as (day, name, lang, source, count), in a stable order.
async fn counters(app: &TestApp) -> Vec<(String, String, String, String, i64)> {
    let db = Db::connect(&app.database_url().parse().expect("database url"), 1).await.expect("database answers");
    let rows = sqlx::query_as("SELECT day, name, lang, source, count FROM event_counts ORDER BY name, lang, source")
        .fetch_all(&db.pool)
        .await
        .expect("query answers");
    db.pool.close().await;
    rows
}

#[tokio::test]
async fn events_are_counted_per_day_language_and_source() {
    let app = TestApp::spawn().await;
    for (name, language, source) in [
        ("newsletter_signup", "pt", json!("footer")),
        ("newsletter_signup", "pt", json!("footer")),
        ("newsletter_signup", "es", json!("hero")),
        ("purchase", "pt", json!("footer")),
        ("page_view", "en", Value::Null),
        ("page_view", "en", json!("")),
    ] {
        let response = send(&app, name, language, source).await;
        assert_eq!(response.status(), 204);
        assert!(response.text().await.unwrap().is_empty());
    }
    let day = today();
    let row = |name: &str, lang: &str, source: &str, count: i64| (day.clone(), name.to_owned(), lang.to_owned(), source.to_owned(), count);
    assert_eq!(
        counters(&app).await,
        [
            row("newsletter_signup", "es", "hero", 1),
            row("newsletter_signup", "pt", "footer", 2),
            row("page_view", "en", "", 2),
            row("purchase", "pt", "footer", 1),
        ]
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn concurrent_events_all_count() {
    let app = TestApp::spawn().await;
    let tasks: Vec<_> = (0..20)
        .map(|_| {
            let request = app.client.post(app.url(EVENTS)).json(&json!({ "name": "generate_lead", "language": "es", "source": "help" }));
            tokio::spawn(async move { request.send().await.expect("request sent").status().as_u16() })
        })
        .collect();
    for task in tasks {
        assert_eq!(task.await.unwrap(), 204);
    }
    assert_eq!(counters(&app).await, [(today(), "generate_lead".into(), "es".into(), "help".into(), 20)]);
}

#[tokio::test]
async fn invalid_events_are_refused_and_not_counted() {
    let app = TestApp::spawn().await;
    for (body, code) in [
        (json!({ "name": "click", "language": "en" }), "invalid_event"),
        (json!({ "name": "PAGE_VIEW", "language": "en" }), "invalid_event"),
        (json!({ "language": "en" }), "invalid_event"),
        (json!({ "name": "page_view", "language": "fr" }), "invalid_language"),
        (json!({ "name": "page_view" }), "invalid_language"),
        (json!({ "name": "page_view", "language": "en", "source": "Footer" }), "invalid_source"),
        (json!({ "name": "page_view", "language": "en", "source": "x".repeat(65) }), "invalid_source"),
        (json!({ "name": "page_view", "language": "en", "source": 3 }), "invalid_source"),
        (json!("page_view"), "invalid_body"),
    ] {
        let response = app.post_json(EVENTS, &body).await;
        let status = response.status().as_u16();
        let answer: Value = response.json().await.unwrap();
        assert_eq!((status, &answer["error_code"]), (400, &json!(code)), "{body}");
    }
    let too_big = app.post_json(EVENTS, &json!({ "name": "page_view", "language": "en", "pad": "x".repeat(2000) })).await;
    assert_eq!(too_big.status(), 413);
    assert_eq!(too_big.json::<Value>().await.unwrap()["error_code"], "payload_too_large");
    let not_json = app.client.post(app.url(EVENTS)).body("name=page_view").send().await.unwrap();
    assert_eq!(not_json.status(), 415);
    let plain = json!({ "name": "page_view", "language": "en" }).to_string();
    let as_text = app.client.post(app.url(EVENTS)).header("content-type", "text/plain;charset=UTF-8").body(plain).send().await.unwrap();
    assert_eq!(as_text.status(), 415);
    assert!(counters(&app).await.is_empty());
}

#[tokio::test]
async fn events_are_rate_limited_per_ip() {
    let app = TestApp::spawn_with(&["--events-rate-limit", "3"]).await;
    for _ in 0..3 {
        assert_eq!(send(&app, "page_view", "en", Value::Null).await.status(), 204);
    }
    let refused = send(&app, "page_view", "en", Value::Null).await;
    assert_eq!(refused.status(), 429);
    let retry: u64 = refused.headers()["retry-after"].to_str().unwrap().parse().unwrap();
    assert!((1..=60).contains(&retry), "{retry}");
    assert_eq!(refused.json::<Value>().await.unwrap()["error_code"], "rate_limited");
    assert_eq!(counters(&app).await[0].4, 3, "the refused event is not counted");
}

#[tokio::test]
async fn rumbo_events_prints_the_counts() {
    let app = TestApp::spawn().await;
    for _ in 0..2 {
        send(&app, "newsletter_signup", "pt", json!("footer")).await;
    }
    send(&app, "page_view", "en", Value::Null).await;
    let url = app.database_url().to_owned();
    let output = tokio::task::spawn_blocking(move || {
        Command::new(env!("CARGO_BIN_EXE_rumbo"))
            .args(["events", "--days", "7"])
            .env("DATABASE_URL", url)
            .env("RUST_LOG", "error")
            .output()
            .expect("the binary runs")
    })
    .await
    .unwrap();
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    let lines: Vec<Vec<&str>> = stdout.lines().map(|line| line.split_whitespace().collect()).collect();
    let day = today();
    assert!(lines.contains(&vec![day.as_str(), "newsletter_signup", "pt", "footer", "2"]), "{stdout}");
    assert!(lines.contains(&vec![day.as_str(), "page_view", "en", "-", "1"]), "{stdout}");
    assert!(lines.contains(&vec!["newsletter_signup", "2"]), "totals: {stdout}");

    let refused = Command::new(env!("CARGO_BIN_EXE_rumbo")).args(["events", "--days", "0"]).output().unwrap();
    assert!(!refused.status.success());
}
