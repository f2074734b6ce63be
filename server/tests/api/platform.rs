//! What every response shares: health, readiness, security headers, request ids, limits, geo.

use crate::helpers::TestApp;

#[tokio::test]
async fn health_and_ready_answer_json() {
    let app = TestApp::spawn().await;
    let health: serde_json::Value = app.get("/health").await.json().await.unwrap();
    assert_eq!(health["status"], "ok");
    let ready = app.get("/ready").await;
    assert_eq!(ready.status(), 200);
    let ready: serde_json::Value = ready.json().await.unwrap();
    assert_eq!(ready["database"], "ok");
}

#[tokio::test]
async fn every_response_carries_the_security_headers() {
    let app = TestApp::spawn().await;
    for path in ["/", "/es/blog", "/nope", "/health", "/api/v1/nope", "/robots.txt"] {
        let response = app.get(path).await;
        let headers = response.headers();
        let csp = headers["content-security-policy"].to_str().unwrap();
        let script_src = csp.split(';').find(|d| d.trim().starts_with("script-src")).expect("script-src");
        assert!(!script_src.contains("unsafe-inline"), "{path}: {script_src}");
        assert!(csp.contains("frame-ancestors 'none'"), "{path}");
        assert_eq!(headers["x-content-type-options"], "nosniff", "{path}");
        assert_eq!(headers["referrer-policy"], "strict-origin-when-cross-origin", "{path}");
        assert!(headers["permissions-policy"].to_str().unwrap().contains("camera=()"), "{path}");
        assert!(headers.get("strict-transport-security").is_none(), "no HSTS over plain http");
    }
}

#[tokio::test]
async fn https_sites_send_hsts() {
    let app =
        TestApp::spawn_with(&["--site-url", "https://rumbo.test", "--environment", "production", "--payment-provider", "sandbox"]).await;
    let response = app.get("/").await;
    assert!(response.headers()["strict-transport-security"].to_str().unwrap().starts_with("max-age="));
    assert!(response.headers()["content-security-policy"].to_str().unwrap().contains("upgrade-insecure-requests"));
}

#[tokio::test]
async fn requests_get_an_id_and_keep_a_given_one() {
    let app = TestApp::spawn().await;
    let generated = app.get("/health").await;
    assert!(!generated.headers()["x-request-id"].is_empty());
    let given = app.get_with("/health", "x-request-id", "trace-me-42").await;
    assert_eq!(given.headers()["x-request-id"], "trace-me-42");
}

#[tokio::test]
async fn pages_are_compressed_for_clients_that_ask() {
    let app = TestApp::spawn().await;
    let response = app.get_with("/", "accept-encoding", "gzip").await;
    assert_eq!(response.headers()["content-encoding"], "gzip");
}

#[tokio::test]
async fn oversized_bodies_are_refused() {
    let app = TestApp::spawn_with(&["--request-body-limit", "1024"]).await;
    let response = app.client.post(format!("{}/api/v1/geo", app.address)).body(vec![b'x'; 4096]).send().await.unwrap();
    assert_eq!(response.status(), 413);
}

#[tokio::test]
async fn pages_accept_only_reads() {
    let app = TestApp::spawn().await;
    let response = app.client.post(format!("{}/blog", app.address)).send().await.unwrap();
    assert_eq!(response.status(), 405);
}

#[tokio::test]
async fn unknown_api_paths_answer_a_json_error() {
    let app = TestApp::spawn().await;
    for path in ["/api/v1/nope", "/api/nope", "/api"] {
        let response = app.get(path).await;
        assert_eq!(response.status(), 404, "{path}");
        let body: serde_json::Value = response.json().await.unwrap();
        assert_eq!(body["error_code"], "not_found", "{path}");
    }
}

#[tokio::test]
async fn geo_is_unknown_without_a_trusted_header() {
    let app = TestApp::spawn().await;
    assert_eq!(app.get_with("/api/v1/geo", "cf-ipcountry", "BR").await.status(), 204, "an untrusted header is ignored");
}

#[tokio::test]
async fn geo_reads_the_trusted_header() {
    let app = TestApp::spawn_with(&["--trusted-country-header", "CF-IPCountry"]).await;
    let response = app.get_with("/api/v1/geo", "cf-ipcountry", "BR").await;
    assert_eq!(response.status(), 200);
    let body: serde_json::Value = response.json().await.unwrap();
    assert_eq!(body, serde_json::json!({ "country_code": "BR", "country_name": "Brazil" }));
    assert_eq!(app.get_with("/api/v1/geo", "cf-ipcountry", "XX").await.status(), 204);
    assert_eq!(app.get("/api/v1/geo").await.status(), 204);
}

/// Behind one proxy that appends the address it saw, a client rotating the entries it writes
/// to the left of X-Forwarded-For stays one client; an IPv6 client is counted per /64.
#[tokio::test]
async fn spoofed_forwarded_entries_do_not_escape_rate_limits() {
    let app = TestApp::spawn_with(&["--client-ip-header", "x-forwarded-for", "--events-rate-limit", "3"]).await;
    let event = |xff: String| {
        let request = app.client.post(app.url("/api/v1/events")).header("x-forwarded-for", xff);
        async move { request.json(&serde_json::json!({ "name": "page_view", "language": "en" })).send().await.unwrap().status().as_u16() }
    };
    for i in 0..3 {
        assert_eq!(event(format!("10.9.0.{i}, 198.51.100.7")).await, 204);
    }
    assert_eq!(event("10.9.0.99, 198.51.100.7".into()).await, 429, "the spoofed left entry changed nothing");
    assert_eq!(event("198.51.100.8".into()).await, 204, "another client has its own count");
    for host in ["1", "2", "ffff"] {
        assert_eq!(event(format!("2001:db8:1:2::{host}")).await, 204);
    }
    assert_eq!(event("2001:db8:1:2:abcd::1".into()).await, 429, "same /64");
    assert_eq!(event("2001:db8:1:3::1".into()).await, 204, "another /64");
}

#[tokio::test]
async fn two_trusted_hops_read_the_second_entry_from_the_right() {
    let app =
        TestApp::spawn_with(&["--client-ip-header", "x-forwarded-for", "--trusted-proxy-hops", "2", "--events-rate-limit", "1"]).await;
    let event = |xff: &'static str| {
        let request = app.client.post(app.url("/api/v1/events")).header("x-forwarded-for", xff);
        async move { request.json(&serde_json::json!({ "name": "page_view", "language": "en" })).send().await.unwrap().status().as_u16() }
    };
    assert_eq!(event("1.1.1.1, 198.51.100.7, 10.0.0.2").await, 204);
    assert_eq!(event("2.2.2.2, 198.51.100.7, 10.0.0.3").await, 429, "the same client through other inner proxies");
    assert_eq!(event("2.2.2.2, 198.51.100.9, 10.0.0.2").await, 204);
}
