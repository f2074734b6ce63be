//! `/metrics`: Prometheus counters and durations by route, only for the bearer of METRICS_TOKEN.

use crate::helpers::TestApp;

const TOKEN: &str = "test-metrics-token";

async fn scrape(app: &TestApp, bearer: Option<&str>) -> reqwest::Response {
    let mut request = app.client.get(format!("{}/metrics", app.address));
    if let Some(token) = bearer {
        request = request.header("authorization", format!("Bearer {token}"));
    }
    request.send().await.expect("request sent")
}

#[tokio::test]
async fn requests_are_counted_by_route_pattern_and_timed() {
    let app = TestApp::spawn_with(&["--metrics-token", TOKEN]).await;
    for path in
        ["/api/v1/posts?lang=en&limit=3", "/api/v1/posts?lang=es", "/api/v1/posts/no-such-post?lang=en", "/es/blog", "/random-scan/.env"]
    {
        app.get(path).await;
    }
    let response = scrape(&app, Some(TOKEN)).await;
    assert_eq!(response.status(), 200);
    assert!(response.headers()["content-type"].to_str().unwrap().starts_with("text/plain; version=0.0.4"));
    let text = response.text().await.unwrap();
    assert!(text.contains("# TYPE rumbo_http_requests_total counter"));
    assert!(text.contains(r#"rumbo_http_requests_total{method="GET",route="/api/v1/posts",status="200"} 2"#), "{text}");
    assert!(text.contains(r#"rumbo_http_requests_total{method="GET",route="/api/v1/posts/{slug}",status="404"} 1"#), "{text}");
    assert!(text.contains(r#"route="(pages)",status="200"} 1"#) && text.contains(r#"route="(pages)",status="404"} 1"#), "{text}");
    assert!(!text.contains(".env") && !text.contains("no-such-post"), "raw paths never become labels");
    assert!(text.contains("# TYPE rumbo_http_request_duration_seconds histogram"));
    assert!(text.contains(r#"rumbo_http_request_duration_seconds_bucket{route="/api/v1/posts",le="+Inf"} 2"#), "{text}");
}

#[tokio::test]
async fn metrics_are_refused_without_the_token_and_absent_without_one_configured() {
    let app = TestApp::spawn_with(&["--metrics-token", TOKEN]).await;
    for bearer in [None, Some("wrong-token-value")] {
        let response = scrape(&app, bearer).await;
        assert_eq!(response.status(), 401);
        assert!(!response.text().await.unwrap().contains("# TYPE"));
    }
    let unconfigured = TestApp::spawn().await;
    assert_eq!(scrape(&unconfigured, Some(TOKEN)).await.status(), 404);
}
