//! The airport search (`GET /api/v1/airports`), the rights checker's pages, and its first-party count.

use serde_json::{json, Value};

use crate::helpers::TestApp;

async fn codes(app: &TestApp, query: &str) -> Vec<String> {
    let response = app.get(&format!("/api/v1/airports?{query}")).await;
    assert_eq!(response.status(), 200, "{query}");
    assert!(response.headers()["cache-control"].to_str().unwrap().starts_with("public"));
    let body: Value = response.json().await.unwrap();
    body["airports"].as_array().unwrap().iter().map(|a| a["iata"].as_str().unwrap().to_owned()).collect()
}

#[tokio::test]
async fn airports_are_found_by_code_and_by_city_in_each_language() {
    let app = TestApp::spawn().await;
    assert_eq!(codes(&app, "q=BOG&lang=en").await[0], "BOG");
    assert_eq!(codes(&app, "q=bogot%C3%A1&lang=es").await[0], "BOG");
    assert_eq!(codes(&app, "q=gru&lang=pt").await[0], "GRU");
    assert_eq!(&codes(&app, "q=londres&lang=es").await[..2], ["LHR", "LGW"]);
    assert_eq!(&codes(&app, "q=Nova%20York&lang=pt").await[..2], ["JFK", "LGA"]);
    assert_eq!(codes(&app, "q=lisboa&lang=pt&limit=1").await, ["LIS"]);
    assert!(codes(&app, "q=xqzzyq").await.is_empty());

    let body: Value = app.get("/api/v1/airports?q=LHR&lang=es").await.json().await.unwrap();
    let lhr = &body["airports"][0];
    assert_eq!(
        (&lhr["city"], &lhr["country"], &lhr["icao"], &lhr["tz"]),
        (&json!("Londres"), &json!("GB"), &json!("EGLL"), &json!("Europe/London"))
    );
    assert!((lhr["lat"].as_f64().unwrap() - 51.47).abs() < 0.01);
}

#[tokio::test]
async fn a_search_without_words_or_with_a_bad_limit_is_refused_in_the_envelope() {
    let app = TestApp::spawn().await;
    for (query, code) in [
        ("", "invalid_query"),
        ("q=", "invalid_query"),
        ("q=%20%20", "invalid_query"),
        (&format!("q={}", "a".repeat(65)), "invalid_query"),
        ("q=mad&lang=fr", "invalid_language"),
        ("q=mad&limit=0", "invalid_limit"),
        ("q=mad&limit=21", "invalid_limit"),
        ("q=mad&limit=two", "invalid_limit"),
    ] {
        let response = app.get(&format!("/api/v1/airports?{query}")).await;
        assert_eq!(response.status(), 400, "{query}");
        let body: Value = response.json().await.unwrap();
        assert_eq!(body["error_code"], code, "{query}");
    }
}

#[tokio::test]
async fn the_rights_checker_is_a_page_in_three_languages_and_in_the_sitemap() {
    let app = TestApp::spawn().await;
    for (path, title) in
        [("/help/rights", "passenger rights"), ("/es/help/rights", "derechos como pasajero"), ("/pt/help/rights", "direitos de passageiro")]
    {
        let response = app.get(path).await;
        assert_eq!(response.status(), 200, "{path}");
        let html = response.text().await.unwrap();
        assert!(html.contains(title), "{path}: {title}");
        assert!(html.contains(r#"hreflang="pt""#) && html.contains("/es/help/rights"), "{path}");
        assert!(!html.contains("noindex"), "{path}");
    }
    let sitemap = app.get("/sitemap.xml").await.text().await.unwrap();
    assert!(sitemap.contains("/help/rights") && sitemap.contains("/pt/help/rights"));
}

#[tokio::test]
async fn a_rights_check_is_counted_by_outcome_only() {
    let app = TestApp::spawn().await;
    let sent = app.post_json("/api/v1/events", &json!({ "name": "rights_check", "language": "es", "source": "eu261-compensation" })).await;
    assert_eq!(sent.status(), 204);
    let refused = app.post_json("/api/v1/events", &json!({ "name": "rights_check", "language": "es", "source": "Madrid to Bogotá" })).await;
    assert_eq!(refused.status(), 400, "free text is not an outcome");
}
