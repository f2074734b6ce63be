//! Rendered pages are kept until the content version moves: a re-import shows up within the
//! refresh interval, and a cached page is served without the database.

use std::time::Duration;

use rumbo::platform::db::Db;

use crate::content_fixture::{page, ContentCopy};
use crate::helpers::{title_of, TestApp};

/// Asks for `path` every 200 ms until its body contains `text` (at most 10 s).
async fn eventually_contains(app: &TestApp, path: &str, text: &str) -> String {
    for _ in 0..50 {
        let body = app.get(path).await.text().await.unwrap();
        if body.contains(text) {
            return body;
        }
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    panic!("{path} never showed {text}");
}

#[tokio::test]
async fn a_reimport_shows_up_once_the_version_moves() {
    let content = ContentCopy::new();
    let app = TestApp::spawn_with_content(&content.0, &["--content-refresh-secs", "1"]).await;
    assert_eq!(title_of(&page(&app, "/blog/lost-bag", 200).await), "Fixture lost-bag | Rumbo");
    let feed = app.get("/blog/feed.xml").await.text().await.unwrap();
    page(&app, "/blog/new-arrival", 404).await;
    content.edit("posts/lost-bag/en.md", "title = \"Fixture lost-bag\"", "title = \"Lost bag, <revised>\"");
    content.duplicate("posts/delayed-flight", "posts/new-arrival");
    let db = Db::connect(&app.database_url().parse().unwrap(), 1).await.unwrap();
    rumbo::content::import_dir(&db, &content.0, false, &app.store_files()).await.unwrap();
    let html = eventually_contains(&app, "/blog/lost-bag", "<h1>Lost bag, &lt;revised&gt;</h1>").await;
    assert_eq!(title_of(&html), "Lost bag, &lt;revised&gt; | Rumbo");
    assert!(page(&app, "/blog", 200).await.contains("Lost bag, &lt;revised&gt;"), "lists are rendered again too");
    page(&app, "/blog/new-arrival", 200).await;
    let new_feed = app.get("/blog/feed.xml").await.text().await.unwrap();
    assert_ne!(feed, new_feed);
    assert!(new_feed.contains("<title>Lost bag, &lt;revised&gt;</title>") && new_feed.contains("/blog/new-arrival</link>"));
    assert!(app.get("/sitemap.xml").await.text().await.unwrap().contains("<loc>http://rumbo.localhost/pt/blog/new-arrival</loc>"));
}

#[tokio::test]
async fn cached_pages_are_served_without_the_database() {
    let content = ContentCopy::new();
    let app = TestApp::spawn_with_content(&content.0, &[]).await;
    let paths = ["/es/blog/delayed-flight", "/es/destinations/europe", "/pt/blog", "/", "/sitemap.xml", "/es/blog/feed.xml"];
    let mut first = Vec::new();
    for path in paths {
        first.push(app.get(path).await.text().await.unwrap());
    }
    // The content tables disappear; the version row, which the refresh reads, stays.
    let db = Db::connect(&app.database_url().parse().unwrap(), 1).await.unwrap();
    for table in ["content_post_texts", "content_destination_texts", "content_testimonials"] {
        sqlx::query(&format!("ALTER TABLE {table} RENAME TO gone_{table}")).execute(&db.pool).await.unwrap();
    }
    assert_eq!(app.get("/api/v1/posts/delayed-flight?lang=es").await.status(), 500, "the database cannot answer");
    for (path, before) in paths.iter().zip(first) {
        let response = app.get(path).await;
        assert_eq!(response.status(), 200, "{path} is served from memory");
        assert_eq!(response.text().await.unwrap(), before, "{path}");
    }
    assert_eq!(app.get("/pt/blog/delayed-flight").await.status(), 503, "a page never rendered needs the database");
    page(&app, "/pt/blog/no-such-post", 404).await;
}
