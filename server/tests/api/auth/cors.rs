//! CORS on /auth/v1: only the site's own origin and AUTH_CORS_ALLOWED_ORIGINS may read answers
//! (credentials are allowed, so any other origin gets no Access-Control-Allow-Origin).

use crate::helpers::TestApp;

async fn preflight(app: &TestApp, origin: &str) -> reqwest::Response {
    app.client
        .request(reqwest::Method::OPTIONS, app.url("/auth/v1/token?grant_type=password"))
        .header("origin", origin)
        .header("access-control-request-method", "POST")
        .header("access-control-request-headers", "apikey,content-type,x-supabase-api-version")
        .send()
        .await
        .unwrap()
}

async fn allowed_origin(app: &TestApp, origin: &str) -> Option<String> {
    let preflight = preflight(app, origin).await;
    let answer = app.client.get(app.url("/auth/v1/settings")).header("origin", origin).send().await.unwrap();
    let read = |r: &reqwest::Response| r.headers().get("access-control-allow-origin").map(|v| v.to_str().unwrap().to_owned());
    assert_eq!(read(&preflight), read(&answer), "preflight and answer agree for {origin}");
    read(&answer)
}

#[tokio::test]
async fn only_the_site_origin_is_allowed_by_default() {
    let app = TestApp::spawn().await;
    assert_eq!(allowed_origin(&app, "http://rumbo.localhost").await.as_deref(), Some("http://rumbo.localhost"));
    for stranger in ["https://evil.example", "http://rumbo.localhost.evil.example", "https://rumbo.test", "null"] {
        assert_eq!(allowed_origin(&app, stranger).await, None, "{stranger}");
    }
    let answer = app.client.get(app.url("/auth/v1/settings")).header("origin", "https://evil.example").send().await.unwrap();
    assert_eq!(answer.status(), 200, "a same-site request without CORS still works");
}

#[tokio::test]
async fn configured_origins_are_allowed_exactly() {
    let app = TestApp::spawn_with(&["--auth-cors-allowed-origins", "https://preview.rumbo.example,http://localhost:5173"]).await;
    for origin in ["http://rumbo.localhost", "https://preview.rumbo.example", "http://localhost:5173"] {
        assert_eq!(allowed_origin(&app, origin).await.as_deref(), Some(origin));
    }
    let allowed = preflight(&app, "https://preview.rumbo.example").await;
    assert_eq!(allowed.headers()["access-control-allow-credentials"], "true");
    for stranger in ["https://other.rumbo.example", "http://localhost:5174", "http://preview.rumbo.example"] {
        assert_eq!(allowed_origin(&app, stranger).await, None, "{stranger}");
    }
}

#[test]
fn wildcards_and_paths_are_refused_at_start() {
    for value in ["*", "https://*.rumbo.example", "https://rumbo.example/app"] {
        let output = std::process::Command::new(env!("CARGO_BIN_EXE_rumbo"))
            .arg("check-config")
            .env_remove("DATABASE_URL")
            .env("AUTH_CORS_ALLOWED_ORIGINS", value)
            .output()
            .unwrap();
        assert!(!output.status.success(), "{value} accepted");
        assert!(String::from_utf8_lossy(&output.stderr).contains("exact origin"), "{}", String::from_utf8_lossy(&output.stderr));
    }
}
