use crate::helpers::TestApp;

#[tokio::test]
async fn sitemap_lists_every_page_in_every_language() {
    // Without content: posts and dates are in feeds.rs.
    let app = TestApp::spawn_with(&["--content-auto-import", "false"]).await;
    let response = app.get("/sitemap.xml").await;
    assert_eq!(response.status(), 200);
    assert!(response.headers()["content-type"].to_str().unwrap().starts_with("application/xml"));
    let xml = response.text().await.unwrap();
    // 25 public pages (with the rights checker and the newsletter archive); the account and
    // reset-password pages are noindex and stay out.
    assert_eq!(xml.matches("<loc>").count(), 25 * 3);
    assert!(!xml.contains("/account") && !xml.contains("/reset-password"));
    for loc in [
        "http://rumbo.localhost/",
        "http://rumbo.localhost/es/blog",
        "http://rumbo.localhost/pt/destinations/asia",
        "http://rumbo.localhost/es",
        "http://rumbo.localhost/pt/help/rights",
        "http://rumbo.localhost/pt/newsletter",
    ] {
        assert!(xml.contains(&format!("<loc>{loc}</loc>")), "{loc}");
    }
}

#[tokio::test]
async fn robots_allows_pages_and_names_the_sitemap() {
    let app = TestApp::spawn().await;
    let text = app.get("/robots.txt").await.text().await.unwrap();
    assert!(text.contains("Sitemap: http://rumbo.localhost/sitemap.xml"));
    assert!(text.contains("Disallow: /api/"));
}
