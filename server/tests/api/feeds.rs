//! The sitemap with posts and destinations, and the RSS feed of each language.

use crate::content_fixture::{app_with_fixture, elements};

#[tokio::test]
async fn the_sitemap_lists_posts_and_destinations_with_their_dates() {
    let app = app_with_fixture().await;
    let xml = app.get("/sitemap.xml").await.text().await.unwrap();
    // 25 public pages and 2 posts, each in three languages.
    assert_eq!(xml.matches("<loc>").count(), (25 + 2) * 3);
    for prefix in ["", "/es", "/pt"] {
        for (path, lastmod) in
            [("/blog/lost-bag", "2026-04-02"), ("/blog/delayed-flight", "2026-03-14"), ("/destinations/europe", "2026-04-02")]
        {
            let entry = format!("<url><loc>http://rumbo.localhost{prefix}{path}</loc><lastmod>{lastmod}</lastmod>");
            assert!(xml.contains(&entry), "{entry}");
        }
    }
    let alternate = r#"<xhtml:link rel="alternate" hreflang="es" href="http://rumbo.localhost/es/blog/lost-bag"/>"#;
    assert_eq!(xml.matches(alternate).count(), 3, "each language's entry names its alternates");
    assert!(xml.contains("<loc>http://rumbo.localhost/destinations/asia</loc>\n"), "not imported: listed without a date");
    assert_well_formed(&xml);
}

#[tokio::test]
async fn each_language_has_an_rss_feed_of_its_newest_posts() {
    let app = app_with_fixture().await;
    for (lang, prefix, channel, category) in [
        ("en", "", "Travel blog | Rumbo", "Flights"),
        ("es", "/es", "Blog de viajes | Rumbo", "Vuelos"),
        ("pt", "/pt", "Blog de viagens | Rumbo", "Voos"),
    ] {
        let response = app.get(&format!("{prefix}/blog/feed.xml")).await;
        assert_eq!(response.status(), 200);
        assert_eq!(response.headers()["content-type"], "application/rss+xml; charset=utf-8");
        let xml = response.text().await.unwrap();
        assert_well_formed(&xml);
        assert!(xml.starts_with("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<rss version=\"2.0\""));
        assert_eq!(elements(&xml, "language"), [lang]);
        assert_eq!(elements(&xml, "title")[0], channel);
        assert_eq!(elements(&xml, "link")[0], format!("http://rumbo.localhost{prefix}/blog"));
        assert!(xml.contains(&format!(
            r#"<atom:link href="http://rumbo.localhost{prefix}/blog/feed.xml" rel="self" type="application/rss+xml"/>"#
        )));
        let items = elements(&xml, "item");
        assert_eq!(items.len(), 2);
        let newest = format!("http://rumbo.localhost{prefix}/blog/lost-bag");
        assert_eq!(elements(items[0], "link"), [newest.as_str()]);
        assert!(items[0].contains(&format!(r#"<guid isPermaLink="true">{newest}</guid>"#)));
        assert_eq!(elements(items[0], "pubDate"), ["Thu, 02 Apr 2026 00:00:00 +0000"]);
        assert_eq!(elements(items[1], "pubDate"), ["Sat, 14 Mar 2026 00:00:00 +0000"]);
        assert_eq!(elements(items[0], "category"), [category]);
        assert_eq!(elements(items[0], "description").len(), 1);
    }
    assert_eq!(app.get("/en/blog/feed.xml").await.headers()["location"], "/blog/feed.xml");
    assert_eq!(app.client.head(app.url("/es/blog/feed.xml")).send().await.unwrap().status(), 200);
}

/// Every element is closed in order (a small check, not a parser).
fn assert_well_formed(xml: &str) {
    let mut open: Vec<&str> = Vec::new();
    for tag in xml.split('<').skip(1).map(|rest| &rest[..rest.find('>').expect("tag ends")]) {
        if tag.starts_with('?') || tag.ends_with('/') {
            continue;
        }
        match tag.strip_prefix('/') {
            Some(name) => assert_eq!(open.pop(), Some(name), "closing {name}"),
            None => open.push(tag.split_whitespace().next().unwrap()),
        }
    }
    assert!(open.is_empty(), "unclosed: {open:?}");
}
