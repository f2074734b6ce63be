//! Destination, blog, destinations and home pages as plain HTML: their lists of links and
//! their page data, equal to what the API answers.

use serde_json::json;

use crate::content_fixture::{api_json, app_with_fixture, page, page_data, structured, ContentCopy};
use crate::helpers::{title_of, TestApp};

#[tokio::test]
async fn a_destination_page_lists_its_posts() {
    let app = app_with_fixture().await;
    let html = page(&app, "/es/destinations/europe", 200).await;
    assert_eq!(title_of(&html), "Europa | Rumbo", "the imported title");
    assert!(html.contains(r#"<meta name="description" content="Europa by train">"#));
    assert!(html.contains("<h1>Europa</h1>") && html.contains("Trains are the easy way to cross Europa."));
    assert!(html.contains(r#"<a href="/es/blog/lost-bag">Prueba lost-bag</a><p>Prueba excerpt</p>"#));
    assert!(html.contains(r#"<a href="/es/blog/delayed-flight">Prueba delayed-flight</a>"#));
    assert!(html.contains(r#"<meta property="og:image" content="http://rumbo.localhost/media/coast.svg">"#));
    assert_eq!(structured(&html, "BreadcrumbList")["itemListElement"][1]["name"], "Destinos");
    let data = page_data(&html);
    assert_eq!(data["path"], "/es/destinations/europe");
    assert_eq!(data["data"], api_json(&app, "/api/v1/destinations/europe?lang=es").await);
    // Not imported: the words of seo.json, no data.
    let asia = page(&app, "/pt/destinations/asia", 200).await;
    assert!(title_of(&asia).contains("Ásia") && !asia.contains("rumbo-page"), "{}", title_of(&asia));
}

#[tokio::test]
async fn the_blog_and_destinations_pages_list_their_content() {
    let app = app_with_fixture().await;
    let blog = page(&app, "/pt/blog", 200).await;
    assert_eq!(title_of(&blog), "Blog de viagens | Rumbo");
    let newest = blog.find(r#"<a href="/pt/blog/lost-bag">Teste lost-bag</a>"#).expect("lists lost-bag");
    assert!(blog.find(r#"<a href="/pt/blog/delayed-flight">"#).expect("lists delayed-flight") > newest, "newest first");
    let data = page_data(&blog);
    assert_eq!(data["path"], "/pt/blog");
    assert_eq!(data["data"], api_json(&app, "/api/v1/posts?lang=pt&limit=9").await);
    let destinations = page(&app, "/destinations", 200).await;
    assert!(destinations.contains(r#"<a href="/destinations/europe">Europe</a><p>Europe by train</p>"#));
    let data = page_data(&destinations);
    assert_eq!(data["path"], "/destinations");
    assert_eq!(data["data"], api_json(&app, "/api/v1/destinations?lang=en").await);
}

#[tokio::test]
async fn the_home_page_carries_latest_posts_featured_themes_and_testimonials() {
    let content = ContentCopy::new();
    // Two featured themes, imported in the opposite order to the home page's.
    for (slug, title) in [("islands", "Islands"), ("tropical", "Tropical")] {
        content.duplicate("destinations/europe", &format!("destinations/{slug}"));
        content.edit(&format!("destinations/{slug}/destination.toml"), "kind = \"region\"", "kind = \"theme\"");
        content.edit(&format!("destinations/{slug}/en.md"), "title = \"Europe\"", &format!("title = \"{title}\""));
    }
    let app = TestApp::spawn_with_content(&content.0, &[]).await;
    let html = page(&app, "/es", 200).await;
    let data = page_data(&html);
    assert_eq!(data["path"], "/es");
    assert_eq!(data["data"]["latest"], api_json(&app, "/api/v1/posts?lang=es&limit=3").await);
    let featured: Vec<&str> = data["data"]["featured"].as_array().unwrap().iter().map(|d| d["slug"].as_str().unwrap()).collect();
    assert_eq!(featured, ["tropical", "islands"], "the home page's order, only those that exist");
    let islands = api_json(&app, "/api/v1/destinations/islands?lang=es").await;
    assert_eq!(data["data"]["featured"][1]["title"], islands["title"]);
    assert_eq!(data["data"]["testimonials"], json!([{ "quote": "They helped.", "name": "Ana S.", "trip": "Lisbon → Paris" }]));
    assert!(html.contains(r#"<a href="/es/blog/lost-bag">"#) && html.contains(r#"<a href="/es/destinations/tropical">"#));
    assert_eq!(title_of(&html), "Rumbo | asesoría experta de viajes", "home keeps its decided title");
}
