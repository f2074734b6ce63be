//! Google Analytics and AdSense configuration: what the page is told, the CSP hosts they add
//! (only when configured, never 'unsafe-inline'), and the newsletter link pages' heads.

use clap::Parser;
use rumbo::config::Config;

use crate::helpers::TestApp;

const GA: &[&str] = &["--ga-measurement-id", "G-TEST1234"];
const ADS: &[&str] =
    &["--adsense-client", "ca-pub-1234567890123456", "--adsense-slot-mid", "1111111111", "--adsense-slot-bottom", "2222222222"];

fn directive<'a>(csp: &'a str, name: &str) -> Option<&'a str> {
    csp.split(';').map(str::trim).find(|d| d.split_whitespace().next() == Some(name))
}

async fn csp_and_config(app: &TestApp, path: &str) -> (String, serde_json::Value) {
    let response = app.get(path).await;
    let csp = response.headers()["content-security-policy"].to_str().unwrap().to_owned();
    let html = response.text().await.unwrap();
    let block = html.split(r#"<script type="application/json" id="rumbo-config">"#).nth(1).and_then(|rest| rest.split("</script>").next());
    let config = serde_json::from_str(block.expect("config block")).expect("config block is JSON");
    (csp, config)
}

#[tokio::test]
async fn nothing_google_is_allowed_or_announced_unless_configured() {
    let app = TestApp::spawn().await;
    let (csp, config) = csp_and_config(&app, "/").await;
    assert!(!csp.contains("google"), "{csp}");
    assert!(directive(&csp, "frame-src").is_none(), "{csp}");
    assert_eq!(directive(&csp, "script-src"), Some("script-src 'self'"));
    assert!(config.get("gaMeasurementId").is_none() && config.get("ads").is_none(), "{config}");
}

#[tokio::test]
async fn a_measurement_id_allows_exactly_the_analytics_hosts() {
    let app = TestApp::spawn_with(GA).await;
    let (csp, config) = csp_and_config(&app, "/es/blog").await;
    assert_eq!(config["gaMeasurementId"], "G-TEST1234");
    assert!(config.get("ads").is_none());
    assert_eq!(directive(&csp, "script-src"), Some("script-src 'self' https://*.googletagmanager.com"));
    assert_eq!(
        directive(&csp, "connect-src"),
        Some("connect-src 'self' https://*.google-analytics.com https://*.analytics.google.com https://*.googletagmanager.com")
    );
    assert_eq!(directive(&csp, "img-src"), Some("img-src 'self' data: https://*.google-analytics.com https://*.googletagmanager.com"));
    assert!(directive(&csp, "frame-src").is_none(), "analytics needs no frames: {csp}");
    assert!(!csp.contains("unsafe-inline") && !csp.contains("unsafe-eval"), "{csp}");
    assert_eq!(directive(&csp, "style-src"), Some("style-src 'self'"));
}

#[tokio::test]
async fn adsense_adds_its_hosts_and_the_slots_reach_the_page() {
    let mut args = GA.to_vec();
    args.extend_from_slice(ADS);
    let app = TestApp::spawn_with(&args).await;
    let (csp, config) = csp_and_config(&app, "/pt").await;
    assert_eq!(
        config["ads"],
        serde_json::json!({ "client": "ca-pub-1234567890123456", "slots": { "mid-content": "1111111111", "bottom": "2222222222" } })
    );
    let script = directive(&csp, "script-src").unwrap();
    assert!(script.contains("https://pagead2.googlesyndication.com") && script.contains("https://*.googletagmanager.com"), "{script}");
    let frame = directive(&csp, "frame-src").expect("ads render in frames");
    assert!(frame.starts_with("frame-src 'self' ") && frame.contains("https://googleads.g.doubleclick.net"), "{frame}");
    assert!(!csp.contains("unsafe-inline"), "{csp}");
    assert!(csp.contains("frame-ancestors 'none'"), "the site itself still refuses to be framed");
}

#[tokio::test]
async fn a_publisher_id_without_slots_shows_no_ads() {
    let app = TestApp::spawn_with(&["--adsense-client", "ca-pub-1234567890123456"]).await;
    let (csp, config) = csp_and_config(&app, "/").await;
    assert!(config.get("ads").is_none(), "{config}");
    assert!(!csp.contains("googlesyndication"), "{csp}");
}

#[derive(Parser)]
struct Cli {
    #[command(flatten)]
    config: Config,
}

#[test]
fn malformed_ids_and_slots_without_a_publisher_are_refused() {
    let parse = |args: &[&str]| Cli::try_parse_from([&["rumbo"], args].concat()).map(|cli| cli.config);
    assert!(parse(&["--ga-measurement-id", "UA-1234-5"]).is_err());
    assert!(parse(&["--ga-measurement-id", "G-ABC\"><script>"]).is_err());
    assert!(parse(&["--adsense-client", "pub-123"]).is_err());
    assert!(parse(&["--adsense-slot-top", "123"]).is_err(), "a slot needs ADSENSE_CLIENT");
    let config = parse(&["--adsense-client", "ca-pub-1234567890", "--adsense-slot-top", "123"]).expect("complete ad config");
    assert!(config.third_parties.ads_enabled());
}

#[tokio::test]
async fn newsletter_link_pages_answer_in_every_language_and_stay_out_of_search() {
    let app = TestApp::spawn().await;
    for (path, lang) in [
        ("/newsletter/confirm?token=abc", "en"),
        ("/es/newsletter/confirm", "es"),
        ("/pt/newsletter/unsubscribe?token=abc", "pt"),
        ("/newsletter/unsubscribe", "en"),
    ] {
        let response = app.get(path).await;
        assert_eq!(response.status(), 200, "{path}");
        let html = response.text().await.unwrap();
        assert!(html.contains(&format!(r#"<html lang="{lang}""#)), "{path}");
        assert!(html.contains(r#"<meta name="robots" content="noindex">"#), "{path}");
    }
    let sitemap = app.get("/sitemap.xml").await.text().await.unwrap();
    assert!(!sitemap.contains("/newsletter/"), "private link pages are not in the sitemap");
}
