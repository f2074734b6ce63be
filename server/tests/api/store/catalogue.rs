use serde_json::Value;

use super::{send, store_app};
use crate::helpers::{title_of, TestApp};

async fn products(app: &TestApp, query: &str) -> (u16, Value) {
    send(app, reqwest::Method::GET, &format!("/api/v1/store/products?{query}"), None, &[]).await
}

#[tokio::test]
async fn the_catalogue_is_localized_filtered_sorted_and_paged() {
    let app = store_app().await;
    let (_, en) = products(&app, "lang=en&limit=50").await;
    let (_, es) = products(&app, "lang=es&limit=50").await;
    let items = en["items"].as_array().unwrap();
    assert!(items.len() >= 12, "{} products", items.len());
    let differ = items.iter().zip(es["items"].as_array().unwrap()).filter(|(a, b)| a["name"] != b["name"]).count();
    assert!(differ >= items.len() / 2, "names are translated");
    assert_eq!(en["categories"].as_array().unwrap().len(), 3);

    let (_, guides) = products(&app, "lang=en&category=guides&limit=50").await;
    assert!(guides["items"].as_array().unwrap().iter().all(|p| p["category"] == "guides" && p["kind"] == "digital"));
    let (_, cheap) = products(&app, "lang=en&sort=price_asc&limit=50").await;
    let prices: Vec<i64> = cheap["items"].as_array().unwrap().iter().map(|p| p["price_cents"].as_i64().unwrap()).collect();
    assert!(prices.windows(2).all(|w| w[0] <= w[1]), "{prices:?}");

    let (_, first) = products(&app, "lang=en&limit=5").await;
    let cursor = first["next_cursor"].as_str().unwrap();
    let (_, second) = products(&app, &format!("lang=en&limit=5&cursor={cursor}")).await;
    assert_eq!(second["items"][0]["slug"], items[5]["slug"], "pages follow each other");

    for (query, code) in [
        ("sort=cheapest", "invalid_sort"),
        ("category=spaceships", "invalid_category"),
        ("limit=0", "invalid_limit"),
        ("cursor=zz", "invalid_cursor"),
        ("lang=fr", "invalid_language"),
    ] {
        let (status, body) = products(&app, query).await;
        assert_eq!((status, body["error_code"].as_str().unwrap()), (400, code), "{query}");
    }
}

#[tokio::test]
async fn a_product_has_its_variants_stock_and_related_goods() {
    let app = store_app().await;
    let (status, cubes) = send(&app, reqwest::Method::GET, "/api/v1/store/products/packing-cubes-set?lang=pt", None, &[]).await;
    assert_eq!(status, 200);
    let states: Vec<&str> = cubes["variants"].as_array().unwrap().iter().map(|v| v["stock"]["status"].as_str().unwrap()).collect();
    assert!(states.contains(&"sold_out") && states.contains(&"in_stock"), "{states:?}");
    assert!(!cubes["related"].as_array().unwrap().is_empty());
    let (_, organizer) = send(&app, reqwest::Method::GET, "/api/v1/store/products/travel-document-organizer", None, &[]).await;
    assert_eq!(organizer["stock"]["status"], "low_stock");
    assert_eq!(organizer["stock"]["left"], 3);
    let (_, guide) = send(&app, reqwest::Method::GET, "/api/v1/store/products/air-passenger-rights-guide", None, &[]).await;
    assert_eq!(guide["languages"], serde_json::json!(["en", "es", "pt"]));
    let (status, missing) = send(&app, reqwest::Method::GET, "/api/v1/store/products/no-such-thing", None, &[]).await;
    assert_eq!((status, missing["error_code"].as_str()), (404, Some("product_not_found")));
}

#[tokio::test]
async fn store_pages_are_rendered_for_crawlers_in_each_language() {
    let app = store_app().await;
    let (_, es) = send(&app, reqwest::Method::GET, "/api/v1/store/products?lang=es&limit=50", None, &[]).await;
    let html = app.get("/es/store").await.text().await.unwrap();
    let shown = es["items"].as_array().unwrap().iter().filter(|p| html.contains(p["name"].as_str().unwrap())).count();
    assert!(shown >= 12, "{shown} product names in /es/store");
    assert!(html.contains(r#"hreflang="pt" href="http://rumbo.localhost/pt/store""#));

    let page = app.get("/pt/store/packing-cubes-set").await;
    assert_eq!(page.status(), 200);
    let html = page.text().await.unwrap();
    assert!(title_of(&html).starts_with("Kit com 4 organizadores") || title_of(&html).contains("| Rumbo"), "{}", title_of(&html));
    assert!(html.contains(r#""@type":"Product""#) && html.contains(r#""@type":"Offer""#));
    assert!(html.contains("https://schema.org/OutOfStock"), "the coral cubes are sold out");
    assert!(html.contains(r#""@type":"BreadcrumbList""#));
    assert!(html.contains(r#"<link rel="canonical" href="http://rumbo.localhost/pt/store/packing-cubes-set">"#));

    assert_eq!(app.get("/store/no-such-product-here").await.status(), 404);
    let checkout = app.get("/es/store/checkout").await.text().await.unwrap();
    assert!(checkout.contains("noindex"), "checkout is private");

    let sitemap = app.get("/sitemap.xml").await.text().await.unwrap();
    assert!(sitemap.contains("<loc>http://rumbo.localhost/es/store/packing-cubes-set</loc>"));
    assert!(!sitemap.contains("/store/checkout"));
    let feed = app.get("/pt/store/feed.xml").await;
    assert_eq!(feed.headers()["content-type"], "application/rss+xml; charset=utf-8");
    let feed = feed.text().await.unwrap();
    assert!(feed.matches("<item>").count() >= 16);
    assert!(feed.contains("<g:availability>out_of_stock</g:availability>") && feed.contains("<g:sale_price>"));
}

/// The catalogue's answers are kept (docs/decisions/017-several-instances.md), yet stock that
/// moves shows at once when this instance moved it, and within seconds when another did.
#[tokio::test]
async fn kept_catalogue_answers_follow_the_stock() {
    let app = store_app().await;
    let path = "/api/v1/store/products/travel-document-organizer?lang=en";
    let (_, organizer) = send(&app, reqwest::Method::GET, path, None, &[]).await;
    assert_eq!(organizer["stock"]["left"], 3);
    let sku = organizer["variants"][0]["sku"].as_str().unwrap().to_owned();
    // Another instance sells two: the row changes behind this one's back.
    let db = rumbo::platform::db::Db::connect(&app.database_url().parse().unwrap(), 1).await.unwrap();
    sqlx::query("UPDATE store_variants SET stock = 1 WHERE sku = $1").bind(&sku).execute(&db.pool).await.unwrap();
    let mut left = Value::Null;
    for _ in 0..40 {
        left = send(&app, reqwest::Method::GET, path, None, &[]).await.1["stock"]["left"].clone();
        if left == 1 {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    assert_eq!(left, 1, "the stock moved elsewhere shows within four seconds");
    // This instance reserves the last one: shown on the next request.
    let mut conn = db.pool.acquire().await.unwrap();
    assert!(rumbo::store::orders::place::reserve(&mut conn, &sku, 1).await.unwrap());
    let (_, sold) = send(&app, reqwest::Method::GET, path, None, &[]).await;
    assert_eq!(sold["stock"]["status"], "sold_out");
}
