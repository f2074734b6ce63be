//! The content API over HTTP: pagination, lookups, validation, caching — on the fixture folder.

use std::path::Path;

use rumbo::platform::db::Db;
use serde_json::Value;

use crate::helpers::TestApp;

const FIXTURE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/content");

/// A site with only the fixture content (2 posts, 1 destination).
async fn app_with_fixture() -> (TestApp, Db) {
    let app = TestApp::spawn_with(&["--content-auto-import", "false"]).await;
    let db = Db::connect(&app.database_url().parse().unwrap(), 2).await.unwrap();
    rumbo::content::import_dir(&db, Path::new(FIXTURE), false, &app.store_files()).await.unwrap();
    (app, db)
}

async fn json(app: &TestApp, path: &str) -> (u16, Value) {
    let response = app.get(path).await;
    (response.status().as_u16(), response.json().await.unwrap())
}

#[tokio::test]
async fn posts_come_newest_first_a_page_at_a_time() {
    let (app, _db) = app_with_fixture().await;
    let (status, first) = json(&app, "/api/v1/posts?lang=es&limit=1").await;
    assert_eq!(status, 200);
    assert_eq!(first["items"][0]["slug"], "lost-bag", "2026-04-02 comes before 2026-03-14");
    assert_eq!(first["items"][0]["path"], "/es/blog/lost-bag");
    assert_eq!(first["items"][0]["title"], "Prueba lost-bag");
    assert_eq!(first["items"][0]["category"]["name"], "Vuelos");
    assert_eq!(first["items"][0]["cover"]["url"], "/media/coast.svg");
    let cursor = first["next_cursor"].as_str().expect("a next page");
    let (_, second) = json(&app, &format!("/api/v1/posts?lang=es&limit=1&cursor={cursor}")).await;
    assert_eq!(second["items"][0]["slug"], "delayed-flight");
    assert_eq!(second["next_cursor"], Value::Null, "no page after the last");
    let (_, exact) = json(&app, "/api/v1/posts?limit=2").await;
    assert_eq!(exact["items"].as_array().unwrap().len(), 2);
    assert_eq!(exact["next_cursor"], Value::Null, "an exact multiple has no empty page after it");
}

#[tokio::test]
async fn a_cursor_survives_the_deletion_of_its_post() {
    let (app, db) = app_with_fixture().await;
    let (_, first) = json(&app, "/api/v1/posts?limit=1").await;
    let cursor = first["next_cursor"].as_str().unwrap().to_owned();
    sqlx::query("DELETE FROM content_post_texts WHERE slug = 'lost-bag'").execute(&db.pool).await.unwrap();
    sqlx::query("DELETE FROM content_post_destinations WHERE post_slug = 'lost-bag'").execute(&db.pool).await.unwrap();
    sqlx::query("DELETE FROM content_posts WHERE slug = 'lost-bag'").execute(&db.pool).await.unwrap();
    let (status, next) = json(&app, &format!("/api/v1/posts?limit=1&cursor={cursor}")).await;
    assert_eq!(status, 200);
    assert_eq!(next["items"][0]["slug"], "delayed-flight");
}

#[tokio::test]
async fn an_empty_blog_has_an_empty_page() {
    let app = TestApp::spawn_with(&["--content-auto-import", "false"]).await;
    let (status, page) = json(&app, "/api/v1/posts").await;
    assert_eq!(status, 200);
    assert_eq!(page, serde_json::json!({ "items": [], "next_cursor": null }));
}

#[tokio::test]
async fn bad_parameters_answer_400_with_a_code() {
    let (app, _db) = app_with_fixture().await;
    for (path, code) in [
        ("/api/v1/posts?lang=fr", "invalid_language"),
        ("/api/v1/posts?limit=0", "invalid_limit"),
        ("/api/v1/posts?limit=51", "invalid_limit"),
        ("/api/v1/posts?limit=ten", "invalid_limit"),
        ("/api/v1/posts?cursor=garbage", "invalid_cursor"),
        ("/api/v1/destinations?kind=planet", "invalid_kind"),
        ("/api/v1/destinations?type=desert", "invalid_type"),
        ("/api/v1/posts/delayed-flight?lang=de", "invalid_language"),
    ] {
        let (status, body) = json(&app, path).await;
        assert_eq!((status, body["error_code"].as_str()), (400, Some(code)), "{path}");
    }
}

#[tokio::test]
async fn a_post_in_each_language_and_unknown_slugs() {
    let (app, _db) = app_with_fixture().await;
    for (lang, title) in [("en", "Fixture delayed-flight"), ("es", "Prueba delayed-flight"), ("pt", "Teste delayed-flight")] {
        let (status, post) = json(&app, &format!("/api/v1/posts/delayed-flight?lang={lang}")).await;
        assert_eq!(status, 200);
        assert_eq!(post["title"], title);
        assert_eq!(post["lang"], lang);
        assert!(post["body_html"].as_str().unwrap().contains("<h2>"));
        assert_eq!(post["destinations"][0]["slug"], "europe");
        assert_eq!(post["related"][0]["slug"], "lost-bag");
        let (status, missing) = json(&app, &format!("/api/v1/posts/no-such-post?lang={lang}")).await;
        assert_eq!((status, missing["error_code"].as_str()), (404, Some("post_not_found")));
        let (status, missing) = json(&app, &format!("/api/v1/destinations/atlantis?lang={lang}")).await;
        assert_eq!((status, missing["error_code"].as_str()), (404, Some("destination_not_found")));
    }
}

#[tokio::test]
async fn destinations_list_and_detail() {
    let (app, _db) = app_with_fixture().await;
    let (_, regions) = json(&app, "/api/v1/destinations?lang=pt&kind=region").await;
    assert_eq!(regions["items"][0]["title"], "Europa");
    let (_, themes) = json(&app, "/api/v1/destinations?kind=theme").await;
    assert_eq!(themes["items"], serde_json::json!([]));
    let (_, cities) = json(&app, "/api/v1/destinations?type=cities").await;
    assert_eq!(cities["items"][0]["slug"], "europe", "a region offering city trips");
    let (_, beaches) = json(&app, "/api/v1/destinations?type=beaches").await;
    assert_eq!(beaches["items"], serde_json::json!([]));
    let (status, europe) = json(&app, "/api/v1/destinations/europe?lang=es").await;
    assert_eq!(status, 200);
    assert_eq!(europe["posts"].as_array().unwrap().len(), 2);
}

#[tokio::test]
async fn answers_carry_an_etag_and_revalidate() {
    let (app, _db) = app_with_fixture().await;
    let response = app.get("/api/v1/posts?lang=pt").await;
    let etag = response.headers()["etag"].to_str().unwrap().to_owned();
    assert!(response.headers()["cache-control"].to_str().unwrap().contains("max-age"));
    assert_eq!(app.get_with("/api/v1/posts?lang=pt", "if-none-match", &etag).await.status(), 304);
    let media = app.get("/media/coast.svg").await;
    assert_eq!(media.status(), 200);
    assert_eq!(media.headers()["content-type"], "image/svg+xml");
    assert_eq!(app.get("/media/nothing.svg").await.status(), 404);
}
