//! Pages are served compressed from the cache: brotli or gzip as the client asks, each with its
//! own strong ETag, 304 on revalidation, and a new tag once the content moves (docs/decisions/016).

use std::io::Read;
use std::time::Duration;

use crate::content_fixture::ContentCopy;
use crate::helpers::TestApp;

/// A plain client: the contract client reads API bodies as JSON, and these come compressed.
async fn fetch(app: &TestApp, path: &str, accept: &str, if_none_match: Option<&str>) -> reqwest::Response {
    let mut request = reqwest::Client::new().get(format!("{}{path}", app.address)).header("accept-encoding", accept);
    if let Some(tag) = if_none_match {
        request = request.header("if-none-match", tag);
    }
    request.send().await.expect("request sent")
}

fn decode(coding: &str, body: &[u8]) -> String {
    let mut text = String::new();
    match coding {
        "br" => brotli::Decompressor::new(body, 4096).read_to_string(&mut text).unwrap(),
        "gzip" => flate2::read::GzDecoder::new(body).read_to_string(&mut text).unwrap(),
        _ => return String::from_utf8(body.to_vec()).unwrap(),
    };
    text
}

/// The page's ETag for `coding`, after checking the body decodes to the page and revalidates.
async fn served(app: &TestApp, path: &str, coding: &str, expect: &str) -> String {
    let response = fetch(app, path, coding, None).await;
    assert_eq!(response.status(), 200, "{path} {coding}");
    let headers = response.headers().clone();
    let got = headers.get("content-encoding").map(|v| v.to_str().unwrap().to_owned()).unwrap_or_default();
    assert_eq!(got, if coding == "identity" { "" } else { coding }, "{path}");
    assert_eq!(headers["vary"], "accept-encoding");
    let tag = headers["etag"].to_str().unwrap().to_owned();
    assert!(tag.starts_with('"') && tag.ends_with('"'), "{path}: {tag} is a strong tag");
    let text = decode(coding, &response.bytes().await.unwrap());
    assert!(text.contains(expect), "{path} {coding}: the decoded body is the page");

    let again = fetch(app, path, coding, Some(&tag)).await;
    assert_eq!(again.status(), 304, "{path} {coding}");
    assert_eq!(again.headers()["etag"], tag.as_str());
    assert!(again.bytes().await.unwrap().is_empty());
    assert_eq!(fetch(app, path, coding, Some("\"not-the-page\"")).await.status(), 200);
    tag
}

#[tokio::test]
async fn pages_feeds_and_the_sitemap_come_precompressed_with_a_strong_tag_per_coding() {
    let app = TestApp::spawn().await;
    for (path, expect) in
        [("/", "<html"), ("/es/blog", "<html"), ("/pt/help/rights", "<html"), ("/sitemap.xml", "<urlset"), ("/es/blog/feed.xml", "<rss")]
    {
        let br = served(&app, path, "br", expect).await;
        let gzip = served(&app, path, "gzip", expect).await;
        let plain = served(&app, path, "identity", expect).await;
        assert!(br != gzip && gzip != plain && br != plain, "{path}: one tag per byte sequence");
    }
    let missing = fetch(&app, "/es/no-such-page", "br", Some("*")).await;
    assert_eq!(missing.status(), 404, "a not-found page is never 304");
    assert!(decode("br", &missing.bytes().await.unwrap()).contains("<html"));
}

#[tokio::test]
async fn a_new_content_version_gives_the_page_a_new_tag() {
    let content = ContentCopy::new();
    let app = TestApp::spawn_with_content(&content.0, &["--content-refresh-secs", "1"]).await;
    let before = served(&app, "/blog/lost-bag", "br", "<html").await;
    content.edit("posts/lost-bag/en.md", "title = \"Fixture lost-bag\"", "title = \"Lost bag, revised\"");
    let db = rumbo::platform::db::Db::connect(&app.database_url().parse().unwrap(), 1).await.unwrap();
    rumbo::content::import_dir(&db, &content.0, false, &app.store_files()).await.unwrap();
    for _ in 0..50 {
        let response = fetch(&app, "/blog/lost-bag", "br", Some(&before)).await;
        if response.status() == 200 {
            assert_ne!(response.headers()["etag"].to_str().unwrap(), before);
            assert!(decode("br", &response.bytes().await.unwrap()).contains("Lost bag, revised"));
            return;
        }
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    panic!("the page kept its old tag after the content moved");
}

#[tokio::test]
async fn content_api_answers_are_kept_compressed_and_revalidated_like_pages() {
    let content = ContentCopy::new();
    let app = TestApp::spawn_with_content(&content.0, &[]).await;
    for path in [
        "/api/v1/posts?lang=es&limit=2",
        "/api/v1/destinations?lang=pt&kind=region",
        "/api/v1/posts/lost-bag?lang=en",
        "/api/v1/destinations/europe?lang=es",
    ] {
        kept_json(&app, path).await;
    }
    let missing = fetch(&app, "/api/v1/posts/no-such-post?lang=en", "br", None).await;
    assert_eq!(missing.status(), 404);
    let coding = missing.headers().get("content-encoding").map(|v| v.to_str().unwrap().to_owned()).unwrap_or_default();
    let body: serde_json::Value = serde_json::from_str(&decode(&coding, &missing.bytes().await.unwrap())).unwrap();
    assert_eq!(body["error_code"], "post_not_found");
}

#[tokio::test]
async fn plans_testimonials_and_the_catalogue_are_kept_like_the_content() {
    let app = TestApp::spawn().await;
    for path in [
        "/api/v1/consultations/plans?lang=pt",
        "/api/v1/consultations/testimonials?lang=es",
        "/api/v1/store/products?lang=en&category=guides",
        "/api/v1/store/products/air-passenger-rights-guide?lang=pt",
    ] {
        kept_json(&app, path).await;
    }
}

/// An API answer served in brotli and gzip with a strong tag each, 304 on revalidation, typed
/// as JSON and revalidated after a minute.
async fn kept_json(app: &TestApp, path: &str) {
    let br = served(app, path, "br", "\"").await;
    let gzip = served(app, path, "gzip", "\"").await;
    assert_ne!(br, gzip, "{path}");
    let response = fetch(app, path, "identity", None).await;
    assert_eq!(response.headers()["content-type"], "application/json");
    assert!(response.headers()["cache-control"].to_str().unwrap().contains("must-revalidate"));
}
